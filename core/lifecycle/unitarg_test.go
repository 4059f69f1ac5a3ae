package lifecycle_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/espectacular/ah/core/lifecycle"
)

// TestScenarioArgs covers the two ways to name scenarios: "CAP ID..." and
// the CAP/ID form [scope] include, ah check and completion use (a trial
// typed `ah contract new hooks/<id>` and got a usage error).
func TestScenarioArgs(t *testing.T) {
	caps := map[string]bool{"hooks": true, "store": true, "store/cache": true}
	isCap := func(name string) bool { return caps[name] }
	tests := []struct {
		name    string
		args    []string
		wantCap string
		wantIDs []string
		wantErr string
	}{
		{"nothing", nil, "", nil, ""},
		{"capability and ids", []string{"hooks", "a", "b"}, "hooks", []string{"a", "b"}, ""},
		{"capability alone", []string{"hooks"}, "hooks", nil, ""},
		{"unit form", []string{"hooks/a"}, "hooks", []string{"a"}, ""},
		{"unit form, several", []string{"hooks/a", "hooks/b"}, "hooks", []string{"a", "b"}, ""},
		{"nested capability unit", []string{"store/cache/hit"}, "store/cache", []string{"hit"}, ""},
		{"a nested capability keeps its meaning", []string{"store/cache"}, "store/cache", nil, ""},
		{"nested capability and ids", []string{"store/cache", "hit"}, "store/cache", []string{"hit"}, ""},
		{"trailing slash of a completed directory", []string{"hooks/", "a"}, "hooks", []string{"a"}, ""},
		{"unknown capability passes through", []string{"nope", "a"}, "nope", []string{"a"}, ""},
		{"unit of an unknown capability", []string{"nope/a"}, "nope", []string{"a"}, ""},
		{"a unit after a capability", []string{"hooks", "hooks/a"}, "", nil,
			`"hooks/a" is not a scenario id (ids never contain "/"): name the scenarios as hooks a or as hooks/a`},
		{"a bare id after a unit", []string{"hooks/a", "b"}, "", nil,
			`"b" after "hooks/a": name every scenario as CAPABILITY/ID (hooks/b), or the capability once then the ids (hooks a b)`},
		{"two capabilities", []string{"hooks/a", "store/b"}, "", nil,
			`"hooks/a" and "store/b" are scenarios of two capabilities: name one capability per command`},
		{"empty id", []string{"nope/"}, "nope", nil, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			gotCap, gotIDs, err := lifecycle.ScenarioArgs(tt.args, isCap)
			if tt.wantErr != "" {
				var ie *lifecycle.InputError
				require.ErrorAs(t, err, &ie, "a usage error (exit 2)")
				assert.Equal(t, tt.wantErr, err.Error())
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tt.wantCap, gotCap)
			assert.Equal(t, tt.wantIDs, gotIDs)
		})
	}
}
