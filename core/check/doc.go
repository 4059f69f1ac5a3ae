// Package check is the `ah check` use case: it resolves the scenarios in
// scope to their contracts, validates the correspondence and the contracts,
// and (with execution) runs the declared tests.
//
// Stages pass plain data: scope (scope.go; changes.go for --changes
// overlays, unitargs.go for the <unit> arguments) -> contracts read
// (structural.go) -> adapter evidence gathered for every test type in
// scope, then each entry planned by a pure decision (adapters.go) ->
// validation -> narrowed to what changed files affect (affected.go) -> jobs
// -> execution -> mutation tool runs (quality.go) -> the report, assembled
// in one step (assemble.go). Every process runs in the one execution.Env
// of Options.
package check
