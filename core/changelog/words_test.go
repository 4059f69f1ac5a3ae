package changelog_test

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/espectacular/ah/core/changelog"
)

// TestEntriesSayWhatThisAhDoes: issue 27, item 5. `ah upgrade` showed that
// this ah neither batches nor selects tests by change, and that
// no-scenarios is per spec; each entry now names what this ah does.
func TestEntriesSayWhatThisAhDoes(t *testing.T) {
	want := map[string][]string{
		"test selection":  {"--all-tests", "--base"},
		"batching":        {"one invocation", "--no-batch", "--jobs"},
		"no-scenarios":    {"a specs directory without any scenario"},
		"ah contract new": {"never as an apply_command"},
	}
	seen := 0
	for _, e := range changelog.All() {
		for _, w := range want[e.Name] {
			assert.Contains(t, e.Text, w, "changelog entry %s %q", e.Version, e.Name)
		}
		if _, ok := want[e.Name]; ok {
			seen++
		}
	}
	assert.Equal(t, len(want), seen)
}
