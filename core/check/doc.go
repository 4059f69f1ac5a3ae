// Package check is the `ah check` use case: it resolves the scenarios in
// scope to their contracts, validates the correspondence and the contracts,
// and (with execution) runs the declared tests.
//
// Stages pass plain data: scope (scope.go) -> contracts read
// (structural.go) -> adapter evidence gathered for every test type in
// scope, then each entry planned by a pure decision (adapters.go) ->
// validation -> jobs -> execution -> the assembled report (assemble.go).
package check
