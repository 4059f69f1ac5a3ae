// Package upgrade computes `ah upgrade`: what changed between the config's
// tool_version and the running ah (from the embedded changelog), and the
// config with only tool_version rewritten.
package upgrade
