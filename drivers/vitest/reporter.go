package vitest

import _ "embed"

// reporterJS is ah's vitest reporter (reporter.mjs), written into each
// run's scratch directory.
//
//go:embed reporter.mjs
var reporterJS []byte
