package lifecycle_test

import (
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/espectacular/ah/core/lifecycle"
	"github.com/espectacular/ah/core/spec"
)

func TestStubs(t *testing.T) {
	files := []spec.File{
		{Capability: "skipped", Skipped: errors.New("too large")},
		{Capability: "p", Scenarios: []spec.Scenario{{ID: "a", Title: "A"}, {ID: "b", Title: "B"}, {ID: "", Title: "!"}, {ID: "a", Title: "A again"}}},
		{Capability: "q", Scenarios: []spec.Scenario{{ID: "c", Title: "C"}}},
	}
	stub := func(id, title string) string { return string(lifecycle.Stub(id, title, "0.12.0", "go")) }
	tests := []struct {
		name    string
		files   map[string]string
		req     lifecycle.StubRequest
		want    map[string]string // path -> content, in plan order via wantOrder
		order   []string
		wantErr string
	}{
		{"named scenarios in the order given, once each", nil,
			lifecycle.StubRequest{Capability: "p", IDs: []string{"b", "a", "b"}},
			map[string]string{".espectacular/p/b.toml": stub("b", "B"), ".espectacular/p/a.toml": stub("a", "A")},
			[]string{".espectacular/p/b.toml", ".espectacular/p/a.toml"}, ""},
		{"all missing of every capability skips existing and empty ids",
			map[string]string{".espectacular/p/a.toml": "x"},
			lifecycle.StubRequest{AllMissing: true},
			map[string]string{".espectacular/p/b.toml": stub("b", "B"), ".espectacular/q/c.toml": stub("c", "C")},
			[]string{".espectacular/p/b.toml", ".espectacular/q/c.toml"}, ""},
		{"all missing of one capability", nil,
			lifecycle.StubRequest{Capability: "q", AllMissing: true},
			map[string]string{".espectacular/q/c.toml": stub("c", "C")},
			[]string{".espectacular/q/c.toml"}, ""},
		{"a directory in the way counts as present", map[string]string{".espectacular/q/c.toml/x": ""},
			lifecycle.StubRequest{Capability: "q", AllMissing: true}, map[string]string{}, []string{}, ""},
		{"a named existing contract is refused", map[string]string{".espectacular/p/a.toml": "x", ".espectacular/p/b.toml": "y"},
			lifecycle.StubRequest{Capability: "p", IDs: []string{"a", "b"}}, nil, nil,
			"refusing to overwrite .espectacular/p/a.toml, .espectacular/p/b.toml: a contract exists already (edit it instead); nothing was written"},
		{"a capability's stubs suggest the framework its contracts use",
			map[string]string{".espectacular/q/old.toml": "id = \"old\"\n[[tests.pytest]]\nflags = \"a\"\n[[tests.pytest]]\nflags = \"b\"\n[[tests.shell]]\ncommand = \"true\"\n"},
			lifecycle.StubRequest{AllMissing: true},
			map[string]string{".espectacular/p/a.toml": stub("a", "A"), ".espectacular/p/b.toml": stub("b", "B"),
				".espectacular/q/c.toml": string(lifecycle.Stub("c", "C", "0.12.0", "pytest"))},
			[]string{".espectacular/p/a.toml", ".espectacular/p/b.toml", ".espectacular/q/c.toml"}, ""},
		{"unknown capability lists the readable ones", nil,
			lifecycle.StubRequest{Capability: "skipped", AllMissing: true}, nil, nil,
			`no capability "skipped" in the deployed specs; known: p, q`},
		{"unknown scenario lists the capability's", nil,
			lifecycle.StubRequest{Capability: "q", IDs: []string{"c", "zz"}}, nil, nil,
			`no scenario "zz" in the deployed specs; known: c`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			req := tt.req
			req.Files, req.Version, req.TestType = files, "0.12.0", "go"
			ops, err := lifecycle.Stubs(newRepo(tt.files).fs, req)
			if tt.wantErr != "" {
				require.EqualError(t, err, tt.wantErr)
				assert.Nil(t, ops)
				return
			}
			require.NoError(t, err)
			got := map[string]string{}
			order := []string{}
			for _, op := range ops {
				got[op.Path] = string(op.Data)
				order = append(order, op.Path)
				assert.False(t, op.Remove)
			}
			assert.Equal(t, tt.want, got)
			assert.Equal(t, tt.order, order)
		})
	}
}

func TestUnknownErrorWithoutKnownNames(t *testing.T) {
	_, err := lifecycle.Stubs(newRepo(nil).fs, lifecycle.StubRequest{Capability: "p"})
	require.EqualError(t, err, `no capability "p" in the deployed specs; known: none`)
	var ue *lifecycle.UnknownError
	require.ErrorAs(t, err, &ue)
	ue.Where = "under openspec/changes"
	assert.Equal(t, `no capability "p" under openspec/changes; known: none`, ue.Error())
}
