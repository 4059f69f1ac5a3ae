package acceptance_test

import (
	"archive/tar"
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// actionStep is one step of action.yml's composite run: its env (input
// expressions resolved), working directory and run line.
type actionStep struct {
	name, run, workdir string
	env                map[string]string
}

var inputExpr = regexp.MustCompile(`\$\{\{\s*inputs\.([\w-]+)\s*\}\}`)

// actionSteps reads action.yml's steps as the runner would run them with
// inputs (unset inputs take their defaults), the action at root.
func actionSteps(t *testing.T, root string, inputs map[string]string) []actionStep {
	t.Helper()
	text := readRepoFile(t, "action.yml")
	defaults := map[string]string{}
	_, ins, _ := strings.Cut(text, "\ninputs:\n")
	ins, _, _ = strings.Cut(ins, "\noutputs:")
	var current string
	for line := range strings.SplitSeq(ins, "\n") {
		if m := regexp.MustCompile(`^  ([\w-]+):$`).FindStringSubmatch(line); m != nil {
			current = m[1]
			defaults[current] = ""
		}
		if v, ok := strings.CutPrefix(line, "    default: "); ok {
			defaults[current] = strings.Trim(v, `"`)
		}
	}
	resolve := func(s string) string {
		s = strings.ReplaceAll(s, "${{ github.action_path }}", root)
		return inputExpr.ReplaceAllStringFunc(s, func(e string) string {
			name := inputExpr.FindStringSubmatch(e)[1]
			if v, ok := inputs[name]; ok {
				return v
			}
			v, ok := defaults[name]
			require.True(t, ok, "action.yml uses the undeclared input %s", name)
			return v
		})
	}
	_, body, ok := strings.Cut(text, "\n  steps:\n")
	require.True(t, ok, "action.yml has no runs.steps")
	var steps []actionStep
	inEnv := false
	for line := range strings.SplitSeq(body, "\n") {
		trimmed := strings.TrimSpace(line)
		switch {
		case strings.HasPrefix(line, "    - "):
			steps = append(steps, actionStep{env: map[string]string{}})
			inEnv = false
			trimmed = strings.TrimPrefix(trimmed, "- ")
		case trimmed == "":
			continue
		}
		require.NotEmpty(t, steps, "action.yml: %q before the first step", line)
		s := &steps[len(steps)-1]
		key, value, _ := strings.Cut(trimmed, ": ")
		switch {
		case trimmed == "env:":
			inEnv = true
		case inEnv && strings.HasPrefix(line, "        "):
			s.env[key] = resolve(value)
		case key == "name":
			s.name, inEnv = value, false
		case key == "run":
			s.run, inEnv = resolve(value), false
		case key == "working-directory":
			s.workdir, inEnv = resolve(value), false
		case key == "uses":
			t.Fatalf("action.yml step %q uses another action: this test runs run steps only", s.name)
		default:
			inEnv = false
		}
	}
	return steps
}

// runAction runs action.yml's steps in repo as GitHub's runner does: each
// step's run line in bash with its env, GITHUB_PATH lines prepended to
// PATH for the later steps, GITHUB_OUTPUT collected. It returns the last
// step's output and exit code (a failing step ends the job).
func runAction(t *testing.T, root, repo, releases string, inputs map[string]string) (string, int, string) {
	t.Helper()
	tmp := t.TempDir()
	ghPath, ghOut := filepath.Join(tmp, "path"), filepath.Join(tmp, "output")
	require.NoError(t, os.WriteFile(ghPath, nil, 0o644))
	require.NoError(t, os.WriteFile(ghOut, nil, 0o644))
	var out bytes.Buffer
	for _, s := range actionSteps(t, root, inputs) {
		cmd := exec.Command("bash", "-e", "-c", s.run)
		cmd.Dir = repo
		if s.workdir != "" {
			cmd.Dir = filepath.Join(repo, s.workdir)
		}
		added, err := os.ReadFile(ghPath)
		require.NoError(t, err)
		path := os.Getenv("PATH")
		for _, d := range strings.Fields(string(added)) {
			path = d + string(os.PathListSeparator) + path
		}
		cmd.Env = append(os.Environ(), "PATH="+path, "GITHUB_PATH="+ghPath, "GITHUB_OUTPUT="+ghOut,
			"RUNNER_TEMP="+tmp, "RUNNER_OS=Linux", "RUNNER_ARCH=X64", "AH_RELEASE_URL=file://"+releases,
			"HOME="+tmp, "NO_COLOR=1")
		for k, v := range s.env {
			cmd.Env = append(cmd.Env, k+"="+v)
		}
		out.Reset()
		cmd.Stdout, cmd.Stderr = &out, &out
		err = cmd.Run()
		if ee, ok := err.(*exec.ExitError); ok {
			b, _ := os.ReadFile(ghOut)
			return fmt.Sprintf("step %q:\n%s", s.name, out.String()), ee.ExitCode(), string(b)
		}
		require.NoError(t, err, "step %q", s.name)
	}
	b, err := os.ReadFile(ghOut)
	require.NoError(t, err)
	return out.String(), 0, string(b)
}

// fakeRelease writes a release of version as GoReleaser names it, the
// archive holding this test binary as ah (testscript runs it as ah by that
// name), with its checksums file.
func fakeRelease(t *testing.T, version string) string {
	t.Helper()
	exe, err := os.Executable()
	require.NoError(t, err)
	bin, err := os.ReadFile(exe)
	require.NoError(t, err)
	var gz bytes.Buffer
	zw := gzip.NewWriter(&gz)
	tw := tar.NewWriter(zw)
	for _, f := range []struct {
		name string
		mode int64
		data []byte
	}{{"ah", 0o755, bin}, {"README.md", 0o644, []byte("ah\n")}} {
		require.NoError(t, tw.WriteHeader(&tar.Header{Name: f.name, Mode: f.mode, Size: int64(len(f.data))}))
		_, err = tw.Write(f.data)
		require.NoError(t, err)
	}
	require.NoError(t, tw.Close())
	require.NoError(t, zw.Close())
	dir := t.TempDir()
	archive := fmt.Sprintf("ah_%s_linux_amd64.tar.gz", version)
	require.NoError(t, os.WriteFile(filepath.Join(dir, archive), gz.Bytes(), 0o644))
	sum := sha256.Sum256(gz.Bytes())
	sums := fmt.Sprintf("%s  %s\n0000  ah_%s_darwin_arm64.tar.gz\n", hex.EncodeToString(sum[:]), archive, version)
	require.NoError(t, os.WriteFile(filepath.Join(dir, "ah_"+version+"_checksums.txt"), []byte(sums), 0o644))
	return dir
}

// actionRepo has a passing and a failing scenario.
func actionRepo(t *testing.T) string {
	t.Helper()
	repo := t.TempDir()
	contract := "id = %q\ndescription = \"\"\narchetype = \"PF\"\nstatus = \"active\"\nauthored_with = \"0.1.0\"\n\n[[tests.shell]]\ncommand = %q\n"
	for name, body := range map[string]string{
		".espectacular/config.toml":   "tool_version = \"0.1.0\"\n",
		"openspec/specs/c/spec.md":    "# c\n\n### Requirement: R\n\n#### Scenario: Works\n\nbody\n\n#### Scenario: Breaks\n\nbody\n",
		".espectacular/c/works.toml":  fmt.Sprintf(contract, "works", "true"),
		".espectacular/c/breaks.toml": fmt.Sprintf(contract, "breaks", "false"),
	} {
		require.NoError(t, os.MkdirAll(filepath.Dir(filepath.Join(repo, name)), 0o755))
		require.NoError(t, os.WriteFile(filepath.Join(repo, name), []byte(body), 0o644))
	}
	return repo
}

// TestActionSteps runs action.yml's own steps against a local release: the
// install step verifies the checksum and puts ah on PATH; the run step
// gates with annotations; shards write reports and exit 0, and the merge
// step gives the whole run's annotations and verdict; a tampered archive
// is refused.
func TestActionSteps(t *testing.T) {
	if runtime.GOOS != "linux" || runtime.GOARCH != "amd64" {
		t.Skip("the fake release holds this test binary for linux/amd64")
	}
	for _, tool := range []string{"bash", "curl", "tar", "sha256sum"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skipf("%s is not on PATH (GitHub's runners have it)", tool)
		}
	}
	root, err := filepath.Abs("..")
	require.NoError(t, err)
	releases := fakeRelease(t, "9.9.9")

	t.Run("check", func(t *testing.T) {
		repo := actionRepo(t)
		out, code, _ := runAction(t, root, repo, releases, map[string]string{"version": "v9.9.9", "args": "--run-tests --all-tests"})
		assert.Equal(t, 1, code, out)
		assert.Contains(t, out, "::error file=")
		assert.Contains(t, out, "breaks")
	})

	t.Run("shards and merge", func(t *testing.T) {
		repo := actionRepo(t)
		for _, shard := range []string{"1/2", "2/2"} {
			out, code, outputs := runAction(t, root, repo, releases, map[string]string{"version": "9.9.9", "args": "--run-tests --all-tests", "shard": shard})
			require.Equal(t, 0, code, "a shard exits 0 so its report reaches the merge:\n%s", out)
			k := shard[:1]
			assert.Contains(t, outputs, "report=ah-shard-"+k+".json")
			assert.FileExists(t, filepath.Join(repo, "ah-shard-"+k+".json"))
		}
		out, code, _ := runAction(t, root, repo, releases, map[string]string{"version": "9.9.9", "merge": "ah-shard-*.json"})
		assert.Equal(t, 1, code, "the merge gives the whole run's verdict:\n%s", out)
		assert.Contains(t, out, "::error file=")
		assert.Contains(t, out, "breaks")
	})

	t.Run("tampered archive", func(t *testing.T) {
		bad := t.TempDir()
		require.NoError(t, os.CopyFS(bad, os.DirFS(releases)))
		archive := filepath.Join(bad, "ah_9.9.9_linux_amd64.tar.gz")
		require.NoError(t, os.WriteFile(archive, []byte("not the release"), 0o644))
		out, code, _ := runAction(t, root, actionRepo(t), bad, map[string]string{"version": "9.9.9"})
		assert.Equal(t, 1, code, out)
		assert.Contains(t, out, "does not match ah_9.9.9_checksums.txt")
		assert.Contains(t, out, "not installed")
	})
}
