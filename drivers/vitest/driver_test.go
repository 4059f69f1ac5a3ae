package vitest_test

import (
	"os"
	"path/filepath"
	"testing"
	"testing/fstest"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/espectacular/ah/drivers/vitest"
	"github.com/espectacular/ah/ports"
)

func TestRunsFramework(t *testing.T) {
	tests := []struct {
		argv []string
		want bool
	}{
		{[]string{"vitest", "run"}, true},
		{[]string{"npx", "vitest", "run"}, true},
		{[]string{"npx", "--no", "vitest", "run"}, true},
		{[]string{"node_modules/.bin/vitest", "run"}, true},
		{[]string{"pnpm", "exec", "vitest"}, true},
		{[]string{"npm", "test"}, false},
		{[]string{"npx", "--package", "vitest", "other"}, false},
		{[]string{"jest"}, false},
	}
	for _, tt := range tests {
		assert.Equal(t, tt.want, vitest.New().RunsFramework(tt.argv), "RunsFramework(%q)", tt.argv)
	}
}

func TestPrepare(t *testing.T) {
	scratch := filepath.Join("/tmp", "ah-run-1")
	report := filepath.Join(scratch, vitest.ReportName)
	got := vitest.New().Prepare([]string{"npx", "vitest", "run", "src/a.test.ts", "-t", "adds"}, scratch)
	assert.Equal(t, ports.Prepared{
		Argv:       append([]string{"npx", "vitest", "run", "src/a.test.ts", "-t", "adds"}, vitest.ReporterArgs(report)...),
		Env:        []string{"NO_COLOR=1"},
		ReportFile: report,
	}, got)

	got = vitest.New().Prepare([]string{"vitest", "run", "--", "extra"}, scratch)
	assert.Equal(t, append(append([]string{"vitest", "run"}, vitest.ReporterArgs(report)...), "--", "extra"), got.Argv)

	argv := []string{"npm", "test"}
	assert.Equal(t, ports.Prepared{Argv: argv}, vitest.New().Prepare(argv, scratch))
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
	assert.Equal(t, []string{"npx", "--no", "vitest", "run"}, d.DefaultCommand(fstest.MapFS{}))

	probes := d.Probes(local)
	require.Len(t, probes, 2)
	assert.Equal(t, []string{"node_modules/.bin/vitest", "--version"}, probes[0].Argv)
	assert.Equal(t, []string{"vitest", "--version"}, probes[1].Argv, "never npx: it would download vitest")
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

func TestDriverParse(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("testdata", "vitest-json-name-pass.json"))
	require.NoError(t, err)
	got := vitest.New().Parse(ports.Result{}, data)
	require.True(t, got.Parsed)
	assert.Equal(t, vitest.Parse(data, ""), got, "ids keep absolute paths; the caller makes them relative")
	assert.False(t, vitest.New().Parse(ports.Result{}, nil).Parsed, "no report file: unparsed")
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
