package vitest_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/espectacular/ah/drivers/vitest"
	"github.com/espectacular/ah/ports"
)

// watchedStream is a stream whose announcements are recorded as
// "pattern: id status duration, ...".
func watchedStream(t *testing.T, cands []string) (write func(string), got *[]string) {
	t.Helper()
	s := vitest.NewStream(cands)
	got = new([]string)
	s.Watch(func(part string, tests []ports.TestCase) {
		var ids []string
		for _, tc := range tests {
			ids = append(ids, tc.ID+" "+string(tc.Status)+" "+tc.Duration.String())
		}
		*got = append(*got, part+": "+strings.Join(ids, ", "))
	})
	write = func(out string) {
		for len(out) > 0 {
			n := min(7, len(out))
			_, err := s.Write([]byte(out[:n]))
			require.NoError(t, err)
			out = out[n:]
		}
	}
	return write, got
}

func kase(file, name string, match string) string {
	return rec(nonce, `{"e":"case","file":"`+file+`","path":["`+name+`"],"rep":0,"match":[`+match+`]}`)
}

func result(file, name, state, match string) string {
	return rec(nonce, `{"e":"test","file":"`+file+`","path":["`+name+`"],"rep":0,"state":"`+state+`","ms":2,"msg":"","match":[`+match+`]}`)
}

func collected(file string) string { return rec(nonce, `{"e":"collected","file":"`+file+`"}`) }

// TestWatchAnnouncesEachPatternOnceItsTestsReported: a pattern's tests
// can be in any module, so nothing is announced before every module of
// the run is collected; then each pattern is announced as soon as every
// test it selects has a result, with vitest's own durations, while the
// run goes on. A pattern selecting nothing is announced with no test.
func TestWatchAnnouncesEachPatternOnceItsTestsReported(t *testing.T) {
	cands := []string{"(?:^a$)|(?:^b$)|(?:^c$)", "^a$", "^b$", "^c$", "^none$"}
	write, got := watchedStream(t, cands)
	write(rec(nonce, `{"e":"hello","patterns":5}`) + rec(nonce, `{"e":"plan","modules":2}`))
	write(kase("/r/x.test.js", "a", "0,1") + kase("/r/x.test.js", "b", "0,2") + collected("/r/x.test.js"))
	write(result("/r/x.test.js", "a", "passed", "0,1"))
	assert.Empty(t, *got, "y.test.js is not collected: it may hold a test named a")
	write(kase("/r/y.test.js", "c", "0,3") + collected("/r/y.test.js"))
	assert.Equal(t, []string{
		"^a$: /r/x.test.js > a passed 2ms",
		"^none$: ",
	}, *got)
	*got = nil
	write(result("/r/y.test.js", "c", "failed", "0,3"))
	assert.Equal(t, []string{"^c$: /r/y.test.js > c failed 2ms"}, *got)
	*got = nil
	write(result("/r/x.test.js", "b", "skipped", "0,2"))
	assert.Equal(t, []string{
		"(?:^a$)|(?:^b$)|(?:^c$): /r/x.test.js > a passed 2ms, /r/x.test.js > b skipped 2ms, /r/y.test.js > c failed 2ms",
		"^b$: /r/x.test.js > b skipped 2ms",
	}, *got)
}

// TestWatchForgedRecords: records with another nonce (a test printing
// the reporter's shape) are never read: they neither complete the plan
// nor give a result, and the report still flags them.
func TestWatchForgedRecords(t *testing.T) {
	cands := []string{"^a$", "^b$"}
	write, got := watchedStream(t, cands)
	write(rec(nonce, `{"e":"hello","patterns":2}`) + rec(nonce, `{"e":"plan","modules":1}`))
	write(kase("/r/x.test.js", "a", "0") + kase("/r/x.test.js", "b", "1"))
	forger := "00000000-0000-4000-8000-000000000000"
	write(rec(forger, `{"e":"collected","file":"/r/x.test.js"}`) + rec(forger, `{"e":"test","file":"/r/x.test.js","path":["b"],"rep":0,"state":"passed","ms":1,"msg":"","match":[1]}`))
	assert.Empty(t, *got, "the forged collected record completes nothing")
	write(collected("/r/x.test.js") + rec(forger, `{"e":"test","file":"/r/x.test.js","path":["b"],"rep":0,"state":"passed","ms":1,"msg":"","match":[1]}`))
	assert.Empty(t, *got, "the forged result is no result")
	write(result("/r/x.test.js", "b", "failed", "1"))
	assert.Equal(t, []string{"^b$: /r/x.test.js > b failed 2ms"}, *got)
}

// TestWatchRecordsAreNoResults: plan, case and collected records never
// reach the report.
func TestWatchRecordsAreNoResults(t *testing.T) {
	got := stream(t, []string{"^a$"}, rec(nonce, `{"e":"hello","patterns":1}`)+rec(nonce, `{"e":"plan","modules":1}`)+
		kase("/r/x.test.js", "a", "0")+collected("/r/x.test.js")+rec(nonce, `{"e":"end","reason":"passed","unhandled":[]}`), ports.Result{})
	assert.Equal(t, ports.TestReport{Parsed: true}, got)
	bad := stream(t, []string{"^a$"}, rec(nonce, `{"e":"hello","patterns":1}`)+kase("/r/x.test.js", "a", "3"), ports.Result{})
	assert.Equal(t, []string{"a result record naming pattern 3 of 1"}, bad.Anomalies)
}

func TestWithin(t *testing.T) {
	d := vitest.Driver{}
	assert.True(t, d.Within(ports.Selector{Terms: []string{"^a$"}}, "^a$"))
	assert.True(t, d.Within(ports.Selector{Terms: []string{"^a$", "test/x"}}, "^a$"), "file filters only narrow the pattern's tests")
	assert.False(t, d.Within(ports.Selector{Terms: []string{"^a$"}}, "^b$"))
	assert.False(t, d.Within(ports.Selector{}, ""))
}
