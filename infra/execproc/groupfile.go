//go:build unix

package execproc

import (
	"fmt"
	"io"
	"os"
)

// groupLine is the width of one line of a groupFile: a pgid right-aligned
// in ten columns (Linux pids stay below 2^22) and a newline.
const groupLine = 11

// groupFile keeps the process groups the watchdog must kill if ah dies in
// a file the watchdog reads only then: one fixed-width line per group,
// blank once the group is gone, freed lines reused. Guarding a test costs
// one pwrite, where a line down a pipe woke the watchdog's shell, which
// reads a pipe a byte per system call, twice a test.
type groupFile struct {
	f     io.WriterAt
	lines map[int][]int // pgid -> its lines; a group may be guarded twice
	free  []int
	n     int // lines ever used
}

func newGroupFile(f io.WriterAt) *groupFile {
	return &groupFile{f: f, lines: map[int][]int{}}
}

// add lists pgid once more.
func (g *groupFile) add(pgid int) error {
	var line int
	if k := len(g.free); k > 0 {
		line, g.free = g.free[k-1], g.free[:k-1]
	} else {
		line = g.n
		g.n++
	}
	g.lines[pgid] = append(g.lines[pgid], line)
	return g.write(line, fmt.Sprintf("%*d\n", groupLine-1, pgid))
}

// remove lists pgid once less; a pgid not listed is ignored.
func (g *groupFile) remove(pgid int) error {
	lines := g.lines[pgid]
	if len(lines) == 0 {
		return nil
	}
	line := lines[len(lines)-1]
	if len(lines) == 1 {
		delete(g.lines, pgid)
	} else {
		g.lines[pgid] = lines[:len(lines)-1]
	}
	g.free = append(g.free, line)
	return g.write(line, fmt.Sprintf("%*s\n", groupLine-1, ""))
}

// write is one pwrite of a whole line, which a SIGKILL cannot split.
func (g *groupFile) write(line int, text string) error {
	_, err := g.f.WriteAt([]byte(text), int64(line*groupLine))
	return err
}

// tempGroupFile makes a groupFile as a temporary file, removed at once:
// the open descriptors of ah and the watchdog keep it until both are gone.
func tempGroupFile() (*os.File, error) {
	f, err := os.CreateTemp("", "ah-watchdog-")
	if err != nil {
		return nil, err
	}
	_ = os.Remove(f.Name())
	return f, nil
}
