// Package unit names the units of the gate: a unit is one scenario,
// keyed <capability>/<scenario-id> (a capability may nest, "store/cache";
// a scenario id never holds "/"). It owns the one rule by which a
// CAPABILITY[/ID] pattern names units, shared by the arguments of ah
// check and ah sync, [scope] include and exclude, and the scenario
// arguments of ah contract new and ah scenario.
package unit
