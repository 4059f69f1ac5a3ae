package cli

import (
	"bytes"
	"cmp"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"strings"
	"sync"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/espectacular/ah/cmd/ah/cli/mcpserver"
	"github.com/espectacular/ah/core/config"
	"github.com/espectacular/ah/core/contract"
	"github.com/espectacular/ah/core/repofs"
	"github.com/espectacular/ah/infra/dryrun"
	"github.com/espectacular/ah/ports"
)

// McpCmd is `ah mcp`: ah as a Model Context Protocol server on stdin and
// stdout (issue 30). Each tool runs the command line the CLI would, with
// --json, through Main itself, so its data equals the CLI's.
type McpCmd struct {
	PrintConfig string `name:"print-config" placeholder:"CLIENT" predictor:"mcp_client" help:"Print the registration snippet of CLIENT (${mcp_clients}) and exit; no client file is edited."`
	PageKiB     int    `name:"page-kib" default:"32" placeholder:"N" help:"Page a tool result whose paged arrays exceed N KiB of JSON (1 to 1024; default 32): raise it for a client that takes large results whole."`
	KeepResults int    `name:"keep-results" default:"8" placeholder:"N" help:"Keep the last N paged results for their cursors (1 to 1000; default 8); an older cursor has expired."`
}

// MCPPaging bounds the pages of large tool results (zero: the defaults).
type MCPPaging struct {
	PageBytes, KeptResults int
}

// Help is the detail of `ah mcp --help`.
func (c *McpCmd) Help() string {
	return "Serves MCP over stdio until stdin closes. Tools: ah_check, ah_next, ah_explain, ah_report, ah_doctor (read-only), " +
		"ah_doctor_enable, ah_contract_new, ah_contract_move, ah_scenario_new (they write files, with dry_run). Resources: ah://scenario/{capability}/{id}, ah://explain/{topic}. " +
		"Register it with the output of `ah mcp --print-config claude|codex|vscode`."
}

// Validate rejects an unknown client.
func (c *McpCmd) Validate() error {
	if c.PageKiB < 1 || c.PageKiB > 1024 {
		return usageError("--page-kib %d: give a number of KiB from 1 to 1024", c.PageKiB)
	}
	if c.KeepResults < 1 || c.KeepResults > 1000 {
		return usageError("--keep-results %d: give a number from 1 to 1000", c.KeepResults)
	}
	if c.PrintConfig == "" {
		return nil
	}
	for _, n := range mcpserver.Clients() {
		if n == c.PrintConfig {
			return nil
		}
	}
	return usageError("--print-config: unknown client %q: one of %s", c.PrintConfig, strings.Join(mcpserver.Clients(), ", "))
}

// Run serves until stdin closes, or prints a registration snippet.
func (c *McpCmd) Run(ctx context.Context, g *Globals, d *Deps) error {
	if c.PrintConfig != "" {
		return mcpserver.PrintConfig(d.Streams.Out, c.PrintConfig)
	}
	s, err := MCPServer(d, g.Chdir, MCPPaging{PageBytes: c.PageKiB << 10, KeptResults: c.KeepResults})
	if err != nil {
		return err
	}
	t := &mcpserver.Stdio{In: d.Streams.In, Out: d.Streams.Out}
	if err := mcpserver.Serve(ctx, s, t); err != nil {
		return &RunError{Message: "ah mcp: " + err.Error(), Cause: err}
	}
	return nil
}

// MCPServer is the server of `ah mcp` on d: every tool runs in dir (empty:
// the working directory), as `ah -C dir`. Tests connect it to the SDK's
// in-memory transports.
func MCPServer(d *Deps, dir string, paging MCPPaging) (*mcp.Server, error) {
	g := &Globals{}
	var prefix []string
	if dir != "" {
		abs, err := filepath.Abs(dir)
		if err != nil {
			return nil, usageError("-C %s: %v", dir, err)
		}
		g.Chdir, prefix = abs, []string{"-C", abs}
	}
	o := mcpserver.Options{
		Version:     Version,
		Run:         mcpCLI(d, prefix),
		PageBytes:   paging.PageBytes,
		KeptResults: paging.KeptResults,
		Scenario: func(_ context.Context, dir, capability, id string) (mcpserver.Scenario, error) {
			return findScenario(&Globals{Chdir: cmp.Or(dir, g.Chdir)}, d, capability, id)
		},
	}
	if dir == "" {
		// Started outside any repository (a user-level registration):
		// each call runs in the repository of the client's roots.
		if wd, err := d.Getwd(); err == nil {
			if _, err := findRoot(wd, wd); errors.Is(err, errNoConfig) {
				o.Outside = &mcpserver.Outside{Dir: wd, Repo: func(dir string) (string, error) {
					return findRoot(dir, dir)
				}}
			}
		}
	}
	return mcpserver.New(o), nil
}

// mcpCLI runs one command line through Main with d's dependencies and
// captured streams, one at a time (Main closes d.Process after each
// command, stopping whatever the tests left behind). A dry run swaps the
// writer for one that records.
func mcpCLI(d *Deps, prefix []string) mcpserver.CLI {
	var mu sync.Mutex
	return func(ctx context.Context, inv mcpserver.Invocation) mcpserver.Result {
		mu.Lock()
		defer mu.Unlock()
		var out, errb bytes.Buffer
		dd := *d
		dd.Streams = &IOStreams{In: strings.NewReader(""), Out: &out, Err: &errb}
		// No job summary, and never a completion request.
		dd.AppendFile = nil
		dd.Getenv = func(k string) string {
			if k == "COMP_LINE" || k == "COMP_POINT" {
				return ""
			}
			return d.Getenv(k)
		}
		var rec *dryrun.Writer
		if inv.DryRun {
			dd.NewWriter = func(root string) ports.Writer {
				rec = &dryrun.Writer{FS: d.OpenFS(root)}
				return rec
			}
		}
		argv := append([]string{}, prefix...)
		if inv.Dir != "" && len(prefix) == 0 {
			argv = append(argv, "-C", inv.Dir)
		}
		code := Main(ctx, append(argv, inv.Args...), &dd)
		res := mcpserver.Result{Stdout: out.Bytes(), Stderr: errb.Bytes(), Code: code}
		if rec != nil {
			for _, f := range rec.Files() {
				res.Files = append(res.Files, mcpserver.File{Path: f.Path, Content: string(f.Data), Removed: f.Removed})
			}
		}
		return res
	}
}

// findScenario is the deployed scenario capability/id of the repository.
func findScenario(g *Globals, d *Deps, capability, id string) (mcpserver.Scenario, error) {
	r, err := openRepo(g, d)
	if err != nil {
		return mcpserver.Scenario{}, err
	}
	files, err := deployedSpecs(r)
	if err != nil {
		return mcpserver.Scenario{}, err
	}
	for _, f := range files {
		if f.Capability != capability {
			continue
		}
		for _, s := range f.Scenarios {
			if s.ID != id {
				continue
			}
			sc := mcpserver.Scenario{SpecPath: f.Path, Title: s.Title, Line: s.Line, Body: s.Body,
				ContractPath: contract.Path(config.Dir, capability, id)}
			data, err := repofs.ReadFile(r.FS, sc.ContractPath, repofs.ContractLimit)
			switch {
			case err == nil:
				sc.Contract = string(data)
			case !errors.Is(err, fs.ErrNotExist):
				return mcpserver.Scenario{}, fmt.Errorf("read contract %s: %w", sc.ContractPath, err)
			}
			return sc, nil
		}
		return mcpserver.Scenario{}, fmt.Errorf("no scenario %q in capability %q (%s)", id, capability, f.Path)
	}
	return mcpserver.Scenario{}, fmt.Errorf("no deployed capability %q", capability)
}
