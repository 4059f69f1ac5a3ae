package cli

import (
	"strings"

	"github.com/espectacular/ah/core/spec"
)

// units predicts the unit arguments of `ah check` (and the scenario of `ah
// contract new` and `ah scenario supersede`): every capability, and
// the <capability>/<scenario-id> of a capability once the word being typed
// names it (or fits no other capability), so that `ah check <TAB>` lists
// capabilities rather than every scenario of the repository. The specs
// are found through the usual root discovery, from the -C of the line if
// any (chdir); anything that goes wrong (no repository, a bad config, unreadable
// specs) predicts nothing.
func units(last, chdir string, d *Deps) []string {
	caps := capabilityFiles(chdir, d)
	var out []string
	for _, f := range caps {
		out = append(out, f.Capability)
	}
	for _, f := range caps {
		if !strings.HasPrefix(last, f.Capability) && !onlyMatch(caps, f, last) {
			continue
		}
		for _, s := range f.Scenarios {
			if s.ID != "" {
				out = append(out, f.Capability+"/"+s.ID)
			}
		}
	}
	return out
}

// capabilities predicts the arguments of `ah sync`: every capability.
func capabilities(chdir string, d *Deps) []string {
	var out []string
	for _, f := range capabilityFiles(chdir, d) {
		out = append(out, f.Capability)
	}
	return out
}

// capabilityFiles are the spec files of the repository found from chdir
// that belong to a capability; none when anything goes wrong.
func capabilityFiles(chdir string, d *Deps) []spec.File {
	r, err := locate(&Globals{Chdir: chdir}, d)
	if err != nil || r.Problem != nil {
		return nil
	}
	files, err := spec.Discover(r.FS, r.Config.Specs)
	if err != nil {
		return nil
	}
	if r.Config.QualifyCollidingIDs {
		files = spec.Qualify(files)
	}
	var caps []spec.File
	for _, f := range files {
		if f.Skipped == nil && f.Capability != "" {
			caps = append(caps, f)
		}
	}
	return caps
}

// onlyMatch reports whether f is the one capability starting with prefix.
func onlyMatch(caps []spec.File, f spec.File, prefix string) bool {
	if !strings.HasPrefix(f.Capability, prefix) {
		return false
	}
	for _, o := range caps {
		if o.Capability != f.Capability && strings.HasPrefix(o.Capability, prefix) {
			return false
		}
	}
	return true
}

// chdirOf is the directory given with -C or --chdir among the completed
// words, the last one winning as in parsing; "" when there is none.
func chdirOf(words []string) string {
	dir := ""
	for i, w := range words {
		switch {
		case (w == "-C" || w == "--chdir") && i+1 < len(words):
			dir = words[i+1]
		case strings.HasPrefix(w, "--chdir="):
			dir = strings.TrimPrefix(w, "--chdir=")
		case strings.HasPrefix(w, "-C") && len(w) > 2 && w[2] != '-':
			dir = strings.TrimPrefix(w, "-C")
		}
	}
	return dir
}
