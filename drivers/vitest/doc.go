// Package vitest runs vitest for ah and reads its results.
//
// The driver runs `node_modules/.bin/vitest run` (or `npx --no vitest run` when the
// project has no local binary) in the project root, adding ReporterArgs: the
// default reporter keeps the console output people read, and ah's reporter
// (reporter.mjs, written into the run's scratch directory) streams each result
// onto stdout as it happens, in records authenticated by a nonce only
// vitest's main process knows (Stream); it also says how many modules the
// run has and, as each is collected, its tests, so Watch can announce a
// pattern whose tests have all reported while the run goes on (progress,
// issue 37). Name patterns are evaluated by that
// reporter with JavaScript's RegExp, never translated to Go's regexp. Parse
// never starts a process. The flags were checked against vitest 4.1.12 (the
// newest release that runs on Node 20; vitest 5 needs Node 22.12 or later).
package vitest

// ReporterArgs returns the arguments added after `vitest run` so that vitest
// prints its usual console output and also loads ah's reporter from
// reporterFile, which streams results onto stdout (Stream).
func ReporterArgs(reporterFile string) []string {
	return []string{"--reporter=default", "--reporter=" + reporterFile}
}

// CoverageDirFlag sets vitest's coverage reports directory (and with it
// the .tmp directory of per-worker coverage data inside it); CoverageDir
// is the one Prepare gives each run in its scratch directory.
const (
	CoverageDirFlag = "--coverage.reportsDirectory"
	CoverageDir     = "coverage"
)
