package selection_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/espectacular/ah/core/adapter"
	"github.com/espectacular/ah/core/selection"
	"github.com/espectacular/ah/ports"
	"github.com/espectacular/ah/ports/portstest"
)

// graphDriver is a framework driver that also computes a dependency graph.
type graphDriver struct{ portstest.Driver }

func (graphDriver) Graph(context.Context, ports.Process, string, [][]string) (ports.Graph, error) {
	return ports.Graph{}, nil
}

// TestBindingOf: selection sees a binding's framework, the argv execution
// built and the driver's graph; a shell command names no files, and an
// entry that cannot be invoked (no argv) has no graph, so nothing narrows
// on it.
func TestBindingOf(t *testing.T) {
	drv := &graphDriver{portstest.Driver{Adapter: "fw"}}
	framework := adapter.Route{Kind: adapter.Framework, Command: []string{"fw"}, Driver: drv}
	argv := []string{"fw", "tests/a_test"}

	b := selection.BindingOf("unit", framework, argv)
	assert.Equal(t, "fw", b.Framework)
	assert.Equal(t, argv, b.Argv)
	assert.Equal(t, ports.Grapher(drv), b.Grapher)

	b = selection.BindingOf("unit", framework, nil)
	assert.Equal(t, selection.Binding{Framework: "fw"}, b, "not invocable: no argv, no graph")

	b = selection.BindingOf("shell", adapter.Route{Kind: adapter.Shell}, []string{"/bin/sh", "-c", "tests/run.sh"})
	assert.Equal(t, selection.Binding{Framework: "shell"}, b, "a shell command names no files")

	b = selection.BindingOf("e2e", adapter.Route{Kind: adapter.Envelope, Command: []string{"run"}}, []string{"run", "x"})
	assert.Equal(t, selection.Binding{Framework: "custom", Argv: []string{"run", "x"}}, b)

	b = selection.BindingOf("lint", adapter.Route{Kind: adapter.Argv, Command: []string{"make"}}, []string{"make", "lint"})
	assert.Equal(t, selection.Binding{Framework: "lint", Argv: []string{"make", "lint"}}, b, "a generic runner is named by its type")
}
