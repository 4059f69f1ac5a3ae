package gotest_test

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/espectacular/ah/drivers/gotest"
	"github.com/espectacular/ah/ports"
)

func sel(run, pkg string, importPath ...string) ports.Selector {
	return ports.Selector{Terms: append([]string{run, pkg}, importPath...)}
}

func TestCorroborateArgv(t *testing.T) {
	tests := []struct {
		name string
		argv []string
		sels []ports.Selector
		want []string
	}{
		{"one subtest", []string{"go", "test", ".", "-run", "^TestA$/^ok$"}, []ports.Selector{sel("^TestA$/^ok$", ".")},
			[]string{"go", "test", "-skip", "^TestA$/^ok$", ".", "-run", "^TestA$/^ok$"}},
		{"only the subtest alternatives, each once", []string{"go", "test", "./a", "./b", "-run", "x"},
			[]ports.Selector{sel("^TestB$|^TestA$/^ok$", "./a"), sel("^TestA$/^ok$", "./b"), sel("^TestS$/^d$/^s$", "./b"), sel("^TestC$", "./a")},
			[]string{"go", "test", "-skip", "^TestA$/^ok$|^TestS$/^d$/^s$", "./a", "./b", "-run", "x"}},
		{"an alternation inside a level stays one alternative", []string{"go", "test", ".", "-run", "^TestA$/^(x|y)$"}, []ports.Selector{sel("^TestA$/^(x|y)$", ".")},
			[]string{"go", "test", "-skip", "^TestA$/^(x|y)$", ".", "-run", "^TestA$/^(x|y)$"}},
		{"the runner's own -skip is kept", []string{"go", "test", "-skip", "Slow", ".", "-run", "^TestA$/^ok$"}, []ports.Selector{sel("^TestA$/^ok$", ".")},
			[]string{"go", "test", "-skip", "Slow|^TestA$/^ok$", ".", "-run", "^TestA$/^ok$"}},
		{"the runner's own -skip= is kept", []string{"go", "test", "-skip=Slow", ".", "-run", "^TestA$/^ok$"}, []ports.Selector{sel("^TestA$/^ok$", ".")},
			[]string{"go", "test", "-skip=Slow|^TestA$/^ok$", ".", "-run", "^TestA$/^ok$"}},
		{"no subtest", []string{"go", "test", ".", "-run", "^TestA$"}, []ports.Selector{sel("^TestA$", ".")}, nil},
		{"not go test", []string{"make", "test"}, []ports.Selector{sel("^TestA$/^ok$", ".")}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, ok := gotest.New().CorroborateArgv(tt.argv, tt.sels)
			assert.Equal(t, tt.want != nil, ok)
			assert.Equal(t, tt.want, got)
		})
	}
}

func TestForged(t *testing.T) {
	result := func(pkg, name string) ports.TestCase {
		return ports.TestCase{ID: pkg + "." + name, Path: []string{pkg, name}, Status: ports.TestPassed}
	}
	// The corroboration of `-skip '^TestA$/^ok$'` in example.com/m and
	// example.com/m/b: TestA/ok of m, TestA/ok/deep and TestB/x were
	// still reported.
	rep := ports.TestReport{Parsed: true,
		Tests:      []ports.TestCase{result("example.com/m", "TestA"), result("example.com/m", "TestB/x")},
		Unrunnable: []ports.TestCase{result("example.com/m", "TestA/ok"), result("example.com/m/b", "TestC/ok/deep")},
	}
	sels := []ports.Selector{
		sel("^TestA$/^ok$", ".", "example.com/m"),
		sel("^TestA$/^ok$", "./b", "example.com/m/b"),
		sel("^TestB$|^TestZ$/^x$", ".", "example.com/m"),
		sel("^TestC$/^ok$", "./b"),
	}
	assert.Equal(t, []string{
		"example.com/m.TestA/ok",
		"", // TestA/ok of another package
		"", // TestB/x: TestB is not a subtest binding, its subtests are real
		"example.com/m/b.TestC/ok/deep",
	}, gotest.New().Forged(sels, rep))
}

func TestStreamUnrunnable(t *testing.T) {
	s := gotest.NewStream("-run", "^TestA$/^ok$", "-skip", "^TestA$/^ok$")
	_, _ = s.Write([]byte(`{"Action":"run","Package":"m","Test":"TestA"}
{"Action":"run","Package":"m","Test":"TestA/ok"}
{"Action":"pass","Package":"m","Test":"TestA/ok"}
{"Action":"pass","Package":"m","Test":"TestA"}
{"Action":"pass","Package":"m"}
`))
	rep := s.Report(ports.Result{})
	assert.Equal(t, []ports.TestCase{{ID: "m.TestA/ok", Path: []string{"m", "TestA/ok"}, Status: ports.TestPassed}}, rep.Unrunnable)
	assert.Equal(t, []string{"a result for m.TestA/ok, which this command line cannot run"}, rep.Anomalies)
	assert.Len(t, rep.Tests, 1, "never evidence")
}

func TestRunSelection(t *testing.T) {
	tests := []struct {
		name  string
		flags []string
		want  []string
	}{
		{"beside -count", []string{".", "-run", "^TestA$/^ok$", "-count=1"}, []string{"^TestA$/^ok$", ""}},
		{"the last -run wins", []string{"./a", "./b", "-run=x", "-v", "-test.run", "^TestB$"}, []string{"^TestB$", ""}},
		{"no -run", []string{"./...", "-count=1"}, nil},
		{"a pattern ah does not mirror", []string{".", "-run", "^TestA$/(x"}, nil},
		{"-args hands the rest to the binary", []string{".", "-run", "^TestA$", "-args", "-test.run", "x"}, nil},
		{"a package named args", []string{"./args", "-run", "^TestA$"}, []string{"^TestA$", ""}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, ok := gotest.New().RunSelection(tt.flags)
			assert.Equal(t, tt.want != nil, ok)
			if tt.want != nil {
				assert.Equal(t, tt.want, got.Terms)
			}
		})
	}
}
