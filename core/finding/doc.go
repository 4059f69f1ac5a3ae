// Package finding defines what ah reports: finding kinds with their fixed
// category, severity and suggested action, the finding record itself, its
// total order and the summary.
package finding
