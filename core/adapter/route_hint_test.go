package adapter_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/espectacular/ah/core/adapter"
	"github.com/espectacular/ah/core/config"
	"github.com/espectacular/ah/core/contract"
	"github.com/espectacular/ah/ports"
	"github.com/espectacular/ah/ports/portstest"
)

// issue 8: an unknown test type or custom runner name close to a known one
// names it; one far from every known name gets no guess.
func TestRouteEntryDidYouMean(t *testing.T) {
	drivers := []ports.Driver{&portstest.Driver{Adapter: "pytest"}, &portstest.Driver{Adapter: "go"}}
	cfg := config.Config{
		Runners:       map[string]config.Runner{"integration": {Command: []string{"./it"}}},
		CustomRunners: map[string]config.Runner{"lint": {Command: []string{"./lint"}}},
	}
	detect := func(testType string) adapter.Decision { return adapter.Decision{TestType: testType} }
	tests := []struct {
		name  string
		entry contract.Entry
		want  string
	}{
		{"adapter name", contract.Entry{Type: "pyest"}, `tests.pyest has no runner (did you mean tests.pytest?): add pyest = `},
		{"configured runner", contract.Entry{Type: "integraton"}, `tests.integraton has no runner (did you mean tests.integration?): add`},
		{"custom runner name", contract.Entry{Type: "custom", Runner: "lnt"}, `has no [runners.custom.lnt] block (did you mean "lint"?)`},
		{"nothing close", contract.Entry{Type: "e2e"}, `tests.e2e has no runner: add e2e = `},
		// Issue 28: a framework name with "test" glued on names that
		// framework, not the nearest spelling (gotest is closer to pytest).
		{"framework plus test", contract.Entry{Type: "gotest"}, `tests.gotest has no runner (did you mean tests.go?)`},
		{"framework plus _test", contract.Entry{Type: "go_test"}, `(did you mean tests.go?)`},
		{"test plus framework", contract.Entry{Type: "test-go"}, `(did you mean tests.go?)`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, problem := adapter.RouteEntry(cfg, detect, drivers, tt.entry)
			require.NotNil(t, problem)
			assert.Contains(t, problem.Message, tt.want)
		})
	}
}
