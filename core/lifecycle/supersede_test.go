package lifecycle_test

import (
	"testing"

	"github.com/espectacular/ah/core/lifecycle"
	"github.com/espectacular/ah/core/spec"
)

func TestSupersede(t *testing.T) {
	deployed := []spec.File{
		{Capability: "o", Scenarios: []spec.Scenario{{ID: "z"}}},
		{Capability: "p", Scenarios: []spec.Scenario{{ID: "a"}, {ID: "b"}}},
	}
	active := "id = \"a\"\nstatus = \"active\"\n"
	base := map[string]string{"openspec/changes/c/proposal.md": "", ".espectacular/p/a.toml": active}
	with := func(extra map[string]string) map[string]string {
		out := map[string]string{}
		for k, v := range base {
			out[k] = v
		}
		for k, v := range extra {
			out[k] = v
		}
		return out
	}
	req := lifecycle.SupersedeRequest{Deployed: deployed, Changes: "openspec/changes", Capability: "p", OldID: "a", NewID: "b", Change: "c"}
	tests := []struct {
		name    string
		files   map[string]string
		edit    func(*lifecycle.SupersedeRequest)
		want    string
		wantErr string
	}{
		{"replaced by a deployed scenario", base, nil, "id = \"a\"\nstatus = \"superseded\"\nsuperseded_by = \"b\"\n", ""},
		{"replaced by a scenario of the change's delta",
			with(map[string]string{"openspec/changes/c/specs/p/spec.md": "## ADDED Requirements\n### Requirement: R\n#### Scenario: New one\n- **THEN** x\n"}),
			func(r *lifecycle.SupersedeRequest) { r.NewID = "new-one" }, "id = \"a\"\nstatus = \"superseded\"\nsuperseded_by = \"new-one\"\n", ""},
		{"unknown change", base, func(r *lifecycle.SupersedeRequest) { r.Change = "d" }, "", `no change "d" under openspec/changes; known: c`},
		{"unknown capability", base, func(r *lifecycle.SupersedeRequest) { r.Capability = "x" }, "", `no capability "x" in the deployed specs; known: o, p`},
		{"old scenario not deployed", base, func(r *lifecycle.SupersedeRequest) { r.OldID = "z" }, "", `no scenario "z" in the deployed specs; known: a, b`},
		{"replacement nowhere", base, func(r *lifecycle.SupersedeRequest) { r.NewID = "z" }, "",
			`replacement scenario "z" is neither deployed in p nor in change c's delta: add it first (ah scenario new c p ...)`},
		{"no deployed contract", with(map[string]string{".espectacular/p/a.toml/x": ""}), func(r *lifecycle.SupersedeRequest) { r.OldID = "b"; r.NewID = "a" }, "",
			"read .espectacular/p/b.toml: "},
		{"no status line", with(map[string]string{".espectacular/p/a.toml": "id = \"a\"\n"}), nil, "",
			".espectacular/p/a.toml has no top-level status"},
		{"staged already", with(map[string]string{".espectacular/changes/c/p/a.toml": active}), nil, "",
			"refusing to overwrite .espectacular/changes/c/p/a.toml: the change stages that contract already; nothing was written"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			checkPlan(t, lifecycle.Supersede, tt.files, req, tt.edit, tt.wantErr,
				[]lifecycle.Op{{Path: ".espectacular/changes/c/p/a.toml", Data: []byte(tt.want), Create: true}})
		})
	}
}
