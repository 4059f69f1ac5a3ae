package cargo_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/espectacular/ah/drivers/cargo"
	"github.com/espectacular/ah/ports"
)

// Fed in chunks of any size, as pipes deliver it, the stream gives the
// report Parse gives for the whole output.
func TestStreamChunked(t *testing.T) {
	for _, name := range []string{"cargo-test-default", "cargo-test-no-fail-fast", "cargo-test-build-fail-type", "cargo-test-build-fail-syntax", "cargo-test-exact-none", "cargo-test-abort", "cargo-test-unknown-flag"} {
		stdout, stderr := readFixture(t, name)
		want := cargo.Parse(stdout, stderr)
		for _, size := range []int{1, 7, 4096} {
			s := cargo.NewStream()
			for _, c := range chunks(stdout, size) {
				_, _ = s.Write(c)
			}
			for _, c := range chunks(stderr, size) {
				_, _ = s.Stderr().Write(c)
			}
			assert.Equal(t, want, s.Report(ports.Result{}), "%s in chunks of %d", name, size)
		}
	}
}

// A failing test that prints without end keeps a bounded message, and a
// line longer than MaxLine does not break the parse (issue 7: only the
// report and the tails are kept).
func TestStreamBounded(t *testing.T) {
	s := cargo.NewStream()
	write := func(x string) { _, _ = s.Write([]byte(x)) }
	write("running 1 test\ntest t::loud ... FAILED\n\nfailures:\n\n---- t::loud stdout ----\n")
	line := strings.Repeat("x", 1000) + "\n"
	for range 20_000 { // 20 MB
		write(line)
	}
	write(strings.Repeat("y", 3*cargo.MaxLine) + "\n")
	write("assertion `left == right` failed\n\nfailures:\n    t::loud\n\ntest result: FAILED. 0 passed; 1 failed; 0 ignored; 0 measured; 0 filtered out\n")
	rep := s.Report(ports.Result{})
	require.True(t, rep.Parsed)
	require.Len(t, rep.Tests, 1)
	msg := rep.Tests[0].Message
	assert.LessOrEqual(t, len(msg), cargo.MaxMessage+64)
	assert.Contains(t, msg, "assertion `left == right` failed", "the end of the section is kept")
}

func chunks(b []byte, n int) [][]byte {
	var out [][]byte
	for len(b) > n {
		out = append(out, b[:n])
		b = b[n:]
	}
	return append(out, b)
}
