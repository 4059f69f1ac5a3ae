package output

import (
	"bufio"
	"bytes"
	"encoding/json"
	"io"

	"github.com/espectacular/ah/core/finding"
)

// findingsKey is how the empty findings array of a check envelope's data
// is printed: two levels deep, so indented by four spaces. Inside a JSON
// string its quotes would be escaped, so it can only match the key itself.
const findingsKey = "\n    \"findings\": []"

// writeCheckStreamed prints a check envelope with its findings encoded one
// at a time, byte for byte what WriteEnvelope's encoder would print: a
// spec of 100 MB with large scenarios gives a few hundred MB of findings,
// and encoding them at once held the output three times over (issue 9:
// 1.5 GB of memory). ok is false when e is no check envelope with findings.
func writeCheckStreamed(w io.Writer, e Envelope) (ok bool, err error) {
	d, isCheck := e.Data.(checkData)
	if !isCheck || len(d.Findings) == 0 {
		return false, nil
	}
	items := d.Findings
	d.Findings = []finding.Finding{}
	e.Data = d
	var head bytes.Buffer
	if err := encodeIndented(&head, e, ""); err != nil {
		return true, err
	}
	at := bytes.Index(head.Bytes(), []byte(findingsKey))
	if at < 0 {
		return false, nil
	}
	split := at + len(findingsKey) - 1 // before the closing ']'
	bw := bufio.NewWriterSize(w, 64<<10)
	bw.Write(head.Bytes()[:split])
	var item bytes.Buffer
	for i, f := range items {
		item.Reset()
		if err := encodeIndented(&item, f, "      "); err != nil {
			return true, err
		}
		bw.WriteString("\n      ")
		bw.Write(bytes.TrimSuffix(item.Bytes(), []byte("\n")))
		if i < len(items)-1 {
			bw.WriteByte(',')
		}
	}
	bw.WriteString("\n    ")
	bw.Write(head.Bytes()[split:])
	return true, bw.Flush()
}

// encodeIndented is WriteEnvelope's encoding of v with a line prefix.
func encodeIndented(w io.Writer, v any, prefix string) error {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	enc.SetIndent(prefix, "  ")
	return enc.Encode(v)
}
