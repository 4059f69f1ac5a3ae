package contract

import (
	"path"
	"strings"
)

// Path is the file of the contract of scenario id of capability under
// root: config.Dir for a deployed contract, a change's staging directory
// for a staged one. <root>/<capability>/<id>.toml.
func Path(root, capability, id string) string {
	return path.Join(root, capability, id+".toml")
}

// Split is the inverse of Path: the capability and id of contract file p
// under root (.espectacular/a/b/x.toml -> "a/b", "x"). ok is false when p
// is not a .toml file inside a capability directory under root.
func Split(root, p string) (capability, id string, ok bool) {
	rel, under := strings.CutPrefix(p, root+"/")
	base, isTOML := strings.CutSuffix(rel, ".toml")
	dir, file := path.Split(base)
	capability = strings.TrimSuffix(dir, "/")
	return capability, file, under && isTOML && capability != ""
}
