// ah's vitest reporter (drivers/vitest): streams each result onto stdout
// as it happens, in records only this reporter can write. Each record is
// one line, "\n\x1eah-vitest <nonce> <json>\n", written with one write(2)
// so no other writer can cut into it. The nonce is drawn when this module
// loads in vitest's main process, before any test runs, and lives only
// here: a test can print a record but cannot know the nonce, and bytes ah
// has read cannot be rewritten later (issue 23 item 3).
//
// Name patterns are evaluated here, with JavaScript's RegExp as vitest
// evaluates `-t`, never translated to another dialect (item 4): each test
// record lists the candidate patterns (ah-patterns.json, written by ah next
// to this file) that select it.
import { readFileSync, writeSync } from 'node:fs'
import { randomUUID } from 'node:crypto'

const MARK = '\u001eah-vitest '
const NONCE = randomUUID()
// PIPE_BUF: a write of at most this many bytes to a pipe is atomic.
const ATOMIC = 4096
const MESSAGE = 1500

let patterns = []
try {
  patterns = JSON.parse(readFileSync(new URL('./ah-patterns.json', import.meta.url), 'utf8')).map((p) => new RegExp(p))
} catch (e) {
  patterns = null
}

function write(line) {
  const buf = Buffer.from(line, 'utf8')
  for (let off = 0; off < buf.length;) {
    try {
      off += writeSync(1, buf, off, buf.length - off)
    } catch (e) {
      if (e.code !== 'EAGAIN') throw e
    }
  }
}

function emit(rec) {
  let line = '\n' + MARK + NONCE + ' ' + JSON.stringify(rec) + '\n'
  if (Buffer.byteLength(line) > ATOMIC && rec.msg) {
    rec.msg = rec.msg.slice(0, 200) + ' [...]'
    line = '\n' + MARK + NONCE + ' ' + JSON.stringify(rec) + '\n'
  }
  write(line)
}

emit({ e: 'hello', patterns: patterns === null ? -1 : patterns.length })

// names is the test's identity inside its file: the describe titles, then
// the test title. The name vitest matches -t against is these joined by
// spaces (@vitest/runner getTaskFullName), which two tests can share
// (describe('a b') > it('c') and describe('a') > it('b c')): it is used
// only to evaluate the patterns, never as the test's identity.
function names(task) {
  return (task.suite ? names(task.suite) : []).concat([task.name])
}

// repeats numbers the tests of one module sharing one path (two it('dup')
// in a file, or an it.each title without a placeholder, both legal in
// vitest), in definition order: the first is 0. Computed once per module,
// from its collected tree, so a filtered run numbers them as a whole run
// does.
const repeats = new WeakMap()

function repeatOf(tc) {
  let byId = repeats.get(tc.module)
  if (!byId) {
    byId = new Map()
    const count = new Map()
    for (const t of tc.module.children.allTests()) {
      const key = JSON.stringify(names(t.task))
      const n = count.get(key) || 0
      count.set(key, n + 1)
      byId.set(t.id, n)
    }
    repeats.set(tc.module, byId)
  }
  return byId.get(tc.id) || 0
}

// root is the project root vitest runs in (onInit); stack locations under
// it are shown relative to it, as vitest's own reporter shows them.
let root = ''

// A stack line of vitest's runner, node's internals or a promise wrapper
// says nothing about the test: vitest's own reporter hides them too, and
// they would crowd the user's frames out of the bounded message.
const FRAME = /^\s+at /
const INTERNAL = /node_modules|node:internal|\(<anonymous>\)/

function userLines(text) {
  let out = text.split('\n').filter((l) => !FRAME.test(l) || !INTERNAL.test(l)).join('\n')
  if (root) out = out.split('file://' + root + '/').join('').split(root + '/').join('')
  return out
}

function message(errors) {
  if (!errors || errors.length === 0) return ''
  return errors.map((e) => userLines(e.stack || e.message || String(e))).join('\n').slice(0, MESSAGE)
}

// matching lists the candidate patterns selecting a test, by index.
function matching(tc) {
  const match = []
  const name = names(tc.task).join(' ')
  if (patterns) patterns.forEach((re, i) => { if (re.test(name)) match.push(i) })
  return match
}

export default class AhReporter {
  constructor() {
    this.seen = new Set()
    this.collected = new WeakSet()
  }

  onInit(vitest) {
    root = (vitest && vitest.config && vitest.config.root) || ''
  }

  // Progress (issue 37): how many modules the run has, then each module's
  // tests once it is collected, so ah knows when every test a pattern
  // selects has reported, while the run goes on. Never a verdict.
  onTestRunStart(specifications) {
    emit({ e: 'plan', modules: specifications.length })
  }

  onTestModuleCollected(mod) {
    this.collect(mod)
  }

  collect(mod) {
    if (this.collected.has(mod)) return
    this.collected.add(mod)
    for (const tc of mod.children.allTests()) {
      emit({ e: 'case', file: mod.moduleId, path: names(tc.task), rep: repeatOf(tc), match: matching(tc) })
    }
    emit({ e: 'collected', file: mod.moduleId })
  }

  onTestCaseResult(tc) {
    this.test(tc)
  }

  test(tc) {
    if (this.seen.has(tc.id)) return
    this.seen.add(tc.id)
    const r = tc.result()
    const d = tc.diagnostic()
    emit({ e: 'test', file: tc.module.moduleId, path: names(tc.task), rep: repeatOf(tc), state: r.state, ms: d ? d.duration : null, msg: message(r.errors), match: matching(tc) })
  }

  onTestModuleEnd(mod) {
    this.collect(mod)
    for (const tc of mod.children.allTests()) this.test(tc)
    const errs = [...mod.errors()]
    for (const s of mod.children.allSuites()) errs.push(...s.errors())
    if (errs.length > 0) emit({ e: 'error', file: mod.moduleId, msg: message(errs) })
  }

  onTestRunEnd(modules, unhandled, reason) {
    emit({ e: 'end', reason, unhandled: (unhandled || []).map((e) => message([e])) })
  }
}
