// Package execution runs the test bindings of validated contracts: it
// turns each binding and its adapter.Route into an invocation, merges
// identical invocations into jobs (Plan: the plan of a run is its ordered
// jobs), and runs each job's whole life (prepare,
// run, read, judge, clean up) in a worker of a bounded pool that honours
// resources and exclusivity, keeping only the judged result.
//
// Each invocation carries a runner (runner.go) chosen from its route's
// Kind: exitRunner (shell and argv, judged by the exit status),
// customRunner (custom.go, the JSON envelope) and frameworkRunner
// (framework*.go: a driver's structured report, batching, --strict).
//
// It is ah's one way to start a process for a check: test jobs (Run,
// Stream) and tools that are not test bindings, such as the mutation tool
// (RunTool), all run in an Env.
package execution
