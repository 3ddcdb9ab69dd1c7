package cli

import (
	"cmp"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/asogen/asogen/internal/cputime"
	"github.com/asogen/asogen/pkg/codegen"
	"github.com/asogen/asogen/pkg/config"
	"github.com/asogen/asogen/pkg/diag"
	"github.com/asogen/asogen/pkg/emitcache"
	"github.com/asogen/asogen/pkg/fileset"
	"github.com/asogen/asogen/pkg/incremental"
	"github.com/asogen/asogen/pkg/inputs"
)

const generateExamples = `  # generate everything the config in the current folder describes
  asogen generate

  # another config, listing every file written, unchanged or removed
  asogen generate --config path/to/config.yaml -v

  # the whole tree (asogen, then controller-gen), as go generate runs it
  go generate ./...`

const verifyExamples = `  # fail (exit 1) with a unified diff when committed code differs from what generate would write
  asogen verify

  # in CI, together with controller-gen's output
  make verify`

func (a *app) generateCommand() *cobra.Command {
	var migrate bool
	var prof profileFlags
	cmd := &cobra.Command{
		Use:   "generate",
		Short: "Write the generated code: only changed files, atomically; remove stale generated files",
		Long: `generate writes every file the config describes. Files whose bytes did not change are not
touched; each written file is replaced atomically; generated files under the output roots that
are no longer produced are removed. Files without asogen's header are never modified or removed.
It prints one summary line; -v lists every file.`,
		Example: generateExamples,
		Args:    cobra.NoArgs,
		RunE: func(*cobra.Command, []string) error {
			return fail(prof.around(func() error { return a.generate(migrate) }))
		},
	}
	prof.register(cmd)
	cmd.Flags().BoolVar(&migrate, "migrate-hub", false, "rewrite hand-written extensions to the new hub version when the hub changed")
	return cmd
}

func (a *app) verifyCommand() *cobra.Command {
	var prof profileFlags
	cmd := &cobra.Command{
		Use:   "verify",
		Short: "Check that generated code on disk is up to date, writing nothing",
		Long: `verify compares what generate would write with the disk and writes nothing. It exits 0 when
everything is up to date and 1 when anything drifted, printing a unified diff for each changed
file and naming every missing and every stale generated file.`,
		Example: verifyExamples,
		Args:    cobra.NoArgs,
		RunE:    func(*cobra.Command, []string) error { return fail(prof.around(a.verify)) },
	}
	prof.register(cmd)
	return cmd
}

// load reads the config; before may change the project (hub migration) after it.
func (a *app) load(before func(*config.Config) error) (*config.Config, error) {
	cfg, err := config.Load(a.config)
	if err != nil {
		return nil, err
	}
	if err := fileset.CheckRoots(cfg.Dir, codegen.OutputRoots(cfg)); err != nil { // before anything reads through them
		return nil, a.relocate(err)
	}
	if before != nil {
		if err := before(cfg); err != nil {
			return nil, err
		}
	}
	return cfg, nil
}

// produce runs the one generation path into out, through pkg/incremental's decorator with
// cache when it is not nil, and prints the warnings, even when generation fails.
func (a *app) produce(cfg *config.Config, out fileset.Sink, cache *emitcache.Dir) (*codegen.Result, error) {
	var gc gcSettings
	gc.loading()
	defer gc.reset()
	ctx, cancel := a.signals.context()
	defer cancel()
	in := codegen.Inputs{
		Config:      cfg,
		Specs:       specsOf(cfg),
		HandWritten: handWrittenOf(cfg, cache),
		RBAC:        inputs.RBACMarkers(cfg),
		Options: codegen.Options{
			OnStage: a.stageTimer(),
			Printer: codegen.Printer{Restorer: os.Getenv("ASOGEN_PRINTER") == "restorer"}, // a diagnosis switch: the output is the same
		},
	}
	sink := cliSink{Sink: out, a: a, gc: &gc}
	var res *codegen.Result
	var err error
	if cache != nil {
		res, err = incremental.Generate(ctx, in, sink, cache)
	} else {
		res, err = codegen.Generate(ctx, in, sink)
	}
	a.warn(res.Warnings)
	return res, err
}

// stageTimer prints each stage's name, wall time and CPU time (of every core the process used)
// to stderr with -v; nil without. A CPU time well under twice the wall time on two cores shows
// a stage that does not keep them busy.
func (a *app) stageTimer() func(string, time.Duration) {
	if !a.verbose {
		return nil
	}
	last := cputime.Used()
	return func(name string, took time.Duration) {
		now := cputime.Used()
		fmt.Fprintf(a.stderr, "asogen: stage %-16s %8.1f ms wall %8.1f ms cpu\n", name, ms(took), ms(now-last))
		last = now
	}
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }

// cliSink is the sink as the CLI hands it to Generate: problems the sink finds in the output
// paths are shown relative to the working folder, as every other message, and once the plan is
// accepted emission runs with its own garbage-collection settings (memory.go).
type cliSink struct {
	fileset.Sink
	a  *app
	gc *gcSettings
}

// Vouch passes the paths the cache vouches for on to the sink, when it can use them.
func (s cliSink) Vouch(paths []string) {
	if v, ok := s.Sink.(fileset.Vouching); ok {
		v.Vouch(paths)
	}
}

func (s cliSink) Plan(paths, roots []string) error {
	if err := s.a.signals.err(); err != nil {
		return err
	}
	if err := s.Sink.Plan(paths, roots); err != nil {
		return s.a.relocate(err)
	}
	s.gc.emission()
	return nil
}

// Put refuses the files arriving once the run is interrupted, so emission stops.
func (s cliSink) Put(p string, content []byte) error {
	if err := s.a.signals.err(); err != nil {
		return err
	}
	return s.Sink.Put(p, content)
}

// warn prints problems that do not stop generation, one per line, to stderr.
func (a *app) warn(warnings diag.List) {
	for _, w := range warnings {
		w.Pos.File = relativeToWorkdir(w.Pos.File)
		fmt.Fprintf(a.stderr, "%s\n", diag.Error{Pos: w.Pos, Msg: "warning: " + w.Msg})
	}
}

// generate streams every generated file into a fileset.Writer. When generation fails part
// way, or SIGINT or SIGTERM arrives, the Writer is abandoned: nothing is renamed into place,
// the tree stays as it was and the lock and temporary files are removed.
func (a *app) generate(migrate bool) error {
	start := time.Now()
	var done func()
	a.signals, done = watchSignals()
	defer done()
	cfg, err := a.load(nil)
	if err != nil {
		return err
	}
	lock, err := fileset.AcquireLock(cfg.Dir, a.lockOptions()) // held through migration and writing
	if err != nil {
		return cmp.Or(a.signals.err(), err)
	}
	defer lock.Release()
	if migrate {
		if err := a.migrateHub(cfg); err != nil {
			return err
		}
	}
	sum, err := a.write(cfg, lock)
	if err != nil {
		return err
	}
	sum.Elapsed = time.Since(start) // the whole run, not only the writing
	fmt.Fprintf(a.stdout, "asogen: %s\n", sum)
	return nil
}

// write streams the generated files into a Writer and finishes it, or abandons it when
// generation fails or the run is interrupted before the files are renamed into place.
func (a *app) write(cfg *config.Config, lock *fileset.Lock) (fileset.Summary, error) {
	w := fileset.NewWriter(cfg.Dir, fileset.Options{Lock: fileset.LockOptions{Held: lock}})
	cache := emitCache(cfg)
	_, err := a.produce(cfg, w, cache)
	if err == nil {
		err = a.signals.err()
	}
	if err != nil {
		if partial := w.Abandon(); partial != nil && a.signals.err() == nil {
			return fileset.Summary{}, partial // names what the failed write did not write
		}
		return fileset.Summary{}, cmp.Or(a.signals.err(), err)
	}
	sum, err := w.Finish()
	if err == nil && cache != nil {
		cache.Stamp(w.Stamps()) // the next run stats the files written instead of hashing them
	}
	a.listWrite(sum)
	var partial *fileset.PartialWriteError
	if err != nil && !errors.As(err, &partial) { // a partial write names what it left replaced and not
		err = a.relocate(err)
	}
	return sum, err
}

// emitCache is the emission cache of the tree of cfg in the folder the environment names (nil:
// none).
func emitCache(cfg *config.Config) *emitcache.Dir {
	return emitcache.New(emitcache.FolderFromEnv(os.Getenv), cfg.Dir)
}

// verify streams every generated file into a fileset.Verifier; SIGINT or SIGTERM stops it as
// it stops generate.
func (a *app) verify() error {
	var done func()
	a.signals, done = watchSignals()
	defer done()
	cfg, err := a.load(nil)
	if err != nil {
		return err
	}
	v := fileset.NewVerifierWithLock(cfg.Dir, a.lockOptions())
	res, err := a.produce(cfg, v, emitCache(cfg))
	if err != nil {
		_, _ = v.Finish() // releases the lock when Plan took it
		return cmp.Or(a.signals.err(), err)
	}
	drift, err := v.Finish()
	if err != nil {
		return a.relocate(err)
	}
	if !drift.Empty() {
		fmt.Fprint(a.stdout, drift.String())
		fmt.Fprintf(a.stderr, "asogen: generated code is out of date (%s); run 'asogen generate'\n", drift.Summary())
		return &exitError{code: ExitDrift}
	}
	fmt.Fprintf(a.stdout, "asogen: %d generated files up to date\n", len(res.Paths))
	return nil
}

// lockOptions tell the user when the run waits for another asogen run on the same tree.
func (a *app) lockOptions() fileset.LockOptions {
	return fileset.LockOptions{Stop: a.signals.stopped(), OnWait: func(lock string) {
		fmt.Fprintf(a.stderr, "asogen: waiting for another asogen run on this tree (%s is locked; giving up after %s)\n",
			relativeToWorkdir(lock), fileset.DefaultLockTimeout)
	}}
}

// listWrite prints every file with what happened to it, when -v is set.
func (a *app) listWrite(sum fileset.Summary) {
	if !a.verbose {
		return
	}
	for _, group := range []struct {
		what  string
		paths []string
	}{{"written", sum.Written}, {"unchanged", sum.Unchanged}, {"removed", sum.Removed}} {
		for _, p := range group.paths {
			fmt.Fprintf(a.stdout, "%-9s %s\n", group.what, a.shown(p))
		}
	}
}

// shown turns a path relative to the config folder into one relative to the working folder.
func (a *app) shown(p string) string {
	return filepath.Join(filepath.Dir(a.config), filepath.FromSlash(p))
}

// relocate rewrites the files of positioned errors from the config folder to the working folder.
func (a *app) relocate(err error) error {
	var list diag.List
	if !errors.As(err, &list) {
		return err
	}
	out := make(diag.List, len(list))
	for i, e := range list {
		if e.Pos.File != "" {
			e.Pos.File = a.shown(e.Pos.File)
		}
		out[i] = e
	}
	return out
}

// relativeToWorkdir shortens an absolute path below the working folder.
func relativeToWorkdir(p string) string {
	wd, err := os.Getwd()
	if err != nil || !filepath.IsAbs(p) {
		return p
	}
	if rel, err := filepath.Rel(wd, p); err == nil && !strings.HasPrefix(rel, "..") {
		return rel
	}
	return p
}
