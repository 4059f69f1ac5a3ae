package gotest_test

import (
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/espectacular/ah/drivers/gotest"
	"github.com/espectacular/ah/ports"
)

// TestWatchAnnouncesEachPackageAsItEnds: a package's tests reach the
// watcher on its end event, while the stream goes on, with go's own
// Elapsed as their durations; a parent failed only by its subtest is left
// out as in the report, and a test that never ended counts as failed.
func TestWatchAnnouncesEachPackageAsItEnds(t *testing.T) {
	s := gotest.NewStream()
	type part struct {
		name  string
		tests []ports.TestCase
	}
	var got, ended []part
	s.Watch(func(name string, tests []ports.TestCase) {
		if strings.Contains(name, "\x00") {
			ended = append(ended, part{name, tests})
			return
		}
		got = append(got, part{name, tests})
	})
	write := func(lines ...string) {
		for _, l := range lines {
			_, err := s.Write([]byte(l + "\n"))
			require.NoError(t, err)
		}
	}
	write(
		`{"Action":"start","Package":"m/a"}`,
		`{"Action":"run","Package":"m/a","Test":"TestA"}`,
		`{"Action":"pass","Package":"m/a","Test":"TestA","Elapsed":1.5}`,
		`{"Action":"run","Package":"m/b","Test":"TestB"}`,
	)
	assert.Empty(t, got, "no package has ended yet")
	write(`{"Action":"pass","Package":"m/a","Elapsed":1.6}`)
	require.Len(t, got, 1, "m/a is announced before the stream ends")
	assert.Equal(t, "m/a", got[0].name)
	assert.Equal(t, []ports.TestCase{{ID: "m/a.TestA", Path: []string{"m/a", "TestA"}, Status: ports.TestPassed, Duration: 1500 * time.Millisecond}}, got[0].tests)
	write(
		`{"Action":"run","Package":"m/b","Test":"TestB/x"}`,
		`{"Action":"output","Package":"m/b","Test":"TestB/x","Output":"    b_test.go:9: boom\n"}`,
		`{"Action":"fail","Package":"m/b","Test":"TestB/x","Elapsed":0.25}`,
		`{"Action":"fail","Package":"m/b","Test":"TestB","Elapsed":0.5}`,
		`{"Action":"run","Package":"m/b","Test":"TestHang"}`,
		`{"Action":"fail","Package":"m/b","Elapsed":3}`,
	)
	require.Len(t, got, 2)
	assert.Equal(t, "m/b", got[1].name)
	var ids []string
	for _, tc := range got[1].tests {
		ids = append(ids, tc.ID+" "+string(tc.Status))
	}
	assert.Equal(t, []string{"m/b.TestB/x failed", "m/b.TestHang failed"}, ids)

	var tests []string
	for _, e := range ended {
		var ids []string
		for _, tc := range e.tests {
			ids = append(ids, tc.ID)
		}
		tests = append(tests, strings.ReplaceAll(e.name, "\x00", " ")+": "+strings.Join(ids, ","))
	}
	assert.Equal(t, []string{
		"m/a TestA: m/a.TestA",
		"m/b TestB/x: m/b.TestB/x",
		"m/b TestB: m/b.TestB,m/b.TestB/x",
	}, tests, "each test's end is announced with its subtests, as part TestPart(package, name)")
	assert.Equal(t, "m/b\x00TestB", gotest.TestPart("m/b", "TestB"))
}

// TestWatchNoTestPartsUnderCount: under -count=2 a test runs again after
// its end, so only packages are announced.
func TestWatchNoTestPartsUnderCount(t *testing.T) {
	s := gotest.NewStream("-count=2")
	var parts []string
	s.Watch(func(name string, _ []ports.TestCase) { parts = append(parts, name) })
	_, _ = s.Write([]byte(`{"Action":"run","Package":"m/a","Test":"TestA"}
{"Action":"pass","Package":"m/a","Test":"TestA"}
{"Action":"run","Package":"m/a","Test":"TestA"}
{"Action":"pass","Package":"m/a","Test":"TestA"}
{"Action":"pass","Package":"m/a"}
`))
	assert.Equal(t, []string{"m/a"}, parts)
}

// TestWithin: a selection is within the package Audit resolved it to,
// never within another, and an unresolved one is within none.
func TestWithin(t *testing.T) {
	d := gotest.Driver{}
	sel, ok := d.Select([]string{"./a", "-run", "^TestA$"})
	require.True(t, ok)
	assert.False(t, d.Within(sel, "m/a"), "unresolved")
	sel.Terms = append(sel.Terms, "m/a")
	assert.True(t, d.Within(sel, "m/a"))
	assert.False(t, d.Within(sel, "m/a/b"))
	assert.False(t, d.Within(sel, "m"))
	loose, ok := d.Select([]string{"./a", "-run", "TestA"})
	require.True(t, ok)
	loose.Terms = append(loose.Terms, "m/a")
	assert.False(t, d.Within(loose, gotest.TestPart("m/a", "TestA")), "a loose pattern is whole at its package's end only")
	assert.True(t, d.Within(loose, "m/a"))
}

// TestWithinExactTest: a pattern naming exactly one test, every level
// ^literal$, is whole once that test ended; anything looser waits for the
// package.
func TestWithinExactTest(t *testing.T) {
	d := gotest.Driver{}
	within := func(run, part string) bool {
		sel, ok := d.Select([]string{"./a", "-run", run})
		require.True(t, ok, run)
		sel.Terms = append(sel.Terms, "m/a")
		return d.Within(sel, part)
	}
	assert.True(t, within("^TestScript$/^batch$/^x$", gotest.TestPart("m/a", "TestScript/batch/x")))
	assert.True(t, within("^TestA$", gotest.TestPart("m/a", "TestA")))
	assert.False(t, within("^TestScript$/^batch$/^x$", gotest.TestPart("m/b", "TestScript/batch/x")), "another package")
	assert.False(t, within("^TestScript$/^batch$/^x$", gotest.TestPart("m/a", "TestScript/batch")), "its parent")
	assert.False(t, within("^TestScript$/^batch$", gotest.TestPart("m/a", "TestScript/batch/x")), "a subtest of it")
	for _, loose := range []string{"TestA", "^TestA", "^TestA$|^TestB$", "^Test.$", "^TestA$/x", "^Test A$", `^Test\w$`} {
		assert.False(t, within(loose, gotest.TestPart("m/a", "TestA")), loose)
	}
}
