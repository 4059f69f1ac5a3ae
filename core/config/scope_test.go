package config_test

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/espectacular/ah/core/config"
)

// TestScopeUnmatched: every [scope] entry matching no scenario is named
// with its key, include and exclude alike (issue 39).
func TestScopeUnmatched(t *testing.T) {
	units := []string{"cli/help", "cli/version", "compiler/reject-empty-input", "auth/sso/login"}
	tests := []struct {
		name  string
		scope config.Scope
		want  []config.ScopeEntry
	}{
		{"all match", config.Scope{Include: []string{"cli", "compiler/*", "auth"}, Exclude: []string{"cli/help"}}, nil},
		{"a nested capability", config.Scope{Include: []string{"auth/sso"}}, nil},
		{"a typo in include", config.Scope{Include: []string{"cli", "cc"}}, []config.ScopeEntry{{"scope.include[1]", "cc"}}},
		{"a glob matching nothing", config.Scope{Include: []string{"cli/x-*"}}, []config.ScopeEntry{{"scope.include[0]", "cli/x-*"}}},
		{"a stale exclude", config.Scope{Exclude: []string{"cli/helpp"}}, []config.ScopeEntry{{"scope.exclude[0]", "cli/helpp"}}},
		{"no units", config.Scope{Include: []string{"cli"}}, []config.ScopeEntry{{"scope.include[0]", "cli"}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			u := units
			if tt.name == "no units" {
				u = nil
			}
			assert.Equal(t, tt.want, tt.scope.Unmatched(u))
		})
	}
}
