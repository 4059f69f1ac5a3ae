package spec_test

import (
	"testing"
	"testing/fstest"

	"github.com/espectacular/ah/core/spec"
)

// TestStoreOf: an OpenSpec 1.13 config.yaml beside the specs root may
// declare a store holding the specs elsewhere (issue 28).
func TestStoreOf(t *testing.T) {
	tests := []struct{ name, yaml, want string }{
		{"no config", "", ""},
		{"a store", "schema: spec-driven\nstore: team-plans\n", "team-plans"},
		{"quoted, with a comment", "store: \"team-plans\" # shared\n", "team-plans"},
		{"nested key is not the store", "rules:\n  store: x\n", ""},
		{"empty value", "store:\n", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			fsys := fstest.MapFS{}
			if tt.yaml != "" {
				fsys["openspec/config.yaml"] = &fstest.MapFile{Data: []byte(tt.yaml)}
			}
			got, file := spec.StoreOf(fsys, "openspec/specs")
			if got != tt.want {
				t.Errorf("StoreOf = %q, want %q", got, tt.want)
			}
			if got != "" && file != "openspec/config.yaml" {
				t.Errorf("file = %q", file)
			}
		})
	}
}
