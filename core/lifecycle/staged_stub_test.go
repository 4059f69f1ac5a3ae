package lifecycle_test

import (
	"testing"
	"testing/fstest"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/espectacular/ah/core/lifecycle"
	"github.com/espectacular/ah/core/overlay"
	"github.com/espectacular/ah/core/spec"
)

// A change that rewrites scenario One (which has a deployed contract) and
// adds Three (which has none): stubs are staged for the change's own
// scenarios only, at .espectacular/changes/<id>/<capability>/<id>.toml;
// the rewritten One gets a copy of its deployed contract, tests and all
// (issue 28), also under --all-missing.
func TestStagedStubs(t *testing.T) {
	deployedSpec := "# p\n\n## Requirements\n\n### Requirement: A\nThe system SHALL a.\n\n#### Scenario: One\n- **THEN** one\n\n#### Scenario: Two\n- **THEN** two\n"
	delta := "## MODIFIED Requirements\n\n### Requirement: A\nThe system SHALL a.\n\n#### Scenario: One\n- **THEN** one, reworded\n\n#### Scenario: Two\n- **THEN** two\n\n## ADDED Requirements\n\n### Requirement: B\nThe system SHALL b.\n\n#### Scenario: Three\n- **THEN** three\n\n#### Scenario: Four\n- **THEN** four\n"
	base := fstest.MapFS{
		"openspec/specs/p/spec.md":           {Data: []byte(deployedSpec)},
		"openspec/changes/c/specs/p/spec.md": {Data: []byte(delta)},
		".espectacular/p/one.toml":           {Data: []byte("id = \"one\"\n")},
		// A contract written for the added scenario Four before the change
		// is archived: Four has a contract, so --all-missing skips it.
		".espectacular/p/four.toml": {Data: []byte("id = \"four\"\n")},
	}
	req := lifecycle.StagedStubRequest{Change: "c", Version: "0.12.0", TestType: "go"}
	tests := []struct {
		name    string
		staged  []string
		req     func(r lifecycle.StagedStubRequest) lifecycle.StagedStubRequest
		want    []string
		wantErr string
	}{
		{"all missing stages the scenario with no contract and the rewritten one", nil,
			func(r lifecycle.StagedStubRequest) lifecycle.StagedStubRequest { r.AllMissing = true; return r },
			[]string{".espectacular/changes/c/p/three.toml", ".espectacular/changes/c/p/one.toml"}, ""},
		{"all missing of a capability", nil,
			func(r lifecycle.StagedStubRequest) lifecycle.StagedStubRequest {
				r.AllMissing, r.Capability = true, "p"
				return r
			},
			[]string{".espectacular/changes/c/p/three.toml", ".espectacular/changes/c/p/one.toml"}, ""},
		{"all missing skips a staged contract", []string{".espectacular/changes/c/p/three.toml", ".espectacular/changes/c/p/one.toml"},
			func(r lifecycle.StagedStubRequest) lifecycle.StagedStubRequest { r.AllMissing = true; return r },
			nil, ""},
		{"named: a rewritten scenario may get a staged contract", nil,
			func(r lifecycle.StagedStubRequest) lifecycle.StagedStubRequest {
				r.Capability, r.IDs = "p", []string{"three", "one", "three"}
				return r
			},
			[]string{".espectacular/changes/c/p/three.toml", ".espectacular/changes/c/p/one.toml"}, ""},
		{"named: an existing staged contract is refused", []string{".espectacular/changes/c/p/one.toml"},
			func(r lifecycle.StagedStubRequest) lifecycle.StagedStubRequest {
				r.Capability, r.IDs = "p", []string{"one"}
				return r
			},
			nil, "refusing to overwrite .espectacular/changes/c/p/one.toml: a staged contract exists already"},
		{"named: a scenario the change does not write is unknown", nil,
			func(r lifecycle.StagedStubRequest) lifecycle.StagedStubRequest {
				r.Capability, r.IDs = "p", []string{"five"}
				return r
			},
			nil, `no scenario "five" in change c's spec of p; known: one, two, three`},
		{"a capability the change does not touch", nil,
			func(r lifecycle.StagedStubRequest) lifecycle.StagedStubRequest {
				r.Capability, r.IDs = "q", []string{"one"}
				return r
			},
			nil, `no capability "q" in change c's specs; known: p`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			fsys := fstest.MapFS{}
			for k, v := range base {
				fsys[k] = v
			}
			for _, p := range tt.staged {
				fsys[p] = &fstest.MapFile{Data: []byte("id = \"x\"\n")}
			}
			deployed, err := spec.Discover(fsys, "openspec/specs")
			require.NoError(t, err)
			changes, err := overlay.Load(fsys, "openspec/changes", 1<<20, []string{"c"})
			require.NoError(t, err)
			r := req
			r.Delta, r.Scopes = changes[0].Files, lifecycle.ChangeScope(fsys, deployed, changes[0])
			r = tt.req(r)
			ops, err := lifecycle.StagedStubs(fsys, r)
			if tt.wantErr != "" {
				require.Error(t, err)
				assert.Contains(t, err.Error(), tt.wantErr)
				return
			}
			require.NoError(t, err)
			var paths []string
			for _, op := range ops {
				paths = append(paths, op.Path)
				if op.Path == ".espectacular/changes/c/p/one.toml" {
					assert.Equal(t, "id = \"one\"\n", string(op.Data), "a copy of the deployed contract")
					continue
				}
				assert.Contains(t, string(op.Data), "authored_with = \"0.12.0\"")
			}
			assert.Equal(t, tt.want, paths)
		})
	}
}
