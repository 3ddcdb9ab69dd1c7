package main

import (
	"bufio"
	"fmt"
	"io"
	"net/http"
	"os"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"time"
)

// scrape is what the harness reads from the controller's /metrics.
type scrape struct {
	goroutines int
	// kubeRequests are the controller's requests to the API server by HTTP method
	// (client-go's rest_client_requests_total, which controller-runtime registers).
	kubeRequests map[string]float64
}

var methodLabel = regexp.MustCompile(`method="([A-Z]+)"`)

// parseMetrics reads go_goroutines and rest_client_requests_total from Prometheus text.
func parseMetrics(r io.Reader) (scrape, error) {
	s := scrape{kubeRequests: map[string]float64{}}
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	for sc.Scan() {
		line := sc.Text()
		name, value, ok := sample(line)
		switch {
		case !ok:
		case name == "go_goroutines":
			s.goroutines = int(value)
		case name == "rest_client_requests_total":
			if m := methodLabel.FindStringSubmatch(line); m != nil {
				s.kubeRequests[m[1]] += value
			}
		}
	}
	return s, sc.Err()
}

// sample splits a metric line into its name and value; comments are not samples.
func sample(line string) (string, float64, bool) {
	if line == "" || line[0] == '#' {
		return "", 0, false
	}
	name := line
	if i := strings.IndexAny(line, "{ "); i >= 0 {
		name = line[:i]
	}
	rest := line[len(name):]
	if strings.HasPrefix(rest, "{") {
		rest = rest[strings.LastIndex(rest, "}")+1:]
	}
	fields := strings.Fields(rest)
	if len(fields) == 0 {
		return "", 0, false
	}
	v, err := strconv.ParseFloat(fields[0], 64)
	return name, v, err == nil
}

// fetchMetrics scrapes http://address/metrics.
func fetchMetrics(address string) (scrape, error) {
	resp, err := http.Get("http://" + address + "/metrics")
	if err != nil {
		return scrape{}, err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return scrape{}, fmt.Errorf("metrics: %s", resp.Status)
	}
	return parseMetrics(resp.Body)
}

// peakRSS is the process's peak resident set (VmHWM in /proc/<pid>/status), in bytes.
func peakRSS(pid int) (int64, error) {
	f, err := os.Open(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return 0, err
	}
	defer f.Close()
	return parseVmHWM(f)
}

// parseVmHWM reads the "VmHWM:   1234 kB" line of a /proc status file.
func parseVmHWM(r io.Reader) (int64, error) {
	sc := bufio.NewScanner(r)
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		if len(f) >= 2 && f[0] == "VmHWM:" {
			kb, err := strconv.ParseInt(f[1], 10, 64)
			return kb << 10, err
		}
	}
	return 0, fmt.Errorf("no VmHWM line")
}

// kubeRequestsSince subtracts an earlier count from a later one, method by method.
func kubeRequestsSince(before, after scrape) map[string]float64 {
	out := map[string]float64{}
	for m, v := range after.kubeRequests {
		if d := v - before.kubeRequests[m]; d > 0 {
			out[m] = d
		}
	}
	return out
}

// samplerInterval is how often the sampler scrapes the controller.
const samplerInterval = 500 * time.Millisecond

// sampler scrapes the controller's goroutines and peak RSS until stopped, keeping the maximum
// goroutine count since the last take.
type sampler struct {
	pid     int
	metrics string
	stopped chan struct{}
	done    chan struct{}

	mu         sync.Mutex
	goroutines int
	rss        int64
}

func startSampler(pid int, metrics string) *sampler {
	s := &sampler{pid: pid, metrics: metrics, stopped: make(chan struct{}), done: make(chan struct{})}
	go s.loop()
	return s
}

func (s *sampler) loop() {
	defer close(s.done)
	for {
		s.once()
		select {
		case <-s.stopped:
			return
		case <-time.After(samplerInterval):
		}
	}
}

// once takes one sample; a failed scrape (the controller starting or stopping) is skipped.
func (s *sampler) once() {
	m, err := fetchMetrics(s.metrics)
	rss, rerr := peakRSS(s.pid)
	s.mu.Lock()
	defer s.mu.Unlock()
	if err == nil {
		s.goroutines = max(s.goroutines, m.goroutines)
	}
	if rerr == nil {
		s.rss = max(s.rss, rss)
	}
}

// take samples once more and returns the peak RSS so far and the most goroutines seen since
// the last take.
func (s *sampler) take() (rss int64, goroutines int) {
	s.once()
	s.mu.Lock()
	defer s.mu.Unlock()
	goroutines, s.goroutines = s.goroutines, 0
	return s.rss, goroutines
}

func (s *sampler) stop() {
	close(s.stopped)
	<-s.done
}
