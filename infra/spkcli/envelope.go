package spkcli

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/espectacular/ah/ports"
)

// envelope is the genesis envelope spk prints: one JSON object. Unknown
// fields are ignored; warnings may be strings or objects with a message.
type envelope struct {
	OK       *bool             `json:"ok"`
	Data     json.RawMessage   `json:"data"`
	Warnings []json.RawMessage `json:"warnings"`
}

// decode reads the envelope in out and its data into data (data null
// leaves data empty).
func decode(out []byte, data any) (*envelope, error) {
	out = bytes.TrimSpace(out)
	if len(out) == 0 {
		return nil, fmt.Errorf("spk printed nothing on stdout")
	}
	var env envelope
	if err := json.Unmarshal(out, &env); err != nil {
		return nil, fmt.Errorf("spk's output is not a JSON envelope: %v", err)
	}
	if len(env.Data) > 0 && string(env.Data) != "null" {
		if err := json.Unmarshal(env.Data, data); err != nil {
			return &env, fmt.Errorf("spk's data is not what ah expects: %v", err)
		}
	}
	return &env, nil
}

// failure describes a spk run that gave no usable answer, from the
// decoding error, the envelope's warnings, stderr or the exit code.
func failure(res ports.Result, env *envelope, err error) string {
	var parts []string
	if err != nil {
		parts = append(parts, err.Error())
	}
	if env != nil {
		for _, w := range env.Warnings {
			var s string
			var o struct {
				Message string `json:"message"`
			}
			if json.Unmarshal(w, &s) == nil && s != "" {
				parts = append(parts, s)
			} else if json.Unmarshal(w, &o) == nil && o.Message != "" {
				parts = append(parts, o.Message)
			}
		}
	}
	if len(parts) == 0 {
		if s := strings.TrimSpace(string(res.Stderr)); s != "" {
			parts = append(parts, s)
		}
	}
	if len(parts) == 0 {
		parts = append(parts, fmt.Sprintf("exit code %d", res.ExitCode))
	}
	return strings.Join(parts, "; ")
}

// parsed is the part of spk parse's data ah reads.
type parsed struct {
	Constraints []row `json:"constraints"`
	States      []row `json:"states"`
	Transitions []struct {
		ID    string  `json:"id"`
		From  string  `json:"from"`
		To    string  `json:"to"`
		Guard *string `json:"guard"`
	} `json:"transitions"`
	Properties []row `json:"properties"`
}

type row struct {
	ID    string            `json:"id"`
	Kind  *string           `json:"kind"`
	Cells map[string]string `json:"cells"`
}

func (p parsed) spec() ports.SpkSpec {
	rows := func(rs []row) []ports.SpkRow {
		out := make([]ports.SpkRow, 0, len(rs))
		for _, r := range rs {
			out = append(out, ports.SpkRow{ID: r.ID, Kind: r.Kind, Cells: r.Cells})
		}
		return out
	}
	s := ports.SpkSpec{Constraints: rows(p.Constraints), States: rows(p.States), Properties: rows(p.Properties)}
	for _, t := range p.Transitions {
		s.Transitions = append(s.Transitions, ports.SpkTransition{ID: t.ID, From: t.From, To: t.To, Guard: t.Guard})
	}
	return s
}
