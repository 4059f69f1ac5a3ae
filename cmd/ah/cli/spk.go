package cli

import (
	"context"
	"errors"

	"github.com/espectacular/ah/ports"
)

// errNoSpk is the cause of unavailableSpk's errors.
var errNoSpk = errors.New("no spk is wired into this program")

// unavailableSpk is the spk of a program whose Deps set no Spk.
type unavailableSpk struct{}

func (unavailableSpk) Version(context.Context) (string, error) { return "", unavailable() }
func (unavailableSpk) Lint(context.Context, string) (ports.SpkLint, error) {
	return ports.SpkLint{}, unavailable()
}
func (unavailableSpk) Parse(context.Context, string) (ports.SpkSpec, error) {
	return ports.SpkSpec{}, unavailable()
}

func unavailable() error { return errors.Join(errNoSpk, ports.ErrSpkUnavailable) }
