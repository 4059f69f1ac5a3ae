package acceptance_test

import (
	"encoding/json"
	"io/fs"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/txtar"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/espectacular/ah/core/doctor"
	"github.com/espectacular/ah/core/finding"
)

// TestApplyCommandOnlyForMechanicalActions: seed 004 "apply_command is
// conditionally present" (issue 16). It walks every finding kind ah can
// produce: a new finding never carries an apply_command by itself, and only
// enable_capability is mechanical (issue 27: a no-toml stub is no repair,
// so `ah contract new` is review_and_apply's step, never an apply_command).
// Then it walks every finding of every golden envelope: apply_command is
// set exactly when suggested_action is mechanical, and then it is `ah
// doctor --enable <capability>` naming a capability --enable knows;
// human_review_required, edit_code_not_scenario, review_and_apply,
// run_ah_sync and fix_tool_invocation findings carry null.
func TestApplyCommandOnlyForMechanicalActions(t *testing.T) {
	for _, k := range finding.Kinds() {
		f := finding.New(k, "m")
		assert.Nil(t, f.ApplyCommand, "finding.New(%s) fabricated an apply_command", k)
	}
	for _, a := range finding.Actions() {
		assert.Equal(t, a == finding.EnableCapability, a.Mechanical(), "%s.Mechanical()", a)
	}
	seen := map[string]int{}
	err := filepath.WalkDir("testdata", func(path string, d fs.DirEntry, err error) error {
		if err != nil || (d.IsDir() && d.Name() == "fixtures") {
			if err == nil {
				err = fs.SkipDir
			}
			return err
		}
		if d.IsDir() || !strings.HasSuffix(path, ".txtar") {
			return nil
		}
		ar, err := txtar.ParseFile(path)
		if err != nil {
			return err
		}
		for _, af := range ar.Files {
			if name := filepath.Base(af.Name); strings.HasPrefix(name, "want") && strings.HasSuffix(name, ".json") {
				walkFindings(t, path+": "+af.Name, af.Data, seen)
			}
		}
		return nil
	})
	require.NoError(t, err)
	assert.Positive(t, seen[string(finding.EnableCapability)], "no golden shows an enable_capability finding with its apply_command")
	assert.Positive(t, seen["null"], "no golden shows a finding with a null apply_command")
}

// walkFindings checks the rule on every object with a suggested_action in
// a golden JSON document, counting what it saw.
func walkFindings(t *testing.T, where string, data []byte, seen map[string]int) {
	var doc any
	if json.Unmarshal(data, &doc) != nil {
		return // TestGoldenJSONMatchesSchema reports it
	}
	var walk func(v any)
	walk = func(v any) {
		switch x := v.(type) {
		case []any:
			for _, e := range x {
				walk(e)
			}
		case map[string]any:
			if action, ok := x["suggested_action"].(string); ok {
				checkApply(t, where, x, action, seen)
			}
			for _, e := range x {
				walk(e)
			}
		}
	}
	walk(doc)
}

func checkApply(t *testing.T, where string, f map[string]any, action string, seen map[string]int) {
	apply, hasKey := f["apply_command"]
	if !finding.Action(action).Mechanical() {
		assert.True(t, hasKey, "%s: a %s finding has no apply_command key", where, f["kind"])
		assert.Nil(t, apply, "%s: a %s finding (suggested_action %s) carries apply_command %v", where, f["kind"], action, apply)
		seen["null"]++
		return
	}
	cmd, _ := apply.(string)
	capability, ok := strings.CutPrefix(cmd, "ah doctor --enable ")
	if assert.True(t, ok, "%s: apply_command %q is not an ah doctor --enable invocation", where, cmd) {
		assert.True(t, slices.Contains(doctor.Capabilities(), capability), "%s: apply_command %q names a capability --enable does not know", where, cmd)
	}
	seen[action]++
}
