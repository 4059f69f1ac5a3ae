package drivers

import (
	"github.com/espectacular/ah/drivers/cargo"
	"github.com/espectacular/ah/drivers/gotest"
	"github.com/espectacular/ah/drivers/pytest"
	"github.com/espectacular/ah/drivers/vitest"
	"github.com/espectacular/ah/ports"
)

// Optional capabilities a driver may have beyond ports.Driver, each an
// interface of ports found by type assertion.
const (
	Batcher      = "batcher"       // ports.Batcher: many bindings in one run
	Auditor      = "auditor"       // ports.Auditor: lists what a batch selects
	SourceLister = "source-lister" // ports.SourceLister: lists tests from source
	Classifier   = "classifier"    // ports.Classifier: names a failed run's kind
	Transcriber  = "transcriber"   // ports.Transcriber: text from structured stdout
	Refresher    = "refresher"     // ports.Refresher: asks for a run without cache
	Grapher      = "grapher"       // ports.Grapher: a dependency graph for selection
	ProbeKeyer   = "probe-keyer"   // ports.ProbeKeyer: probe results kept between checks
	LocalOnly    = "local-only"    // ports.LocalOnly: runs only from the project's installation
	ToolChecker  = "tool-checker"  // ports.ToolChecker: proves the framework missing after a failed run
	Corroborator = "corroborator"  // ports.Corroborator: re-runs a binding's subtests skipped
	RunSelector  = "run-selector"  // ports.RunSelector: what flags that cannot batch select
)

// Entry is one bundled adapter and the optional capabilities it declares,
// as data: registry_test.go checks each declaration against the type.
type Entry struct {
	New          func() ports.Driver
	Capabilities []string
}

// Registry lists every bundled adapter, in a fixed order.
var Registry = []Entry{
	{New: func() ports.Driver { return pytest.New() }, Capabilities: []string{Batcher, Classifier, Transcriber, Grapher, ProbeKeyer, ToolChecker}},
	{New: func() ports.Driver { return cargo.New() }, Capabilities: []string{ProbeKeyer}},
	{New: func() ports.Driver { return vitest.New() }, Capabilities: []string{Batcher, Transcriber, Grapher, ProbeKeyer, LocalOnly, ToolChecker}},
	{New: func() ports.Driver { return gotest.New() }, Capabilities: []string{Batcher, Auditor, SourceLister, Corroborator, RunSelector, Transcriber, Refresher, Grapher, ProbeKeyer}},
}

// Has reports which of the optional capabilities d implements.
func Has(d ports.Driver) []string {
	var out []string
	for _, c := range capabilityOf {
		if c.has(d) {
			out = append(out, c.name)
		}
	}
	return out
}

// is reports whether d implements the interface T.
func is[T any](d ports.Driver) bool {
	_, ok := d.(T)
	return ok
}

// capabilityOf pairs each capability name with its type assertion.
var capabilityOf = []struct {
	name string
	has  func(ports.Driver) bool
}{
	{Batcher, is[ports.Batcher]},
	{Auditor, is[ports.Auditor]},
	{SourceLister, is[ports.SourceLister]},
	{Corroborator, is[ports.Corroborator]},
	{RunSelector, is[ports.RunSelector]},
	{Classifier, is[ports.Classifier]},
	{Transcriber, is[ports.Transcriber]},
	{Refresher, is[ports.Refresher]},
	{Grapher, is[ports.Grapher]},
	{ProbeKeyer, is[ports.ProbeKeyer]},
	{LocalOnly, is[ports.LocalOnly]},
	{ToolChecker, is[ports.ToolChecker]},
}

// All returns every bundled adapter, in a fixed order.
func All() []ports.Driver {
	out := make([]ports.Driver, 0, len(Registry))
	for _, e := range Registry {
		out = append(out, e.New())
	}
	return out
}

// Lookup returns the adapter with the given name ("pytest", "go") or
// language alias ("python", "rust", "typescript", "javascript").
func Lookup(name string) (ports.Driver, bool) {
	for _, d := range All() {
		if d.Framework().Serves(name) {
			return d, true
		}
	}
	return nil, false
}

// Names returns the adapter names, in the order of All.
func Names() []string {
	var out []string
	for _, d := range All() {
		out = append(out, d.Framework().Name)
	}
	return out
}
