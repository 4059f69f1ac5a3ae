package cli

import (
	"context"
	"fmt"

	"github.com/espectacular/ah/ports"
)

// unavailableSpk is the spk of a program whose Deps set no Spk.
type unavailableSpk struct{}

func (unavailableSpk) Version(context.Context) (string, error) { return "", unavailable() }
func (unavailableSpk) Lint(context.Context, string) (ports.SpkLint, error) {
	return ports.SpkLint{}, unavailable()
}
func (unavailableSpk) Parse(context.Context, string) (ports.SpkSpec, error) {
	return ports.SpkSpec{}, unavailable()
}

func unavailable() error {
	return fmt.Errorf("%w: this program wires no spk (Deps.Spk is nil)", ports.ErrSpkUnavailable)
}
