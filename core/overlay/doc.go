// Package overlay applies selected OpenSpec change proposals to the
// deployed specs, as `openspec archive` would, so `ah check --changes <id>`
// can gate a proposal before it is archived. It is pure: it reads an fs.FS
// and returns the resolved scenarios and the findings of the overlay.
// StubArgv is the command writing a missing contract, deployed or staged
// in a change.
package overlay
