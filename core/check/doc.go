// Package check is the `ah check` use case: it keeps the order of the
// stages and nothing else; each stage lives with its concept and passes
// plain data.
//
// The stages (Run): scope resolved, spec trees checked, contracts read
// (validate.Resolve, CheckSpecs, ReadContracts) -> adapter evidence
// gathered for every test type in scope (adapter.Gathered), then each
// entry routed by a pure decision -> validation (validate.Validate),
// waivers, [scope] findings, contract-stale (validate.Stale) -> each
// entry invoked once -> narrowed to what changed files affect
// (selection.Select, selection.Carry) -> jobs (shard.Pick with --shard)
// -> execution -> mutation tool runs (quality.Measure) -> the report,
// assembled in one step (assemble.go), its findings through the one
// ordered list of findings.go. stages.go turns the validated records into
// each later stage's plain input. Every process runs in the one
// execution.Env of Options.
package check
