package repofs

import (
	"errors"
	"fmt"
	"io/fs"
	"path"
	"strings"
	"unicode/utf8"
)

// Entry is one path Walk visits.
type Entry struct {
	// Path is the path as walked (through links, not their targets).
	Path string
	Name string
	// Dir is true for a directory, or a link to one.
	Dir bool
	// Link is true when the entry is a symbolic link.
	Link bool
	// Refused is set when the entry cannot be read under the policy; the
	// walk goes on with its siblings.
	Refused *Refused
}

// MayBe reports whether a refused entry could be a file ending in suffix
// (a contract's .toml): so named, a link with no extension (it may lead
// to one), or a name that is not UTF-8 (unreadable, so unknown). Such
// refusals are reported; hidden names and other files are not.
func (e Entry) MayBe(suffix string) bool {
	if strings.HasPrefix(e.Name, ".") {
		return false
	}
	return strings.HasSuffix(e.Name, suffix) || e.Link && !strings.Contains(e.Name, ".") || !utf8.ValidString(e.Name)
}

// Walk visits every entry below root in lexical order, like fs.WalkDir,
// except that a symbolic link inside the repository is followed (a linked
// capability directory is walked like any other), a link leaving it or
// looping back to a directory being walked, and a name that is not UTF-8,
// are visited with Refused set and not entered. fn returning fs.SkipDir
// skips a directory. An unreadable directory is an error naming it.
func Walk(fsys fs.FS, root string, fn func(Entry) error) error {
	real, err := Resolve(fsys, root)
	if err != nil {
		return err
	}
	return walk(fsys, root, real, []string{real}, fn)
}

func walk(fsys fs.FS, dir, real string, stack []string, fn func(Entry) error) error {
	entries, err := fs.ReadDir(fsys, real)
	if err != nil {
		return fmt.Errorf("read directory %s: %w", Quote(dir), err)
	}
	for _, d := range entries {
		e := Entry{Path: path.Join(dir, d.Name()), Name: d.Name(), Dir: d.IsDir(), Link: d.Type()&fs.ModeSymlink != 0}
		target := path.Join(real, d.Name())
		switch {
		case !utf8.ValidString(d.Name()):
			e.Refused = &Refused{Path: e.Path, Why: "has a name that is not valid UTF-8, so ah cannot name or check it: rename it"}
		case e.Link:
			target, e.Refused = follow(fsys, e.Path, target, stack)
			if e.Refused == nil {
				fi, err := fs.Stat(fsys, target)
				if err != nil {
					return fmt.Errorf("read %s: %w", Quote(e.Path), err)
				}
				e.Dir = fi.IsDir()
			}
		}
		if err := fn(e); err != nil {
			if errors.Is(err, fs.SkipDir) && e.Dir {
				continue
			}
			return err
		}
		if e.Dir && e.Refused == nil {
			if err := walk(fsys, e.Path, target, append(stack, target), fn); err != nil {
				return err
			}
		}
	}
	return nil
}

// follow resolves the link at p (real is its resolved parent plus name):
// a target outside, missing or enclosing a directory being walked is
// refused.
func follow(fsys fs.FS, p, real string, stack []string) (string, *Refused) {
	target, err := Resolve(fsys, real)
	var r *Refused
	switch {
	case errors.As(err, &r):
		return "", &Refused{Path: p, Why: r.Why}
	case err != nil:
		return "", &Refused{Path: p, Why: "is a symbolic link ah cannot read: " + err.Error()}
	}
	if _, err := fs.Stat(fsys, target); errors.Is(err, fs.ErrNotExist) {
		return "", &Refused{Path: p, Why: "is a symbolic link to a missing file: remove it or restore its target"}
	}
	for _, s := range stack {
		if target == s || target == "." || strings.HasPrefix(s, target+"/") {
			return "", &Refused{Path: p, Why: "is a symbolic link to a directory that encloses it, a loop: remove it"}
		}
	}
	return target, nil
}
