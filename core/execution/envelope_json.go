package execution

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"unicode/utf8"
)

// MaxEnvelopeDepth bounds how deeply an envelope may nest arrays and
// objects. An envelope nests four levels; encoding/json stops at 10,000
// with "exceeded max depth", which tells a runner's author nothing.
const MaxEnvelopeDepth = 1000

// utf8BOM is the byte order mark some Windows tools (PowerShell's
// Out-File, .NET's UTF8Encoding(true)) put before UTF-8 text. It carries no
// meaning in UTF-8, so an envelope starting with it is accepted; before,
// it was refused as "invalid character 'ï'".
var utf8BOM = []byte{0xEF, 0xBB, 0xBF}

// decodeJSON reads out as exactly one JSON value, after a UTF-8 byte order
// mark if there is one. It returns the value and the bytes it was read from,
// or why out is not one JSON value, in plain words naming the line and
// column (issue 9).
func decodeJSON(out []byte) (doc any, body []byte, problem string) {
	body = bytes.TrimPrefix(out, utf8BOM)
	if line, col, ok := tooDeep(body); ok {
		return nil, nil, fmt.Sprintf("stdout nests arrays and objects more than %d levels deep (line %d, column %d); an envelope needs a few levels", MaxEnvelopeDepth, line, col)
	}
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.UseNumber()
	if err := dec.Decode(&doc); err != nil {
		return nil, nil, "stdout is not JSON: " + syntaxProblem(body, err)
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		return nil, nil, "stdout holds more than one JSON value; print only the envelope and send logs to stderr"
	}
	return doc, body, ""
}

// syntaxProblem words a decoding error: where it is and what was found.
func syntaxProblem(body []byte, err error) string {
	if errors.Is(err, io.EOF) { // only a byte order mark and spaces
		return "it holds no JSON value; print the envelope {\"exit_code\": 0, \"passed\": true, \"findings\": []}"
	}
	if errors.Is(err, io.ErrUnexpectedEOF) {
		return "it ends before its JSON value is complete (an unclosed '{', '[' or string); print the whole envelope"
	}
	se, ok := errors.AsType[*json.SyntaxError](err)
	if !ok || se.Offset < 1 || se.Offset > int64(len(body)) {
		return err.Error()
	}
	at := int(se.Offset) - 1 // the offending byte
	line, col := position(body, at)
	msg := fmt.Sprintf("line %d, column %d: unexpected %s", line, col, describeByte(body[at:]))
	if len(bytes.TrimSpace(body[:at])) == 0 {
		msg += "; stdout must hold only the envelope, so send logs to stderr"
	}
	return msg
}

// describeByte names the character that starts b for a person.
func describeByte(b []byte) string {
	c := b[0]
	switch {
	case c == '\n':
		return "line break (inside a string, write \\n)"
	case c < 0x20 || c == 0x7f:
		return fmt.Sprintf("control character 0x%02X", c)
	case c < 0x80:
		return fmt.Sprintf("%q", rune(c))
	}
	if r, size := utf8.DecodeRune(b); r != utf8.RuneError || size > 1 {
		return fmt.Sprintf("%q (U+%04X)", r, r)
	}
	return fmt.Sprintf("byte 0x%02X (not UTF-8)", c)
}

// position is the 1-based line and byte column of offset i in b.
func position(b []byte, i int) (line, col int) {
	before := b[:i]
	return bytes.Count(before, []byte("\n")) + 1, i - bytes.LastIndexByte(before, '\n')
}

// tooDeep reports where b first nests arrays and objects deeper than
// MaxEnvelopeDepth, skipping strings. It only counts: anything malformed is
// left for the decoder to report.
func tooDeep(b []byte) (line, col int, deep bool) {
	depth, inString := 0, false
	for i := 0; i < len(b); i++ {
		c := b[i]
		switch {
		case inString && c == '\\':
			i++
		case c == '"':
			inString = !inString
		case inString:
		case c == '[' || c == '{':
			if depth++; depth > MaxEnvelopeDepth {
				line, col = position(b, i)
				return line, col, true
			}
		case c == ']' || c == '}':
			depth--
		}
	}
	return 0, 0, false
}
