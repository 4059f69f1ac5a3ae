// ah's vitest dependency graph (issue 25): for each binding's file filters
// (argv[1], JSON), the test files vitest would run and every module they
// import, transitively, as vitest's own `related` resolution walks them
// (vite's transform deps, node_modules left out), plus the setup files and
// their imports, which every test runs. An import that no longer resolves
// (a deleted file) is kept, resolved against its importer. One line on
// stdout, prefixed "ah-vitest-graph ".
import { createVitest } from 'vitest/node'
import { existsSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'

const filters = JSON.parse(process.argv[1])
const v = await createVitest('test', { watch: false, run: true, reporters: [] })
try {
  const walk = async (project, file, seen) => {
    if (seen.has(file)) return
    seen.add(file)
    if (!existsSync(file)) return
    const env = project.vite.environments.ssr
    const t = env.moduleGraph.getModuleById(file)?.transformResult || await env.transformRequest(file)
    if (!t) return
    for (const raw of [...(t.deps || []), ...(t.dynamicDeps || [])]) {
      const dep = raw.split('?')[0]
      let p
      if (dep.startsWith('/@fs/')) p = dep.slice(4)
      else if (dep.startsWith('./') || dep.startsWith('../')) p = resolve(dirname(file), dep)
      else if (dep.startsWith('/')) p = join(project.config.root, dep)
      else continue // a bare specifier: a package, outside the repository
      if (!p.includes('/node_modules/')) await walk(project, p, seen)
    }
  }
  const setup = new Set()
  for (const project of v.projects) {
    for (const f of [project.config.setupFiles || [], project.config.globalSetup || []].flat()) await walk(project, f, setup)
  }
  const bindings = []
  for (const fs of filters) {
    const files = new Set(setup)
    for (const s of await v.globTestSpecifications(fs)) await walk(s.project, s.moduleId, files)
    bindings.push([...files])
  }
  const config = v.vite.config.configFile || ''
  console.log('ah-vitest-graph ' + JSON.stringify({ root: v.config.root, config, triggers: v.config.forceRerunTriggers, bindings }))
} finally {
  await v.close()
}
