package cli_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/espectacular/ah/cmd/ah/cli"
	"github.com/espectacular/ah/core/schema"
	"github.com/espectacular/ah/infra/execproc"
	"github.com/espectacular/ah/schemas"
)

const mcpContract = "id = %q\ndescription = \"\"\narchetype = \"PF\"\nstatus = \"active\"\nauthored_with = \"0.1.0\"\n\n[[tests.shell]]\ncommand = %q\n"

// mcpRepo has a passing, a failing and a missing contract.
func mcpRepo(t *testing.T) string {
	t.Helper()
	return writeRepo(t, map[string]string{
		".espectacular/config.toml":     "tool_version = \"0.1.0\"\n",
		"openspec/specs/c/spec.md":      "# c\n\n### Requirement: R\n\n#### Scenario: It works\n\nbody of it works\n\n#### Scenario: It fails\n\nbody\n\n#### Scenario: Missing\n\nno contract\n",
		".espectacular/c/it-works.toml": strings.ReplaceAll(strings.Replace(mcpContract, "%q", `"it-works"`, 1), "%q", `"true"`),
		".espectacular/c/it-fails.toml": strings.ReplaceAll(strings.Replace(mcpContract, "%q", `"it-fails"`, 1), "%q", `"false"`),
	})
}

// mcpSession connects a client to the server of root over the SDK's
// in-memory transports.
func mcpSession(t *testing.T, root string) *mcp.ClientSession {
	t.Helper()
	return mcpSessionPaged(t, root, cli.MCPPaging{})
}

// mcpSessionPaged is mcpSession with paging bounds (ah mcp --page-kib,
// --keep-results).
func mcpSessionPaged(t *testing.T, root string, paging cli.MCPPaging) *mcp.ClientSession {
	t.Helper()
	return connectMCP(t, root, paging, nil)
}

// connectMCP connects a client offering roots to the server of `ah -C
// chdir mcp` (chdir empty: started in the working directory, which
// getwd, when set, names).
func connectMCP(t *testing.T, chdir string, paging cli.MCPPaging, getwd func() (string, error), roots ...string) *mcp.ClientSession {
	t.Helper()
	ctx := context.Background()
	d := cli.System()
	d.Streams = &cli.IOStreams{In: strings.NewReader(""), Out: &bytes.Buffer{}, Err: &bytes.Buffer{}}
	d.Getenv = func(string) string { return "" }
	if getwd != nil {
		d.Getwd = getwd
	}
	s, err := cli.MCPServer(d, chdir, paging)
	require.NoError(t, err)
	st, ct := mcp.NewInMemoryTransports()
	ss, err := s.Connect(ctx, st, nil)
	require.NoError(t, err)
	t.Cleanup(func() { _ = ss.Close() })
	c := mcp.NewClient(&mcp.Implementation{Name: "test", Version: "0"}, nil)
	for _, r := range roots {
		c.AddRoots(&mcp.Root{URI: r})
	}
	cs, err := c.Connect(ctx, ct, nil)
	require.NoError(t, err)
	t.Cleanup(func() { _ = cs.Close() })
	return cs
}

func callTool(t *testing.T, cs *mcp.ClientSession, name string, args map[string]any) *mcp.CallToolResult {
	t.Helper()
	res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: name, Arguments: args})
	require.NoError(t, err)
	return res
}

// structured is the result's structured content as plain JSON values.
func structured(t *testing.T, res *mcp.CallToolResult) any {
	t.Helper()
	b, err := json.Marshal(res.StructuredContent)
	require.NoError(t, err)
	var v any
	require.NoError(t, json.Unmarshal(b, &v))
	return v
}

// summaryOf is the result's first text block: its one-line summary, or
// the error's message.
func summaryOf(res *mcp.CallToolResult) string {
	if len(res.Content) > 0 {
		if tc, ok := res.Content[0].(*mcp.TextContent); ok {
			return tc.Text
		}
	}
	return ""
}

func textOf(res *mcp.CallToolResult) string {
	var parts []string
	for _, c := range res.Content {
		if tc, ok := c.(*mcp.TextContent); ok {
			parts = append(parts, tc.Text)
		}
	}
	return strings.Join(parts, "\n")
}

// cliJSON runs ah args --json-style in root and returns its envelope and
// stderr.
func cliJSON(t *testing.T, root string, args ...string) (any, string) {
	t.Helper()
	_, out, errOut := runEnv(t, false, nil, append([]string{"-C", root}, args...)...)
	var v any
	require.NoError(t, json.Unmarshal([]byte(out), &v), out)
	return v, errOut
}

func TestMCPToolsAnnotated(t *testing.T) {
	cs := mcpSession(t, mcpRepo(t))
	res, err := cs.ListTools(context.Background(), nil)
	require.NoError(t, err)
	names := map[string]*mcp.Tool{}
	for _, tool := range res.Tools {
		names[tool.Name] = tool
		a := tool.Annotations
		require.NotNil(t, a, tool.Name)
		require.NotNil(t, a.DestructiveHint, tool.Name)
		// Only the move removes a file (the old contract); no other tool
		// removes or rewrites what is there.
		assert.Equal(t, tool.Name == "ah_contract_move", *a.DestructiveHint, "%s: destructive only when it removes a file", tool.Name)
		assert.NotNil(t, tool.InputSchema, tool.Name)
	}
	for _, n := range []string{"ah_check", "ah_next", "ah_explain", "ah_report", "ah_doctor"} {
		require.Contains(t, names, n)
		assert.True(t, names[n].Annotations.ReadOnlyHint, n)
	}
	// The writing tools only add files (or append a block or a
	// scenario): not destructive, so a client need not ask each time;
	// called again, they refuse or find nothing to do (issue 38).
	for _, n := range []string{"ah_contract_new", "ah_scenario_new", "ah_doctor_enable"} {
		require.Contains(t, names, n)
		assert.False(t, names[n].Annotations.ReadOnlyHint, n)
		assert.True(t, names[n].Annotations.IdempotentHint, n)
	}
	assert.True(t, names["ah_explain"].Annotations.IdempotentHint)
	assert.False(t, names["ah_check"].Annotations.IdempotentHint, "run_tests runs tests")
	// The output schema is the published one, by its $id.
	out, _ := json.Marshal(names["ah_check"].OutputSchema)
	assert.Contains(t, string(out), schemas.Base+schemas.CheckOutput)
	for _, tool := range res.Tools {
		assert.NotNil(t, tool.OutputSchema, "%s declares its output", tool.Name)
	}
}

// TestMCPToolsEqualCLIJSON: each read-only tool's structured content is
// the CLI's --json envelope for the same input, valid against its schema.
func TestMCPToolsEqualCLIJSON(t *testing.T) {
	root := mcpRepo(t)
	cs := mcpSession(t, root)
	for _, tc := range []struct {
		tool   string
		args   map[string]any
		cli    []string
		schema string
	}{
		{"ah_check", nil, []string{"check", "--json"}, schemas.CheckOutput},
		{"ah_check", map[string]any{"run_tests": true, "all_tests": true}, []string{"check", "--json", "--run-tests", "--all-tests"}, schemas.CheckOutput},
		{"ah_check", map[string]any{"units": []string{"c/it-works"}, "strict": true}, []string{"check", "--json", "--strict", "c/it-works"}, schemas.CheckOutput},
		{"ah_explain", map[string]any{"topic": "no-toml"}, []string{"explain", "--json", "no-toml"}, schemas.ExplainOutput},
		{"ah_explain", nil, []string{"explain", "--json"}, schemas.ExplainOutput},
		{"ah_report", nil, []string{"report", "--json"}, schemas.ReportOutput},
		{"ah_report", map[string]any{"run_tests": true}, []string{"report", "--json", "--run-tests"}, schemas.ReportOutput},
		{"ah_doctor", nil, []string{"doctor", "--json"}, schemas.DoctorOutput},
	} {
		t.Run(strings.Join(tc.cli, " "), func(t *testing.T) {
			if tc.tool == "ah_doctor" {
				// ah doctor probes every framework program on PATH, each
				// under a timeout a loaded machine can exceed in one run
				// and not the other: with no program on PATH both runs
				// see the same (absent) tools, and the point, MCP = CLI,
				// stands.
				t.Setenv("PATH", t.TempDir())
			}
			res := callTool(t, cs, tc.tool, tc.args)
			assert.False(t, res.IsError, textOf(res))
			got := structured(t, res)
			want, _ := cliJSON(t, root, tc.cli...)
			if diffs := jsonDiff("", want, got); len(diffs) > 0 {
				t.Errorf("the MCP tool's structured content differs from the CLI's --json (want CLI, got MCP):\n%s", strings.Join(diffs, "\n"))
			}
			problems, err := schema.Validate(tc.schema, got)
			require.NoError(t, err)
			assert.Empty(t, problems)
			assert.NotEmpty(t, textOf(res), "a short text summary")
		})
	}
}

// jsonDiff lists where two decoded JSON values differ, one line per
// path, so a failure shows the part that differs first, however long the
// documents are (a full dump was cut before the difference).
func jsonDiff(path string, want, got any) []string {
	switch w := want.(type) {
	case map[string]any:
		g, ok := got.(map[string]any)
		if !ok {
			break
		}
		var out []string
		keys := map[string]bool{}
		for k := range w {
			keys[k] = true
		}
		for k := range g {
			keys[k] = true
		}
		for _, k := range slices.Sorted(maps.Keys(keys)) {
			wv, inW := w[k]
			gv, inG := g[k]
			switch {
			case !inW:
				out = append(out, fmt.Sprintf("%s.%s: unexpected %s", path, k, compact(gv)))
			case !inG:
				out = append(out, fmt.Sprintf("%s.%s: missing, want %s", path, k, compact(wv)))
			default:
				out = append(out, jsonDiff(path+"."+k, wv, gv)...)
			}
		}
		return out
	case []any:
		g, ok := got.([]any)
		if !ok || len(g) != len(w) {
			break
		}
		var out []string
		for i := range w {
			out = append(out, jsonDiff(fmt.Sprintf("%s[%d]", path, i), w[i], g[i])...)
		}
		return out
	}
	if reflect.DeepEqual(want, got) {
		return nil
	}
	return []string{fmt.Sprintf("%s: want %s, got %s", path, compact(want), compact(got))}
}

// compact is v as JSON on one line, cut at 300 bytes.
func compact(v any) string {
	b, _ := json.Marshal(v)
	if len(b) > 300 {
		return string(b[:300]) + "..."
	}
	return string(b)
}

// TestMCPErrorsAreToolErrors: what the CLI refuses is a tool error with
// the CLI's wording; a bad argument never stops the server.
func TestMCPErrorsAreToolErrors(t *testing.T) {
	root := mcpRepo(t)
	cs := mcpSession(t, root)

	res := callTool(t, cs, "ah_check", map[string]any{"units": []string{"nope"}})
	assert.True(t, res.IsError)
	_, stderr := cliJSON(t, root, "check", "--json", "nope")
	assert.Equal(t, strings.TrimSpace(strings.TrimPrefix(stderr, "ah: ")), strings.TrimPrefix(summaryOf(res), "ah: "))
	assert.Contains(t, textOf(res), `"nope" names no capability`)

	res = callTool(t, cs, "ah_explain", map[string]any{"topic": "no-tom"})
	assert.True(t, res.IsError)
	_, stderr = cliJSON(t, root, "explain", "--json", "no-tom")
	assert.Equal(t, strings.TrimSpace(stderr), summaryOf(res))

	for _, bad := range []map[string]any{
		{"units": 3},
		{"bogus": true},
		{"units": []any{"--run-tests"}},
	} {
		res = callTool(t, cs, "ah_check", bad)
		assert.True(t, res.IsError, "%v", bad)
	}
	res = callTool(t, cs, "ah_doctor", nil)
	assert.False(t, res.IsError, "the server still serves after bad arguments")
}

func TestMCPNext(t *testing.T) {
	cs := mcpSession(t, mcpRepo(t))
	res := callTool(t, cs, "ah_next", map[string]any{"run_tests": true, "all_tests": true, "limit": 1})
	require.False(t, res.IsError, textOf(res))
	var out struct {
		OK    bool `json:"ok"`
		Steps []struct {
			Kind         string   `json:"kind"`
			Command      []string `json:"command"`
			Verify       []string `json:"verify"`
			MayEdit      []string `json:"may_edit"`
			MustNotEdit  []string `json:"must_not_edit"`
			ExplainTopic string   `json:"explain_topic"`
		} `json:"steps"`
		Remaining int `json:"remaining"`
	}
	b, _ := json.Marshal(res.StructuredContent)
	require.NoError(t, json.Unmarshal(b, &out))
	// The output schema is the published next-output schema (bundled),
	// and the structured content validates against it.
	tools, err := cs.ListTools(context.Background(), nil)
	require.NoError(t, err)
	var declared []byte
	for _, tool := range tools.Tools {
		if tool.Name == "ah_next" {
			declared, _ = json.Marshal(tool.OutputSchema)
		}
	}
	assert.Contains(t, string(declared), schemas.Base+schemas.NextOutput, "ah_next declares the published schema")
	problems, err := schema.Validate(schemas.NextOutput, structured(t, res))
	require.NoError(t, err)
	assert.Empty(t, problems, "ah_next's output fits its published schema")
	assert.False(t, out.OK)
	require.Len(t, out.Steps, 1)
	assert.Equal(t, 1, out.Remaining)
	s := out.Steps[0]
	assert.Equal(t, "no-toml", s.Kind)
	assert.Equal(t, []string{"ah", "contract", "new", "c", "missing"}, s.Command)
	assert.Equal(t, []string{".espectacular/c/missing.toml"}, s.MayEdit)
	assert.Equal(t, "no-toml", s.ExplainTopic)

	res = callTool(t, cs, "ah_next", map[string]any{"run_tests": true, "all_tests": true})
	b, _ = json.Marshal(res.StructuredContent)
	require.NoError(t, json.Unmarshal(b, &out))
	require.Len(t, out.Steps, 2)
	f := out.Steps[1]
	assert.Equal(t, "test-failing", f.Kind)
	require.Len(t, f.Command, 3)
	assert.Equal(t, []string{"-c", "false"}, f.Command[1:], "the failing test's own argv")
	assert.Equal(t, []string{"ah", "check", "--run-tests", "--all-tests", "c/it-fails"}, f.Verify)
	assert.Equal(t, []string{"openspec/specs/c/spec.md", ".espectacular/c/it-fails.toml"}, f.MustNotEdit)
}

func TestMCPContractNewDryRunThenReal(t *testing.T) {
	root := mcpRepo(t)
	cs := mcpSession(t, root)
	target := filepath.Join(root, ".espectacular", "c", "missing.toml")

	dry := callTool(t, cs, "ah_contract_new", map[string]any{"capability": "c", "scenario_ids": []string{"missing"}, "dry_run": true})
	require.False(t, dry.IsError, textOf(dry))
	assert.NoFileExists(t, target, "a dry run writes nothing")
	var files []*mcp.ResourceContents
	for _, c := range dry.Content {
		if r, ok := c.(*mcp.EmbeddedResource); ok {
			files = append(files, r.Resource)
		}
	}
	require.Len(t, files, 1)
	assert.Equal(t, "file:.espectacular/c/missing.toml", files[0].URI)

	real := callTool(t, cs, "ah_contract_new", map[string]any{"capability": "c", "scenario_ids": []string{"missing"}})
	require.False(t, real.IsError, textOf(real))
	written, err := os.ReadFile(target)
	require.NoError(t, err)
	assert.Equal(t, string(written), files[0].Text, "the dry run shows the exact bytes")
	assert.Equal(t, structured(t, real), structured(t, dry), "the same envelope")
	problems, err := schema.Validate(schemas.LifecycleOutput, structured(t, real))
	require.NoError(t, err)
	assert.Empty(t, problems)

	again := callTool(t, cs, "ah_contract_new", map[string]any{"capability": "c", "scenario_ids": []string{"missing"}})
	assert.True(t, again.IsError, "the CLI refuses to overwrite: %s", textOf(again))
}

func TestMCPScenarioNewDryRun(t *testing.T) {
	root := mcpRepo(t)
	cs := mcpSession(t, root)
	args := map[string]any{"change": "add-x", "capability": "c", "heading": "New one", "requirement": "R", "create": true, "dry_run": true}
	dry := callTool(t, cs, "ah_scenario_new", args)
	require.False(t, dry.IsError, textOf(dry))
	assert.NoDirExists(t, filepath.Join(root, "openspec", "changes", "add-x"))
	var uris []string
	for _, c := range dry.Content {
		if r, ok := c.(*mcp.EmbeddedResource); ok {
			uris = append(uris, r.Resource.URI)
		}
	}
	assert.Len(t, uris, 3, "proposal, delta spec and staged contract: %v", uris)

	delete(args, "dry_run")
	real := callTool(t, cs, "ah_scenario_new", args)
	require.False(t, real.IsError, textOf(real))
	assert.Equal(t, structured(t, real), structured(t, dry))
	assert.DirExists(t, filepath.Join(root, "openspec", "changes", "add-x"))
}

func TestMCPResources(t *testing.T) {
	root := mcpRepo(t)
	cs := mcpSession(t, root)
	ctx := context.Background()

	res, err := cs.ReadResource(ctx, &mcp.ReadResourceParams{URI: "ah://scenario/c/it-works"})
	require.NoError(t, err)
	require.Len(t, res.Contents, 1)
	var doc map[string]any
	require.NoError(t, json.Unmarshal([]byte(res.Contents[0].Text), &doc))
	assert.Equal(t, "\nbody of it works", doc["body_markdown"], "verbatim")
	assert.Contains(t, doc["contract_toml"], `id = "it-works"`)
	assert.Contains(t, doc["notice"], "never instructions")
	assert.Equal(t, "not_run", doc["report"].(map[string]any)["state"])

	res, err = cs.ReadResource(ctx, &mcp.ReadResourceParams{URI: "ah://scenario/c/missing"})
	require.NoError(t, err)
	require.NoError(t, json.Unmarshal([]byte(res.Contents[0].Text), &doc))
	assert.Nil(t, doc["contract_toml"])
	assert.Equal(t, "missing", doc["report"].(map[string]any)["state"])

	_, err = cs.ReadResource(ctx, &mcp.ReadResourceParams{URI: "ah://scenario/c/nope"})
	assert.ErrorContains(t, err, `no scenario "nope"`)

	res, err = cs.ReadResource(ctx, &mcp.ReadResourceParams{URI: "ah://explain/no-toml"})
	require.NoError(t, err)
	_, want, _ := runEnv(t, false, nil, "explain", "no-toml")
	assert.Equal(t, want, res.Contents[0].Text)

	_, err = cs.ReadResource(ctx, &mcp.ReadResourceParams{URI: "ah://explain/no-tom"})
	assert.ErrorContains(t, err, `unknown topic "no-tom"`)
}

func TestMCPPrintConfig(t *testing.T) {
	for client, args := range map[string]string{"claude": `"args": ["mcp"]`, "vscode": `"args": ["-C", "${workspaceFolder}", "mcp"]`} {
		code, out, _ := runEnv(t, false, nil, "mcp", "--print-config", client)
		require.Equal(t, 0, code)
		var v map[string]any
		require.NoError(t, json.Unmarshal([]byte(out), &v), out)
		assert.Contains(t, out, args)
	}
	code, out, _ := runEnv(t, false, nil, "mcp", "--print-config", "codex")
	require.Equal(t, 0, code)
	assert.Equal(t, "[mcp_servers.ah]\ncommand = \"ah\"\nargs = [\"mcp\"]\n", out)
	code, _, errOut := runEnv(t, false, nil, "mcp", "--print-config", "emacs")
	assert.Equal(t, 2, code)
	assert.Contains(t, errOut, `unknown client "emacs"`)
}

// sleeperRepo has one contract whose shell test writes its shell's pid
// and its sleep's pid to sh.pid and sleep.pid in the repository root, then
// sleeps 60 s.
func sleeperRepo(t *testing.T) string {
	t.Helper()
	if runtime.GOOS != "linux" {
		t.Skip("reads /proc to tell whether a test process is gone")
	}
	cmd := `echo $$ > sh.pid; sleep 60 & echo $! > sleep.pid; wait`
	return writeRepo(t, map[string]string{
		".espectacular/config.toml":   "tool_version = \"0.1.0\"\n",
		"openspec/specs/c/spec.md":    "# c\n\n### Requirement: R\n\n#### Scenario: Sleeps\n\nbody\n",
		".espectacular/c/sleeps.toml": fmt.Sprintf(mcpContract, "sleeps", cmd),
	})
}

// waitPids waits (up to a minute) for the pid files of sleeperRepo.
func waitPids(t *testing.T, root string) []int {
	t.Helper()
	var pids []int
	require.Eventually(t, func() bool {
		pids = pids[:0]
		for _, f := range []string{"sh.pid", "sleep.pid"} {
			b, err := os.ReadFile(filepath.Join(root, f))
			if err != nil {
				return false
			}
			pid, err := strconv.Atoi(strings.TrimSpace(string(b)))
			if err != nil {
				return false
			}
			pids = append(pids, pid)
		}
		return true
	}, time.Minute, 20*time.Millisecond, "the test never started")
	return pids
}

// alive reports whether pid runs (a zombie has ended).
func alive(pid int) bool {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return false
	}
	s := string(b)
	i := strings.LastIndex(s, ")")
	return i < 0 || i+2 >= len(s) || s[i+2] != 'Z'
}

// TestMCPCancelStopsTests: a client cancelling ah_check with run_tests
// stops its running tests as Ctrl-C does, and the server serves the next
// call.
func TestMCPCancelStopsTests(t *testing.T) {
	root := sleeperRepo(t)
	cs := mcpSession(t, root)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	done := make(chan error, 1)
	called := time.Now()
	go func() {
		_, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "ah_check", Arguments: map[string]any{"run_tests": true, "all_tests": true}})
		done <- err
	}()
	pids := waitPids(t, root)
	// The bounds below scale with how long this machine took to start the
	// test: a loaded machine is slow at everything, and speed is not the
	// point here.
	bound := loadBound(time.Since(called))
	for _, pid := range pids {
		require.True(t, alive(pid), "pid %d runs before the cancel", pid)
	}
	cancel()
	require.ErrorIs(t, <-done, context.Canceled)
	for _, pid := range pids {
		assert.Eventually(t, func() bool { return !alive(pid) }, bound, 20*time.Millisecond, "test process %d still runs %s after the cancel", pid, bound)
	}

	// ah_explain, not a tool whose own speed varies with the machine's
	// tools (ah_doctor probes each one): the point is that the server
	// serves the next call.
	next := make(chan *mcp.CallToolResult, 1)
	go func() { next <- callTool(t, cs, "ah_explain", map[string]any{"topic": "no-toml"}) }()
	select {
	case res := <-next:
		assert.False(t, res.IsError, textOf(res))
	case <-time.After(bound):
		t.Fatalf("the server serves no call %s after a cancel", bound)
	}
}

// loadBound is how long a step that takes well under a second on an idle
// machine may take here, given that starting a test took startup: the
// grace period of a kill plus twenty times startup, and never under 20 s.
func loadBound(startup time.Duration) time.Duration {
	return max(20*time.Second, execproc.DefaultGrace+20*startup)
}

// bigRepo has n scenarios without a contract, each with a long body: its
// check and report are larger than one page.
func bigRepo(t *testing.T, n int) string {
	t.Helper()
	var spec strings.Builder
	spec.WriteString("# c\n\n### Requirement: R\n")
	for i := range n {
		fmt.Fprintf(&spec, "\n#### Scenario: Scenario number %d\n\n- **WHEN** %s\n- **THEN** it holds\n", i, strings.Repeat("the system does one more thing ", 10))
	}
	return writeRepo(t, map[string]string{
		".espectacular/config.toml": "tool_version = \"0.1.0\"\n",
		"openspec/specs/c/spec.md":  spec.String(),
	})
}

// page is what one paged call returned.
type page struct {
	env    map[string]any
	cursor string
	text   string
	meta   mcp.Meta
}

func callPage(t *testing.T, cs *mcp.ClientSession, tool string, args map[string]any, schemaName string) page {
	t.Helper()
	res := callTool(t, cs, tool, args)
	require.False(t, res.IsError, textOf(res))
	env, _ := structured(t, res).(map[string]any)
	problems, err := schema.Validate(schemaName, env)
	require.NoError(t, err)
	assert.Empty(t, problems, "a page is a valid envelope")
	p := page{env: env, text: textOf(res), meta: res.Meta}
	if c, ok := res.Meta["next_cursor"].(string); ok {
		p.cursor = c
		assert.Contains(t, p.text, `more: call again with cursor="`+c+`"`)
	}
	return p
}

// TestMCPPagination: a result beyond the size bound comes in pages, each a
// valid envelope with its summary intact; following next_cursor yields the
// rest, in order, without running the command again.
func TestMCPPagination(t *testing.T) {
	root := bigRepo(t, 300)
	cs := mcpSession(t, root)

	for _, tc := range []struct {
		tool, array, schema string
		cli                 []string
	}{
		{"ah_check", "findings", schemas.CheckOutput, []string{"check", "--json"}},
		{"ah_report", "scenarios", schemas.ReportOutput, []string{"report", "--json"}},
	} {
		t.Run(tc.tool, func(t *testing.T) {
			want, _ := cliJSON(t, root, tc.cli...)
			wantData := want.(map[string]any)["data"].(map[string]any)
			wantItems := wantData[tc.array].([]any)

			p := callPage(t, cs, tc.tool, nil, tc.schema)
			require.NotEmpty(t, p.cursor, "the first page names the next")
			data := p.env["data"].(map[string]any)
			assert.Equal(t, wantData["summary"], data["summary"], "the summary counts every item")
			var got []any
			pages := 0
			for {
				pages++
				items := p.env["data"].(map[string]any)[tc.array].([]any)
				require.NotEmpty(t, items)
				r, _ := p.meta["page"].(map[string]any)[tc.array].(map[string]any)
				assert.Equal(t, map[string]any{"total": float64(len(wantItems)), "offset": float64(len(got)),
					"returned": float64(len(items)), "left_out": float64(len(wantItems) - len(items))}, r, "_meta.page says what was left out")
				got = append(got, items...)
				b, _ := json.Marshal(items)
				assert.LessOrEqual(t, len(b), 64<<10, "a page is bounded")
				if p.cursor == "" {
					break
				}
				require.Less(t, pages, 100)
				p = callPage(t, cs, tc.tool, map[string]any{"cursor": p.cursor}, tc.schema)
			}
			assert.Greater(t, pages, 1)
			assert.Equal(t, wantItems, got, "the pages together are the whole result, in order")
		})
	}

	res := callTool(t, cs, "ah_check", map[string]any{"cursor": "bogus"})
	assert.True(t, res.IsError)
	assert.Contains(t, textOf(res), "call ah_check again without cursor")
}

// TestMCPPagingBounds: --page-kib bounds each page, and --keep-results
// how many paged results keep their cursors.
func TestMCPPagingBounds(t *testing.T) {
	root := bigRepo(t, 300)
	cs := mcpSessionPaged(t, root, cli.MCPPaging{PageBytes: 4 << 10, KeptResults: 1})
	first := callPage(t, cs, "ah_check", nil, schemas.CheckOutput)
	require.NotEmpty(t, first.cursor)
	items := first.env["data"].(map[string]any)["findings"].([]any)
	b, _ := json.Marshal(items)
	assert.LessOrEqual(t, len(b), 4<<10, "a page is bounded by --page-kib")
	assert.Greater(t, len(b), 2<<10, "and filled up to it")

	second := callPage(t, cs, "ah_report", nil, schemas.ReportOutput)
	require.NotEmpty(t, second.cursor)
	res := callTool(t, cs, "ah_check", map[string]any{"cursor": first.cursor})
	assert.True(t, res.IsError, "the first result's cursor expired: only one is kept")
	assert.Contains(t, textOf(res), "the server keeps its last 1 paged results")
	callPage(t, cs, "ah_report", map[string]any{"cursor": second.cursor}, schemas.ReportOutput)
}

// TestMCPNextCursor: ah_next's next_cursor gives the steps after limit.
func TestMCPNextCursor(t *testing.T) {
	cs := mcpSession(t, mcpRepo(t))
	res := callTool(t, cs, "ah_next", map[string]any{"run_tests": true, "all_tests": true, "limit": 1})
	require.False(t, res.IsError, textOf(res))
	first := structured(t, res).(map[string]any)
	cursor, _ := first["next_cursor"].(string)
	require.NotEmpty(t, cursor)
	assert.Equal(t, cursor, res.Meta["next_cursor"])
	assert.Contains(t, textOf(res), `more: call again with cursor="`+cursor+`"`)

	res = callTool(t, cs, "ah_next", map[string]any{"cursor": cursor})
	require.False(t, res.IsError, textOf(res))
	second := structured(t, res).(map[string]any)
	problems, err := schema.Validate(schemas.NextOutput, second)
	require.NoError(t, err)
	assert.Empty(t, problems)
	steps := second["steps"].([]any)
	require.Len(t, steps, 1)
	assert.Equal(t, "test-failing", steps[0].(map[string]any)["kind"])
	assert.Equal(t, float64(0), second["remaining"])
	assert.Nil(t, second["next_cursor"], "the last page names no next")
	assert.Equal(t, first["check"], second["check"])
}
