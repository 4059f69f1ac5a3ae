package pytest_test

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/espectacular/ah/drivers/pytest"
	"github.com/espectacular/ah/ports"
)

func TestSelect(t *testing.T) {
	tests := []struct {
		flags []string
		ok    bool
	}{
		{[]string{"tests/test_x.py::test_a"}, true},
		{[]string{"tests/test_x.py::test_a[1]", "tests/"}, true},
		{[]string{"-k", "a"}, false},
		{[]string{"tests/test_x.py", "-x"}, false},
		// Ids are relative to the directory pytest runs in, and below it.
		{[]string{"/repo/tests/test_x.py::test_a"}, false},
		{[]string{"../tests/test_x.py"}, false},
		{[]string{"tests/test_x.py::test_a[..]"}, true},
		{nil, false},
	}
	for _, tt := range tests {
		_, ok := pytest.New().Select(tt.flags)
		assert.Equal(t, tt.ok, ok, "Select(%q)", tt.flags)
	}
}

func TestBatchArgv(t *testing.T) {
	got, ok := pytest.New().BatchArgv([]string{"python3", "-m", "pytest"}, []ports.Selector{
		{Terms: []string{"t/a.py::x"}}, {Terms: []string{"t/b.py", "t/a.py::x"}},
	})
	assert.True(t, ok)
	assert.Equal(t, []string{"python3", "-m", "pytest", "t/a.py::x", "t/b.py"}, got)
}

func TestMatches(t *testing.T) {
	tests := []struct {
		sel, id string
		want    bool
	}{
		{"tests/test_x.py::test_a", "tests/test_x.py::test_a", true},
		{"tests/test_x.py::test_a", "tests/test_x.py::test_a[1-2]", true},
		{"tests/test_x.py::test_a", "tests/test_x.py::test_ab", false},
		{"tests/test_x.py::TestC", "tests/test_x.py::TestC::test_m", true},
		{"tests/test_x.py", "tests/test_x.py::test_a", true},
		{"./tests/", "tests/test_x.py::test_a", true},
		{"tests", "tests_other/test_x.py::test_a", false},
		// Issue 23 item 5: no leading directory is dropped.
		{"py/tests/test_x.py::test_a", "tests/test_x.py::test_a", false},
		{"legacy/tests", "tests/test_x.py::test_a", false},
		{"py/tests/test_x.py::test_a", "py/tests/test_x.py::test_a", true},
		{"tests//test_x.py::test_a", "tests/test_x.py::test_a", true},
		{".", "tests/test_x.py::test_a", true},
		{"tests/test_x.py::test_a[1]", "tests/test_x.py::test_a[2]", false},
	}
	for _, tt := range tests {
		got := pytest.New().Matches(ports.Selector{Terms: []string{tt.sel}}, ports.TestCase{ID: tt.id})
		assert.Equal(t, tt.want, got, "Matches(%q, %q)", tt.sel, tt.id)
	}
}
