package derivation

import (
	"crypto/sha256"
	"encoding/hex"
	"strings"
	"unicode/utf8"
)

// Row is one Properties row as spk parse reports it.
type Row struct {
	// ID is the row's id cell, without a file prefix (P-discovery).
	ID string
	// Kind is nil when the table has no kind column, "" for an empty cell.
	Kind *string
	// Cells maps a column header to its trimmed cell text; a short row
	// lacks keys.
	Cells map[string]string
}

// hashed are the cells of a row that its hash covers, in byte order of
// their keys (id and kind sit between generator and predicate).
var hashed = []string{"derives_from", "generator", "id", "kind", "predicate"}

// Canonical is the compact, key-sorted JSON the row hash is taken over,
// written as serde_json writes it (the Rust ah defined the hash, design
// D4): a missing cell is null, strings are raw UTF-8 with only '"', '\' and
// control characters escaped, no HTML escaping, U+2028/U+2029 raw.
func Canonical(r Row) []byte {
	var b strings.Builder
	b.WriteByte('{')
	for i, k := range hashed {
		if i > 0 {
			b.WriteByte(',')
		}
		writeString(&b, k)
		b.WriteByte(':')
		switch k {
		case "id":
			writeString(&b, strings.TrimSpace(r.ID))
		case "kind":
			if r.Kind == nil {
				b.WriteString("null")
			} else {
				writeString(&b, *r.Kind)
			}
		default:
			if v, ok := r.Cells[k]; ok {
				writeString(&b, v)
			} else {
				b.WriteString("null")
			}
		}
	}
	b.WriteByte('}')
	return []byte(b.String())
}

// Hash is the first 12 lowercase hex characters of the SHA-256 of the
// row's canonical serialization.
func Hash(r Row) string {
	sum := sha256.Sum256(Canonical(r))
	return hex.EncodeToString(sum[:])[:12]
}

// DerivedFrom is the derived_from value of the row: "<id>@<hash>".
func DerivedFrom(r Row) string { return strings.TrimSpace(r.ID) + "@" + Hash(r) }

// writeString writes s as a JSON string the way serde_json does.
func writeString(b *strings.Builder, s string) {
	const hexDigits = "0123456789abcdef"
	b.WriteByte('"')
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			// Not UTF-8 (spk output always is): keep the byte's meaning
			// stable with the replacement character serde would refuse.
			b.WriteString("\ufffd")
			i++
			continue
		}
		switch {
		case r == '"':
			b.WriteString(`\"`)
		case r == '\\':
			b.WriteString(`\\`)
		case r == '\b':
			b.WriteString(`\b`)
		case r == '\t':
			b.WriteString(`\t`)
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\f':
			b.WriteString(`\f`)
		case r == '\r':
			b.WriteString(`\r`)
		case r < 0x20:
			b.WriteString(`\u00`)
			b.WriteByte(hexDigits[r>>4])
			b.WriteByte(hexDigits[r&0xf])
		default:
			b.WriteString(s[i : i+size])
		}
		i += size
	}
	b.WriteByte('"')
}
