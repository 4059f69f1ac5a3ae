package shard

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"strings"

	"github.com/espectacular/ah/ports"
)

// Tree is the git identity of what a shard checked (issue 36): the tree
// of the checked commit (HEAD), and a digest of the files that differ
// from it when any do. ah merge refuses shards of different trees, whose
// specs, contracts and config may be equal while the code under test is
// not. Both are empty outside a git work tree.
type Tree struct {
	// ID is HEAD's tree id; empty before the first commit.
	ID string
	// Dirty is "sha256:<hex>" over every changed or untracked path (not
	// ignored) and its content; empty when the work tree is clean.
	Dirty string
}

// String names the tree in a message.
func (t Tree) String() string {
	id := t.ID
	if id == "" {
		id = "(no commit)"
	} else if len(id) > 12 {
		id = id[:12]
	}
	if t.Dirty != "" {
		return fmt.Sprintf("tree %s with uncommitted changes %s", id, short(t.Dirty))
	}
	return "tree " + id
}

// Identify gathers the tree of the work tree holding fsys, whose root is
// the directory git was asked about. A changed path outside that
// directory counts by its name alone: fsys cannot read it.
func Identify(ctx context.Context, g ports.Git, fsys fs.FS) (Tree, error) {
	prefix, err := g.Prefix(ctx)
	if errors.Is(err, ports.ErrNotWorkTree) {
		return Tree{}, nil
	}
	if err != nil {
		return Tree{}, err
	}
	var t Tree
	t.ID, err = g.ResolveTree(ctx, "HEAD")
	if err != nil && !errors.Is(err, ports.ErrUnknownRef) {
		return Tree{}, err
	}
	changed, err := g.WorktreeChanges(ctx)
	if err != nil {
		return Tree{}, err
	}
	if len(changed) == 0 {
		return t, nil
	}
	if prefix != "" {
		prefix = strings.TrimSuffix(prefix, "/") + "/"
	}
	h := sha256.New()
	for _, p := range changed {
		fmt.Fprintf(h, "%d:%s", len(p), p)
		rel, inside := strings.CutPrefix(p, prefix)
		if !inside || !fs.ValidPath(rel) {
			io.WriteString(h, "?") //nolint:errcheck // a hash never fails
			continue
		}
		hashFile(h, fsys, rel)
	}
	t.Dirty = "sha256:" + hex.EncodeToString(h.Sum(nil))
	return t, nil
}

// hashFile adds a file's content, or a marker when it is gone (deleted)
// or not a regular file.
func hashFile(h io.Writer, fsys fs.FS, name string) {
	f, err := fsys.Open(name)
	if err != nil {
		io.WriteString(h, "-") //nolint:errcheck // a hash never fails
		return
	}
	defer f.Close()
	sum := sha256.New()
	if st, err := f.Stat(); err != nil || !st.Mode().IsRegular() {
		io.WriteString(h, "!") //nolint:errcheck // a hash never fails
		return
	}
	if _, err := io.Copy(sum, f); err != nil {
		io.WriteString(h, "!") //nolint:errcheck // a hash never fails
		return
	}
	fmt.Fprintf(h, "+%x", sum.Sum(nil))
}
