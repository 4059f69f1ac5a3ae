// Package validate is the structural stage of `ah check`: scope resolution
// (the deployed scenarios, the changes overlaid on them, [scope] and the
// unit arguments narrowing them; Resolve) -> the checks over the spec trees
// (CheckSpecs) -> every contract read and checked on its own
// (ReadContracts) -> the validation of the correspondence between scenarios
// and contracts, each test entry routed by the caller's resolver
// (Validate), the units left ready to run. Beside it, waivers past their
// date (ExpireWaivers), [scope] entries matching nothing (ScopeFindings)
// and contract-stale derived contracts (Stale). core/check calls these in
// order and reads only their exported records.
package validate
