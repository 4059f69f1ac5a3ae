package drivers

import (
	"github.com/espectacular/ah/drivers/cargo"
	"github.com/espectacular/ah/drivers/gotest"
	"github.com/espectacular/ah/drivers/pytest"
	"github.com/espectacular/ah/drivers/vitest"
	"github.com/espectacular/ah/ports"
)

// All returns every bundled adapter, in a fixed order.
func All() []ports.Driver {
	return []ports.Driver{pytest.New(), cargo.New(), vitest.New(), gotest.New()}
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
