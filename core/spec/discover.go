package spec

import (
	"errors"
	"fmt"
	"io/fs"
	"path"
	"sort"
	"strings"
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
}

// ErrNoSpecsDir is returned (wrapped) when the specs root does not exist.
var ErrNoSpecsDir = errors.New("specs directory does not exist")

// ErrSpecsNotDir is returned (wrapped) when the specs root is a file.
var ErrSpecsNotDir = errors.New("specs directory is a file, not a directory")

// Discover finds every <root>/<capability>/spec.md in fsys, sorted by
// capability, and scans each for scenarios. A spec.md directly in root has
// no capability and is ignored.
func Discover(fsys fs.FS, root string) ([]File, error) {
	root = path.Clean(root)
	fi, err := fs.Stat(fsys, root)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return nil, fmt.Errorf("%s: %w", root, ErrNoSpecsDir)
		}
		return nil, fmt.Errorf("read specs directory %s: %w", root, err)
	}
	if !fi.IsDir() {
		return nil, fmt.Errorf("%s: %w", root, ErrSpecsNotDir)
	}
	var files []File
	err = fs.WalkDir(fsys, root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return fmt.Errorf("read %s: %w", p, err)
		}
		if d.IsDir() || d.Name() != "spec.md" {
			return nil
		}
		dir := path.Dir(p)
		if dir == root {
			return nil
		}
		data, err := fs.ReadFile(fsys, p)
		if err != nil {
			return fmt.Errorf("read %s: %w", p, err)
		}
		doc := Parse(data)
		files = append(files, File{
			Capability: strings.TrimPrefix(dir, root+"/"),
			Path:       p,
			Scenarios:  doc.Flatten(),
			Doc:        doc,
		})
		return nil
	})
	if err != nil {
		return nil, err
	}
	sort.Slice(files, func(i, j int) bool { return files[i].Capability < files[j].Capability })
	return files, nil
}

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
		if strings.TrimSpace(unique[i].Body) != strings.TrimSpace(s.Body) {
			collisions = append(collisions, Collision{First: unique[i], Second: s})
		}
	}
	return unique, collisions
}
