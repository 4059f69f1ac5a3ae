package quality

// GremlinsCommand is the [quality.mutation] command `ah doctor --enable
// mutation` writes for a Go project: gremlins mutates the package given
// as the contract's args (the module root without args) and writes its
// JSON report to a file, which the command prints last for ah to read the
// score from. gremlins runs the package's tests itself, so the generated
// script is not used. gremlins runs as many workers as the machine has
// cores; a generous timeout coefficient keeps a loaded machine from
// turning slow mutant runs into timed-out ones, which the score leaves
// out. ah's own .espectacular/config.toml uses this exact command, so its
// CI gets the missing-gremlins probe (missing.go), and a test keeps the
// two equal.
var GremlinsCommand = []string{
	"sh", "-c",
	`report=$(mktemp) && gremlins unleash --silent --timeout-coefficient 10 --output "$report" "$@" >&2 && cat "$report"; status=$?; rm -f "$report"; exit $status`,
	"gremlins-score",
}

// GremlinsVersion is the gremlins release the written [quality.mutation]
// block tells to install: the one ah's own tools/go.mod pins and
// docs/quality.md names (a test keeps the three equal), never @latest,
// whose output format ah has not read.
const GremlinsVersion = "v0.6.0"

// gremlinsProbe is ah's own check that the gremlins GremlinsCommand runs
// is installed: the command starts sh, which starts fine without it.
var gremlinsProbe = []string{"sh", "-c", "command -v gremlins"}

// gremlinsInstall says how to install the gremlins GremlinsCommand runs.
const gremlinsInstall = "install it with `go install github.com/go-gremlins/gremlins/cmd/gremlins@" + GremlinsVersion + "`"
