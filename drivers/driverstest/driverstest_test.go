package driverstest_test

import (
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/espectacular/ah/drivers/driverstest"
)

func TestTail(t *testing.T) {
	long := []byte("0123456789" + string(make([]byte, 60)))
	assert.Equal(t, long[10:], driverstest.Tail(long))
	assert.Equal(t, []byte("short"), driverstest.Tail([]byte("short")))
}

type program string

func (p program) RunsFramework(argv []string) bool { return slices.Contains(argv, string(p)) }

func TestRunsFramework(t *testing.T) {
	driverstest.RunsFramework(t, program("x"), [][]string{{"x"}, {"y", "x"}}, [][]string{{"y"}, nil})
	r := &recorder{TB: t}
	driverstest.RunsFramework(r, program("x"), [][]string{{"y"}}, nil)
	assert.True(t, r.failed, "a command not recognised fails the test")
	r = &recorder{TB: t}
	driverstest.RunsFramework(r, program("x"), nil, [][]string{{"x"}})
	assert.True(t, r.failed, "a command recognised wrongly fails the test")
}

// recorder notes a failure instead of reporting it.
type recorder struct {
	testing.TB
	failed bool
}

func (r *recorder) Errorf(string, ...any) { r.failed = true }
