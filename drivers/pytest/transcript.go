package pytest

import (
	"bytes"
	"encoding/json"
	"fmt"

	"github.com/espectacular/ah/ports"
)

var _ ports.Transcriber = Driver{}

// Transcript implements ports.Transcriber: stdout holds the plugin's keyed
// records (pytest's own output went to stderr), so the stdout tail people
// read is the failures they name, with their tracebacks, and the session
// summary. The key is never shown; a line that is not a record is dropped.
func (Driver) Transcript(stdout []byte) []byte {
	var b bytes.Buffer
	for line := range bytes.Lines(stdout) {
		_, rec, ok := bytes.Cut(line, []byte(" "))
		var r struct {
			record
			ExitStatus int `json:"exitstatus"`
			Passed     int `json:"passed"`
			Failed     int `json:"failed"`
			Skipped    int `json:"skipped"`
			Errors     int `json:"errors"`
		}
		if !ok || json.Unmarshal(rec, &r) != nil {
			continue
		}
		switch {
		case r.Type == "collect":
			fmt.Fprintf(&b, "ERROR collecting %s\n%s\n", r.NodeID, r.Longrepr)
		case r.Type == "test" && r.Outcome == "failed":
			fmt.Fprintf(&b, "FAILED %s (%s)\n%s\n", r.NodeID, r.When, r.Longrepr)
		case r.Type == "session":
			fmt.Fprintf(&b, "pytest exit status %d: %d passed, %d failed, %d skipped, %d errors\n",
				r.ExitStatus, r.Passed, r.Failed, r.Skipped, r.Errors)
		}
	}
	return b.Bytes()
}
