package lifecycle

import (
	"io/fs"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestAddLefthook(t *testing.T) {
	tests := []struct{ name, in, want string }{
		{"no pre-commit", "pre-push:\n  commands:\n    t:\n      run: make\n",
			"pre-push:\n  commands:\n    t:\n      run: make\npre-commit:\n  commands:\n    ah-check:\n      run: ah check\n"},
		{"pre-commit without commands", "pre-commit:\n    parallel: true\n",
			"pre-commit:\n    commands:\n        ah-check:\n            run: ah check\n    parallel: true\n"},
		{"commands with four-space steps", "pre-commit:\n    commands:\n        lint:\n            run: x\n",
			"pre-commit:\n    commands:\n        ah-check:\n            run: ah check\n        lint:\n            run: x\n"},
		{"empty file", "", "pre-commit:\n  commands:\n    ah-check:\n      run: ah check\n"},
		{"empty commands before a sibling", "pre-commit:\n  commands:\n  parallel: true\n",
			"pre-commit:\n  commands:\n    ah-check:\n      run: ah check\n  parallel: true\n"},
		{"another hook's commands are not pre-commit's", "pre-commit:\n  parallel: true\npre-push:\n  commands:\n    a:\n      run: x\n",
			"pre-commit:\n  commands:\n    ah-check:\n      run: ah check\n  parallel: true\npre-push:\n  commands:\n    a:\n      run: x\n"},
		{"commands after a deeper-indented sibling block", "pre-commit:\n  skip:\n        - merge\n  commands:\n    a:\n      run: x\n",
			"pre-commit:\n  skip:\n        - merge\n  commands:\n    ah-check:\n      run: ah check\n    a:\n      run: x\n"},
		{"commands after a comment and a sibling", "pre-commit:\n# note\n   parallel: true\n   commands:\n     a:\n       run: x\nother: 1\n",
			"pre-commit:\n# note\n   parallel: true\n   commands:\n     ah-check:\n       run: ah check\n     a:\n       run: x\nother: 1\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := addLefthook(tt.in)
			require.NoError(t, err)
			assert.Equal(t, tt.want, got)
			assert.True(t, lefthookWired(got), "the result runs ah check")
		})
	}
}

func TestHookWiredReadsTheYAML(t *testing.T) {
	// A comment or another stage mentioning ah check is not wiring: the
	// predecessor's substring test never wired such files (its GH#28).
	assert.False(t, lefthookWired("# run ah check some day\npre-push:\n  commands:\n    a:\n      run: ah check\n"))
	assert.True(t, lefthookWired("pre-commit:\n  commands:\n    mine:\n      run: ah check --strict\n"))
	assert.False(t, preCommitWired("# entry: ah check\nrepos: []\n"))
	assert.True(t, preCommitWired("repos:\n- repo: local\n  hooks:\n  - id: x\n    entry: ah check\n"))
}

func TestWireHookFallsBackToManual(t *testing.T) {
	read := func(files map[string]string) func(string) ([]byte, error) {
		return func(n string) ([]byte, error) {
			if s, ok := files[n]; ok {
				return []byte(s), nil
			}
			return nil, fs.ErrNotExist
		}
	}
	h, op := wireHook(read(map[string]string{".pre-commit-config.yaml": "repos: [{repo: x, hooks: []}]\n"}))
	assert.Nil(t, op, "a flow-style list cannot be extended line-wise")
	assert.Equal(t, HookManual, h.Status)
	h, op = wireHook(read(nil))
	assert.Nil(t, op)
	assert.Contains(t, h.Message, "no hook framework found")
}

func TestAddPreCommit(t *testing.T) {
	hook := func(in string) string {
		return in + "- repo: local\n" + in + "  hooks:\n" + in + "    - id: ah-check\n" + in + "      name: ah check\n" +
			in + "      entry: ah check\n" + in + "      language: system\n" + in + "      pass_filenames: false\n"
	}
	tests := []struct{ name, in, want string }{
		{"empty file", "", "repos:\n" + hook("  ")},
		{"no repos key, last line unterminated", "default_stages: [pre-commit]", "default_stages: [pre-commit]\nrepos:\n" + hook("  ")},
		{"appended after the last item, at its indentation",
			"repos:\n    - repo: x\n      hooks: []\n    # trailing comment\n\nci:\n  skip: []\n",
			"repos:\n    - repo: x\n      hooks: []\n" + hook("    ") + "    # trailing comment\n\nci:\n  skip: []\n"},
		{"blank lines inside the block", "repos:\n  - repo: a\n\n  - repo: b\n", "repos:\n  - repo: a\n\n  - repo: b\n" + hook("  ")},
		// Indentless items (issue 37): appended last, at column 0, so
		// every existing item keeps its index.
		{"items at column 0", "repos:\n- repo: x\n  hooks: []\n", "repos:\n- repo: x\n  hooks: []\n" + hook("")},
		{"indentless items before another key", "repos:\n- repo: x\n  hooks: []\n# about ci\nci: {}\n",
			"repos:\n- repo: x\n  hooks: []\n" + hook("") + "# about ci\nci: {}\n"},
		{"pre-commit sample-config",
			"repos:\n-   repo: x\n    rev: v1\n    hooks:\n    -   id: a\n    -   id: b\n",
			"repos:\n-   repo: x\n    rev: v1\n    hooks:\n    -   id: a\n    -   id: b\n" +
				"-   repo: local\n    hooks:\n    -   id: ah-check\n        name: ah check\n        entry: ah check\n" +
				"        language: system\n        pass_filenames: false\n"},
		{"the hooks style of the first item that has hooks",
			"repos:\n  - repo: x\n    hooks: []\n  - repo: y\n    hooks:\n    - id: a\n",
			"repos:\n  - repo: x\n    hooks: []\n  - repo: y\n    hooks:\n    - id: a\n" +
				"  - repo: local\n    hooks:\n    - id: ah-check\n      name: ah check\n      entry: ah check\n" +
				"      language: system\n      pass_filenames: false\n"},
		{"a value named repos is not the key", "name: repos\n", "name: repos\nrepos:\n" + hook("  ")},
		{"empty repos block", "repos: # none yet\n", "repos: # none yet\n" + hook("")},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := addPreCommit(tt.in)
			require.NoError(t, err)
			assert.Equal(t, tt.want, got)
			assert.True(t, preCommitWired(got), "the result runs ah check")
			assert.True(t, survives(tt.in, got), "every value the file set is kept")
		})
	}
}

// TestAddPreCommitRefusals: what ah cannot extend line-wise is refused
// with the reason, which init prints before the lines to add by hand.
func TestAddPreCommitRefusals(t *testing.T) {
	tests := []struct{ name, in, why string }{
		{"flow list", "repos: [{repo: x, hooks: []}]\n", "repos: is a flow sequence ([...]), which ah does not rewrite"},
		{"empty flow list", "repos: []\n", "repos: is a flow sequence ([...]), which ah does not rewrite"},
		{"not a list", "repos: local\n", "repos: is not a list"},
		{"top level a list", "- repo: x\n", "its top level is not a block mapping"},
		{"invalid", "repos: [\n", "it is not valid YAML (yaml: line 1: did not find expected node content)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := addPreCommit(tt.in)
			require.Error(t, err)
			assert.Equal(t, tt.why, err.Error())
			h, op := wire(Hook{Path: ".pre-commit-config.yaml"}, tt.in, preCommitWired, addPreCommit)
			assert.Nil(t, op)
			assert.Equal(t, HookManual, h.Status)
			assert.Equal(t, "could not edit .pre-commit-config.yaml safely: "+tt.why+"; "+manualHook, h.Message)
		})
	}
}

func TestWire(t *testing.T) {
	h, op := wire(Hook{Framework: "lefthook", Path: "lefthook.yml"}, "pre-push:\n  commands: {}\n", lefthookWired, addLefthook)
	assert.Equal(t, Hook{Framework: "lefthook", Path: "lefthook.yml", Status: HookWired, Message: "lefthook.yml: ah check runs before each commit"}, h)
	assert.Equal(t, &Op{Path: "lefthook.yml", Data: []byte("pre-push:\n  commands: {}\npre-commit:\n  commands:\n    ah-check:\n      run: ah check\n")}, op)

	h, op = wire(Hook{Path: "lefthook.yml"}, "pre-commit: [", lefthookWired, addLefthook)
	assert.Nil(t, op, "invalid YAML is never edited")
	assert.Equal(t, "could not edit lefthook.yml safely: it is not valid YAML (yaml: line 1: did not find expected node content); "+manualHook, h.Message)
	assert.Equal(t, HookManual, h.Status)
}

func TestWireHookOrder(t *testing.T) {
	tests := []struct {
		files     []string
		framework string
		path      string
	}{
		{[]string{".lefthook.yaml", ".pre-commit-config.yaml"}, "lefthook", ".lefthook.yaml"},
		{[]string{"lefthook.yaml", "lefthook.yml"}, "lefthook", "lefthook.yml"},
		{[]string{".pre-commit-config.yml", ".pre-commit-config.yaml"}, "pre-commit", ".pre-commit-config.yaml"},
		{[]string{".pre-commit-config.yml"}, "pre-commit", ".pre-commit-config.yml"},
	}
	for _, tt := range tests {
		h, op := wireHook(func(n string) ([]byte, error) {
			if slices.Contains(tt.files, n) {
				return nil, nil
			}
			return nil, fs.ErrNotExist
		})
		assert.Equal(t, tt.framework, h.Framework)
		assert.Equal(t, tt.path, h.Path)
		assert.Equal(t, HookWired, h.Status)
		require.NotNil(t, op)
		assert.Equal(t, tt.path, op.Path)
	}
}

// TestWireRefusesToShadowAMergedCommand: a pre-commit command inherited
// through a YAML merge key would be shadowed by the commands key ah adds;
// the re-parse proves it lost, so nothing is written.
func TestWireRefusesToShadowAMergedCommand(t *testing.T) {
	text := "base: &base\n  commands:\n    lint:\n      run: make lint\npre-commit:\n  <<: *base\n"
	h, op := wireHook(func(n string) ([]byte, error) {
		if n == "lefthook.yml" {
			return []byte(text), nil
		}
		return nil, fs.ErrNotExist
	})
	assert.Equal(t, HookManual, h.Status)
	assert.Nil(t, op)
	assert.True(t, survives("a: [1, 2]\n", "a: [1, 2, 3]\nb: x\n"))
	assert.False(t, survives("a:\n  b: 1\n", "a:\n  b: 2\n"))
	assert.True(t, survives("a:\n", "a:\n  - 1\n"), "an empty key may be filled")
	assert.False(t, survives("a:\n", "b: 1\n"), "an empty key may not go")
	assert.False(t, survives("a:\n  b:\n", "a:\n  c: 1\n"), "filling a sibling is not filling the key")
}

// TestWireHookHk: a repository using hk (hk.pkl) is told how to add ah
// check to its Pkl config, never "no hook framework found"; ah does not
// edit Pkl. A step already running ah check is recognised (issue 28).
func TestWireHookHk(t *testing.T) {
	files := map[string]string{"hk.pkl": "amends \"package://example/hk#/Config.pkl\"\nhooks {\n  [\"pre-commit\"] {\n    steps {}\n  }\n}\n"}
	read := func(n string) ([]byte, error) {
		if s, ok := files[n]; ok {
			return []byte(s), nil
		}
		return nil, fs.ErrNotExist
	}
	h, op := wireHook(read)
	assert.Nil(t, op)
	assert.Equal(t, Hook{Framework: "hk", Path: "hk.pkl", Status: HookManual,
		Message: "hk.pkl: ah does not edit Pkl; add a step to hooks[\"pre-commit\"] in it: [\"ah-check\"] { check = \"ah check\" }"}, h)

	files["hk.pkl"] = "hooks {\n  [\"pre-commit\"] {\n    steps {\n      [\"ah-check\"] { check = \"ah check\" }\n    }\n  }\n}\n"
	h, op = wireHook(read)
	assert.Nil(t, op)
	assert.Equal(t, Hook{Framework: "hk", Path: "hk.pkl", Status: HookAlready, Message: "hk.pkl already runs ah check"}, h)
}
