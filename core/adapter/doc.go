// Package adapter is detection: which test-framework adapter (driver) runs
// each declared test type, and how each contract test entry runs.
//
// Gather collects the evidence (manifests, environment probes run through
// the process port, test files importing a framework); Resolve is a pure
// function over that evidence and the config, applying the precedence
// configured > manifest > environment > source_import per test type.
// RouteEntry (route.go) then decides how one entry runs: a Kind (shell,
// argv, custom envelope, framework), its argv prefix and its driver, or
// the Problem the structural check reports. core/execution runs the Route
// (a route, not a plan: the plan is core/execution's ordered jobs);
// "adapter" means this decision, never the running of a framework.
package adapter
