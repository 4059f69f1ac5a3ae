package portstest

import (
	"context"
	"fmt"
	"sync"

	"github.com/espectacular/ah/ports"
)

// Spk is a scripted ports.Spk that records its calls ("lint PATH",
// "parse PATH", "version"). A path missing from Lints is clean; one
// missing from Specs is a parse failure. Unavailable makes every call fail
// like a missing program.
type Spk struct {
	Unavailable bool
	V           string
	Lints       map[string]ports.SpkLint
	Specs       map[string]ports.SpkSpec

	mu    sync.Mutex
	calls []string
}

var _ ports.Spk = (*Spk)(nil)

func (s *Spk) record(call string) error {
	s.mu.Lock()
	s.calls = append(s.calls, call)
	s.mu.Unlock()
	if s.Unavailable {
		return fmt.Errorf("%w: spk could not be started: start %q: executable file not found in $PATH", ports.ErrSpkUnavailable, "spk")
	}
	return nil
}

// Calls returns the calls so far, in order.
func (s *Spk) Calls() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]string(nil), s.calls...)
}

// Version returns V.
func (s *Spk) Version(context.Context) (string, error) {
	if err := s.record("version"); err != nil {
		return "", err
	}
	return s.V, nil
}

// Lint returns the scripted lint result of path (clean by default).
func (s *Spk) Lint(_ context.Context, path string) (ports.SpkLint, error) {
	if err := s.record("lint " + path); err != nil {
		return ports.SpkLint{}, err
	}
	if l, ok := s.Lints[path]; ok {
		return l, nil
	}
	return ports.SpkLint{Clean: true}, nil
}

// Parse returns the scripted spec of path.
func (s *Spk) Parse(_ context.Context, path string) (ports.SpkSpec, error) {
	if err := s.record("parse " + path); err != nil {
		return ports.SpkSpec{}, err
	}
	sp, ok := s.Specs[path]
	if !ok {
		return ports.SpkSpec{}, &ports.SpkError{Verb: "parse", Path: path, Message: "no such file"}
	}
	return sp, nil
}
