// Package check is the `ah check` use case: it resolves the scenarios in
// scope to their contracts, validates the correspondence and the contracts,
// and (with execution) runs the declared tests.
//
// Stages pass plain data, and this package keeps their order (Run); each
// stage whose concept has a package lives there: scope (scope.go;
// changes.go for --changes overlays, unitargs.go for the <unit>
// arguments) -> contracts read (structural.go) -> adapter evidence
// gathered for every test type in scope (adapter.Gathered), then each
// entry routed by a pure decision -> validation, contract-stale
// (derivation.StaleFindings) -> each entry invoked once -> narrowed to
// what changed files affect (selection.Select, selection.Carry) -> jobs
// (shard.Pick with --shard) -> execution -> mutation tool runs
// (quality.Measure) -> the report, assembled in one step (assemble.go),
// its findings through the one ordered list of findings.go. stages.go
// turns check's records into each stage's plain input. Every process runs
// in the one execution.Env of Options.
package check
