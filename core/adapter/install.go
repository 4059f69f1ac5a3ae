package adapter

// installHints say how to install each bundled framework, for a declared
// test type whose framework is missing, for `ah doctor --enable` refusing
// to configure a tool that is not there (issue 8), and for the gate naming
// a tool a run lacked (issue 37).
var installHints = map[string]string{
	"pytest": "install pytest: `apt install python3-pytest` or `pip install pytest`",
	"cargo":  "install Rust and cargo with rustup (https://rustup.rs)",
	"vitest": "install vitest in the project: `npm install -D vitest`",
	"go":     "install the Go toolchain (https://go.dev/doc/install)",
}

// InstallHint says how to install the framework or program name, or "".
func InstallHint(name string) string { return installHints[name] }
