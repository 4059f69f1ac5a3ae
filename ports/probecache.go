package ports

import "io/fs"

// ProbeKey names what a framework's probe results depend on besides the
// probe commands themselves: plain data a driver declares (ProbeKeyer),
// read by a ProbeCache. Installing, upgrading or removing the tool must
// change one of the things it names; anything it does not name must not
// change what the probes prove.
type ProbeKey struct {
	// Executables are programs whose resolution is keyed: looked up on
	// PATH, or relative to the repository root when they contain a slash,
	// symlinks followed. The argv[0] of every probe is added by the core.
	Executables []string
	// Env are environment variables that steer which tool runs or where it
	// loads its packages from (PYENV_VERSION, VIRTUAL_ENV, NODE_PATH...).
	// PATH and HOME are always keyed.
	Env []string
	// Near are glob patterns relative to the directory of each resolved
	// executable, both as found and with symlinks followed
	// ("../lib/python3*/site-packages"): where the tool loads its packages.
	Near []string
	// Home are glob patterns relative to the user's home directory
	// (".local/lib/python3*/site-packages").
	Home []string
	// Repo are glob patterns relative to the repository root: manifests,
	// lockfiles, version files and the project's own package directories.
	Repo []string
}

// ProbeKeyer is an optional capability of a Detector whose probe results
// may be kept between checks: ProbeKey is what they depend on in repo. A
// driver without it is probed on every check.
type ProbeKeyer interface {
	ProbeKey(repo fs.FS) ProbeKey
}

// ProbeCache keeps probe results between runs of ah (the user's cache
// directory) and fingerprints what a ProbeKey names, outside the core.
type ProbeCache interface {
	// Fingerprint is an opaque digest of the current state of what key
	// names for the repository at dir (an absolute path): each
	// executable's resolved path and file identity (device, inode, size,
	// modification and change times), the keyed environment, and the
	// identity of every path the patterns match. ok is false when any of it
	// could not be read: the caller then probes and keeps nothing. A path
	// that does not exist is a state, not an error.
	Fingerprint(dir string, key ProbeKey) (fp string, ok bool)
	// Load returns the entry stored under name (a lowercase hex digest);
	// ok is false when there is none or it cannot be read.
	Load(name string) (data []byte, ok bool)
	// Store replaces the entry under name atomically: a concurrent Load
	// sees the old entry or the new one, never a mix.
	Store(name string, data []byte) error
}
