package vitest

import (
	"io/fs"

	"github.com/espectacular/ah/ports"
)

var _ ports.ProbeKeyer = Driver{}

// ProbeKey implements ports.ProbeKeyer: what the project's own
// `node_modules/.bin/vitest --version` depends on besides that file: the
// node it runs with, the installed vitest and the package manager's record
// of node_modules, and the project's manifests, lockfiles and node
// version files.
func (Driver) ProbeKey(fs.FS) ports.ProbeKey {
	return ports.ProbeKey{
		Executables: []string{"node"},
		Env:         []string{"NODE_PATH", "NODE_OPTIONS"},
		Repo: []string{
			"node_modules/vitest/package.json", "node_modules/.package-lock.json", "node_modules/.modules.yaml", "node_modules/.yarn-state.yml",
			"package.json", "package-lock.json", "npm-shrinkwrap.json", "pnpm-lock.yaml", "yarn.lock", "bun.lock", "bun.lockb",
			".nvmrc", ".node-version", ".tool-versions",
		},
	}
}
