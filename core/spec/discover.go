package spec

import (
	"cmp"
	"errors"
	"fmt"
	"io/fs"
	"path"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/espectacular/ah/core/parallel"
	"github.com/espectacular/ah/core/repofs"
)

// File is one spec.md with its capability and scenarios.
type File struct {
	// Capability is the spec directory relative to the specs root
	// ("compiler", or "a/b" for a nested capability).
	Capability string
	// Path is the repository-relative, slash-separated path of spec.md.
	Path string
	// Scenarios is Doc.Flatten(): the flat list the correspondence checks use.
	Scenarios []Scenario
	// Doc is the file's structure (sections, requirements, deltas, spans).
	Doc Document
	// Skipped, when set, says why Path was not read (issue 9): a
	// *repofs.Refused (a link leaving the repository, a name that is not
	// UTF-8) or a *repofs.TooLarge. Path may then be a directory or the
	// specs root, and the file has no scenarios.
	Skipped error
}

// Outline is f without its scenarios and tree: what a check keeps of a spec
// once its structure was checked (issue 40: a large corpus need not hold
// every tree while its contracts are decoded).
func (f File) Outline() File {
	return File{Capability: f.Capability, Path: f.Path, Skipped: f.Skipped}
}

// ErrNoSpecsDir is returned (wrapped) when the specs root does not exist.
var ErrNoSpecsDir = errors.New("specs directory does not exist")

// ErrSpecsNotDir is returned (wrapped) when the specs root is a file.
var ErrSpecsNotDir = errors.New("specs directory is a file, not a directory")

// Discover is DiscoverLimit with the default size limit of a spec file.
func Discover(fsys fs.FS, root string) ([]File, error) {
	return DiscoverLimit(fsys, root, repofs.DefaultSpecLimit)
}

// DiscoverLimit finds every <root>/<capability>/spec.md in fsys, sorted by
// capability, and scans each for scenarios. A spec.md directly in root has no
// capability and is ignored. Links are followed inside the repository
// only (repofs); a path that cannot be read under that policy, or a spec
// over limit bytes, is a File with Skipped set, and the rest is still
// read.
func DiscoverLimit(fsys fs.FS, root string, limit int64) ([]File, error) {
	files, _, err := DiscoverEach(fsys, root, limit, func(f File) (File, struct{}) { return f, struct{}{} })
	return files, err
}

// DiscoverEach is DiscoverLimit handing each file, once read and parsed, to
// keep, which returns what is kept of it (its Outline, say) and what it
// drew from it; kept[i] is what keep drew from files[i]. A caller that
// needs only a little of each tree never holds them all at once (issue
// 40: at 100,000 scenarios the trees were most of a check's peak heap).
// keep runs on one worker per processor, each file once; the result never
// depends on which worker ran it.
func DiscoverEach[T any](fsys fs.FS, root string, limit int64, keep func(File) (File, T)) (files []File, kept []T, err error) {
	root = path.Clean(root)
	if err := checkRoot(fsys, root); err != nil {
		if _, ok := errors.AsType[*repofs.Refused](err); ok {
			f, t := keep(File{Path: root, Skipped: err})
			return []File{f}, []T{t}, nil
		}
		return nil, nil, err
	}
	// The walk only lists; the specs are read and parsed afterwards, one
	// worker per processor, each into its own slot (issue 29).
	err = repofs.Walk(fsys, root, func(e repofs.Entry) error {
		if e.Refused != nil {
			if specCandidate(e) {
				dir := e.Path // a capability directory
				if e.Name == "spec.md" {
					dir = path.Dir(e.Path)
				}
				files = append(files, File{Path: e.Path, Capability: repofs.Quote(capabilityOf(root, dir)), Skipped: e.Refused})
			}
			return nil
		}
		if e.Dir || e.Name != "spec.md" || path.Dir(e.Path) == root {
			return nil
		}
		files = append(files, File{Capability: capabilityOf(root, path.Dir(e.Path)), Path: e.Path})
		return nil
	})
	if err != nil {
		return nil, nil, err
	}
	slices.SortFunc(files, func(a, b File) int {
		return cmp.Or(strings.Compare(a.Capability, b.Capability), strings.Compare(a.Path, b.Path))
	})
	kept = make([]T, len(files))
	err = parallel.Each(len(files), func(i int) error {
		if files[i].Skipped == nil { // refused by the walk: not read
			if err := readSpec(fsys, &files[i], limit); err != nil {
				return err
			}
		}
		files[i], kept[i] = keep(files[i])
		return nil
	})
	if err != nil {
		return nil, nil, err
	}
	return files, kept, nil
}

// readSpec reads and parses f.Path; a spec over limit is Skipped.
func readSpec(fsys fs.FS, f *File, limit int64) error {
	text, err := repofs.ReadString(fsys, f.Path, limit)
	if _, ok := errors.AsType[*repofs.TooLarge](err); ok {
		f.Skipped = err
		return nil
	}
	if err != nil {
		return fmt.Errorf("read %s: %w", f.Path, err)
	}
	f.Doc = ParseString(text)
	f.Scenarios = f.Doc.Flatten()
	return nil
}

// checkRoot says whether root is a directory to walk.
func checkRoot(fsys fs.FS, root string) error {
	real, err := repofs.Resolve(fsys, root)
	if err != nil {
		return err
	}
	fi, err := fs.Stat(fsys, real)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return fmt.Errorf("%s: %w", root, ErrNoSpecsDir)
	case err != nil:
		return fmt.Errorf("read specs directory %s: %w", root, err)
	case !fi.IsDir():
		return fmt.Errorf("%s: %w", root, ErrSpecsNotDir)
	}
	return nil
}

// specCandidate reports whether a refused entry may hide scenarios: a
// spec.md, a name that cannot be read at all, or a link without a file
// extension (a capability directory, as far as ah may know).
func specCandidate(e repofs.Entry) bool {
	return e.Name == "spec.md" || !utf8.ValidString(e.Name) || e.Link && !strings.Contains(e.Name, ".")
}

func capabilityOf(root, dir string) string { return strings.TrimPrefix(dir, root+"/") }

// Collision is a second scenario whose id equals an earlier one's while its
// body differs.
type Collision struct {
	First, Second Scenario
}

// Dedupe keeps the first scenario of each id. A later scenario with the same
// id and the same body is a mirror (a delta's ADDED section repeated under
// Requirements) and is dropped silently; one with a different body is a
// collision.
func Dedupe(scenarios []Scenario) (unique []Scenario, collisions []Collision) {
	first := map[string]int{}
	for _, s := range scenarios {
		if s.ID == "" {
			// No id to collide on; each is reported as empty-scenario-id.
			unique = append(unique, s)
			continue
		}
		i, seen := first[s.ID]
		if !seen {
			first[s.ID] = len(unique)
			unique = append(unique, s)
			continue
		}
		if !SameBody(unique[i].Body, s.Body) {
			collisions = append(collisions, Collision{First: unique[i], Second: s})
		}
	}
	return unique, collisions
}
