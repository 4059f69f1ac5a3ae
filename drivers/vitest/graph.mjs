// ah's vitest dependency graph (issues 25, 35): for each binding's file
// filters (argv[1], JSON), the test files vitest would run and every file
// they read through vitest, transitively: the modules vite's transform
// resolves (node_modules left out), the setup files, which every test runs,
// and what a test reads beside its imports:
//   - the string targets of vi.mock, vi.doMock, vi.importActual,
//     vi.importMock, require and createRequire(...)(...), resolved as vite
//     or node would;
//   - for a mocked module, the `__mocks__/<name>` beside it, or the root
//     `__mocks__` directory for a package or a module that does not exist;
//   - each test file's snapshot file and its toMatchFileSnapshot targets;
//   - the directory of each import.meta.glob pattern, so a file added to or
//     deleted from it counts;
//   - the .env files vite loads from its envDir in vitest's mode.
// An import that no longer resolves (a deleted file) is kept, resolved
// against its importer or through vite's aliases. A binding whose files
// hold an import the walk cannot resolve statically (import(name), a
// computed require or mock) is marked `all`: it may read any module.
// A filter naming a directory claims it. forceRerunTriggers are reported
// without the files walked here for every test (setup files, snapshot
// serializers, a diff config). One line on stdout, prefixed
// "ah-vitest-graph ".
import { createVitest } from 'vitest/node'
import { readFileSync, statSync } from 'node:fs'
import { createRequire, isBuiltin } from 'node:module'
import { basename, dirname, extname, isAbsolute, join, resolve } from 'node:path'

const filters = JSON.parse(process.argv[1])
const v = await createVitest('test', { watch: false, run: true, reporters: [] })

const isFile = (p) => { try { return statSync(p).isFile() } catch { return false } }
const isDir = (p) => { try { return statSync(p).isDirectory() } catch { return false } }
const local = (p) => !p.includes('/node_modules/')

// A literal string argument at src[i] (after spaces): its value, or
// undefined when the argument is anything else (a name, a computed path).
const literal = (src, i) => {
  const m = /^\s*(?:'([^'\\\n]*)'|"([^"\\\n]*)"|`([^`\\$]*)`)\s*[,)]/.exec(src.slice(i))
  return m ? (m[1] ?? m[2] ?? m[3]) : undefined
}

// The calls a module makes whose first argument is a path read at run
// time, by kind. createRequire's result may be bound to any name.
const calls = (src) => {
  const out = []
  const names = ['require']
  for (const m of src.matchAll(/(\w+)\s*=\s*createRequire\s*\(/g)) names.push(m[1])
  const kinds = [
    ['mock', /\bvi\s*\.\s*(?:do)?(?:mock|unmock)\s*\(\s*(?:import\s*\()?/g],
    ['actual', /\bvi\s*\.\s*import(?:Actual|Mock)\s*(?:<[^>]*>)?\s*\(/g],
    ['require', new RegExp(`(?<![\\w.$])(?:${names.join('|')})\\s*\\(`, 'g')],
    ['require', /\bcreateRequire\s*\([^()]*(?:\([^()]*\))?[^()]*\)\s*\(/g],
    ['file', /\.toMatchFileSnapshot\s*\(/g],
    ['glob', /\bimport\.meta\.glob\s*(?:<[^>]*>)?\s*\(\s*/g],
    ['import', /(?<![\w.$])import\s*\(/g],
  ]
  for (const [kind, re] of kinds) {
    for (const m of src.matchAll(re)) out.push({ kind, at: m.index + m[0].length })
  }
  return out
}

const globPatterns = (src, at) => {
  const rest = src.slice(at)
  if (rest.startsWith('[')) {
    const end = rest.indexOf(']')
    if (end < 0) return undefined
    const items = rest.slice(1, end).split(',').map((s) => s.trim()).filter(Boolean)
    const vals = items.map((s) => literal(s + ')', 0))
    return vals.includes(undefined) ? undefined : vals
  }
  const one = literal(src, at)
  return one === undefined ? undefined : [one]
}

// staticDir is the directory a glob pattern's matches all lie under.
const staticDir = (pattern) => {
  const cut = pattern.search(/[*?{}[\]()!+@]/)
  return cut < 0 ? pattern : dirname(pattern.slice(0, cut) + 'x')
}

try {
  const walkers = new Map()
  const walker = (project) => {
    if (walkers.has(project)) return walkers.get(project)
    const root = project.config.root
    const env = project.vite.environments.ssr
    const aliases = (project.vite.config.resolve.alias || []).filter((a) => typeof a.find === 'string')
    const extensions = project.vite.config.resolve.extensions || []
    // resolveId resolves a specifier as vite does; a path that no longer
    // exists still resolves through an alias. undefined: it cannot be told.
    const resolveId = async (spec, from) => {
      const r = await env.pluginContainer.resolveId(spec, from).catch(() => null)
      if (r && isAbsolute(r.id.split('?')[0])) return r.id.split('?')[0]
      if (spec.startsWith('./') || spec.startsWith('../')) return resolve(dirname(from), spec)
      for (const a of aliases) {
        if (spec === a.find || spec.startsWith(a.find + '/')) return resolve(a.replacement + spec.slice(a.find.length))
      }
      if (spec.startsWith('/')) return join(root, spec)
      return undefined
    }
    const aliased = (pattern, from) => {
      if (pattern.startsWith('./') || pattern.startsWith('../')) return resolve(dirname(from), pattern)
      for (const a of aliases) {
        if (pattern.startsWith(a.find + '/')) return resolve(a.replacement + pattern.slice(a.find.length))
      }
      if (pattern.startsWith('/')) return join(root, pattern)
      return undefined
    }
    const walk = async (file, acc) => {
      if (acc.walked.has(file)) return
      acc.walked.add(file)
      acc.files.add(file)
      if (!isFile(file)) {
        // A specifier without an extension that no longer resolves: any
        // file vite would have resolved it to.
        if (!extname(file)) {
          for (const e of extensions) acc.files.add(file + e)
          for (const e of extensions) acc.files.add(join(file, 'index' + e))
        }
        return
      }
      let t
      try {
        t = env.moduleGraph.getModuleById(file)?.transformResult || await env.transformRequest(file)
      } catch (e) {
        // A test's own module vite cannot parse is no graph; a file read
        // through require or vi.importActual may be no module vite knows
        // (a .node addon, a data file): its reads are unknown.
        if (!acc.read.has(file)) throw e
        acc.all = true
        return
      }
      if (!t) return
      for (const raw of [...(t.deps || []), ...(t.dynamicDeps || [])]) {
        const dep = raw.split('?')[0]
        if (dep.startsWith('/@id/') || dep.startsWith('node:') || isBuiltin(dep)) continue
        let p
        if (dep.startsWith('/@fs/')) p = dep.slice(4)
        else if (dep.startsWith('./') || dep.startsWith('../')) p = resolve(dirname(file), dep)
        else if (dep.startsWith('/')) p = join(root, dep)
        else p = await resolveId(dep, file)
        if (p === undefined) acc.all = true
        else if (local(p)) await walk(p, acc)
      }
      await scan(file, readFileSync(file, 'utf8'), acc)
    }
    const scan = async (file, src, acc) => {
      for (const { kind, at } of calls(src)) {
        if (kind === 'glob') {
          const patterns = globPatterns(src, at)
          if (patterns === undefined) { acc.all = true; continue }
          for (const g of patterns) {
            if (g.startsWith('!')) continue
            const p = aliased(g, file)
            if (p === undefined) acc.all = true
            else acc.dirs.add(staticDir(p))
          }
          continue
        }
        const spec = literal(src, at)
        if (spec === undefined) { acc.all = true; continue }
        if (kind === 'import') continue // vite's transform resolved it
        if (kind === 'file') { acc.files.add(resolve(dirname(file), spec)); continue }
        let p
        if (kind === 'require' && !spec.startsWith('.') && !spec.startsWith('/')) {
          if (spec.startsWith('node:') || isBuiltin(spec)) continue
          try { p = createRequire(file).resolve(spec) } catch { p = await resolveId(spec, file) }
        } else if (kind === 'require') {
          p = resolve(dirname(file), spec)
          if (!isFile(p)) {
            // node's extensions and index files; a path with an extension
            // that is gone (deleted in the change) still counts.
            try { p = createRequire(file).resolve(spec) } catch { if (!extname(spec)) { acc.all = true; continue } }
          }
        } else {
          if (spec.startsWith('node:') || isBuiltin(spec)) p = undefined
          else p = await resolveId(spec, file)
        }
        if (kind === 'mock') {
          if (p !== undefined && local(p) && isFile(p)) {
            acc.files.add(join(dirname(p), '__mocks__', basename(p)))
            const redirect = join(dirname(p), '__mocks__', basename(p))
            if (isFile(redirect)) await walk(redirect, acc)
          } else {
            // A package, a builtin or a missing module: vitest looks in
            // <root>/__mocks__.
            acc.dirs.add(join(root, '__mocks__'))
            if (p !== undefined && local(p)) acc.files.add(join(dirname(p), '__mocks__', basename(p)))
          }
        }
        if (p === undefined) {
          if (kind !== 'mock') acc.all = true
          continue
        }
        if (local(p)) {
          if (kind === 'require' || kind === 'actual') acc.read.add(p)
          await walk(p, acc)
        }
      }
    }
    const w = { root, walk, scan }
    walkers.set(project, w)
    return w
  }

  const setup = { walked: new Set(), read: new Set(), files: new Set(), dirs: new Set(), all: false }
  const envFiles = []
  // Files every test runs: setup files, snapshot serializers and a diff
  // config, which vitest also adds to forceRerunTriggers.
  const everyTest = (c) => [c.setupFiles || [], c.globalSetup || [], c.snapshotSerializers || [], typeof c.diff === 'string' ? [c.diff] : []].flat()
  const accounted = new Set()
  for (const project of v.projects) {
    const { walk } = walker(project)
    for (const c of [project.config, v.config]) {
      for (const f of everyTest(c)) {
        if (typeof f !== 'string') continue
        accounted.add(f)
        await walk(f, setup)
      }
    }
    const c = project.vite.config
    if (c.envDir !== false) {
      const dir = c.envDir || project.config.root
      for (const n of ['.env', '.env.local', `.env.${c.mode}`, `.env.${c.mode}.local`]) envFiles.push(join(dir, n))
    }
  }
  const bindings = []
  for (const fs of filters) {
    const acc = { walked: new Set(setup.walked), read: new Set(setup.read), files: new Set([...setup.files, ...envFiles]), dirs: new Set(setup.dirs), all: setup.all }
    for (const f of fs) {
      if (!f.includes('/') && !f.includes('.')) continue
      const p = resolve(v.config.root, f)
      if (isDir(p)) acc.dirs.add(p)
      else acc.files.add(p)
    }
    for (const s of await v.globTestSpecifications(fs)) {
      const { walk } = walker(s.project)
      await walk(s.moduleId, acc)
      acc.files.add(v.snapshot.resolvePath(s.moduleId, { config: s.project.serializedConfig }))
    }
    bindings.push({ files: [...acc.files], dirs: [...acc.dirs], all: acc.all })
  }
  const config = v.vite.config.configFile || ''
  console.log('ah-vitest-graph ' + JSON.stringify({ root: v.config.root, config, triggers: v.config.forceRerunTriggers.filter((t) => !accounted.has(t)), bindings }))
} finally {
  await v.close()
}
