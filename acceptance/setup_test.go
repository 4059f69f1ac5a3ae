package acceptance_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"

	"github.com/rogpeppe/go-internal/testscript"

	"github.com/espectacular/ah/acceptance/internal/fakespk"
	"github.com/espectacular/ah/core/schema"
)

// setup gives every script a git identity and stable commit dates, so git
// fixtures produce the same hashes on every run.
func setup(env *testscript.Env) error {
	env.Setenv("HOME", env.WorkDir)
	// ah's user cache (probe results, issue 40) lives outside the work
	// directory, which is the repository of most scripts: a cache file
	// there would be a changed file to selection.
	cache, err := os.MkdirTemp("", "ah-acceptance-cache-")
	if err != nil {
		return err
	}
	env.Defer(func() { os.RemoveAll(cache) })
	env.Setenv("XDG_CACHE_HOME", cache)
	env.Setenv("NO_COLOR", "1")
	env.Setenv("GIT_AUTHOR_DATE", "2026-01-01T00:00:00Z")
	env.Setenv("GIT_COMMITTER_DATE", "2026-01-01T00:00:00Z")
	env.Values[scriptT{}] = env.T()
	toolEnv(env)
	if err := expandVersion(env); err != nil {
		return err
	}
	pythonFirst(env)
	gitconfig := "[user]\n\tname = ah test\n\temail = ah@example.invalid\n[init]\n\tdefaultBranch = main\n"
	return os.WriteFile(filepath.Join(env.WorkDir, ".gitconfig"), []byte(gitconfig), 0o644)
}

func commands() map[string]func(ts *testscript.TestScript, neg bool, args []string) {
	return map[string]func(ts *testscript.TestScript, neg bool, args []string){
		"fixture":                cmdFixture,
		"need":                   cmdNeed,
		"jsonschema":             cmdJSONSchema,
		"path-only":              cmdPathOnly,
		"sarif-validate":         cmdSARIFValidate,
		"fake-spk":               cmdFakeSpk,
		"json":                   cmdJSONField,
		"jsonset":                cmdJSONSet,
		"corpus":                 cmdCorpus,
		"mcp-session":            cmdMCPSession,
		"mcp-close-during-check": cmdMCPCloseDuringCheck,
	}
}

// cmdFixture copies testdata/fixtures/NAME into the current directory.
func cmdFixture(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 1 {
		ts.Fatalf("usage: fixture NAME")
	}
	src, err := filepath.Abs(filepath.Join("testdata", "fixtures", args[0]))
	ts.Check(err)
	ts.Check(os.CopyFS(ts.MkAbs("."), os.DirFS(src)))
}

// cmdJSONSchema validates a JSON file against an embedded schema:
// jsonschema SCHEMA FILE.
func cmdJSONSchema(ts *testscript.TestScript, neg bool, args []string) {
	if len(args) != 2 {
		ts.Fatalf("usage: jsonschema SCHEMA FILE")
	}
	data := []byte(ts.ReadFile(args[1]))
	var v any
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	ts.Check(dec.Decode(&v))
	problems, err := schema.Validate(args[0], v)
	ts.Check(err)
	if len(problems) > 0 && !neg {
		var b strings.Builder
		for _, p := range problems {
			fmt.Fprintf(&b, "\n  %s", p)
		}
		ts.Fatalf("%s does not match %s:%s", args[1], args[0], b.String())
	}
	if len(problems) == 0 && neg {
		ts.Fatalf("%s unexpectedly matches %s", args[1], args[0])
	}
}

// condition adds [tool:NAME]: true when NAME runs here, and
// [pymodule:NAME]: true when python3 imports NAME. With
// AH_REQUIRE_TOOLS=1 a missing tool fails the script instead of skipping it.
func condition(cond string) (bool, error) {
	if cond == "mountns" {
		return mountNamespace(), nil
	}
	if fixture, ok := strings.CutPrefix(cond, "installed:"); ok {
		return installed(fixture)
	}
	if module, ok := strings.CutPrefix(cond, "pymodule:"); ok {
		// [pymodule:NAME]: python3 imports NAME (pytest-cov is a Debian
		// package of its own, not every machine has it).
		// The scripts' python3 is pythonDir's when set (pythonFirst).
		python := "python3"
		if pythonDir != "" {
			python = filepath.Join(pythonDir, "python3")
		}
		if exec.Command(python, "-c", "import "+module).Run() == nil {
			return true, nil
		}
		if os.Getenv("AH_REQUIRE_TOOLS") == "1" {
			return false, fmt.Errorf("the Python module %s is required (AH_REQUIRE_TOOLS=1) but python3 cannot import it", module)
		}
		return false, nil
	}
	name, ok := strings.CutPrefix(cond, "tool:")
	if !ok {
		return false, fmt.Errorf("unknown condition %q", cond)
	}
	if _, err := exec.LookPath(name); err == nil {
		return true, nil
	}
	if os.Getenv("AH_REQUIRE_TOOLS") == "1" {
		return false, fmt.Errorf("%s is required (AH_REQUIRE_TOOLS=1) but not on PATH", name)
	}
	return false, nil
}

// mountNamespace reports whether this machine lets a script mount a
// filesystem in a private mount namespace (`unshare -rm`, an unprivileged
// user namespace): a full disk is then a tiny tmpfs seen by that script
// alone, never the machine's.
var mountNamespace = sync.OnceValue(func() bool {
	dir, err := os.MkdirTemp("", "ah-mountns-")
	if err != nil {
		return false
	}
	defer os.Remove(dir)
	return exec.Command("unshare", "-rm", "mount", "-t", "tmpfs", "-o", "size=16k", "tmpfs", dir).Run() == nil
})

// cmdFakeSpk writes the fake spk program as DIR/spk: to a temporary file
// first, renamed into place, so it is never executed while still open for
// writing (ETXTBSY, as the Rust ah's tests learned).
func cmdFakeSpk(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 1 {
		ts.Fatalf("usage: fake-spk DIR")
	}
	dir := ts.MkAbs(args[0])
	ts.Check(os.MkdirAll(dir, 0o755))
	tmp, err := os.CreateTemp(dir, ".spk-*")
	ts.Check(err)
	_, err = tmp.WriteString(fakespk.Script)
	ts.Check(err)
	ts.Check(tmp.Chmod(0o755))
	ts.Check(tmp.Close())
	ts.Check(os.Rename(tmp.Name(), filepath.Join(dir, "spk")))
}
