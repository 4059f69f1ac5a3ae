package output

import (
	"fmt"
	"io"
	"strings"
)

// FilesData is the data of the init, contract, scenario and archive
// envelopes: what was written and removed, repository-relative.
type FilesData struct {
	Written []string `json:"written"`
	Removed []string `json:"removed"`
	// Skipped are files to create that appeared while ah ran: left as
	// they are (the command exits 1).
	Skipped []string  `json:"skipped,omitempty"`
	Hook    *HookData `json:"hook,omitempty"`
	Notes   []string  `json:"notes"`

	// Lines are the text form's lines, one per file with its verb
	// ("created", "moved", ...); the envelope lists the files instead.
	Lines []string `json:"-"`
}

// HookData is the hook part of the init envelope.
type HookData struct {
	Framework string `json:"framework"`
	Path      string `json:"path"`
	Status    string `json:"status"`
	Message   string `json:"message"`
}

// FilesText prints a lifecycle command's lines, then its notes.
type FilesText struct{ w io.Writer }

// NewFilesText returns the text printer of the lifecycle commands.
func NewFilesText(w io.Writer) *FilesText { return &FilesText{w: w} }

// Print writes f.
func (p *FilesText) Print(f FilesData) error {
	var b strings.Builder
	for _, l := range f.Lines {
		b.WriteString(Escape(l) + "\n")
	}
	for _, n := range f.Notes {
		b.WriteString(Escape(n) + "\n")
	}
	_, err := fmt.Fprint(p.w, b.String())
	return err
}
