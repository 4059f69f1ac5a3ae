// Package vitest parses vitest's JSON report for ah.
//
// The driver runs `node_modules/.bin/vitest run` (or `npx --no vitest run` when the
// project has no local binary) in the project root, adding ReporterArgs: the
// default reporter keeps the console output people read, and the JSON
// reporter writes a Jest-compatible report to a file the caller names, so
// the two never share stdout. Parse reads that file's bytes; it never starts a
// process. The flags were checked against vitest 4.1.12 (the newest release
// that runs on Node 20; vitest 5 needs Node 22.12 or later).
package vitest

// ReporterArgs returns the arguments added after `vitest run` so that vitest
// prints its usual console output and also loads ah's reporter from
// reporterFile, which streams results onto stdout (Stream).
func ReporterArgs(reporterFile string) []string {
	return []string{"--reporter=default", "--reporter=" + reporterFile}
}
