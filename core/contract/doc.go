// Package contract decodes and validates scenario contracts, the TOML
// sidecars at .espectacular/<capability>/<scenario-id>.toml, and owns the
// rule naming their files: Path builds one from (capability, id) under a
// root (the deployed directory or a change's staging directory), Split
// reads them back. A contract left behind by a renamed scenario is paired
// with it (PairRenames) and moved, never stubbed anew (MoveArgv).
package contract
