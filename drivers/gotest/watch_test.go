package gotest_test

import (
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
	var got []part
	s.Watch(func(name string, tests []ports.TestCase) { got = append(got, part{name, tests}) })
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
}
