package report_test

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/espectacular/ah/core/finding"
	"github.com/espectacular/ah/core/report"
)

// TestFailed: a blocking finding fails the gate; warnings fail it only
// with --strict, and then from the first one.
func TestFailed(t *testing.T) {
	blocking := []finding.Finding{finding.New(finding.NoTOML, "no contract")}
	tests := []struct {
		name     string
		strict   bool
		warnings int
		findings []finding.Finding
		want     bool
	}{
		{"clean", false, 0, nil, false},
		{"clean, strict", true, 0, nil, false},
		{"a warning", false, 1, nil, false},
		{"a warning, strict", true, 1, nil, true},
		{"a blocking finding", false, 0, blocking, true},
		{"a blocking finding, strict", true, 0, blocking, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := report.Report{Strict: tt.strict, Summary: finding.Summary{Warnings: tt.warnings}, Findings: tt.findings}
			assert.Equal(t, tt.want, r.Failed())
		})
	}
}
