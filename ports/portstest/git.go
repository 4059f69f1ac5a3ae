package portstest

import (
	"context"
	"fmt"
	"slices"
	"sync"

	"github.com/espectacular/ah/ports"
)

// Git is a ports.Git answering from fixed data and recording the questions
// asked. The zero value is a directory outside any work tree.
type Git struct {
	// InWorkTree says whether the directory is inside a work tree; Sub is
	// its path below the top (what Prefix returns).
	InWorkTree bool
	Sub        string
	// Changed is what WorktreeChanges returns, sorted as git's would be;
	// Diffs maps "base..head" to what ChangedFiles returns.
	Changed []string
	Diffs   map[string][]string
	// Commits maps a ref to the commit id ResolveCommit returns, Trees to
	// the tree id ResolveTree returns; a ref not listed is
	// ports.ErrUnknownRef.
	Commits map[string]string
	Trees   map[string]string
	// Err, when set, is returned by every method.
	Err error

	mu    sync.Mutex
	calls []string
}

var _ ports.Git = (*Git)(nil)

// Prefix implements ports.Git.
func (g *Git) Prefix(context.Context) (string, error) {
	g.record("prefix")
	switch {
	case g.Err != nil:
		return "", g.Err
	case !g.InWorkTree:
		return "", ports.ErrNotWorkTree
	}
	return g.Sub, nil
}

// ChangedFiles implements ports.Git.
func (g *Git) ChangedFiles(_ context.Context, base, head string) ([]string, error) {
	g.record("diff " + base + ".." + head)
	if g.Err != nil {
		return nil, g.Err
	}
	return slices.Clone(g.Diffs[base+".."+head]), nil
}

// WorktreeChanges implements ports.Git.
func (g *Git) WorktreeChanges(context.Context) ([]string, error) {
	g.record("status")
	if g.Err != nil {
		return nil, g.Err
	}
	return slices.Sorted(slices.Values(g.Changed)), nil
}

// ResolveCommit implements ports.Git.
func (g *Git) ResolveCommit(_ context.Context, ref string) (string, error) {
	return g.resolve("resolve ", g.Commits, ref)
}

// ResolveTree implements ports.Git.
func (g *Git) ResolveTree(_ context.Context, ref string) (string, error) {
	return g.resolve("tree ", g.Trees, ref)
}

// resolve records the question and answers it from ids.
func (g *Git) resolve(call string, ids map[string]string, ref string) (string, error) {
	g.record(call + ref)
	if g.Err != nil {
		return "", g.Err
	}
	id, ok := ids[ref]
	if !ok {
		return "", fmt.Errorf("resolve %q: %w", ref, ports.ErrUnknownRef)
	}
	return id, nil
}

// Calls lists the questions asked, in order.
func (g *Git) Calls() []string {
	g.mu.Lock()
	defer g.mu.Unlock()
	return slices.Clone(g.calls)
}

func (g *Git) record(call string) {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.calls = append(g.calls, call)
}
