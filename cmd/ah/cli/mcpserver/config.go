package mcpserver

import (
	"fmt"
	"io"
	"slices"
)

// clients are the registration snippets --print-config knows, each the
// client's own format, naming the server "ah" and starting `ah mcp`. Each
// works from any directory: VS Code names the workspace folder (-C
// ${workspaceFolder}); Claude Code starts a project's server in the
// project, Codex in the directory it runs in; anywhere else the server
// takes the repository from the client's roots.
var clients = map[string]string{
	// Claude Code: the project's .mcp.json (or `claude mcp add ah -- ah mcp`).
	"claude": `{
  "mcpServers": {
    "ah": {
      "type": "stdio",
      "command": "ah",
      "args": ["mcp"]
    }
  }
}
`,
	// Codex: ~/.codex/config.toml.
	"codex": `[mcp_servers.ah]
command = "ah"
args = ["mcp"]
`,
	// VS Code: the workspace's .vscode/mcp.json (or the user's mcp.json:
	// ${workspaceFolder} is the open workspace's).
	"vscode": `{
  "servers": {
    "ah": {
      "type": "stdio",
      "command": "ah",
      "args": ["-C", "${workspaceFolder}", "mcp"]
    }
  }
}
`,
}

// Clients lists the clients --print-config knows, sorted.
func Clients() []string {
	var names []string
	for n := range clients {
		names = append(names, n)
	}
	slices.Sort(names)
	return names
}

// PrintConfig writes the registration snippet of client to w; it edits no
// client file.
func PrintConfig(w io.Writer, client string) error {
	s, ok := clients[client]
	if !ok {
		return fmt.Errorf("unknown client %q: one of %v", client, Clients())
	}
	_, err := io.WriteString(w, s)
	return err
}
