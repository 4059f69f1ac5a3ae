package cli_test

import (
	"context"
	"encoding/json"
	"net/url"
	"path/filepath"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/espectacular/ah/cmd/ah/cli"
)

func fileURI(dir string) string {
	return (&url.URL{Scheme: "file", Path: filepath.ToSlash(dir)}).String()
}

// outsideSession connects a client offering roots to a server started in
// wd, outside any repository (chdir empty: without -C).
func outsideSession(t *testing.T, wd string, chdir string, roots ...string) *mcp.ClientSession {
	t.Helper()
	return connectMCP(t, chdir, cli.MCPPaging{}, func() (string, error) { return wd, nil }, roots...)
}

// TestMCPRootsOutsideRepository: started outside any repository, the
// server runs each call in the first of the client's roots that lies in a
// repository and says which; without such a root, a call needing a
// repository says what to do, and one that needs none still works
// (issue 38).
func TestMCPRootsOutsideRepository(t *testing.T) {
	repo := mcpRepo(t)
	elsewhere := t.TempDir()
	want, _ := cliJSON(t, repo, "check", "--json")

	t.Run("a root in the repository", func(t *testing.T) {
		sub := filepath.Join(repo, "openspec")
		cs := outsideSession(t, elsewhere, "", fileURI(elsewhere), fileURI(sub))
		res := callTool(t, cs, "ah_check", nil)
		require.False(t, res.IsError, textOf(res))
		assert.Equal(t, want, structured(t, res))
		assert.Contains(t, summaryOf(res), "[repository "+repo+", from the client's root "+fileURI(sub))
		assert.Equal(t, repo, res.Meta["repository"])

		doc, err := cs.ReadResource(context.Background(), &mcp.ReadResourceParams{URI: "ah://scenario/c/it-works"})
		require.NoError(t, err)
		var m map[string]any
		require.NoError(t, json.Unmarshal([]byte(doc.Contents[0].Text), &m))
		assert.Equal(t, "it-works", m["id"])
	})
	t.Run("no root in a repository", func(t *testing.T) {
		cs := outsideSession(t, elsewhere, "", fileURI(elsewhere), "https://example.invalid/x")
		res := callTool(t, cs, "ah_check", nil)
		require.True(t, res.IsError)
		text := summaryOf(res)
		assert.Contains(t, text, "no root the client lists is in one")
		assert.Contains(t, text, "ah -C <repository> mcp")
		res = callTool(t, cs, "ah_explain", map[string]any{"topic": "no-toml"})
		assert.False(t, res.IsError, "a tool that needs no repository works: %s", textOf(res))
	})
	t.Run("no roots at all", func(t *testing.T) {
		cs := outsideSession(t, elsewhere, "")
		res := callTool(t, cs, "ah_check", nil)
		require.True(t, res.IsError)
		assert.Contains(t, summaryOf(res), "the client lists no roots")
	})
	t.Run("in a repository, roots are not asked", func(t *testing.T) {
		cs := outsideSession(t, filepath.Join(repo, "openspec"), "", fileURI(elsewhere))
		res := callTool(t, cs, "ah_check", nil)
		require.False(t, res.IsError, textOf(res))
		assert.Equal(t, want, structured(t, res))
		assert.NotContains(t, summaryOf(res), "[repository")
	})
}

// TestMCPPrintConfigFromAnywhere: each registration snippet's command
// line, run from a directory outside the repository the way its client
// runs it, serves that repository (issue 38): VS Code's passes -C
// ${workspaceFolder}; Claude Code and Codex start the server in the
// project, and elsewhere it falls back to the client's roots.
func TestMCPPrintConfigFromAnywhere(t *testing.T) {
	repo := mcpRepo(t)
	elsewhere := t.TempDir()
	code, out, _ := runEnv(t, false, nil, "mcp", "--print-config", "vscode")
	require.Equal(t, 0, code)
	var cfg struct {
		Servers map[string]struct {
			Command string   `json:"command"`
			Args    []string `json:"args"`
		} `json:"servers"`
	}
	require.NoError(t, json.Unmarshal([]byte(out), &cfg))
	args := cfg.Servers["ah"].Args
	require.NotEmpty(t, args)
	require.Equal(t, "mcp", args[len(args)-1])
	for i, a := range args {
		args[i] = strings.ReplaceAll(a, "${workspaceFolder}", repo)
	}
	// ah [-C DIR] mcp: the flags before mcp are the server's -C.
	chdir := ""
	if len(args) == 3 && args[0] == "-C" {
		chdir = args[1]
	}
	require.Equal(t, repo, chdir, "vscode's snippet names the workspace folder: %v", args)
	cs := outsideSession(t, elsewhere, chdir)
	res := callTool(t, cs, "ah_check", nil)
	require.False(t, res.IsError, textOf(res))
}
