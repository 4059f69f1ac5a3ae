package mcpserver

import (
	"fmt"
	"io"
	"slices"
)

// clients are the registration snippets --print-config knows, each the
// client's own format, naming the server "ah" and starting `ah mcp`.
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
	// VS Code: the workspace's .vscode/mcp.json.
	"vscode": `{
  "servers": {
    "ah": {
      "type": "stdio",
      "command": "ah",
      "args": ["mcp"]
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
