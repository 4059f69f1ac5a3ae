package vitest_test

import (
	"path/filepath"
	"slices"
	"testing"
	"testing/fstest"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/espectacular/ah/drivers/driverstest"
	"github.com/espectacular/ah/drivers/vitest"
	"github.com/espectacular/ah/ports"
)

func TestRunsFramework(t *testing.T) {
	driverstest.RunsFramework(t, vitest.New(), [][]string{
		{"vitest", "run"},
		{"npx", "vitest", "run"},
		{"npx", "--no", "vitest", "run"},
		{"node_modules/.bin/vitest", "run"},
		{"pnpm", "exec", "vitest"},
	}, [][]string{
		{"npm", "test"},
		{"npx", "--package", "vitest", "other"},
		{"jest"},
	})
}

func TestPrepare(t *testing.T) {
	scratch := filepath.Join("/tmp", "ah-run-1")
	reporter := filepath.Join(scratch, vitest.ReporterName)
	// Issue 36: each run its own coverage reports directory.
	coverage := vitest.CoverageDirFlag + "=" + filepath.Join(scratch, vitest.CoverageDir)
	got := vitest.New().Prepare([]string{"npx", "vitest", "run", "src/a.test.ts", "-t", "adds"}, scratch)
	assert.Equal(t, slices.Concat([]string{"npx", "vitest", "run", "src/a.test.ts", "-t", "adds"}, vitest.ReporterArgs(reporter), []string{coverage}), got.Argv)
	assert.Equal(t, []string{"NO_COLOR=1"}, got.Env)
	assert.Empty(t, got.ReportFile, "no file a test could rewrite")
	require.NotNil(t, got.Stream)
	assert.Contains(t, string(got.Files[vitest.ReporterName]), "onTestCaseResult")
	assert.JSONEq(t, `["adds"]`, string(got.Files[vitest.PatternsName]))

	got = vitest.New().Prepare([]string{"vitest", "run", "--", "extra"}, scratch)
	assert.Equal(t, slices.Concat([]string{"vitest", "run"}, vitest.ReporterArgs(reporter), []string{coverage, "--", "extra"}), got.Argv)
	assert.JSONEq(t, `[]`, string(got.Files[vitest.PatternsName]))

	// A reports directory the argv names stays the only one.
	got = vitest.New().Prepare([]string{"vitest", "run", "--coverage.reportsDirectory=cov"}, scratch)
	assert.Equal(t, slices.Concat([]string{"vitest", "run", "--coverage.reportsDirectory=cov"}, vitest.ReporterArgs(reporter)), got.Argv)

	argv := []string{"npm", "test"}
	assert.Equal(t, ports.Prepared{Argv: argv}, vitest.New().Prepare(argv, scratch))
}

// TestPreparePatterns: the reporter evaluates a batch's alternation and
// each of its groups, so attribution needs no other regex dialect.
func TestPreparePatterns(t *testing.T) {
	got := vitest.New().Prepare([]string{"vitest", "run", `--testNamePattern=(?:^n10\s?$)|(?:^n11 ..$)|(?:a|b)`}, "/s")
	assert.JSONEq(t, `["(?:^n10\\s?$)|(?:^n11 ..$)|(?:a|b)", "^n10\\s?$", "^n11 ..$", "a|b"]`, string(got.Files[vitest.PatternsName]))
	got = vitest.New().Prepare([]string{"vitest", "run", "-t", "x|y"}, "/s")
	assert.JSONEq(t, `["x|y"]`, string(got.Files[vitest.PatternsName]))
}

func TestManifest(t *testing.T) {
	tests := []struct {
		name, pkg string
		want      bool
	}{
		{"devDependencies", `{"devDependencies": {"vitest": "^4.1.0"}}`, true},
		{"dependencies", `{"dependencies": {"vitest": "4.1.12"}}`, true},
		{"only mentioned in a script", `{"scripts": {"test": "vitest run"}, "devDependencies": {"@vitest/ui": "4"}}`, false},
		{"invalid JSON", `{"devDependencies": {"vitest": "4"`, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.want, vitest.New().Manifest(fstest.MapFS{"package.json": {Data: []byte(tt.pkg)}}))
		})
	}
	assert.False(t, vitest.New().Manifest(fstest.MapFS{}))
}

func TestDetection(t *testing.T) {
	d := vitest.New()
	local := fstest.MapFS{"node_modules/.bin/vitest": {Data: []byte("#!/usr/bin/env node\n")}}
	assert.Equal(t, []string{"node_modules/.bin/vitest", "run"}, d.DefaultCommand(local))
	assert.Equal(t, []string{"node_modules/.bin/vitest", "run"}, d.DefaultCommand(fstest.MapFS{}), "never npx nor PATH")

	probes := d.Probes(local)
	require.Len(t, probes, 1, "never a vitest on PATH, never npx")
	assert.Equal(t, []string{"node_modules/.bin/vitest", "--version"}, probes[0].Argv)
	assert.Empty(t, d.Probes(fstest.MapFS{}))
	assert.Equal(t, "4.1.12", probes[0].Version([]byte("vitest/4.1.12 linux-x64 node-v20.20.2\n"), nil))

	for name, want := range map[string]bool{
		"src/a.test.ts": true, "src/a.spec.tsx": true, "test/b.test.mjs": true, "src/a.ts": false, "src/test.ts": false,
	} {
		assert.Equal(t, want, d.Framework().SourceFile(name), "SourceFile(%q)", name)
	}
	assert.True(t, d.Framework().Imports([]byte(`import { it } from "vitest"`)))
	assert.True(t, d.Framework().Imports([]byte(`import { it } from 'vitest'`)))
	assert.True(t, d.Framework().Imports([]byte(`const { it } = require("vitest")`)))
	assert.False(t, d.Framework().Imports([]byte(`import { defineConfig } from "vitest/config"`)))
}

// Without the project's own vitest, Missing names the command that
// installs it, as the lockfile says (issue 36: never a global vitest).
func TestMissing(t *testing.T) {
	d := vitest.New()
	declared := `{"devDependencies": {"vitest": "4"}}`
	why, fix := d.Missing(fstest.MapFS{"node_modules/.bin/vitest": {Data: []byte("x")}})
	assert.Empty(t, why+fix)
	for lock, want := range map[string]string{
		"": "`npm install`", "package-lock.json": "`npm ci`", "pnpm-lock.yaml": "`pnpm install --frozen-lockfile`",
		"yarn.lock": "`yarn install --frozen-lockfile`", "bun.lock": "`bun install --frozen-lockfile`",
	} {
		repo := fstest.MapFS{"package.json": {Data: []byte(declared)}}
		if lock != "" {
			repo[lock] = &fstest.MapFile{Data: []byte("x")}
		}
		why, fix := d.Missing(repo)
		assert.Equal(t, "it is not installed in the project (no node_modules/.bin/vitest)", why)
		assert.Equal(t, "install the project's dependencies with "+want+" (a vitest on PATH is never run)", fix, "lockfile %q", lock)
	}
	why, fix = d.Missing(fstest.MapFS{})
	assert.Equal(t, "vitest is not installed in the project (no node_modules/.bin/vitest)", why)
	assert.Equal(t, "add it with `npm install -D vitest` (a vitest on PATH is never run)", fix)
}

// An option vitest rejects leaves no report; its CACError line is a usage
// error (issue 8). Stderr recorded from `npx --no vitest run --bogus` with
// vitest 4.1.12 in acceptance/testdata/fixtures/vitest-basic, exit 1.
func TestDriverParseRejectedOption(t *testing.T) {
	stderr := "file:///x/node_modules/vitest/dist/chunks/cac.DzDtg8hz.js:406\n" +
		"          throw new CACError(`Unknown option \\`${name}\\``);\n                ^\n\n" +
		"CACError: Unknown option `--bogus`\n    at Command.checkUnknownOptions (file:///x/cac.js:406:17)\n"
	got := vitest.New().Parse(ports.Result{ExitCode: 1, Stderr: []byte(stderr)}, nil)
	assert.Equal(t, ports.TestReport{Parsed: true, Errors: []ports.ReportError{{Kind: ports.KindUsage, Message: "CACError: Unknown option `--bogus`"}}}, got)
	assert.False(t, vitest.New().Parse(ports.Result{ExitCode: 1, Stderr: []byte("Segmentation fault\n")}, nil).Parsed)
}
