package acceptance_test

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/rogpeppe/go-internal/testscript"

	"github.com/espectacular/ah/infra/execproc"
)

// cmdMCPSession starts the real binary as `ah mcp` in the script's
// directory and speaks the protocol to it over stdio with the SDK's
// client (issue 30):
//
//	mcp-session
//
// It initializes, lists the tools, calls ah_check with run_tests, ah_next,
// ah_contract_new for capability c and scenario missing with dry_run and
// then for real, reads the resources ah://scenario/c/missing and
// ah://explain/no-toml, and closes stdin, which must end the process. It
// writes each structured result to a file (tools.json, check.json,
// next.json, dry.json, new.json, scenario.json, explain.txt) and one line
// per step to stdout.
func cmdMCPSession(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 0 {
		ts.Fatalf("usage: mcp-session")
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	srv := startMCP(ctx, ts)
	defer srv.kill()
	cs := srv.cs
	fmt.Fprintf(ts.Stdout(), "initialize: server %s\n", cs.InitializeResult().ServerInfo.Name)

	tools, err := cs.ListTools(ctx, nil)
	ts.Check(err)
	var names []string
	for _, t := range tools.Tools {
		names = append(names, t.Name)
	}
	slices.Sort(names)
	fmt.Fprintf(ts.Stdout(), "tools: %s\n", strings.Join(names, " "))
	writeJSON(ts, "tools.json", tools.Tools)

	call := func(name string, args map[string]any, file string) *mcp.CallToolResult {
		res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: name, Arguments: args})
		ts.Check(err)
		fmt.Fprintf(ts.Stdout(), "%s: isError=%v\n", name, res.IsError)
		writeJSON(ts, file, res.StructuredContent)
		return res
	}
	call("ah_check", map[string]any{"run_tests": true, "all_tests": true}, "check.json")
	call("ah_next", map[string]any{"run_tests": true, "all_tests": true}, "next.json")
	dry := call("ah_contract_new", map[string]any{"capability": "c", "scenario_ids": []string{"missing"}, "dry_run": true}, "dry.json")
	var files []map[string]string
	for _, c := range dry.Content {
		if r, ok := c.(*mcp.EmbeddedResource); ok {
			files = append(files, map[string]string{"uri": r.Resource.URI, "text": r.Resource.Text})
		}
	}
	writeJSON(ts, "dry-files.json", files)
	call("ah_contract_new", map[string]any{"capability": "c", "scenario_ids": []string{"missing"}}, "new.json")

	for uri, file := range map[string]string{"ah://scenario/c/missing": "scenario.json", "ah://explain/no-toml": "explain.txt"} {
		res, err := cs.ReadResource(ctx, &mcp.ReadResourceParams{URI: uri})
		ts.Check(err)
		ts.Check(os.WriteFile(ts.MkAbs(file), []byte(res.Contents[0].Text), 0o644))
		fmt.Fprintf(ts.Stdout(), "read: %s\n", uri)
	}

	srv.closeStdin(ts, time.Minute)
}

// mcpServer is a running `ah mcp` and the client session speaking to it.
type mcpServer struct {
	cmd   *exec.Cmd
	stdin io.WriteCloser
	done  chan error
	cs    *mcp.ClientSession
}

// startMCP starts the real binary as `ah mcp` in the script's directory
// and connects the SDK's client to it over its stdin and stdout.
func startMCP(ctx context.Context, ts *testscript.TestScript) *mcpServer {
	cmd := exec.Command(lookPath(ts, "ah"), "mcp")
	cmd.Dir = ts.MkAbs(".")
	cmd.Env = scriptEnv(ts)
	stdin, err := cmd.StdinPipe()
	ts.Check(err)
	stdout, err := cmd.StdoutPipe()
	ts.Check(err)
	ts.Check(cmd.Start())
	srv := &mcpServer{cmd: cmd, stdin: stdin, done: make(chan error, 1)}
	go func() { srv.done <- cmd.Wait() }()
	client := mcp.NewClient(&mcp.Implementation{Name: "acceptance", Version: "0"}, nil)
	srv.cs, err = client.Connect(ctx, &mcp.IOTransport{Reader: stdout, Writer: stdin}, nil)
	if err != nil {
		srv.kill()
		ts.Fatalf("connect: %v", err)
	}
	return srv
}

func (srv *mcpServer) kill() { _ = srv.cmd.Process.Kill() }

// closeStdin closes the server's stdin, which must end it within bound,
// and prints "stdin closed: exit N".
func (srv *mcpServer) closeStdin(ts *testscript.TestScript, bound time.Duration) {
	ts.Check(srv.stdin.Close())
	select {
	case err := <-srv.done:
		code := 0
		if ee, ok := err.(*exec.ExitError); ok {
			code = ee.ExitCode()
		} else {
			ts.Check(err)
		}
		fmt.Fprintf(ts.Stdout(), "stdin closed: exit %d\n", code)
	case <-time.After(bound):
		ts.Fatalf("ah mcp still runs %s after its stdin closed", bound)
	}
}

// cmdMCPCloseDuringCheck starts `ah mcp`, calls ah_check with run_tests,
// waits for the files PIDFILE... the running tests write (each holding a
// process id), closes stdin while the call runs, and checks that the
// server exits and that no process it started outlives it:
//
//	mcp-close-during-check PIDFILE...
//
// It prints "stdin closed: exit N" and "test processes: gone".
func cmdMCPCloseDuringCheck(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) == 0 {
		ts.Fatalf("usage: mcp-close-during-check PIDFILE...")
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	srv := startMCP(ctx, ts)
	defer srv.kill()
	called := time.Now()
	go func() {
		_, _ = srv.cs.CallTool(ctx, &mcp.CallToolParams{Name: "ah_check", Arguments: map[string]any{"run_tests": true, "all_tests": true}})
	}()
	var pids []int
	deadline := time.Now().Add(time.Minute)
	for _, f := range args {
		for {
			b, err := os.ReadFile(ts.MkAbs(f))
			if pid, perr := strconv.Atoi(strings.TrimSpace(string(b))); err == nil && perr == nil {
				pids = append(pids, pid)
				break
			}
			if time.Now().After(deadline) {
				ts.Fatalf("the test never wrote %s", f)
			}
			time.Sleep(20 * time.Millisecond)
		}
	}
	// Bounds scale with how long this machine took to start the tests (a
	// loaded machine is slow at everything; speed is not the point here):
	// a kill's grace period plus twenty times that, never under 20 s.
	bound := max(20*time.Second, execproc.DefaultGrace+20*time.Since(called))
	srv.closeStdin(ts, bound)
	deadline = time.Now().Add(bound)
	for _, pid := range pids {
		for processRuns(pid) {
			if time.Now().After(deadline) {
				ts.Fatalf("test process %d outlives ah mcp", pid)
			}
			time.Sleep(20 * time.Millisecond)
		}
	}
	fmt.Fprintf(ts.Stdout(), "test processes: gone\n")
}

// processRuns reports whether pid runs: it exists and is no zombie
// (Linux: it reads /proc).
func processRuns(pid int) bool {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return false
	}
	s := string(b)
	i := strings.LastIndex(s, ")")
	return i < 0 || i+2 >= len(s) || s[i+2] != 'Z'
}

func writeJSON(ts *testscript.TestScript, name string, v any) {
	b, err := json.MarshalIndent(v, "", "  ")
	ts.Check(err)
	ts.Check(os.WriteFile(ts.MkAbs(name), append(b, '\n'), 0o644))
}

// lookPath finds name on the script's PATH.
func lookPath(ts *testscript.TestScript, name string) string {
	for _, dir := range filepath.SplitList(ts.Getenv("PATH")) {
		p := filepath.Join(dir, name)
		if fi, err := os.Stat(p); err == nil && !fi.IsDir() {
			return p
		}
	}
	ts.Fatalf("%s not on the script's PATH", name)
	return ""
}

// scriptEnv is the script's environment for a child process.
func scriptEnv(ts *testscript.TestScript) []string {
	var env []string
	for _, k := range []string{"PATH", "HOME", "NO_COLOR", "TMPDIR", "GOCOVERDIR", "AH_VERSION"} {
		if v := ts.Getenv(k); v != "" {
			env = append(env, k+"="+v)
		}
	}
	return env
}
