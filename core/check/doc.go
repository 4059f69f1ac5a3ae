// Package check is the `ah check` use case: it resolves the scenarios in
// scope to their contracts, validates the correspondence and the contracts,
// and (with execution) runs the declared tests.
package check
