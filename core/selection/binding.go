package selection

import (
	"cmp"

	"github.com/espectacular/ah/core/adapter"
	"github.com/espectacular/ah/ports"
)

// BindingOf is what selection needs of one test entry of type testType
// running by route r: its framework, its argv as execution.Invoke built it
// (nil when the entry cannot be invoked), and the framework's dependency
// graph when the driver has one. A shell command names no files to
// selection; an entry without an argv has no graph either, so every
// changed file the rules do not claim selects it (and the run reports
// why it cannot run).
func BindingOf(testType string, r adapter.Route, argv []string) Binding {
	b := Binding{Framework: cmp.Or(r.JudgedBy(), testType)}
	if r.Kind == adapter.Shell || argv == nil {
		return b
	}
	b.Argv = argv
	if r.Kind == adapter.Framework {
		b.Grapher, _ = r.Driver.(ports.Grapher)
	}
	return b
}
