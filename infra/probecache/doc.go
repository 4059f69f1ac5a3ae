// Package probecache is the ports.ProbeCache of the ah binary: adapter
// probe results kept as one small JSON file per repository and adapter
// under the user's cache directory (ah/probes), written atomically, and
// fingerprints of what a driver's ports.ProbeKey names read from the
// file system and the environment.
package probecache
