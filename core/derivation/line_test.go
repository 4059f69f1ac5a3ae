package derivation_test

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/espectacular/ah/core/derivation"
)

// TestPropertyLine: a finding about a property's derived contract points at
// its Properties row (issue 27); a row of another table, or no row, is 0.
func TestPropertyLine(t *testing.T) {
	text := "---\nid: g\n---\n# g\n\n## Properties\n\n| id | kind |\n| --- | --- |\n| P-a | unit |\n| P-b | unit |\n\n## Other\n\n| id |\n| --- |\n| P-c |\n"
	tests := []struct {
		id   string
		want int
	}{{"P-a", 10}, {"P-b", 11}, {"P-c", 0}, {"P-none", 0}}
	for _, tt := range tests {
		assert.Equal(t, tt.want, derivation.PropertyLine(text, tt.id), "PropertyLine(%q)", tt.id)
	}
}
