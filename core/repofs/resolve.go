package repofs

import (
	"errors"
	"fmt"
	"io/fs"
	"path"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// maxHops bounds the links followed in one path, as the kernel's ELOOP.
const maxHops = 40

// Refused is a path ah will not read: a link that leaves the repository,
// loops or dangles, or a name that is not UTF-8.
type Refused struct {
	// Path is the path as walked or asked for; Why says what is wrong and
	// how to fix it.
	Path string
	Why  string
}

func (e *Refused) Error() string { return Quote(e.Path) + " " + e.Why }

// TooLarge is a file over its size limit; it was not read.
type TooLarge struct {
	Path        string
	Size, Limit int64
}

func (e *TooLarge) Error() string {
	return fmt.Sprintf("%s is %s, over the limit of %s", Quote(e.Path), Bytes(e.Size), Bytes(e.Limit))
}

// Bytes formats a size for a message: "64 MiB", "1.5 GiB", "300 bytes".
func Bytes(n int64) string {
	units := []string{"KiB", "MiB", "GiB", "TiB"}
	if n < 1024 {
		return strconv.FormatInt(n, 10) + " bytes"
	}
	v, u := float64(n)/1024, 0
	for v >= 1024 && u < len(units)-1 {
		v, u = v/1024, u+1
	}
	return strings.TrimSuffix(strconv.FormatFloat(v, 'f', 1, 64), ".0") + " " + units[u]
}

// Quote returns p as is when it is valid UTF-8 without control characters,
// else with Go escapes (`b\xff`, `a\nb`), so a hostile name can neither
// break a message nor reach a terminal raw.
func Quote(p string) string {
	if utf8.ValidString(p) && strings.IndexFunc(p, unicode.IsControl) < 0 {
		return p
	}
	q := strconv.Quote(p)
	return q[1 : len(q)-1]
}

// Resolve returns the path name leads to, with every symbolic link
// resolved inside fsys, or a *Refused when a link is absolute, climbs out
// of the root, dangles or loops. A missing component ends resolution
// without error, so that the read reports fs.ErrNotExist. A file system
// that cannot read links (fs.ReadLinkFS) has none to resolve.
func Resolve(fsys fs.FS, name string) (string, error) {
	lfs, ok := fsys.(fs.ReadLinkFS)
	if !ok {
		return name, nil
	}
	done, rest, hops := ".", strings.Split(name, "/"), 0
	link := "" // the last link followed
	for len(rest) > 0 {
		c := rest[0]
		rest = rest[1:]
		switch c {
		case "", ".":
			continue
		case "..":
			if done == "." {
				return "", outside(name, link)
			}
			done = path.Dir(done)
			continue
		}
		next := path.Join(done, c)
		fi, err := lfs.Lstat(next)
		if err != nil {
			if errors.Is(err, fs.ErrNotExist) {
				return path.Join(append([]string{next}, rest...)...), nil
			}
			return "", err
		}
		if fi.Mode()&fs.ModeSymlink == 0 {
			done = next
			continue
		}
		if hops++; hops > maxHops {
			return "", &Refused{Path: name, Why: "is a loop of symbolic links: make it a regular file or directory"}
		}
		target, err := lfs.ReadLink(next)
		if err != nil {
			return "", err
		}
		if strings.HasPrefix(target, "/") || strings.HasPrefix(target, `\`) || len(target) > 1 && target[1] == ':' {
			via := "leads through the symbolic link " + Quote(next) + " to"
			if next == path.Clean(name) {
				via = "is a symbolic link to"
			}
			return "", &Refused{Path: name, Why: fmt.Sprintf(
				"%s the absolute path %s: ah follows only relative links that stay inside the repository; make it a relative link or a copy", via, Quote(target))}
		}
		link = next
		rest = append(strings.Split(target, "/"), rest...)
	}
	return done, nil
}

func outside(name, link string) *Refused {
	via := "is a symbolic link that leads"
	switch {
	case link == "": // a ".." above the root, no link followed
		via = "leads"
	case link != path.Clean(name):
		via = "leads through the symbolic link " + Quote(link)
	}
	return &Refused{Path: name, Why: via + " outside the repository: ah never reads outside it; move the file into the repository or link to a copy inside it"}
}
