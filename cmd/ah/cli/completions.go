package cli

import (
	"fmt"
	"slices"
	"strings"
)

// CompletionsCmd is `ah completions <shell>`: it prints the script that
// makes the shell ask ah for completions.
type CompletionsCmd struct {
	Shell string `arg:"" name:"shell" enum:"${shells}" help:"The shell to complete in: ${shell_list}."`
}

// Help is the detail of `ah completions --help`.
func (c *CompletionsCmd) Help() string {
	return "Load them for this session with `source <(ah completions bash)` (or zsh), or " +
		"`ah completions fish | source`; ah's docs/commands.md (Shell completions) shows how to install them for good."
}

// completionScripts are the shell hooks. Each makes the shell run `ah`
// with COMP_LINE (and, in bash and zsh, COMP_POINT) set and read one
// candidate per line: the protocol of the kongplete library, whose install
// fragments these follow. They name `ah` rather than an absolute path so
// that the output is the same on every machine, and so a moved binary
// still completes.
var completionScripts = map[string]string{
	// -o default: where ah predicts nothing (the DIR of -C), bash
	// completes file names.
	"bash": `# ah completions for bash: source <(ah completions bash)
complete -o default -C ah ah
`,
	"zsh": `# ah completions for zsh: source <(ah completions zsh)
autoload -U +X bashcompinit && bashcompinit
complete -C ah ah
`,
	"fish": `# ah completions for fish: ah completions fish | source
function __complete_ah
    set -lx COMP_LINE (commandline -cp)
    test -z (commandline -ct)
    and set COMP_LINE "$COMP_LINE "
    ah
end
complete -f -c ah -a "(__complete_ah)"
`,
}

// shells lists the shells ah completes in, sorted.
func shells() []string {
	names := make([]string, 0, len(completionScripts))
	for name := range completionScripts {
		names = append(names, name)
	}
	slices.Sort(names)
	return names
}

// Run prints the script for the shell.
func (c *CompletionsCmd) Run(d *Deps) error {
	script, ok := completionScripts[c.Shell]
	if !ok {
		// kong's enum rejects it first; this keeps Run safe on its own.
		return usageError("unknown shell %q: ah completes %s", c.Shell, strings.Join(shells(), ", "))
	}
	_, err := fmt.Fprint(d.Streams.Out, script)
	return err
}
