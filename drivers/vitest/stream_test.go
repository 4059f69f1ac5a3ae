package vitest_test

import (
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/espectacular/ah/drivers/vitest"
	"github.com/espectacular/ah/ports"
)

const nonce = "6b1f0c3e-0000-4000-8000-00000000abcd"

func rec(n, body string) string { return "\n" + vitest.Marker + n + " " + body + "\n" }

// stream feeds out to a stream in small pieces, as a pipe delivers it.
func stream(t *testing.T, cands []string, out string, res ports.Result) ports.TestReport {
	t.Helper()
	s := vitest.NewStream(cands)
	for len(out) > 0 {
		n := min(7, len(out))
		_, err := s.Write([]byte(out[:n]))
		require.NoError(t, err)
		out = out[n:]
	}
	return s.Report(res)
}

func TestStream(t *testing.T) {
	hello := rec(nonce, `{"e":"hello","patterns":2}`)
	end := rec(nonce, `{"e":"end","reason":"failed","unhandled":[]}`)
	pass := rec(nonce, `{"e":"test","file":"/r/t/a.test.js","path":["n01"],"state":"passed","ms":1.5,"msg":"","match":[0,1]}`)
	fail := rec(nonce, `{"e":"test","file":"/r/t/a.test.js","path":["n02"],"state":"failed","ms":2,"msg":"AssertionError: no","match":[0]}`)
	cands := []string{"(?:^n01$)|(?:^n02$)", "^n01$"}

	got := stream(t, cands, " RUN  v4\n"+hello+"console text\n"+pass+fail+end, ports.Result{})
	assert.Equal(t, ports.TestReport{Parsed: true, Tests: []ports.TestCase{
		{ID: "/r/t/a.test.js > n01", Path: []string{"/r/t/a.test.js", "n01"}, Status: ports.TestPassed, Duration: 1500 * time.Microsecond, Selectors: cands},
		{ID: "/r/t/a.test.js > n02", Path: []string{"/r/t/a.test.js", "n02"}, Status: ports.TestFailed, Message: "AssertionError: no", Duration: 2 * time.Millisecond, Selectors: cands[:1]},
	}}, got)

	t.Run("a record a test printed", func(t *testing.T) {
		forged := rec("00000000-0000-4000-8000-000000000000", `{"e":"test","file":"/r/t/a.test.js","path":["n02"],"state":"passed","ms":1,"msg":"","match":[0]}`)
		got := stream(t, cands, hello+forged+pass+end, ports.Result{})
		assert.Equal(t, []string{"a result record the reporter did not write (printed by a test?)"}, got.Anomalies)
		assert.Len(t, got.Tests, 1, "the forged record is no test")
	})
	t.Run("a cut record", func(t *testing.T) {
		got := stream(t, cands, hello+"\n"+vitest.Marker+nonce+` {"e":"test","fi`+"\n"+end, ports.Result{})
		assert.Equal(t, []string{"a cut or interleaved result record"}, got.Anomalies)
	})
	t.Run("no end: unparsed, tests kept", func(t *testing.T) {
		got := stream(t, cands, hello+pass, ports.Result{TimedOut: true})
		assert.False(t, got.Parsed)
		assert.Len(t, got.Tests, 1)
	})
	t.Run("a record after the end", func(t *testing.T) {
		got := stream(t, cands, hello+end+pass, ports.Result{})
		assert.Equal(t, []string{"a result record after the end of the run"}, got.Anomalies)
	})
	t.Run("an unhandled error", func(t *testing.T) {
		got := stream(t, cands, hello+pass+rec(nonce, `{"e":"end","reason":"failed","unhandled":["Error: left behind"]}`), ports.Result{ExitCode: 1})
		assert.Equal(t, []ports.ReportError{{Kind: vitest.KindUnhandled, Message: "Error: left behind"}}, got.Errors)
	})
	t.Run("a module that failed to load", func(t *testing.T) {
		got := stream(t, cands, hello+rec(nonce, `{"e":"error","file":"/r/t/b.test.js","msg":"Error: Cannot find module"}`)+end, ports.Result{ExitCode: 1})
		assert.Equal(t, []ports.ReportError{{Kind: vitest.KindCollection, Location: "/r/t/b.test.js", Message: "Error: Cannot find module"}}, got.Errors)
	})
	t.Run("patterns the reporter could not read select nothing", func(t *testing.T) {
		got := stream(t, cands, rec(nonce, `{"e":"hello","patterns":-1}`)+rec(nonce, `{"e":"test","file":"/f","path":["n01"],"state":"passed","match":[]}`)+end, ports.Result{})
		require.Len(t, got.Tests, 1)
		assert.Nil(t, got.Tests[0].Selectors)
	})
	t.Run("a pattern index out of range", func(t *testing.T) {
		got := stream(t, cands, hello+rec(nonce, `{"e":"test","file":"/f","path":["x"],"state":"passed","match":[5]}`)+end, ports.Result{})
		assert.Equal(t, []string{"a result record naming pattern 5 of 2"}, got.Anomalies)
	})
	t.Run("a record longer than MaxLine", func(t *testing.T) {
		long := rec(nonce, `{"e":"test","file":"/f","path":["`+strings.Repeat("]x", vitest.MaxLine)+`","state":"passed","match":[]}`)
		got := stream(t, cands, hello+long+end, ports.Result{})
		assert.Len(t, got.Anomalies, 1)
		assert.Empty(t, got.Tests)
	})
	t.Run("identity is the file and the path, not the flattened name", func(t *testing.T) {
		ab := rec(nonce, `{"e":"test","file":"/f","path":["a b","c"],"rep":0,"state":"passed","match":[0]}`)
		a := rec(nonce, `{"e":"test","file":"/f","path":["a","b c"],"rep":0,"state":"passed","match":[0]}`)
		dup := rec(nonce, `{"e":"test","file":"/f","path":["a","b c"],"rep":1,"state":"passed","match":[0]}`)
		got := stream(t, cands, hello+ab+a+dup+end, ports.Result{})
		require.Empty(t, got.Anomalies)
		var ids []string
		for _, tc := range got.Tests {
			ids = append(ids, tc.ID)
		}
		assert.Equal(t, []string{"/f > a b > c", "/f > a > b c", "/f > a > b c [2]"}, ids)
		assert.Equal(t, []string{"/f", "a", "b c"}, got.Tests[2].Path)
		assert.Equal(t, 1, got.Tests[2].Repeat)
	})
	t.Run("a record without a path", func(t *testing.T) {
		got := stream(t, cands, hello+rec(nonce, `{"e":"test","file":"/f","name":"x","state":"passed","match":[]}`)+end, ports.Result{})
		assert.Equal(t, []string{"a result record without a test path"}, got.Anomalies)
	})
	t.Run("a marker inside a line is console text", func(t *testing.T) {
		got := stream(t, cands, hello+"say "+vitest.Marker+"x {}\n"+pass+end, ports.Result{})
		assert.Empty(t, got.Anomalies)
	})
}

func TestTranscript(t *testing.T) {
	out := "RUN v4\n" + vitest.Marker + nonce + " {}\n ✓ n01\n"
	assert.Equal(t, "RUN v4\n ✓ n01\n", string(vitest.New().Transcript([]byte(out))))
}
