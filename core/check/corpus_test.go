package check_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/espectacular/ah/core/check"
	"github.com/espectacular/ah/core/config"
	"github.com/espectacular/ah/core/report"
)

// TestShardRunIdentity: a shard's corpus digest changes with every input
// of the check (a scenario's body, a contract's bytes, the config) and
// nothing else; its selection input records the units and --strict asked
// for, sorted, so ah merge can refuse shards of different runs.
func TestShardRunIdentity(t *testing.T) {
	shardOf := func(files map[string]string, opts check.Options) report.Shard {
		t.Helper()
		opts.Shard = &check.Shard{Index: 1, Total: 2}
		rep, err := check.Run(t.Context(), mapFS(files), parseConfig(t, files), opts)
		require.NoError(t, err)
		require.NotNil(t, rep.Shard)
		return *rep.Shard
	}
	base := shardOf(clean(), check.Options{})
	assert.Regexp(t, `^sha256:[0-9a-f]{64}$`, base.Corpus)
	assert.Equal(t, base.Corpus, shardOf(clean(), check.Options{}).Corpus, "same corpus, same digest")
	assert.Equal(t, base.Corpus, shardOf(edit(map[string]string{".espectacular/AGENTS.md": "# other notes\n"}), check.Options{}).Corpus,
		"a file outside the corpus does not change it")
	for name, files := range map[string]map[string]string{
		"scenario body":    {gatePath: strings.Replace(gateSpec, "- WHEN alpha", "- WHEN alpha, twice", 1)},
		"contract bytes":   {alphaToml: contractTOML("alpha-works", "[[tests.shell]]", `command = "true other"`)},
		"config":           {config.Path: configTOML + "\n# edited\n"},
		"missing contract": {betaToml: ""},
	} {
		assert.NotEqual(t, base.Corpus, shardOf(edit(files), check.Options{}).Corpus, name)
	}
	in := shardOf(clean(), check.Options{Units: []string{"gate/beta-works", "gate/alpha-works", "gate/beta-works"}, Strict: true}).Selection
	assert.Equal(t, report.SelectionInput{Units: []string{"gate/alpha-works", "gate/beta-works"}, Strict: true}, in)
}
