package pytest_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/espectacular/ah/drivers/pytest"
	"github.com/espectacular/ah/ports"
)

func items(ids ...string) string {
	return `{"nodeids": ["` + strings.Join(ids, `", "`) + `"], "type": "items", "v": 1}` + "\n"
}

func done(id string) string { return `{"nodeid": "` + id + `", "type": "done", "v": 1}` + "\n" }

// watched is a stream whose announcements are recorded as "scope: id
// status duration, ...".
func watched(t *testing.T) (*pytest.Stream, *[]string) {
	t.Helper()
	s := pytest.NewStream(key)
	var got []string
	s.Watch(func(part string, tests []ports.TestCase) {
		var ids []string
		for _, tc := range tests {
			ids = append(ids, tc.ID+" "+string(tc.Status)+" "+tc.Duration.String())
		}
		got = append(got, part+": "+strings.Join(ids, ", "))
	})
	return s, &got
}

func write(t *testing.T, s *pytest.Stream, chunks ...string) {
	t.Helper()
	for _, c := range chunks {
		_, err := s.Write([]byte(c))
		require.NoError(t, err)
	}
}

// TestWatchAnnouncesEachScopeAsItsTestsEnd: a test, its parametrised
// function, its class, its module and each directory are announced once
// every test pytest collected under them is done, while the run goes on,
// with pytest's own durations (all phases); a record read in pieces
// counts once it is whole.
func TestWatchAnnouncesEachScopeAsItsTestsEnd(t *testing.T) {
	s, got := watched(t)
	write(t, s, keyed(items("t/a.py::test_p[1]", "t/a.py::test_p[2]", "t/a.py::C::test_c", "t/b.py::test_b")))
	write(t, s, keyed(rec("t/a.py::test_p[1]", "passed"), done("t/a.py::test_p[1]")))
	assert.Equal(t, []string{"t/a.py::test_p[1]: t/a.py::test_p[1] passed 100ms"}, *got)
	line := keyed(rec("t/a.py::test_p[2]", "failed"), done("t/a.py::test_p[2]"))
	write(t, s, line[:20])
	assert.Len(t, *got, 1, "half a record is nothing")
	write(t, s, line[20:])
	assert.Equal(t, []string{
		"t/a.py::test_p[1]: t/a.py::test_p[1] passed 100ms",
		"t/a.py::test_p: t/a.py::test_p[1] passed 100ms, t/a.py::test_p[2] failed 100ms",
		"t/a.py::test_p[2]: t/a.py::test_p[2] failed 100ms",
	}, *got)
	*got = nil
	teardown := `{"duration": 0.25, "longrepr": "boom", "nodeid": "t/a.py::C::test_c", "outcome": "failed", "type": "test", "v": 1, "when": "teardown"}` + "\n"
	write(t, s, keyed(rec("t/a.py::C::test_c", "passed"), teardown, done("t/a.py::C::test_c")))
	assert.Equal(t, []string{
		"t/a.py: t/a.py::test_p[1] passed 100ms, t/a.py::test_p[2] failed 100ms, t/a.py::C::test_c failed 350ms",
		"t/a.py::C: t/a.py::C::test_c failed 350ms",
		"t/a.py::C::test_c: t/a.py::C::test_c failed 350ms",
	}, *got)
	*got = nil
	write(t, s, keyed(rec("t/b.py::test_b", "passed"), done("t/b.py::test_b"), done("t/b.py::test_b"), session))
	assert.Equal(t, []string{
		"t: t/a.py::test_p[1] passed 100ms, t/a.py::test_p[2] failed 100ms, t/a.py::C::test_c failed 350ms, t/b.py::test_b passed 100ms",
		"t/b.py: t/b.py::test_b passed 100ms",
		"t/b.py::test_b: t/b.py::test_b passed 100ms",
	}, *got, "a second done for one test announces nothing more")
	assert.True(t, s.Report(ports.Result{ExitCode: 1}).Parsed)
}

// TestWatchForgedRecords: a line without the run's key (a test that found
// the channel, or guessed at its shape) announces nothing, whatever it
// claims, and so does a keyed record after the session line; Report still
// flags the forged line, so the verdict never rests on it.
func TestWatchForgedRecords(t *testing.T) {
	s, got := watched(t)
	write(t, s, keyed(items("t/a.py::test_a", "t/a.py::test_b")))
	write(t, s, rec("t/a.py::test_a", "passed")+done("t/a.py::test_a")+"k3 "+done("t/a.py::test_a"))
	write(t, s, items("t/x.py::test_x")+done("t/x.py::test_x"))
	assert.Empty(t, *got, "no line without the key counts")
	write(t, s, keyed(rec("t/a.py::test_a", "failed"), done("t/a.py::test_a")))
	assert.Equal(t, []string{"t/a.py::test_a: t/a.py::test_a failed 100ms"}, *got, "the keyed result is the one shown")
	write(t, s, keyed(session, rec("t/a.py::test_b", "passed"), done("t/a.py::test_b")))
	assert.Len(t, *got, 1, "nothing after the session line")
	rep := s.Report(ports.Result{ExitCode: 1})
	assert.Contains(t, rep.Anomalies, pytest.AnomalyForged)
}

// TestWatchCollectionError: a scope holding a module that failed to
// collect is never announced, since its tests are not all known; a
// sibling module still is.
func TestWatchCollectionError(t *testing.T) {
	s, got := watched(t)
	broken := `{"longrepr": "E   ImportError", "nodeid": "t/broken.py", "outcome": "failed", "type": "collect", "v": 1}` + "\n"
	write(t, s, keyed(broken, items("t/a.py::test_a"), rec("t/a.py::test_a", "passed"), done("t/a.py::test_a")))
	assert.Equal(t, []string{
		"t/a.py: t/a.py::test_a passed 100ms",
		"t/a.py::test_a: t/a.py::test_a passed 100ms",
	}, *got, "t, which holds t/broken.py, is not announced")
}

// TestWatchUncollected: a done record for a node id pytest did not
// collect, or before the items record, announces nothing.
func TestWatchUncollected(t *testing.T) {
	s, got := watched(t)
	write(t, s, keyed(rec("t/a.py::test_a", "passed"), done("t/a.py::test_a"), items("t/b.py::test_b"), done("t/a.py::test_a")))
	assert.Empty(t, *got)
}

func TestScopes(t *testing.T) {
	assert.Equal(t, []string{"t", "t/sub", "t/sub/x.py", "t/sub/x.py::C", "t/sub/x.py::C::test_a", "t/sub/x.py::C::test_a[a::b/c]"},
		pytest.Scopes("t/sub/x.py::C::test_a[a::b/c]"), "a parametrisation id is one level, whatever it holds")
	assert.Equal(t, []string{"x.py", "x.py::test_a"}, pytest.Scopes("x.py::test_a"))
	assert.Equal(t, []string{"..", "../x.py", "../x.py::t"}, pytest.Scopes("../x.py::t"))
}

func TestWithin(t *testing.T) {
	d := pytest.Driver{}
	sel := func(terms ...string) ports.Selector { return ports.Selector{Terms: terms} }
	for _, c := range []struct {
		sel  ports.Selector
		part string
		want bool
	}{
		{sel("t/a.py::test_a"), "t/a.py::test_a", true},
		{sel("./t//a.py::test_a"), "t/a.py::test_a", true},
		{sel("t/a.py::test_a"), "t/a.py", true},
		{sel("t/a.py::test_a"), "t", true},
		{sel("t/a.py::test_a"), "t/a.py::test_a[1]", false},
		{sel("t/a.py::test_a"), "t/a.py::test_ab", false},
		{sel("t/a.py"), "t/a.py::test_a", false},
		{sel("t/a.py::test_a", "t/b.py::test_b"), "t/a.py", false},
		{sel("t/a.py::test_a", "t/b.py::test_b"), "t", true},
		{sel("t/"), "t", true},
		{sel("."), "t", false},
		{sel(), "t", false},
	} {
		assert.Equal(t, c.want, d.Within(c.sel, c.part), "%q in %q", c.sel.Terms, c.part)
	}
}

// TestSplit: each node id of a selection is a piece on its own, in the
// selection's group, so a binding naming two modules is shown once both
// have ended.
func TestSplit(t *testing.T) {
	d := pytest.Driver{}
	sel := ports.Selector{Group: "g", Terms: []string{"t/a.py::test_a", "t/b.py"}}
	pieces := d.Split(sel)
	assert.Equal(t, []ports.Selector{{Group: "g", Terms: []string{"t/a.py::test_a"}}, {Group: "g", Terms: []string{"t/b.py"}}}, pieces)
	assert.False(t, d.Within(sel, "t/a.py"), "the whole selection is within no module")
	assert.True(t, d.Within(pieces[0], "t/a.py"))
	assert.True(t, d.Within(pieces[1], "t/b.py"))
}
