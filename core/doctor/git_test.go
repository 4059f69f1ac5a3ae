package doctor_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/espectacular/ah/core/adapter"
	"github.com/espectacular/ah/core/config"
	"github.com/espectacular/ah/core/doctor"
)

// TestUncommittedSpecs: inside a git work tree, specs and contracts that
// differ from HEAD are a warning (CI checks out commits and would not see
// them); other changes are not; outside a work tree there is no such check.
func TestUncommittedSpecs(t *testing.T) {
	tests := []struct {
		name     string
		worktree *doctor.Worktree
		status   doctor.Status
		message  string
	}{
		{name: "not a work tree", worktree: nil},
		{name: "clean", worktree: &doctor.Worktree{}, status: doctor.Pass,
			message: "every file under openspec/specs or .espectacular is committed"},
		{name: "other files only", worktree: &doctor.Worktree{Changes: []string{"main.go", "openspec/specs.md", ".espectacularx"}}, status: doctor.Pass},
		{name: "spec and contract", worktree: &doctor.Worktree{Changes: []string{".espectacular/c/new.toml", "main.go", "openspec/specs/c/spec.md"}},
			status:  doctor.Warn,
			message: "2 files under openspec/specs or .espectacular are untracked or modified relative to HEAD: .espectacular/c/new.toml, openspec/specs/c/spec.md; CI will not see them: commit them"},
		{name: "root below the top", worktree: &doctor.Worktree{Prefix: "tools/ah", Changes: []string{".espectacular/x.toml", "tools/ah/.espectacular/config.toml"}},
			status:  doctor.Warn,
			message: "1 file under openspec/specs or .espectacular is untracked or modified relative to HEAD: .espectacular/config.toml; CI will not see them: commit them"},
		{name: "many", worktree: &doctor.Worktree{Changes: []string{".espectacular/1", ".espectacular/2", ".espectacular/3", ".espectacular/4", ".espectacular/5", ".espectacular/6", ".espectacular/7"}},
			status:  doctor.Warn,
			message: "7 files under openspec/specs or .espectacular are untracked or modified relative to HEAD: .espectacular/1, .espectacular/2, .espectacular/3, .espectacular/4, .espectacular/5 and 2 more; CI will not see them: commit them"},
		{name: "five, all listed", worktree: &doctor.Worktree{Changes: []string{".espectacular/1", ".espectacular/2", ".espectacular/3", ".espectacular/4", ".espectacular/5"}},
			status:  doctor.Warn,
			message: "5 files under openspec/specs or .espectacular are untracked or modified relative to HEAD: .espectacular/1, .espectacular/2, .espectacular/3, .espectacular/4, .espectacular/5; CI will not see them: commit them"},
		{name: "git failed", worktree: &doctor.Worktree{Problem: "git status: exit status 128"}, status: doctor.Warn,
			message: "cannot ask git for uncommitted files: git status: exit status 128"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			repo := healthyRepo("")
			cfg, err := config.Parse(repo[config.Path].Data)
			require.NoError(t, err)
			rep, err := doctor.Diagnose(t.Context(), doctor.Input{Repo: repo, Config: &cfg, Version: "0.1.0", Facts: adapter.Scan(repo, drivers), Worktree: tt.worktree})
			require.NoError(t, err)
			var got *doctor.Check
			for i, c := range rep.Checks {
				if c.Name == "uncommitted-specs" {
					got = &rep.Checks[i]
				}
			}
			if tt.worktree == nil {
				assert.Nil(t, got)
				return
			}
			require.NotNil(t, got)
			assert.Equal(t, tt.status, got.Status)
			if tt.message != "" {
				assert.Equal(t, tt.message, got.Message)
			}
			assert.True(t, rep.Healthy(), "a warning never fails doctor")
		})
	}
}
