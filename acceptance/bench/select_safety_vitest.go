package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

func init() { safetySuites["vitest"] = vitestSafetySuite }

// vitestSafetySuite is a small vitest project (the vitest-basic fixture's
// node_modules linked in) whose tests read what an import graph alone does
// not show: __mocks__ files beside a module and at the root (swapped in,
// added to an automocked module), snapshot and file-snapshot files, .env
// files vite loads into import.meta.env, fixtures read at run time,
// modules loaded by vi.importActual and createRequire, an import.meta.glob
// directory, modules imported through a resolve.alias, a module imported
// by a computed name, a setup file, and test files under a binding's
// directory filter; beside plain sources imported by one or several tests,
// so the mean fraction selected shows the graph's precision.
func vitestSafetySuite() safetySuite {
	files := map[string]string{}
	for p, body := range vitestSafetyFiles {
		files[p] = body
	}
	for capability, scenarios := range vitestSafetyContracts {
		var titles []string
		for _, s := range scenarios {
			titles = append(titles, s.title)
			// A binding naming only files never batches (docs/batching.md):
			// with `-t .` (every named test) beside its file filters the
			// runs start vitest once, not once per binding. Selection reads
			// the file filters, never the pattern.
			flags := s.flags
			if !strings.Contains(" "+flags+" ", " -t ") {
				flags += " -t ."
			}
			files[".espectacular/"+capability+"/"+s.id()+".toml"] = safetyContract(s.id(), "vitest", flags)
		}
		files["openspec/specs/"+capability+"/spec.md"] = safetySpec(capability, titles...)
	}
	return safetySuite{files: files, tools: []string{"node", "git"}, prepare: linkVitest, faults: vitestSafetyFaults}
}

// linkVitest links the vitest-basic fixture's node_modules (npm ci
// --prefix acceptance/testdata/fixtures/vitest-basic) into root.
func linkVitest(root string) error {
	src, err := moduleRoot()
	if err != nil {
		return err
	}
	mods := filepath.Join(src, "acceptance", "testdata", "fixtures", "vitest-basic", "node_modules")
	if _, err := os.Stat(filepath.Join(mods, ".bin", "vitest")); err != nil {
		return fmt.Errorf("vitest is not installed: npm ci --prefix acceptance/testdata/fixtures/vitest-basic (%w)", err)
	}
	return os.Symlink(mods, filepath.Join(root, "node_modules"))
}

var vitestSafetyContracts = map[string][]goScenario{
	"math":   {{"Add holds", "test/add.test.js"}, {"Mul holds", "test/mul.test.js"}, {"Index holds", "test/index.test.js"}},
	"str":    {{"Upper holds", "test/upper.test.js"}, {"Greet holds", "test/greet.test.js"}},
	"fmt":    {{"Money holds", "test/money.test.js"}},
	"mock":   {{"Mock swaps", "test/mock.test.js"}, {"Automock holds", "test/automock.test.js"}, {"Root mock holds", "test/rootmock.test.js"}},
	"snap":   {{"Snapshot holds", "test/snap.test.js"}, {"File snapshot holds", "test/filesnap.test.js"}},
	"env":    {{"Env holds", "test/env.test.js"}},
	"data":   {{"Data holds", "test/data.test.js"}},
	"glob":   {{"Registry lists plugins", "test/registry.test.js"}},
	"alias":  {{"Alias holds", "test/alias.test.js"}},
	"actual": {{"Actual holds", "test/actual.test.js"}},
	"legacy": {{"Legacy holds", "test/legacy.test.js"}},
	"dyn":    {{"Dyn holds", "test/dyn.test.js"}},
	"unit":   {{"U1 holds", "test/unit -t '^u1$'"}, {"U2 holds", "test/unit -t '^u2$'"}},
	"setup":  {{"Prefix holds", "test/prefix.test.js"}},
}

// vitestSafetyFaults: plain sources first (precision), then each hidden
// dependency class. The short ones (CI) are one per kind of hidden input
// (mock, snapshot, env, runtime read, glob, computed import, a deleted
// test under a directory filter): each vitest fault costs CI about 15 s.
var vitestSafetyFaults = []safetyFault{
	{class: "source", file: "src/math/add.js", old: "a + b", new: "a - b", short: true},
	{class: "source", file: "src/math/mul.js", old: "let r = 0", new: "let r = 1"},
	{class: "source", file: "src/math/index.js", old: "export const version = 1", new: "export const version = 2"},
	{class: "source", file: "src/str/upper.js", old: "toUpperCase", new: "toLowerCase"},
	{class: "source", file: "src/str/greet.js", old: "'hello '", new: "'hi '"},
	{class: "source", file: "src/fmt/money.js", old: "toFixed(2)", new: "toFixed(1)"},
	{class: "source-two-files", file: "src/str/upper.js", old: "toUpperCase", new: "toLowerCase", also: []safetyFault{{file: "src/fmt/money.js", old: "'$'", new: "'€'"}}},
	{class: "mock", file: "src/__mocks__/m.js", old: "'mocked'", new: "'mocked!'"},
	{class: "mock-deleted", file: "src/__mocks__/m.js", remove: true},
	{class: "mock-added", file: "src/__mocks__/api.js", new: "export const fetchUser = () => 'from mock'\n"},
	{class: "mock-root", file: "__mocks__/picocolors.js", old: "mocked: true", new: "mocked: false", short: true},
	{class: "mock-root-deleted", file: "__mocks__/picocolors.js", remove: true},
	{class: "snapshot", file: "test/__snapshots__/snap.test.js.snap", old: `"n": 3`, new: `"n": 4`, short: true},
	{class: "snapshot-edited-with-source", file: "test/__snapshots__/snap.test.js.snap", old: `"n": 3`, new: `"n": 4`, also: []safetyFault{{file: "src/fmt/money.js", old: "'$'", new: "'€'"}}},
	{class: "file-snapshot", file: "test/__file_snapshots__/greet.txt", old: "hello BOB", new: "hello ROB"},
	{class: "env", file: ".env", old: "VITE_GREETING=hi", new: "VITE_GREETING=ho", short: true},
	{class: "env-mode", file: ".env.test", old: "VITE_LEVEL=3", new: "VITE_LEVEL=4"},
	{class: "env-added", file: ".env.local", new: "VITE_GREETING=hey\n"},
	{class: "env-mode-added", file: ".env.test.local", new: "VITE_LEVEL=9\n"},
	{class: "env-with-source", file: ".env", old: "VITE_GREETING=hi", new: "VITE_GREETING=ho", also: []safetyFault{{file: "src/str/greet.js", old: "'hello '", new: "'hello  '"}}},
	{class: "runtime-read", file: "test/fixtures/data.json", old: `"count": 2`, new: `"count": 3`, short: true},
	{class: "runtime-read-with-source", file: "test/fixtures/data.json", old: `"count": 2`, new: `"count": 3`, also: []safetyFault{{file: "src/math/add.js", old: "a + b", new: "b + a"}}},
	{class: "runtime-read-under-filter", file: "test/unit/fixtures/u.txt", old: "u1", new: "u0"},
	{class: "deleted-module", file: "src/str/upper.js", remove: true},
	{class: "deleted-module", file: "src/math/add.js", remove: true},
	{class: "deleted-module-with-source", file: "src/fmt/money.js", remove: true, also: []safetyFault{{file: "src/str/greet.js", old: "'hello '", new: "'hello  '"}}},
	{class: "renamed-module", file: "src/fmt/money.js", rename: "src/fmt/cash.js"},
	{class: "glob", file: "src/plugins/a.js", old: "'a'", new: "'A'"},
	{class: "glob-added", file: "src/plugins/c.js", new: "export const name = 'c'\n", short: true},
	{class: "glob-deleted", file: "src/plugins/b.js", remove: true},
	{class: "glob-deleted-with-source", file: "src/plugins/b.js", remove: true, also: []safetyFault{{file: "src/math/mul.js", old: "let r = 0", new: "let r = 0 "}}},
	{class: "alias", file: "src/lib.js", old: "lib = 1", new: "lib = 2"},
	{class: "alias-deleted", file: "src/lib.js", remove: true},
	{class: "alias-deleted-with-source", file: "src/lib.js", remove: true, also: []safetyFault{{file: "src/math/mul.js", old: "let r = 0", new: "let r = 0 "}}},
	{class: "import-actual", file: "src/cfg.js", old: "port: 80", new: "port: 81"},
	{class: "create-require", file: "src/legacy.cjs", old: "legacy: 1", new: "legacy: 3"},
	{class: "create-require-deleted", file: "src/legacy.cjs", remove: true},
	{class: "computed-import", file: "src/str/upper.js", old: "export const upperVersion = 1", new: "export const upperVersion = 2", short: true},
	{class: "setup-file", file: "test/setup.js", old: "'>'", new: "'<'"},
	{class: "dir-filter-deleted", file: "test/unit/u1.test.js", remove: true, short: true},
	{class: "dir-filter-added", file: "test/unit/u3.test.js", new: "import { expect, it } from 'vitest'\n\nit('u2', () => expect(1).toBe(2))\n"},
	{class: "dir-filter-renamed", file: "test/unit/u1.test.js", rename: "test/unit/u1.skip.js"},
	{class: "test-file", file: "test/add.test.js", old: "toBe(3)", new: "toBe(4)"},
	{class: "test-file-deleted", file: "test/money.test.js", remove: true},
	{class: "config", file: "vitest.config.js", old: "'@': ", new: "'@@': "},
}

// vitestSafetyFiles is the project.
var vitestSafetyFiles = map[string]string{
	".gitignore":   "node_modules\n",
	"package.json": "{\n  \"name\": \"safety\",\n  \"private\": true,\n  \"type\": \"module\"\n}\n",
	"vitest.config.js": `import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'

export default defineConfig({
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  test: { pool: 'threads', isolate: false, setupFiles: ['test/setup.js'] },
})
`,
	".espectacular/config.toml":            "tool_version = \"0.1.0\"\n",
	".env":                                 "VITE_GREETING=hi\n",
	".env.test":                            "VITE_LEVEL=3\n",
	"src/math/add.js":                      "export const add = (a, b) => a + b\n",
	"src/math/mul.js":                      "import { add } from './add.js'\n\nexport const mul = (a, b) => {\n  let r = 0\n  for (let i = 0; i < b; i++) r = add(r, a)\n  return r\n}\n",
	"src/math/index.js":                    "export { add } from './add.js'\nexport { mul } from './mul.js'\nexport const version = 1\n",
	"src/str/upper.js":                     "export const upper = (s) => s.toUpperCase()\nexport const upperVersion = 1\n",
	"src/str/greet.js":                     "import { upper } from './upper.js'\n\nexport const greet = (n) => 'hello ' + upper(n)\n",
	"src/fmt/money.js":                     "export const money = (cents) => '$' + (cents / 100).toFixed(2)\n",
	"src/m.js":                             "export const m = () => 'real'\nexport const real = 1\n",
	"src/__mocks__/m.js":                   "export const m = () => 'mocked'\n",
	"src/api.js":                           "export const fetchUser = () => 'real user'\n",
	"__mocks__/picocolors.js":              "export default { mocked: true }\n",
	"src/plugins/a.js":                     "export const name = 'a'\n",
	"src/plugins/b.js":                     "export const name = 'b'\n",
	"src/registry.js":                      "const mods = import.meta.glob('./plugins/*.js', { eager: true })\n\nexport const names = () => Object.values(mods).map((m) => m.name).sort().join(',')\n",
	"src/lib.js":                           "export const lib = 1\n",
	"src/cfg.js":                           "export const cfg = { port: 80 }\n",
	"src/legacy.cjs":                       "module.exports = { legacy: 1 }\n",
	"test/setup.js":                        "globalThis.PREFIX = '>'\n",
	"test/add.test.js":                     "import { expect, it } from 'vitest'\nimport { add } from '../src/math/add.js'\n\nit('add', () => expect(add(1, 2)).toBe(3))\n",
	"test/mul.test.js":                     "import { expect, it } from 'vitest'\nimport { mul } from '../src/math/mul.js'\n\nit('mul', () => expect(mul(2, 3)).toBe(6))\n",
	"test/index.test.js":                   "import { expect, it } from 'vitest'\nimport { add, mul, version } from '../src/math/index.js'\n\nit('index', () => expect([add(1, 1), mul(2, 2), version]).toEqual([2, 4, 1]))\n",
	"test/upper.test.js":                   "import { expect, it } from 'vitest'\nimport { upper } from '../src/str/upper.js'\n\nit('upper', () => expect(upper('a')).toBe('A'))\n",
	"test/greet.test.js":                   "import { expect, it } from 'vitest'\nimport { greet } from '../src/str/greet.js'\n\nit('greet', () => expect(greet('bob')).toBe('hello BOB'))\n",
	"test/money.test.js":                   "import { expect, it } from 'vitest'\nimport { money } from '../src/fmt/money.js'\n\nit('money', () => expect(money(150)).toBe('$1.50'))\n",
	"test/mock.test.js":                    "import { expect, it, vi } from 'vitest'\nimport { m, real } from '../src/m.js'\n\nvi.mock('../src/m.js')\n\nit('mock', () => expect([m(), real]).toEqual(['mocked', undefined]))\n",
	"test/automock.test.js":                "import { expect, it, vi } from 'vitest'\nimport { fetchUser } from '../src/api.js'\n\nvi.mock('../src/api.js')\n\nit('automock', () => expect(fetchUser()).toBe(undefined))\n",
	"test/rootmock.test.js":                "import { expect, it, vi } from 'vitest'\nimport pc from 'picocolors'\n\nvi.mock('picocolors')\n\nit('rootmock', () => expect(pc.mocked).toBe(true))\n",
	"test/snap.test.js":                    "import { expect, it } from 'vitest'\nimport { add } from '../src/math/add.js'\n\nit('snap', () => expect({ n: add(1, 2) }).toMatchSnapshot())\n",
	"test/__snapshots__/snap.test.js.snap": "// Vitest Snapshot v1, https://vitest.dev/guide/snapshot.html\n\nexports[`snap 1`] = `\n{\n  \"n\": 3,\n}\n`;\n",
	"test/filesnap.test.js":                "import { expect, it } from 'vitest'\nimport { greet } from '../src/str/greet.js'\n\nit('filesnap', async () => {\n  await expect(greet('bob')).toMatchFileSnapshot('./__file_snapshots__/greet.txt')\n})\n",
	"test/__file_snapshots__/greet.txt":    "hello BOB",
	"test/env.test.js":                     "import { expect, it } from 'vitest'\n\nit('env', () => expect([import.meta.env.VITE_GREETING, import.meta.env.VITE_LEVEL]).toEqual(['hi', '3']))\n",
	"test/fixtures/data.json":              "{ \"count\": 2 }\n",
	"test/data.test.js":                    "import { readFileSync } from 'node:fs'\nimport { expect, it } from 'vitest'\nimport { add } from '../src/math/add.js'\n\nit('data', () => {\n  const d = JSON.parse(readFileSync(new URL('./fixtures/data.json', import.meta.url), 'utf8'))\n  expect(d.count).toBe(add(1, 1))\n})\n",
	"test/registry.test.js":                "import { expect, it } from 'vitest'\nimport { names } from '../src/registry.js'\n\nit('registry', () => expect(names()).toBe('a,b'))\n",
	"test/alias.test.js":                   "import { expect, it } from 'vitest'\nimport { lib } from '@/lib.js'\n\nit('alias', () => expect(lib).toBe(1))\n",
	"test/actual.test.js":                  "import { expect, it, vi } from 'vitest'\n\nit('actual', async () => {\n  const { cfg } = await vi.importActual('../src/cfg.js')\n  expect(cfg.port).toBe(80)\n})\n",
	"test/legacy.test.js":                  "import { createRequire } from 'node:module'\nimport { expect, it } from 'vitest'\n\nconst require = createRequire(import.meta.url)\n\nit('legacy', () => expect(require('../src/legacy.cjs').legacy).toBe(1))\n",
	"test/dyn.test.js":                     "import { expect, it } from 'vitest'\n\nconst name = ['..', 'src', 'str', 'upper.js'].join('/')\n\nit('dyn', async () => expect((await import(name)).upperVersion).toBe(1))\n",
	"test/unit/u1.test.js":                 "import { readFileSync } from 'node:fs'\nimport { expect, it } from 'vitest'\n\nit('u1', () => expect(readFileSync(new URL('./fixtures/u.txt', import.meta.url), 'utf8').trim()).toBe('u1'))\n",
	"test/unit/u2.test.js":                 "import { expect, it } from 'vitest'\nimport { add } from '../../src/math/add.js'\n\nit('u2', () => expect(add(2, 2)).toBe(4))\n",
	"test/unit/fixtures/u.txt":             "u1\n",
	"test/prefix.test.js":                  "import { expect, it } from 'vitest'\n\nit('prefix', () => expect(globalThis.PREFIX).toBe('>'))\n",
}
