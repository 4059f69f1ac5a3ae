package cli_test

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/espectacular/ah/cmd/ah/cli"
)

// rawServer is `ah mcp` run by Main over pipes, spoken to line by line.
type rawServer struct {
	t     *testing.T
	in    *io.PipeWriter
	lines chan map[string]any
	code  chan int
}

// startRaw runs `ah [args] mcp` with pipes for stdin and stdout.
func startRaw(t *testing.T, args ...string) *rawServer {
	t.Helper()
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	d := cli.System()
	d.Streams = &cli.IOStreams{In: inR, Out: outW, Err: io.Discard}
	d.Getenv = func(string) string { return "" }
	s := &rawServer{t: t, in: inW, lines: make(chan map[string]any, 100), code: make(chan int, 1)}
	go func() {
		s.code <- cli.Main(context.Background(), append(args, "mcp"), d)
		_ = outW.Close()
	}()
	go func() {
		defer close(s.lines)
		sc := bufio.NewScanner(outR)
		sc.Buffer(nil, 16<<20)
		for sc.Scan() {
			var m map[string]any
			if err := json.Unmarshal(sc.Bytes(), &m); err != nil {
				m = map[string]any{"unparsable": sc.Text()}
			}
			s.lines <- m
		}
	}()
	t.Cleanup(func() { _ = inW.Close() })
	return s
}

func (s *rawServer) send(line string) {
	s.t.Helper()
	_, err := io.WriteString(s.in, line+"\n")
	require.NoError(s.t, err)
}

// next is the next line the server writes (a minute at most).
func (s *rawServer) next() map[string]any {
	s.t.Helper()
	select {
	case m, ok := <-s.lines:
		require.True(s.t, ok, "the server closed stdout")
		return m
	case <-time.After(time.Minute):
		s.t.Fatal("the server wrote nothing for a minute")
	}
	return nil
}

// until reads lines up to the response with id, and returns it and the
// lines before it.
func (s *rawServer) until(id float64) (map[string]any, []map[string]any) {
	s.t.Helper()
	var before []map[string]any
	for {
		m := s.next()
		if m["id"] == id {
			return m, before
		}
		before = append(before, m)
	}
}

// initialize does the MCP handshake.
func (s *rawServer) initialize() {
	s.t.Helper()
	s.send(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"raw","version":"0"}}}`)
	res, _ := s.until(1)
	require.NotNil(s.t, res["result"], "%v", res)
	s.send(`{"jsonrpc":"2.0","method":"notifications/initialized"}`)
}

// close closes stdin, waits for Main and returns its exit code and the
// lines written after the last read.
func (s *rawServer) close() (int, []map[string]any) {
	s.t.Helper()
	require.NoError(s.t, s.in.Close())
	var rest []map[string]any
	for m := range s.lines {
		rest = append(rest, m)
	}
	select {
	case code := <-s.code:
		return code, rest
	case <-time.After(time.Minute):
		s.t.Fatal("ah mcp still runs a minute after stdin closed")
	}
	return 0, nil
}

func errorOf(m map[string]any) (float64, string) {
	e, _ := m["error"].(map[string]any)
	code, _ := e["code"].(float64)
	msg, _ := e["message"].(string)
	return code, msg
}

// TestMCPMalformedLines: a line that is no JSON-RPC message gets a
// JSON-RPC error reply and the server serves the next call (issue 38:
// `{not json`, `[]` or `"str"` used to end ah mcp with exit 2).
func TestMCPMalformedLines(t *testing.T) {
	s := startRaw(t, "-C", mcpRepo(t))
	s.initialize()
	for _, tc := range []struct {
		line string
		code float64
		id   any
	}{
		{`{not json`, -32700, nil},
		{`[]`, -32600, nil},
		{`"str"`, -32600, nil},
		{`42`, -32600, nil},
		{`{}`, -32600, nil},
		{`{"jsonrpc":"2.0","id":9}`, -32600, float64(9)},
		{`[{"jsonrpc":"2.0","id":7,"method":"tools/list"}]`, -32600, float64(7)},
	} {
		s.send(tc.line)
		m := s.next()
		code, msg := errorOf(m)
		assert.Equal(t, tc.code, code, "%s: %v", tc.line, m)
		assert.Equal(t, tc.id, m["id"], tc.line)
		assert.NotEmpty(t, msg, tc.line)
	}
	s.send(`{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"ah_doctor","arguments":{}}}`)
	res, before := s.until(2)
	assert.Empty(t, before)
	require.NotNil(t, res["result"], "the server serves on: %v", res)
	code, _ := s.close()
	assert.Equal(t, 0, code)
}

// TestMCPCancelledCallGetsNoResult: once the client has cancelled a call
// (notifications/cancelled), the server writes no response for it (issue
// 38); the next call is answered.
func TestMCPCancelledCallGetsNoResult(t *testing.T) {
	root := sleeperRepo(t)
	s := startRaw(t, "-C", root)
	s.initialize()
	s.send(`{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"ah_check","arguments":{"run_tests":true,"all_tests":true}}}`)
	pids := waitPids(t, root)
	s.send(`{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":3,"reason":"test"}}`)
	for _, pid := range pids {
		require.Eventually(t, func() bool { return !alive(pid) }, time.Minute, 20*time.Millisecond, "test process %d still runs", pid)
	}
	// ah_doctor runs after ah_check's command has returned (the runner
	// takes one command at a time).
	s.send(`{"jsonrpc":"2.0","id":4,"method":"tools/call","params":{"name":"ah_doctor","arguments":{}}}`)
	res, before := s.until(4)
	require.NotNil(t, res["result"], "%v", res)
	code, rest := s.close()
	assert.Equal(t, 0, code)
	for _, m := range append(before, rest...) {
		assert.NotEqual(t, float64(3), m["id"], "a response to the cancelled call: %s", fmt.Sprint(m))
	}
}
