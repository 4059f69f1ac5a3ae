package changelog_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/espectacular/ah/core/archetype"
	"github.com/espectacular/ah/core/changelog"
	"github.com/espectacular/ah/core/finding"
)

func TestCompare(t *testing.T) {
	tests := []struct {
		a, b string
		want int
	}{
		{"0.10.0", "0.9.3", 1},
		{"0.11.0", "0.12.0", -1},
		{"v0.12", "0.12.0", 0},
		{"bogus", "0.0.1", -1},
		{"0.1.0", "", 1},
	}
	for _, tt := range tests {
		assert.Equal(t, tt.want, changelog.Compare(tt.a, tt.b), "Compare(%q, %q)", tt.a, tt.b)
	}
}

func TestBetweenReportsNRForAConfigThatPredatesIt(t *testing.T) {
	got := changelog.Between("0.0.9", changelog.Current)
	require.NotEmpty(t, got)
	assert.Equal(t, changelog.Entry{Version: "0.1.0", Kind: changelog.Archetype, Name: "NR", Text: got[0].Text}, got[0])
	for _, e := range changelog.Between("0.1.0", changelog.Current) {
		assert.NotEqual(t, "NR", e.Name, "NR predates 0.1.0's successors")
	}
	assert.Empty(t, changelog.Between(changelog.Current, changelog.Current))
}

func TestBetweenIsOrderedByVersion(t *testing.T) {
	got := changelog.Between("", changelog.Current)
	for i := 1; i < len(got); i++ {
		assert.LessOrEqual(t, changelog.Compare(got[i-1].Version, got[i].Version), 0)
	}
	assert.Len(t, got, len(changelog.All()))
}

// TestEntriesNameRealThings keeps the table honest: every archetype and
// finding kind it announces exists, and no release is newer than Current.
func TestEntriesNameRealThings(t *testing.T) {
	for _, e := range changelog.All() {
		assert.True(t, changelog.Valid(e.Version), "version %q", e.Version)
		assert.LessOrEqual(t, changelog.Compare(e.Version, changelog.Current), 0, "%s is newer than %s", e.Version, changelog.Current)
		switch e.Kind {
		case changelog.Archetype:
			_, ok := archetype.Lookup(e.Name)
			assert.True(t, ok, "archetype %s", e.Name)
		case changelog.Finding:
			_, ok := finding.Info(finding.Kind(e.Name))
			assert.True(t, ok, "finding kind %s", e.Name)
		}
	}
}
