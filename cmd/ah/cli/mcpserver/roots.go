package mcpserver

import (
	"context"
	"fmt"
	"net/url"
	"path/filepath"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Outside says the server started outside any repository (a user-level
// registration starts it in the client's own directory): each call then
// runs in the repository of the first of the client's roots (roots/list)
// that lies in one (issue 38).
type Outside struct {
	// Dir is the working directory the server started in.
	Dir string
	// Repo is the root of the repository holding dir (the nearest
	// directory with .espectacular/config.toml, dir or above), or an
	// error saying there is none.
	Repo func(dir string) (string, error)
}

// dirKey carries the repository a call runs in (Invocation.Dir).
type dirKey struct{}

// withDir is ctx naming the repository dir the call's commands run in.
func withDir(ctx context.Context, dir string) context.Context {
	if dir == "" {
		return ctx
	}
	return context.WithValue(ctx, dirKey{}, dir)
}

// inDir is the runner of o with each invocation's Dir taken from its
// context (withDir).
func inDir(run CLI) CLI {
	return func(ctx context.Context, inv Invocation) Result {
		if dir, ok := ctx.Value(dirKey{}).(string); ok && inv.Dir == "" {
			inv.Dir = dir
		}
		return run(ctx, inv)
	}
}

// rootChoice is where a call runs: Dir (empty: the working directory) and
// Note, the sentence that says why, or, when no root would do, what to do
// instead (Failed). NeedInput asks the client for its roots first.
type rootChoice struct {
	Dir, Note string
	Failed    bool
	NeedInput bool
}

// rootsInput is the id of the roots input request (multi round-trip).
const rootsInput = "ah_roots"

// mrtrVersion is the first protocol version where the server may not send
// roots/list itself: it asks for the roots in its result (inputRequests)
// and the client calls again with them (SEP-2322).
const mrtrVersion = "2026-07-28"

// chooseRoot picks the repository a call of session ss runs in (none to
// pick when the server started in a repository), from the roots the
// client gave with the call (in) or, before protocol 2026-07-28, from
// roots/list.
func (o *Outside) chooseRoot(ctx context.Context, ss *mcp.ServerSession, in mcp.InputResponseMap) rootChoice {
	if o == nil {
		return rootChoice{}
	}
	fix := "start ah mcp in the repository, or register it as `ah -C <repository> mcp` (ah mcp --print-config shows the registration)"
	var roots []*mcp.Root
	if r, ok := in[rootsInput].(*mcp.ListRootsResult); ok {
		roots = r.Roots
	} else {
		if ss == nil {
			return rootChoice{Failed: true, Note: fmt.Sprintf("ah mcp started in %s, outside any repository: %s", o.Dir, fix)}
		}
		if p := ss.InitializeParams(); p != nil && p.ProtocolVersion >= mrtrVersion {
			return rootChoice{NeedInput: true}
		}
		res, err := ss.ListRoots(ctx, nil)
		if err != nil {
			return rootChoice{Failed: true, Note: fmt.Sprintf("ah mcp started in %s, outside any repository, and the client lists no roots (roots/list: %v): %s", o.Dir, err, fix)}
		}
		roots = res.Roots
	}
	var tried []string
	for _, r := range roots {
		u, err := url.Parse(r.URI)
		if err != nil || u.Scheme != "file" || u.Path == "" {
			tried = append(tried, fmt.Sprintf("%q (not a file: URI)", r.URI))
			continue
		}
		repo, err := o.Repo(filepath.FromSlash(u.Path))
		if err != nil {
			tried = append(tried, fmt.Sprintf("%q (%v)", r.URI, err))
			continue
		}
		return rootChoice{Dir: repo, Note: fmt.Sprintf("repository %s, from the client's root %s (ah mcp started outside any repository, in %s)", repo, r.URI, o.Dir)}
	}
	if len(tried) == 0 {
		return rootChoice{Failed: true, Note: fmt.Sprintf("ah mcp started in %s, outside any repository, and the client lists no roots: %s", o.Dir, fix)}
	}
	return rootChoice{Failed: true, Note: fmt.Sprintf("ah mcp started in %s, outside any repository, and no root the client lists is in one: %s; %s", o.Dir, strings.Join(tried, "; "), fix)}
}

// askRoots is the input request for the client's roots.
func askRoots() mcp.InputRequestMap {
	return mcp.InputRequestMap{rootsInput: &mcp.ListRootsParams{}}
}

// annotate says in res where the call ran: after its summary when a root
// was chosen, after its error when none would do.
func (c rootChoice) annotate(res *mcp.CallToolResult) {
	if res == nil || c.Note == "" || (c.Failed && !res.IsError) {
		return
	}
	if c.Dir != "" {
		if res.Meta == nil {
			res.Meta = mcp.Meta{}
		}
		res.Meta["repository"] = c.Dir
	}
	sep := " ["
	end := "]"
	if c.Failed {
		sep, end = "\n", ""
	}
	if len(res.Content) > 0 {
		if tc, ok := res.Content[0].(*mcp.TextContent); ok {
			tc.Text += sep + c.Note + end
			return
		}
	}
	res.Content = append([]mcp.Content{&mcp.TextContent{Text: c.Note}}, res.Content...)
}
