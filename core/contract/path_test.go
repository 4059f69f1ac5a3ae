package contract_test

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/espectacular/ah/core/contract"
)

func TestPathSplit(t *testing.T) {
	tests := []struct {
		root, p, capability, id string
		ok                      bool
	}{
		{".espectacular", ".espectacular/gate/x.toml", "gate", "x", true},
		{".espectacular", ".espectacular/a/b/x.toml", "a/b", "x", true},
		{".espectacular/changes/c1", ".espectacular/changes/c1/a/x.toml", "a", "x", true},
		{".espectacular", ".espectacular/config.toml", "", "config", false},
		{".espectacular", ".espectacular/gate/notes.md", "gate", "notes.md", false},
		{".espectacular", "elsewhere/gate/x.toml", "elsewhere/gate", "x", false},
	}
	for _, tt := range tests {
		capability, id, ok := contract.Split(tt.root, tt.p)
		assert.Equal(t, []any{tt.capability, tt.id, tt.ok}, []any{capability, id, ok}, "Split(%q, %q)", tt.root, tt.p)
		if ok {
			assert.Equal(t, tt.p, contract.Path(tt.root, capability, id), "Path is Split's inverse")
		}
	}
}
