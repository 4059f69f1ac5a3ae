// Package provision gets the tools the acceptance tests need, so a fresh
// clone's `go test ./...` and `ah check --run-tests` run every test instead
// of skipping: a fixture's node_modules from its package-lock.json (npm ci,
// cached across runs under the user cache directory, keyed by the lockfile's
// digest) and the Go tools pinned in tools/go.mod (built by `go tool -n`,
// cached by Go's own build cache). A program that cannot be had (node, npm,
// go) is a *MissingError naming it and how to install it.
package provision

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

// Install says how to install each program the acceptance tests cannot
// provision themselves, one command per platform. README.md's
// prerequisites list the same commands (a test keeps them equal).
var Install = map[string]string{
	"node": "Node.js 20 or later with npm (Debian/Ubuntu: sudo apt-get install nodejs npm; macOS: brew install node; Windows: winget install OpenJS.NodeJS.LTS)",
	"npm":  "Node.js 20 or later with npm (Debian/Ubuntu: sudo apt-get install nodejs npm; macOS: brew install node; Windows: winget install OpenJS.NodeJS.LTS)",
	"go":   "Go 1.26 (https://go.dev/dl/)",
}

// MissingError is a program the tests need that is not installed.
type MissingError struct{ Program string }

func (e *MissingError) Error() string {
	how := Install[e.Program]
	if how == "" {
		how = e.Program
	}
	return fmt.Sprintf("%s is not on PATH: install %s", e.Program, how)
}

// stampName is written into a node_modules this package installed; it
// holds the digest of the manifest and lockfile it was installed from.
const stampName = ".ah-provisioned"

// Fixture makes dir/node_modules what dir/package-lock.json pins. A
// node_modules installed by hand (`npm ci`, no stamp) is kept as it is; one
// this package installed from another lockfile is replaced. Safe under
// parallel test processes: every step runs under a lock on the digest.
func Fixture(dir string) error {
	digest, err := lockDigest(dir)
	if err != nil {
		return err
	}
	nm := filepath.Join(dir, "node_modules")
	if current(nm, digest) {
		return nil
	}
	if _, err := exec.LookPath("npm"); err != nil {
		return &MissingError{Program: "npm"}
	}
	cache, err := cacheDir()
	if err != nil {
		return err
	}
	unlock, err := lock(filepath.Join(cache, digest+".lock"))
	if err != nil {
		return err
	}
	defer unlock()
	if current(nm, digest) { // another process provisioned it meanwhile
		return nil
	}
	cached := filepath.Join(cache, digest)
	if stamp(filepath.Join(cached, "node_modules")) != digest {
		if err := npmCI(dir, cache, cached, digest); err != nil {
			return err
		}
	}
	// Materialise a real tree, not a link: scripts copy the fixture and
	// vitest writes its cache into node_modules, which must stay theirs.
	tmp, err := os.MkdirTemp(filepath.Dir(dir), filepath.Base(dir)+".node_modules.tmp-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	if err := linkTree(filepath.Join(cached, "node_modules"), tmp); err != nil {
		return fmt.Errorf("copy %s into %s: %w", cached, nm, err)
	}
	if err := os.RemoveAll(nm); err != nil {
		return err
	}
	return os.Rename(tmp, nm)
}

// current reports whether nm is installed: by this package from the same
// digest, or by hand (a .bin folder and no stamp).
func current(nm, digest string) bool {
	switch s := stamp(nm); s {
	case digest:
		return true
	case "":
		fi, err := os.Stat(filepath.Join(nm, ".bin"))
		return err == nil && fi.IsDir()
	default:
		return false
	}
}

func stamp(nm string) string {
	b, err := os.ReadFile(filepath.Join(nm, stampName))
	if err != nil {
		return ""
	}
	return strings.TrimSpace(string(b))
}

// lockDigest names an install: the fixture's name and the digest of its
// package.json and package-lock.json.
func lockDigest(dir string) (string, error) {
	h := sha256.New()
	for _, name := range []string{"package.json", "package-lock.json"} {
		b, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			return "", fmt.Errorf("provision %s: %w", dir, err)
		}
		fmt.Fprintf(h, "%s %d\n", name, len(b))
		h.Write(b)
	}
	return filepath.Base(dir) + "-" + hex.EncodeToString(h.Sum(nil))[:16], nil
}

func cacheDir() (string, error) {
	base, err := os.UserCacheDir()
	if err != nil {
		return "", fmt.Errorf("provision: no user cache directory (%w): set XDG_CACHE_HOME or HOME", err)
	}
	dir := filepath.Join(base, "ah-acceptance", "npm")
	return dir, os.MkdirAll(dir, 0o755)
}

// npmCI installs the fixture's lockfile into cached (npm ci in a staging
// folder, renamed into place once complete and stamped).
func npmCI(dir, cache, cached, digest string) error {
	stage, err := os.MkdirTemp(cache, digest+".tmp-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(stage)
	for _, name := range []string{"package.json", "package-lock.json"} {
		if err := copyFile(filepath.Join(dir, name), filepath.Join(stage, name), 0o644); err != nil {
			return err
		}
	}
	cmd := exec.Command("npm", "ci", "--no-audit", "--no-fund", "--loglevel=error")
	cmd.Dir = stage
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("npm ci for %s failed (%v): %s", dir, err, strings.TrimSpace(out.String()))
	}
	if err := os.WriteFile(filepath.Join(stage, "node_modules", stampName), []byte(digest+"\n"), 0o644); err != nil {
		return err
	}
	if err := os.RemoveAll(cached); err != nil {
		return err
	}
	return os.Rename(stage, cached)
}

// linkTree recreates the tree src at dst: directories made, symbolic links
// copied as links, files hard-linked (copied when src and dst lie on
// different filesystems).
func linkTree(src, dst string) error {
	return filepath.WalkDir(src, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(src, path)
		if err != nil {
			return err
		}
		to := filepath.Join(dst, rel)
		switch {
		case d.IsDir():
			return os.MkdirAll(to, 0o755)
		case d.Type()&fs.ModeSymlink != 0:
			target, err := os.Readlink(path)
			if err != nil {
				return err
			}
			return os.Symlink(target, to)
		default:
			if os.Link(path, to) == nil {
				return nil
			}
			fi, err := d.Info()
			if err != nil {
				return err
			}
			return copyFile(path, to, fi.Mode().Perm())
		}
	})
}

func copyFile(src, dst string, mode fs.FileMode) error {
	r, err := os.Open(src)
	if err != nil {
		return err
	}
	defer r.Close()
	w, err := os.OpenFile(dst, os.O_CREATE|os.O_EXCL|os.O_WRONLY, mode)
	if err != nil {
		return err
	}
	if _, err := io.Copy(w, r); err != nil {
		w.Close()
		return err
	}
	return w.Close()
}

// GoTool returns the path of the tool name pinned in the tools module
// tools/go.mod under root, built on first use and cached by Go's build
// cache (`go tool -n`, safe under parallel processes).
func GoTool(root, name string) (string, error) {
	goBin, err := exec.LookPath("go")
	if err != nil {
		return "", &MissingError{Program: "go"}
	}
	cmd := exec.Command(goBin, "tool", "-modfile="+filepath.Join("tools", "go.mod"), "-n", name)
	cmd.Dir = root
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return "", fmt.Errorf("build %s from tools/go.mod (go tool -n %s) failed (%v): %s", name, name, err, strings.TrimSpace(stderr.String()))
	}
	path := strings.TrimSpace(string(out))
	if path == "" {
		return "", errors.New("go tool -n " + name + " printed no path")
	}
	return path, nil
}
