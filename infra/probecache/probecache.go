package probecache

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"

	"github.com/espectacular/ah/ports"
)

// Cache keeps entries under Dir and fingerprints with Getenv's view of the
// environment (PATH, HOME and the keyed variables).
type Cache struct {
	// Dir holds the entries; created on the first Store.
	Dir    string
	Getenv func(string) string
}

var _ ports.ProbeCache = (*Cache)(nil)

// New is the cache under the user's cache directory ($XDG_CACHE_HOME, else
// ~/.cache on Linux), read through getenv; nil when there is none (no
// HOME): every check then probes.
func New(getenv func(string) string) *Cache {
	base := getenv("XDG_CACHE_HOME")
	if !filepath.IsAbs(base) {
		dir, err := os.UserCacheDir()
		if err != nil {
			return nil
		}
		base = dir
	}
	return &Cache{Dir: filepath.Join(base, "ah", "probes"), Getenv: getenv}
}

var entryName = regexp.MustCompile(`^[0-9a-f]{16,128}$`)

// Load implements ports.ProbeCache.
func (c *Cache) Load(name string) ([]byte, bool) {
	if !entryName.MatchString(name) {
		return nil, false
	}
	data, err := os.ReadFile(filepath.Join(c.Dir, name+".json"))
	return data, err == nil
}

// Store implements ports.ProbeCache: a temporary file beside the entry,
// renamed over it.
func (c *Cache) Store(name string, data []byte) error {
	if !entryName.MatchString(name) {
		return fmt.Errorf("probe cache: invalid entry name %q", name)
	}
	if err := os.MkdirAll(c.Dir, 0o700); err != nil {
		return err
	}
	f, err := os.CreateTemp(c.Dir, name+".*.tmp")
	if err != nil {
		return err
	}
	_, werr := f.Write(data)
	cerr := f.Close()
	if err := errors.Join(werr, cerr); err != nil {
		_ = os.Remove(f.Name())
		return err
	}
	if err := os.Rename(f.Name(), filepath.Join(c.Dir, name+".json")); err != nil {
		_ = os.Remove(f.Name())
		return err
	}
	return nil
}

// Fingerprint implements ports.ProbeCache.
func (c *Cache) Fingerprint(dir string, key ports.ProbeKey) (string, bool) {
	h := sha256.New()
	line := func(parts ...string) { fmt.Fprintf(h, "%q\n", parts) }
	line("dir", dir)
	home := c.Getenv("HOME")
	path := c.Getenv("PATH")
	for _, name := range append([]string{"PATH", "HOME"}, key.Env...) {
		v, set := c.lookup(name)
		line("env", name, fmt.Sprint(set), v)
	}
	ok := true
	stat := func(kind, p string) {
		id, err := identity(p)
		if err != nil {
			ok = false
		}
		line(kind, p, id)
	}
	glob := func(kind, base, pattern string) {
		matches, err := filepath.Glob(filepath.Join(base, pattern))
		if err != nil {
			ok = false
			return
		}
		line(kind+"-glob", base, pattern)
		for _, m := range matches {
			stat(kind, m)
		}
	}
	for _, exe := range key.Executables {
		found, err := resolve(exe, dir, path)
		if err != nil {
			line("exe", exe, "absent")
			continue
		}
		real, err := filepath.EvalSymlinks(found)
		if err != nil {
			ok = false
			continue
		}
		line("exe", exe, found, real)
		stat("exe", real)
		for _, base := range slices.Compact([]string{filepath.Dir(found), filepath.Dir(real)}) {
			for _, p := range key.Near {
				glob("near", base, p)
			}
		}
	}
	if home != "" {
		for _, p := range key.Home {
			glob("home", home, p)
		}
	}
	for _, p := range key.Repo {
		glob("repo", dir, p)
	}
	return hex.EncodeToString(h.Sum(nil)), ok
}

func (c *Cache) lookup(name string) (string, bool) {
	v := c.Getenv(name)
	return v, v != ""
}

// resolve finds exe as the process runner would: relative to dir when it
// holds a slash, else on path.
func resolve(exe, dir, path string) (string, error) {
	if strings.Contains(exe, "/") {
		p := exe
		if !filepath.IsAbs(p) {
			p = filepath.Join(dir, p)
		}
		if _, err := os.Stat(p); err != nil {
			return "", err
		}
		return p, nil
	}
	for _, d := range filepath.SplitList(path) {
		if d == "" {
			d = "."
		}
		if !filepath.IsAbs(d) {
			d = filepath.Join(dir, d)
		}
		p := filepath.Join(d, exe)
		if fi, err := os.Stat(p); err == nil && !fi.IsDir() && fi.Mode()&0o111 != 0 {
			return p, nil
		}
	}
	return "", fs.ErrNotExist
}

// identity is the stat identity of p (following symlinks); a path that
// does not exist has the identity "absent".
func identity(p string) (string, error) {
	fi, err := os.Stat(p)
	if errors.Is(err, fs.ErrNotExist) {
		return "absent", nil
	}
	if err != nil {
		return "", err
	}
	return statIdentity(fi), nil
}
