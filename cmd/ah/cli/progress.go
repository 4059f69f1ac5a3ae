package cli

import (
	"fmt"
	"io"
	"sync"
)

// progress is the live one-line display of a test run on a terminal's
// stderr; it is never used when stderr is not a terminal.
type progress struct {
	mu    sync.Mutex
	w     io.Writer
	shown bool
}

// Update redraws the line.
func (p *progress) Update(done, running, failed, total int) {
	p.mu.Lock()
	defer p.mu.Unlock()
	fmt.Fprintf(p.w, "\r\x1b[Kah: %d/%d tests done, %d running, %d failed", done, total, running, failed)
	p.shown = true
}

// clear erases the line before the report is printed.
func (p *progress) clear() {
	if p == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.shown {
		fmt.Fprint(p.w, "\r\x1b[K")
	}
}
