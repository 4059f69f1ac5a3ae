package cli

import (
	"io/fs"
	"strings"
)

// changes predicts change ids (for --changes and the commands that take a
// change): the directories under [paths] changes, except OpenSpec's
// `archive` of finished changes and hidden ones, which ah refuses as ids.
// As for units, anything that goes wrong predicts nothing.
func changes(chdir string, d *Deps) []string {
	r, err := locate(&Globals{Chdir: chdir}, d)
	if err != nil || r.Problem != nil {
		return nil
	}
	entries, err := fs.ReadDir(r.FS, r.Config.Changes)
	if err != nil {
		return nil
	}
	var out []string
	for _, e := range entries {
		if e.IsDir() && e.Name() != "archive" && !strings.HasPrefix(e.Name(), ".") {
			out = append(out, e.Name())
		}
	}
	return out
}
