package spec_test

import (
	"slices"
	"testing"

	"github.com/espectacular/ah/core/spec"
)

func TestQualify(t *testing.T) {
	tests := []struct {
		name, text string
		want       []string // ids after Qualify, in document order
		collisions int      // left for Dedupe after qualification
		// qualification is the id Document.Qualification offers for the
		// collision Dedupe finds without the option ("" for none).
		qualification string
	}{
		{
			name: "no collision keeps every id",
			text: "### Requirement: A\n#### Scenario: One\nx\n### Requirement: B\n#### Scenario: Two\ny\n",
			want: []string{"one", "two"},
		},
		{
			name:          "a repeat under another requirement is qualified, the first keeps its id",
			text:          "### Requirement: Show change\n#### Scenario: Not found\nx\n### Requirement: List changes\n#### Scenario: Not found\ny\n",
			want:          []string{"not-found", "list-changes--not-found"},
			qualification: "list-changes--not-found",
		},
		{
			name: "a mirror (same body) is no collision and is not qualified",
			text: "### Requirement: A\n#### Scenario: One\nx\n### Requirement: B\n#### Scenario: One\nx\n",
			want: []string{"one", "one"},
		},
		{
			name:       "a repeat under the same requirement stays a collision",
			text:       "### Requirement: A\n#### Scenario: One\nx\n#### Scenario: One!\ny\n",
			want:       []string{"one", "one"},
			collisions: 1,
		},
		{
			name:          "a scenario under no requirement qualifies the one under a requirement",
			text:          "#### Scenario: One\nx\n### Requirement: Other\n#### Scenario: One\ny\n",
			want:          []string{"one", "other--one"},
			qualification: "other--one",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			files := []spec.File{{Capability: "c", Path: "s/c/spec.md", Doc: spec.ParseString(tt.text)}}
			files[0].Scenarios = files[0].Doc.Flatten()
			got := spec.Qualify(files)
			var ids []string
			for _, s := range got[0].Scenarios {
				ids = append(ids, s.ID)
			}
			if !slices.Equal(ids, tt.want) {
				t.Errorf("ids = %q, want %q", ids, tt.want)
			}
			if _, cols := spec.Dedupe(got[0].Scenarios); len(cols) != tt.collisions {
				t.Errorf("collisions = %d, want %d", len(cols), tt.collisions)
			}
			var offered string
			if _, cols := spec.Dedupe(files[0].Scenarios); len(cols) > 0 {
				offered, _ = files[0].Doc.Qualification(cols[0])
			}
			if offered != tt.qualification {
				t.Errorf("Qualification = %q, want %q", offered, tt.qualification)
			}
		})
	}
}

func TestQualifiedID(t *testing.T) {
	if got := spec.QualifiedID("List changes", "not-found"); got != "list-changes--not-found" {
		t.Errorf("QualifiedID = %q", got)
	}
	if got := spec.QualifiedID("", "not-found"); got != "" {
		t.Errorf("QualifiedID without a requirement = %q, want empty", got)
	}
}
