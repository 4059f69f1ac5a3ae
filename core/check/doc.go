// Package check is the `ah check` use case: it resolves the scenarios in
// scope to their contracts, validates the correspondence and the contracts,
// and (with execution) runs the declared tests.
//
// Run goes through stages with plain data between them, one file each:
// scope (scope.go, changes.go for --changes overlays, unitargs.go for the
// <unit> arguments) -> validate (structural.go, adapters.go, stale.go) ->
// narrow to what changed files affect (affected.go) -> plan and run jobs
// through core/execution (check.go, shard.go) -> mutation tool runs
// (quality.go) -> assemble the report in one step (assemble.go). Every
// process runs in the one execution.Env of Options.
package check
