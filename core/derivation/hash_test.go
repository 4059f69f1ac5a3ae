package derivation_test

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/espectacular/ah/core/derivation"
)

func unitRow(id, derivesFrom, generator, predicate string) derivation.Row {
	k := "unit"
	return derivation.Row{ID: id, Kind: &k, Cells: map[string]string{
		"id": id, "kind": k, "derives_from": derivesFrom, "generator": generator, "predicate": predicate,
	}}
}

// TestDerivedFromGoldenVectors checks the hash against contracts the Rust
// ah committed (reference notes, §3): byte for byte.
func TestDerivedFromGoldenVectors(t *testing.T) {
	discGen := "deployed and dual-format specs, mirrored deltas, and same-id/different-body collisions"
	discPred := "one scenario per logical scenario; collisions fail with findings; structured layers inert"
	tests := []struct {
		row  derivation.Row
		want string
	}{
		{unitRow("P-cargo", "[[adapters.C-cargo-adapter]]", "cargo test runs exiting zero and non-zero", "pass normalization and `test-failing` with bounded tails"), "P-cargo@9d77b94af473"},
		{unitRow("P-discovery", "[[gate.C-scenario-discovery]]", discGen, discPred), "P-discovery@715d832fec5b"},
		{unitRow("P-discovery", "[[spec.C-scenario-discovery]]", discGen, discPred), "P-discovery@021b2c4c4235"},
		{unitRow("P-derive", "[[spec.C-property-contract]]", "a lint-clean dual-format file with N property rows", "the contract set contains exactly N derived contracts with slugified ids"), "P-derive@e42f0ee625c2"},
		{unitRow("P-schema", "[[spec.C-finding-schema]]", "lint runs over well-formed and malformed specs", "shared finding fields throughout, warning default, malformed → error + non-zero exit"), "P-schema@0eda7a34c4b9"},
	}
	for _, tt := range tests {
		t.Run(tt.want, func(t *testing.T) {
			assert.Equal(t, tt.want, derivation.DerivedFrom(tt.row))
		})
	}
}

func TestCanonical(t *testing.T) {
	tests := []struct {
		name string
		row  derivation.Row
		want string
	}{
		{"exact bytes of P-cargo", unitRow("P-cargo", "[[adapters.C-cargo-adapter]]", "cargo test runs exiting zero and non-zero", "pass normalization and `test-failing` with bounded tails"),
			"{\"derives_from\":\"[[adapters.C-cargo-adapter]]\",\"generator\":\"cargo test runs exiting zero and non-zero\",\"id\":\"P-cargo\",\"kind\":\"unit\",\"predicate\":\"pass normalization and `test-failing` with bounded tails\"}"},
		{"no HTML escaping, raw U+2028, escaped tab and control", unitRow("P-x", "<&>", "a\u2028b\u2029", "t\tq\"\\\x01"),
			"{\"derives_from\":\"<&>\",\"generator\":\"a\u2028b\u2029\",\"id\":\"P-x\",\"kind\":\"unit\",\"predicate\":\"t\\tq\\\"\\\\\\u0001\"}"},
		{"missing cells and kind column are null", derivation.Row{ID: " P-y ", Cells: map[string]string{"id": "P-y"}},
			`{"derives_from":null,"generator":null,"id":"P-y","kind":null,"predicate":null}`},
		{"every short escape, \\u00XX for the other controls, DEL and space raw, invalid UTF-8 replaced",
			unitRow("P-e", "\b\f\n\r\t", "\x00\x10\x1f\x7f \xffé", "€"),
			`{"derives_from":"\b\f\n\r\t","generator":"\u0000\u0010\u001f` + "\x7f \ufffdé" + `","id":"P-e","kind":"unit","predicate":"€"}`},
		{"empty kind cell is an empty string", derivation.Row{ID: "P-z", Kind: new(string), Cells: map[string]string{}},
			`{"derives_from":null,"generator":null,"id":"P-z","kind":"","predicate":null}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.want, string(derivation.Canonical(tt.row)))
		})
	}
}
