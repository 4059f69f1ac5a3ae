package acceptance_test

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/txtar"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/espectacular/ah/core/check"
	"github.com/espectacular/ah/core/config"
	"github.com/espectacular/ah/core/finding"
)

// oracleCases are check-changes scripts whose repository (the
// overlay-compiler fixture plus the script's files) is also archived with
// the OpenSpec CLI. refuses names the requirement openspec archive refuses
// the change for; empty when it archives it.
var oracleCases = []struct {
	script, change, refuses string
}{
	{"check-changes-added", "add-parser", ""},
	{"check-changes-staged-metadata", "add-parser", ""},
	{"check-changes-modified-text", "reword", ""},
	{"check-changes-unsignaled-redefinition", "reword", ""},
	{"check-changes-mirrored", "mirror", ""},
	{"check-changes-removed", "drop-output", ""},
	{"check-changes-renamed", "rename-output", ""},
	{"check-changes-nr-failing", "tweak", ""},
	{"check-changes-modified-omits", "trim", "Parsing"},
	{"check-changes-modified-missing", "ghost", "Lexing"},
	{"check-changes-added-existing", "again", "Output"},
	{"check-changes-two-sections", "both", "Output"},
	{"check-changes-removed-missing", "drop", "output"},
}

// TestOpenSpecOracle: the scope of `ah check --changes X` is the scope the
// specs have after `openspec archive X --yes` (issue 10). For each case the
// scenario ids per capability, and the bodies of scenarios without an
// overlay-conflict, must match; where OpenSpec refuses to archive, ah
// reports an overlay-conflict naming the same requirement. All cases are
// archived by one node process (archive-all.mjs): a CLI start per case cost
// about 1 s of CPU each (issue 12).
func TestOpenSpecOracle(t *testing.T) {
	node, fixture := openSpecCLI(t)
	originals, archived := make([]string, len(oracleCases)), make([]string, len(oracleCases))
	args := []string{filepath.Join(fixture, "archive-all.mjs")}
	for i, tc := range oracleCases {
		originals[i], archived[i] = oracleRepo(t, tc.script), oracleRepo(t, tc.script)
		args = append(args, archived[i], tc.change)
	}
	results := archiveAll(t, node, args)
	for i, tc := range oracleCases {
		t.Run(tc.script, func(t *testing.T) {
			t.Parallel()
			res, ok := results[archived[i]]
			require.True(t, ok, "archive-all.mjs printed no result for %s", archived[i])
			require.Equal(t, tc.change, res.Change)
			overlay := scopeOf(t, originals[i], tc.change)
			if tc.refuses != "" {
				require.False(t, res.Archived, "openspec archive %s accepted the change:\n%s", tc.change, res.Output)
				assert.Contains(t, res.Output, tc.refuses, "openspec's refusal")
				var msgs []string
				for _, f := range overlay.Findings {
					if f.Kind == finding.OverlayConflict {
						msgs = append(msgs, f.Message)
					}
				}
				assert.True(t, slicesContain(msgs, `"`+tc.refuses+`"`), "no overlay-conflict names %q: %q", tc.refuses, msgs)
				return
			}
			require.True(t, res.Archived, "openspec archive %s:\n%s", tc.change, res.Output)
			deployed := scopeOf(t, archived[i], "")
			conflicted := map[string]bool{}
			for _, f := range overlay.Findings {
				if f.Kind == finding.OverlayConflict && f.Scenario != nil {
					conflicted[f.Spec+"/"+f.Scenario.ID] = true
				}
			}
			assert.Equal(t, unitIDs(deployed), unitIDs(overlay), "scenario ids per capability")
			want, got := unitBodies(deployed), unitBodies(overlay)
			for key := range conflicted {
				delete(want, key)
				delete(got, key)
			}
			assert.Equal(t, want, got, "scenario bodies")
		})
	}
}

// openSpecCLI returns node and the OpenSpec CLI fixture's directory, or
// skips the test when either is missing (fails with AH_REQUIRE_TOOLS=1).
func openSpecCLI(t *testing.T) (node, fixture string) {
	t.Helper()
	// The fixture's node_modules are provisioned by the harness (npm ci
	// from its lockfile, cached), which skips or, with AH_REQUIRE_TOOLS=1,
	// fails naming a missing node or npm.
	fixture = needFixture(t, "openspec-cli")
	node, err := exec.LookPath("node")
	require.NoError(t, err)
	return node, fixture
}

// archiveResult is one JSON line of archive-all.mjs.
type archiveResult struct {
	Dir      string `json:"dir"`
	Change   string `json:"change"`
	Archived bool   `json:"archived"`
	Output   string `json:"output"`
}

// archiveAll runs archive-all.mjs once over every (dir, change) pair in
// args and returns its results by dir. Telemetry is off and HOME and the
// XDG dirs are empty, so no user config or store registry leaks in.
func archiveAll(t *testing.T, node string, args []string) map[string]archiveResult {
	t.Helper()
	cmd := exec.CommandContext(t.Context(), node, args...)
	home := t.TempDir()
	cmd.Env = append(os.Environ(), "OPENSPEC_TELEMETRY=0", "DO_NOT_TRACK=1", "NO_COLOR=1", "FORCE_COLOR=0",
		"HOME="+home, "XDG_CONFIG_HOME="+filepath.Join(home, "config"), "XDG_DATA_HOME="+filepath.Join(home, "data"))
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	require.NoError(t, err, "node %s:\n%s", strings.Join(args, " "), stderr.String())
	results := map[string]archiveResult{}
	dec := json.NewDecoder(bytes.NewReader(out))
	for dec.More() {
		var r archiveResult
		require.NoError(t, dec.Decode(&r), "archive-all.mjs output:\n%s", out)
		results[r.Dir] = r
	}
	return results
}

// oracleRepo writes the overlay-compiler fixture and the script's files
// into a new directory.
func oracleRepo(t *testing.T, script string) string {
	t.Helper()
	dir := t.TempDir()
	require.NoError(t, os.CopyFS(dir, os.DirFS(filepath.Join("testdata", "fixtures", "overlay-compiler"))))
	ar, err := txtar.ParseFile(filepath.Join("testdata", "check", script+".txtar"))
	require.NoError(t, err)
	for _, f := range ar.Files {
		p := filepath.Join(dir, filepath.FromSlash(f.Name))
		require.NoError(t, os.MkdirAll(filepath.Dir(p), 0o755))
		require.NoError(t, os.WriteFile(p, f.Data, 0o644))
	}
	return dir
}

func scopeOf(t *testing.T, dir, change string) check.Report {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(dir, config.Path))
	require.NoError(t, err)
	cfg, err := config.Parse(data)
	require.NoError(t, err)
	opts := check.Options{}
	if change != "" {
		opts.Changes = []string{change}
	}
	rep, err := check.Run(t.Context(), os.DirFS(dir), cfg, opts)
	require.NoError(t, err)
	return rep
}

// unitIDs lists the scenario ids of each capability, in scope order.
func unitIDs(r check.Report) map[string][]string {
	out := map[string][]string{}
	for _, u := range r.Units {
		out[u.Capability] = append(out[u.Capability], u.Scenario.ID)
	}
	return out
}

func unitBodies(r check.Report) map[string]string {
	out := map[string]string{}
	for _, u := range r.Units {
		out[u.Capability+"/"+u.Scenario.ID] = strings.TrimSpace(u.Scenario.BodyMarkdown)
	}
	return out
}

func slicesContain(msgs []string, sub string) bool {
	for _, m := range msgs {
		if bytes.Contains([]byte(m), []byte(sub)) {
			return true
		}
	}
	return false
}
