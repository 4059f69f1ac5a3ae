// Package coverage computes the conformance coverage matrix of `ah report`
// (seed 004, "Conformance coverage matrix") from a check's report: a row
// per capability and a TOTAL row, a column per archetype plus unassigned
// for scenarios without a contract, each cell counting covered, missing
// and failing scenarios. Built on core/check's report, so whatever the
// check covered (change overlays included) is what the matrix counts.
package coverage
