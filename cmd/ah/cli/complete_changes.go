package cli

import (
	"github.com/espectacular/ah/core/overlay"
)

// changes predicts change ids (for --changes and the commands that take a
// change): the ones ah accepts, as overlay.IDs lists them. As for units,
// anything that goes wrong predicts nothing.
func changes(chdir string, d *Deps) []string {
	r, err := locate(&Globals{Chdir: chdir}, d)
	if err != nil || r.Problem != nil {
		return nil
	}
	return overlay.IDs(r.FS, r.Config.Changes)
}
