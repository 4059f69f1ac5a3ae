package execproc

import (
	"os"
	"syscall"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/espectacular/ah/ports"
)

// TestOutOfResourcesInPlainWords: a start still refused for lack of
// descriptors after the retries says so and what to do, not "pipe2: too
// many open files".
func TestOutOfResourcesInPlainWords(t *testing.T) {
	c := ports.Command{Argv: []string{"pytest"}}
	err := pipeError(c, os.NewSyscallError("pipe2", syscall.EMFILE))
	assert.EqualError(t, err, `start "pytest": could not create the pipes for its output: too many open files: ah ran out of file descriptors (lower --jobs, or raise the limit with `+"`ulimit -n`)")
	assert.ErrorIs(t, err, syscall.EMFILE)
	assert.True(t, outOfResources(err))
}
