package adapter

import (
	"context"
	"io"
	"io/fs"
	"maps"
	"slices"
	"sync"
	"time"

	"github.com/espectacular/ah/core/shellword"
	"github.com/espectacular/ah/ports"
)

// ProbeTimeout bounds each environment probe (`pytest --version`, ...).
// It is about a hang, never about speed: a probe answers in well under a
// second on a quiet machine, but took over 10 s (the old bound) beside a
// CPU hog at load 40, and a timed-out probe fails --strict (issue 37).
const ProbeTimeout = 60 * time.Second

// Walk limits of the source-import scan: only the head of a file holds its
// imports, and a huge tree must not make every check slow.
const (
	MaxImportBytes = 64 << 10
	MaxImportFiles = 5000
)

// skipDirs are never searched for test files: VCS data, dependencies,
// virtual environments and build output.
var skipDirs = []string{".git", "node_modules", "target", ".venv", "dist", "build", "__pycache__"}

// Evidence is what was found for one adapter.
type Evidence struct {
	// Adapter is the driver's name.
	Adapter string
	// Manifest is true when the repository's manifest declares the framework.
	Manifest bool
	// Probed is true once the environment probes ran; Runnable, Version
	// and Tried are meaningful only then.
	Probed bool
	// Runnable is the test command of the first probe that succeeded
	// (["pytest"], ["node_modules/.bin/vitest", "run"]); nil when none did.
	Runnable []string
	// Version is the framework version reported by that probe.
	Version string
	// Tried lists the probe commands that ran and proved no command, in
	// order, for reports; probes that timed out are among them.
	Tried []string
	// TimedOut lists the probes of Tried that ah stopped at ProbeTimeout.
	// They did not fail, they had no time to answer (a loaded machine), so
	// a decision resting on them is not trustworthy (probe-timed-out).
	TimedOut []string
	// ImportedBy is the first test file (repository-relative, in lexical
	// walk order) that imports the framework; "" when none does.
	ImportedBy string
	// DefaultCommand is the driver's command when no probe found a better one.
	DefaultCommand []string
	// Missing says why a framework that runs only from the project's own
	// installation (ports.LocalOnly) cannot run here and how to install
	// it, and Install is that how alone; both "" when it is installed or
	// the driver has no such rule.
	Missing, Install string
}

// Facts are the evidence for a set of adapters.
type Facts struct {
	// Drivers are every known adapter, whether or not evidence was gathered
	// for it: Resolve needs them to map test types and configured commands.
	// Detection itself only uses their ports.Detector half; they are whole
	// drivers because RouteEntry hands the chosen one to execution, which
	// runs it through its Reporter half.
	Drivers []ports.Driver
	// Evidence maps an adapter name to what was found for it; an adapter
	// absent from the map was not looked for.
	Evidence map[string]Evidence
}

// Gather scans the repository and probes the environment for the adapters
// named in only (every driver when only is empty). Probes run in dir, the
// absolute repository root, each bounded by ProbeTimeout.
func Gather(ctx context.Context, repo fs.FS, proc ports.Process, dir string, drivers []ports.Driver, only ...string) Facts {
	f := Scan(repo, drivers, only...)
	return Probe(ctx, repo, proc, dir, f, slices.Sorted(maps.Keys(f.Evidence))...)
}

// Scan reads manifests and test files for the adapters named in only
// (every driver when only is empty), without starting any process.
func Scan(repo fs.FS, drivers []ports.Driver, only ...string) Facts {
	f := Facts{Drivers: drivers, Evidence: map[string]Evidence{}}
	var wanted []ports.Detector
	for _, d := range drivers {
		name := d.Framework().Name
		if len(only) > 0 && !slices.Contains(only, name) {
			continue
		}
		wanted = append(wanted, d)
		e := Evidence{Adapter: name, Manifest: d.Manifest(repo), DefaultCommand: d.DefaultCommand(repo)}
		if lo, ok := d.(ports.LocalOnly); ok {
			if why, fix := lo.Missing(repo); why != "" {
				e.Missing, e.Install = why+": "+fix, fix
			}
		}
		f.Evidence[name] = e
	}
	for name, file := range importers(repo, wanted) {
		e := f.Evidence[name]
		e.ImportedBy = file
		f.Evidence[name] = e
	}
	return f
}

// Probe runs the environment probes of the named adapters that have
// evidence in f and were not probed yet, and returns the updated facts
// (f itself is not modified). The adapters are probed concurrently; the
// probes of one adapter one after the other (probe).
func Probe(ctx context.Context, repo fs.FS, proc ports.Process, dir string, f Facts, names ...string) Facts {
	return ProbeCached(ctx, repo, proc, nil, dir, f, names...)
}

// ProbeCached is Probe keeping the results of each adapter that declares
// what they depend on (ports.ProbeKeyer) in cache, and reusing them while
// that is unchanged (cachedProbe). A nil cache probes every adapter.
func ProbeCached(ctx context.Context, repo fs.FS, proc ports.Process, cache ports.ProbeCache, dir string, f Facts, names ...string) Facts {
	out := Facts{Drivers: f.Drivers, Evidence: maps.Clone(f.Evidence)}
	var todo []string
	for _, name := range names {
		e, ok := out.Evidence[name]
		_, found := Find(f.Drivers, name)
		if ok && found && !e.Probed && !slices.Contains(todo, name) {
			todo = append(todo, name)
		}
	}
	probed := make([]Evidence, len(todo))
	var wg sync.WaitGroup
	for i, name := range todo {
		d, _ := Find(f.Drivers, name)
		wg.Go(func() { probed[i] = cachedProbe(ctx, repo, proc, cache, dir, d, out.Evidence[name]) })
	}
	wg.Wait()
	for i, name := range todo {
		out.Evidence[name] = probed[i]
	}
	return out
}

// answer is what one probe's run returned.
type answer struct {
	res ports.Result
	err error
}

// probe runs the probes of d one after the other, in the driver's
// preference order, until one proves a command. They are not started at
// once: the interpreters a pytest probe tries (pyenv shims start dozens of
// shells each) would compete for the machine and time out where one after
// the other they answer; adapters are probed concurrently (Probe) and the
// results kept (cachedProbe), which is where the time goes back.
// Interrupted (ctx done), it returns what the probes read so far proved,
// which the caller discards.
func probe(ctx context.Context, repo fs.FS, proc ports.Process, dir string, d ports.Detector, e Evidence) Evidence {
	e.Probed = true
	for _, p := range d.Probes(repo) {
		if ctx.Err() != nil {
			return e // interrupted: start no further probe
		}
		res, err := proc.Run(ctx, ports.Command{Argv: p.Argv, Dir: dir, Timeout: ProbeTimeout})
		if ctx.Err() != nil {
			// Stopped by the interruption, not by its own answer: it
			// neither failed nor timed out (issue 9).
			return e
		}
		if proved(p, answer{res, err}, &e) {
			break
		}
	}
	return e
}

// proved reads one probe's answer into e: the command and version when
// it proved a command (true), else one more entry of Tried.
func proved(p ports.Probe, a answer, e *Evidence) bool {
	cmd := p.Command
	if p.CommandOf != nil {
		cmd = p.CommandOf(a.res.Stdout)
	}
	if a.err == nil && a.res.ExitCode == 0 && !a.res.TimedOut && !a.res.Signaled && len(cmd) > 0 {
		e.Runnable = slices.Clone(cmd)
		if p.Version != nil {
			e.Version = p.Version(a.res.Stdout, a.res.Stderr)
		}
		return true
	}
	tried := p.Label
	if tried == "" {
		tried = shellword.Quote(p.Argv)
	}
	e.Tried = append(e.Tried, tried)
	if a.res.TimedOut {
		e.TimedOut = append(e.TimedOut, tried)
	}
	return false
}

// importers walks the repository in lexical order and returns, per adapter,
// the first test file that imports its framework. It stops once every
// adapter has a hit or MaxImportFiles candidate files were read.
func importers(repo fs.FS, drivers []ports.Detector) map[string]string {
	found := map[string]string{}
	read := 0
	_ = fs.WalkDir(repo, ".", func(p string, de fs.DirEntry, err error) error {
		if err != nil {
			return nil // unreadable directories hold no evidence
		}
		if de.IsDir() {
			if p != "." && slices.Contains(skipDirs, de.Name()) {
				return fs.SkipDir
			}
			return nil
		}
		if len(found) == len(drivers) || read >= MaxImportFiles {
			return fs.SkipAll
		}
		var head []byte
		for _, d := range drivers {
			fw := d.Framework()
			if _, done := found[fw.Name]; done || fw.SourceFile == nil || fw.Imports == nil || !fw.SourceFile(p) {
				continue
			}
			if head == nil {
				read++
				if head = readHead(repo, p); head == nil {
					return nil
				}
			}
			if fw.Imports(head) {
				found[fw.Name] = p
			}
		}
		return nil
	})
	return found
}

func readHead(repo fs.FS, name string) []byte {
	f, err := repo.Open(name)
	if err != nil {
		return nil
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, MaxImportBytes))
	if err != nil {
		return nil
	}
	return append(data, '\n') // non-nil even for an empty file
}

// Find returns the adapter a test type names, by adapter name or language
// alias ("python" -> pytest); ok is false for a generic type ("unit").
func Find[D ports.Detector](drivers []D, testType string) (D, bool) {
	for _, d := range drivers {
		if d.Framework().Serves(testType) {
			return d, true
		}
	}
	var zero D
	return zero, false
}
