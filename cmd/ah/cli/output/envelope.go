package output

import (
	"encoding/json"
	"io"
)

// EnvelopeVersion is the version of the JSON envelope shape.
const EnvelopeVersion = "0.1"

// Envelope wraps every JSON output of ah (the shape of the predecessor's
// envelope, so consumers can switch).
type Envelope struct {
	OK              bool           `json:"ok"`
	EnvelopeVersion string         `json:"envelope_version"`
	CLIVersion      string         `json:"cli_version"`
	EnvelopeKind    string         `json:"envelope_kind"`
	Data            any            `json:"data"`
	Error           *EnvelopeError `json:"error,omitempty"`
	Warnings        []string       `json:"warnings"`
	Hints           []string       `json:"hints"`
	Meta            Meta           `json:"meta"`
}

// EnvelopeError describes why ah could not run (exit code 2).
type EnvelopeError struct {
	Code    int    `json:"code"`
	Message string `json:"message"`
}

// Meta holds run metadata. DurationMS is present only with --timings, so
// output stays byte-identical across runs.
type Meta struct {
	DurationMS *int64  `json:"duration_ms,omitempty"`
	Tx         *string `json:"tx"`
	RequestID  *string `json:"request_id"`
}

// NewEnvelope wraps data in an envelope of the given kind, printed by ah
// version cliVersion.
func NewEnvelope(kind, cliVersion string, ok bool, data any) Envelope {
	return Envelope{
		OK: ok, EnvelopeVersion: EnvelopeVersion, CLIVersion: cliVersion,
		EnvelopeKind: kind, Data: data, Warnings: []string{}, Hints: []string{},
	}
}

// WriteEnvelope prints e as two-space indented JSON with a final newline,
// without HTML escaping so scenario prose stays verbatim. Every JSON output
// of ah goes through it.
func WriteEnvelope(w io.Writer, e Envelope) error {
	if ok, err := writeCheckStreamed(w, e); ok {
		return err
	}
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	return enc.Encode(e)
}
