#!/usr/bin/env bash
# hack/fuzz.sh DIR NAME FUZZTIME runs the fuzz target NAME of package ./DIR for FUZZTIME.
#
# Go 1.26's fuzz coordinator can fail a target with a bare "context deadline exceeded" when
# -fuzztime runs out while a worker is mid-call (golang/go#75804, fixed in Go 1.27): such a run
# found nothing and wrote no failing input. Only that failure is run again, once. Every other
# failure fails, and so does any run that wrote a failing input under testdata/fuzz/NAME.
set -euo pipefail
dir=$1 name=$2 fuzztime=$3
corpus="$dir/testdata/fuzz/$name"
log=$(mktemp)
trap 'rm -f "$log"' EXIT
for attempt in 1 2; do
	before=$(ls "$corpus" 2>/dev/null || true)
	if go test -run='^$' -fuzz="^$name\$" -fuzztime="$fuzztime" "./$dir" 2>&1 | tee "$log"; then
		exit 0
	fi
	after=$(ls "$corpus" 2>/dev/null || true)
	if [[ $attempt == 1 && $before == "$after" ]] && grep -qx '    context deadline exceeded' "$log"; then
		echo "fuzz: $name: Go's fuzz coordinator failed on its own deadline (golang/go#75804) with no failing input; running it again"
		continue
	fi
	exit 1
done
