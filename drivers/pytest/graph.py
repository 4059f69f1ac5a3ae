# ah's pytest import graph (issue 35), run with the project's own
# interpreter in the repository root. argv[1] is JSON: one list of pytest
# arguments (the words after `pytest`) per binding. For each, it finds the
# test files pytest would collect (ini options, testpaths, python_files,
# norecursedirs, explicit paths), the conftest.py files above and below
# them, the plugins pytest loads, and walks their imports with Python's
# own `ast` and import rules over every directory that can be on sys.path
# (the root, `pythonpath`, each test file's rootdir of packages, src/, the
# interpreter's own entries inside the repository, literal sys.path
# inserts). It never imports the project. A file it cannot follow (an
# import by a computed name, exec, a path built at run time, a program the
# tests run) makes the binding depend on every file: "all". One line on
# stdout, prefixed "ah-pytest-graph ".
import ast
import configparser
import fnmatch
import glob
import importlib.util
import json
import os
import shlex
import sys

REPO = os.getcwd()
NORECURSE = ["*.egg", ".*", "_darcs", "build", "CVS", "dist", "node_modules", "venv", "{arch}"]
PYTHON_FILES = ["test_*.py", "*_test.py"]
DOCTEST_GLOB = ["test*.txt"]
INI_NAMES = ["pytest.ini", ".pytest.ini", "pyproject.toml", "tox.ini", "setup.cfg"]

# pytest's options and those of common plugins: which take a value.
VALUE_LONG = set("""--config-file --rootdir --confcutdir --ignore --ignore-glob --deselect --basetemp
--import-mode --doctest-glob --tb --maxfail --durations --durations-min --pythonwarnings --log-level
--log-format --log-date-format --log-cli-level --log-cli-format --log-cli-date-format --log-file
--log-file-level --log-file-format --log-file-date-format --log-file-mode --log-disable --log-auto-indent
--junitxml --junit-xml --junit-prefix --color --code-highlight --capture --show-capture --assert
--doctest-report --verbosity --override-ini --pastebin --cov-report --cov-config --cov-fail-under
--cov-context --timeout --timeout-method --timeout_method --hypothesis-seed --hypothesis-profile
--hypothesis-verbosity --numprocesses --maxprocesses --dist --randomly-seed --reruns --reruns-delay
--only-rerun --max-worker-restart --tx --rsyncdir --keyword --markers-expr --report-log --html --css
--benchmark-sort --benchmark-group-by --benchmark-columns --benchmark-min-rounds --benchmark-timer""".split())
# Options whose value is optional (nargs='?'): `--cov src` takes src.
OPTIONAL_LONG = {"--cov", "--debug", "--cache-show", "--lfnf", "--last-failed-no-failures"}
FLAG_LONG = set("""--verbose --quiet --exitfirst --lf --last-failed --ff --failed-first --nf --new-first --sw
--stepwise --sw-skip --stepwise-skip --sw-reset --runxfail --showlocals --no-showlocals --full-trace --strict
--strict-markers --strict-config --disable-warnings --disable-pytest-warnings --doctest-modules
--doctest-continue-on-failure --doctest-ignore-import-errors --continue-on-collection-errors --co
--collect-only --collectonly --noconftest --keep-duplicates --collect-in-virtualenv --setup-only
--setup-show --setup-plan --trace --pdb --no-header --no-summary --no-fold-skipped --force-short-summary
--no-cov --no-cov-on-fail --cov-append --cov-branch --cache-clear --hypothesis-show-statistics
--hypothesis-explain --trace-config --runpytest --instafail --stepwise-reset --looponfail --boxed
--forked --benchmark-skip --benchmark-disable --benchmark-only --randomly-dont-reorganize
--randomly-dont-reset-seed --no-randomly --capture=no --fixtures --funcargs --fixtures-per-test
--markers --version --help""".split())
VALUE_SHORT = set("kmcporWn")
FLAG_SHORT = set("vqxslV")

RUNS_PROGRAMS = {"subprocess", "pty", "pexpect", "sh", "plumbum"}
DYNAMIC_NAMES = {"__import__", "exec", "eval", "execfile", "compile", "import_module", "run_path", "run_module",
                 "spec_from_file_location", "SourceFileLoader", "SourcelessFileLoader", "load_source",
                 "load_module", "module_from_spec", "iter_modules", "walk_packages", "load_package",
                 "ExtensionFileLoader", "zipimporter"}
# Builtins that run code from a string: flagged only as bare calls, since
# re.compile or an ORM's .compile() are not them.
BUILTIN_DYNAMIC = {"exec", "eval", "execfile", "compile"}
# Calls that list files: a test doing so may read Python sources as data.
WALKS = {"walk", "listdir", "scandir", "glob", "iglob", "rglob", "iterdir", "fwalk"}
PATH_ADDERS = {"insert", "append", "extend", "addsitedir", "syspath_prepend"}


def norm(p):
    return os.path.normpath(os.path.join(REPO, p))


def inside(p):
    return p == REPO or p.startswith(REPO + os.sep)


def project(p):
    """Inside the repository and not an installed environment in it (a
    .venv's site-packages): where a changed file can be."""
    if not inside(p):
        return False
    parts = p[len(REPO):].split(os.sep)
    if "site-packages" in parts or "dist-packages" in parts:
        return False
    for prefix in {sys.prefix, sys.exec_prefix, getattr(sys, "base_prefix", sys.prefix)}:
        prefix = os.path.realpath(prefix)
        if prefix != REPO and (p == prefix or p.startswith(prefix + os.sep)):
            return False
    return True


def rel(p):
    return os.path.relpath(p, REPO).replace(os.sep, "/")


_isdir, _isfile = {}, {}


def isdir(p):
    if p not in _isdir:
        _isdir[p] = os.path.isdir(p)
    return _isdir[p]


def isfile(p):
    if p not in _isfile:
        _isfile[p] = os.path.isfile(p)
    return _isfile[p]


class Unknown(Exception):
    """Something ah cannot model: the binding depends on every file."""


# --- configuration -----------------------------------------------------


def read_toml(path):
    try:
        import tomllib
    except ImportError:
        try:
            import tomli as tomllib
        except ImportError:
            raise SystemExit("no TOML reader (tomllib, tomli) to read " + path)
    with open(path, "rb") as f:
        return tomllib.load(f)


def ini_of(path):
    """The pytest options of a config file, or None when it has none."""
    base = os.path.basename(path)
    if base == "pyproject.toml":
        doc = read_toml(path)
        tool = doc.get("tool", {}).get("pytest", {})
        if "ini_options" in tool:
            return {k: v for k, v in tool["ini_options"].items()}
        return dict(tool) if tool else None
    cp = configparser.RawConfigParser()
    try:
        cp.read(path, encoding="utf-8")
    except configparser.Error as e:
        raise SystemExit("cannot read %s: %s" % (path, e))
    for section in {"setup.cfg": ["tool:pytest"], "tox.ini": ["pytest"]}.get(base, ["pytest"]):
        if cp.has_section(section):
            return dict(cp.items(section))
    if base in ("pytest.ini", ".pytest.ini"):
        return {}
    return None


def as_list(v, split=str.split):
    if v is None:
        return []
    if isinstance(v, (list, tuple)):
        return [str(x) for x in v]
    return split(str(v))


def find_ini(start):
    """pytest's configuration file for args whose common ancestor is start:
    the first file with pytest options from start upwards."""
    found = every_ini(start, first=True)
    return found[0] if found else (None, {})


def every_ini(start, first=False):
    """Every configuration file from start upwards: pythonpath is taken
    from all of them, since the one pytest picks may differ."""
    out, d = [], start
    while True:
        for name in INI_NAMES:
            p = os.path.join(d, name)
            if isfile(p):
                ini = ini_of(p)
                if ini is not None:
                    out.append((p, ini))
                    if first:
                        return out
        up = os.path.dirname(d)
        if up == d:
            return out
        d = up


# --- arguments ---------------------------------------------------------


class Args:
    def __init__(self):
        self.paths, self.plugins, self.overrides = [], [], {}
        self.inifile = self.rootdir = None
        self.doctest_modules = self.pyargs = self.in_venv = False
        self.doctest_glob = []
        self.maybe_default = False  # an optional-value option may have taken the only path


def parse_args(words, a):
    i = 0
    while i < len(words):
        w = words[i]
        i += 1
        if w == "--":
            a.paths.extend(words[i:])
            return
        if not w.startswith("-") or w == "-":
            a.paths.append(w)
            continue
        if w.startswith("--"):
            name, eq, value = w.partition("=")
            if name in FLAG_LONG or w in FLAG_LONG:
                apply_flag(name, a)
                continue
            if name in OPTIONAL_LONG:
                if not eq and i < len(words) and not words[i].startswith("-"):
                    a.paths.append(words[i])  # maybe a path, maybe its value: both
                    a.maybe_default = True
                    i += 1
                continue
            if name in VALUE_LONG:
                if not eq:
                    if i >= len(words):
                        raise Unknown("%s has no value" % name)
                    value = words[i]
                    i += 1
                apply_value(name, value, a)
                continue
            raise Unknown("pytest option %s is not one ah can graph" % name)
        # short options: -vx, -k expr, -kexpr, -p plugin
        j = 1
        while j < len(w):
            c = w[j]
            if c in FLAG_SHORT:
                j += 1
                continue
            if c in VALUE_SHORT:
                value = w[j + 1:]
                if not value:
                    if i >= len(words):
                        raise Unknown("-%s has no value" % c)
                    value = words[i]
                    i += 1
                apply_value("-" + c, value, a)
                break
            raise Unknown("pytest option -%s is not one ah can graph" % c)


def apply_flag(name, a):
    if name == "--doctest-modules":
        a.doctest_modules = True
    elif name == "--pyargs":
        a.pyargs = True
    elif name == "--collect-in-virtualenv":
        a.in_venv = True


def apply_value(name, value, a):
    if name in ("-c", "--config-file"):
        a.inifile = norm(value)
    elif name == "--rootdir":
        a.rootdir = norm(os.path.expandvars(value))
    elif name == "-p":
        if not value.startswith("no:"):
            a.plugins.append(value)
    elif name in ("-o", "--override-ini"):
        k, _, v = value.partition("=")
        a.overrides[k.strip()] = v
    elif name == "--doctest-glob":
        a.doctest_glob.append(value)


def common_ancestor(paths):
    dirs = []
    for p in paths:
        p = norm(p.split("::")[0])
        if os.path.exists(p):
            dirs.append(p if isdir(p) else os.path.dirname(p))
    if not dirs:
        return REPO
    return os.path.commonpath(dirs)


class Binding:
    def __init__(self):
        self.tests = []      # test files and conftests: roots of the walk
        self.data = []       # files pytest collects without importing (doctest text)
        self.missing = []    # named test paths that do not exist
        self.modules = []    # module names imported at start (plugins)
        self.all = None      # why it depends on every file


def binding_of(words, state):
    a = Args()
    b = Binding()
    env_addopts = shlex.split(os.environ.get("PYTEST_ADDOPTS", ""))
    parse_args(words + env_addopts, a)
    if a.pyargs:
        raise Unknown("--pyargs names modules, not files")
    start = common_ancestor(a.paths)
    if a.inifile:
        inifile, ini = a.inifile, (ini_of(a.inifile) or {})
    else:
        inifile, ini = find_ini(start)
    if "addopts" in ini:
        parse_args(as_list(ini["addopts"], shlex.split), a)
    ini = dict(ini, **a.overrides)
    rootdir = a.rootdir or (os.path.dirname(inifile) if inifile else start)
    state.rootdirs.add(rootdir)
    for p, other in every_ini(start) + ([(inifile, ini)] if inifile else []):
        for entry in as_list(other.get("pythonpath")):
            state.roots.add(os.path.normpath(os.path.join(os.path.dirname(p), entry)))
    python_files = as_list(ini.get("python_files")) or PYTHON_FILES
    norecurse = as_list(ini.get("norecursedirs")) or NORECURSE
    doctest_glob = a.doctest_glob or DOCTEST_GLOB
    if a.doctest_modules or str(ini.get("doctest_modules", "")).lower() in ("1", "true", "yes"):
        python_files = ["*.py"]
    b.modules.extend(a.plugins)
    paths = [p.split("::")[0] for p in a.paths]
    if not paths or a.maybe_default:
        default = [REPO]
        testpaths = as_list(ini.get("testpaths"))
        if testpaths and rootdir == REPO:
            default = []
            for t in testpaths:
                default.extend(sorted(glob.glob(os.path.join(REPO, t), recursive=True)))
            default = default or [REPO]
        paths = paths + default
    for p in paths:
        full = norm(p)
        if isfile(full):
            b.tests.append(full)
        elif isdir(full):
            collect(full, python_files, doctest_glob, norecurse, a.in_venv, b)
            for d in sorted({os.path.dirname(t) for t in b.tests if t.startswith(full + os.sep)}):
                if not isfile(os.path.join(d, "conftest.py")):
                    b.missing.append(os.path.join(d, "conftest.py"))
        else:
            b.missing.append(full)
            continue
        conftests_above(full, b)
    return b


def matches(name, full, patterns):
    for pat in patterns:
        if fnmatch.fnmatch(name, pat) or ("/" in pat and fnmatch.fnmatch(full.replace(os.sep, "/"), "*/" + pat)):
            return True
    return False


def collect(top, python_files, doctest_glob, norecurse, in_venv, b):
    for d, dirs, files in os.walk(top):
        dirs[:] = sorted(x for x in dirs if not any(fnmatch.fnmatch(x, p) for p in norecurse)
                         and (in_venv or not isfile(os.path.join(d, x, "pyvenv.cfg"))))
        for f in sorted(files):
            full = os.path.join(d, f)
            if f == "conftest.py" or (f.endswith(".py") and matches(f, full, python_files)):
                b.tests.append(full)
            elif matches(f, full, doctest_glob):
                b.data.append(full)


def conftests_above(path, b):
    d = path if isdir(path) else os.path.dirname(path)
    while inside(d):
        c = os.path.join(d, "conftest.py")
        if isfile(c):
            b.tests.append(c)
        else:
            b.missing.append(c)  # a conftest.py deleted here served these tests
        if d == REPO:
            break
        d = os.path.dirname(d)


# --- parsing -----------------------------------------------------------


class Facts:
    """What one file tells: its imports, the sys.path entries it adds, and
    why it cannot be followed (dynamic) or whether it runs programs."""

    def __init__(self):
        self.imports = []   # (module or None, names or None, level)
        self.paths = []     # absolute directories added to sys.path
        self.dynamic = None
        self.runs = None
        self.walks = None   # lists directories or names a .py file: it may read sources as data


def attr_chain(node):
    parts = []
    while isinstance(node, ast.Attribute):
        parts.append(node.attr)
        node = node.value
    if isinstance(node, ast.Name):
        parts.append(node.id)
        return ".".join(reversed(parts))
    return None


class Visitor(ast.NodeVisitor):
    def __init__(self, path, facts, assigns):
        self.path, self.f, self.assigns = path, facts, assigns
        self.importers = {"import_module", "__import__", "importorskip"}
        self.handled = set()

    def dyn(self, node, why):
        if self.f.dynamic is None:
            self.f.dynamic = "%s:%d: %s" % (rel(self.path), getattr(node, "lineno", 0), why)

    def visit_Import(self, node):
        for alias in node.names:
            self.f.imports.append((alias.name, None, 0))
            if alias.name in RUNS_PROGRAMS or alias.name.split(".")[0] in RUNS_PROGRAMS:
                self.f.runs = self.f.runs or "%s:%d: imports %s" % (rel(self.path), node.lineno, alias.name)

    def visit_ImportFrom(self, node):
        names = [a.name for a in node.names]
        self.f.imports.append((node.module, names, node.level))
        if node.module in ("importlib", "importlib.util", "importlib.machinery", "runpy", "imp", "pkgutil", "pytest", "builtins"):
            for a in node.names:
                if a.name in self.importers or a.name in DYNAMIC_NAMES:
                    self.importers.add(a.asname or a.name)
        if node.module and node.module.split(".")[0] in RUNS_PROGRAMS:
            self.f.runs = self.f.runs or "%s:%d: imports %s" % (rel(self.path), node.lineno, node.module)
        if node.module == "os" and any(a.name in ("system", "popen") or a.name.startswith(("exec", "spawn", "posix_spawn")) for a in node.names):
            self.f.runs = self.f.runs or "%s:%d: runs programs" % (rel(self.path), node.lineno)

    def visit_Call(self, node):
        chain = attr_chain(node.func) or ""
        last = node.func.attr if isinstance(node.func, ast.Attribute) else chain
        self.handled.add(id(node.func))
        if last in ("import_module", "__import__", "importorskip") or chain in self.importers:
            self.literal_import(node, last)
        elif last in PATH_ADDERS and chain.startswith("__path__."):
            self.dyn(node, "a package's __path__ grows at run time")
        elif last in PATH_ADDERS and (chain.startswith("sys.path.") or last in ("addsitedir", "syspath_prepend")):
            for arg in node.args[-1:]:
                values = []
                if isinstance(arg, (ast.List, ast.Tuple)) and last == "extend":
                    values = [self.evaluate(e) for e in arg.elts]
                else:
                    values = [self.evaluate(arg)]
                if any(v is None for v in values) or not values:
                    self.dyn(node, "sys.path gets a path built at run time")
                else:
                    self.f.paths.extend(values)
        elif last in ("patch", "setattr", "delattr", "resolve_name") and node.args:
            self.string_target(node, last)
        elif (last in DYNAMIC_NAMES and last not in BUILTIN_DYNAMIC) or chain in BUILTIN_DYNAMIC or chain in ("builtins." + n for n in BUILTIN_DYNAMIC):
            self.dyn(node, "%s()" % chain)
        elif chain.startswith("os.") and (last in ("system", "popen") or last.startswith(("exec", "spawn", "posix_spawn"))):
            self.f.runs = self.f.runs or "%s:%d: %s()" % (rel(self.path), node.lineno, chain)
        elif chain.startswith("asyncio.") and last.startswith("create_subprocess"):
            self.f.runs = self.f.runs or "%s:%d: %s()" % (rel(self.path), node.lineno, chain)
        elif last in WALKS and (chain != last or last in ("walk", "listdir", "scandir", "glob", "iglob")):
            self.f.walks = self.f.walks or "%s:%d: %s() lists files" % (rel(self.path), node.lineno, chain or last)
        self.generic_visit(node)

    def string_target(self, node, last):
        """mock.patch("a.b.c"), monkeypatch.setattr("a.b.c", v) and
        pkgutil.resolve_name import the module the string names."""
        arg = node.args[0]
        if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
            if "." in arg.value or ":" in arg.value:
                self.f.imports.append((arg.value.replace(":", "."), None, -1))
        elif last in ("patch", "resolve_name") and not isinstance(arg, (ast.Attribute, ast.Name)):
            self.dyn(node, "%s() of a target computed at run time" % last)
        elif last in ("patch", "resolve_name") and isinstance(arg, ast.Name) and len(self.assigns.get(arg.id, [])) != 1:
            self.dyn(node, "%s() of a target computed at run time" % last)

    def literal_import(self, node, last):
        arg = node.args[0] if node.args else None
        for kw in node.keywords:
            if kw.arg in ("name", "modname"):
                arg = kw.value
        if not (isinstance(arg, ast.Constant) and isinstance(arg.value, str)):
            self.dyn(node, "%s() of a name computed at run time" % last)
            return
        name = arg.value
        if name.startswith("."):
            level = len(name) - len(name.lstrip("."))
            package = node.args[1] if len(node.args) > 1 else next((k.value for k in node.keywords if k.arg == "package"), None)
            if not (isinstance(package, ast.Name) and package.id in ("__name__", "__package__")):
                self.dyn(node, "%s() relative to a package ah cannot tell" % last)
                return
            self.f.imports.append((name[level:] or None, None if name[level:] else [], level))
            return
        self.f.imports.append((name, None, 0))

    def visit_Constant(self, node):
        if node.value in ("import_module", "__import__", "exec", "eval", "run_path", "run_module"):
            self.dyn(node, "%r named as a string (getattr)" % node.value)
        elif isinstance(node.value, str) and node.value.rstrip().endswith((".py", ".pyi")) and "\n" not in node.value:
            self.f.walks = self.f.walks or "%s:%d: names the Python file %r" % (rel(self.path), node.lineno, node.value[-60:])

    def visit_Name(self, node):
        if id(node) not in self.handled and (node.id in ("__import__", "exec", "eval", "execfile", "import_module") or
                                             (node.id in self.importers and node.id != "importorskip")):
            self.dyn(node, "%s used as a value" % node.id)

    def visit_Attribute(self, node):
        chain = attr_chain(node) or ""
        if chain == "sys.executable":
            self.f.runs = self.f.runs or "%s:%d: sys.executable" % (rel(self.path), node.lineno)
        elif chain in ("sys.meta_path", "sys.path_hooks") or (id(node) not in self.handled and node.attr in ("import_module", "__import__")):
            self.dyn(node, chain)
        self.generic_visit(node)

    def visit_Assign(self, node):
        for t in node.targets:
            chain = attr_chain(t) if not isinstance(t, ast.Subscript) else attr_chain(t.value)
            if chain in ("sys.path", "sys.meta_path", "sys.path_hooks"):
                self.dyn(node, "%s is assigned" % chain)
            if isinstance(t, ast.Name) and t.id == "pytest_plugins":
                self.plugins(node.value)
            if isinstance(t, ast.Name) and t.id == "__path__" and not (
                    isinstance(node.value, ast.Call) and (attr_chain(node.value.func) or getattr(node.value.func, "attr", "")).endswith("extend_path")):
                self.dyn(node, "__path__ is assigned")
        self.generic_visit(node)

    def visit_AugAssign(self, node):
        if attr_chain(node.target) == "sys.path":
            self.dyn(node, "sys.path is extended")
        self.generic_visit(node)

    def plugins(self, value):
        if isinstance(value, ast.Constant) and isinstance(value.value, str):
            self.f.imports.append((value.value, None, 0))
        elif isinstance(value, (ast.List, ast.Tuple)) and all(isinstance(e, ast.Constant) and isinstance(e.value, str) for e in value.elts):
            for e in value.elts:
                self.f.imports.append((e.value, None, 0))
        else:
            self.dyn(value, "pytest_plugins computed at run time")

    # A small evaluator for the paths conftests put on sys.path:
    # __file__, os.path.*, pathlib's Path, .parent, /, str(), literals.
    def evaluate(self, node, depth=0):
        if depth > 20:
            return None
        ev = lambda n: self.evaluate(n, depth + 1)
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            return os.path.join(REPO, node.value)
        if isinstance(node, ast.Name):
            if node.id == "__file__":
                return self.path
            values = self.assigns.get(node.id, [])
            return ev(values[0]) if len(values) == 1 else None
        if isinstance(node, ast.Attribute):
            if node.attr == "parent":
                v = ev(node.value)
                return os.path.dirname(os.path.normpath(v)) if v else None
            return None
        if isinstance(node, ast.Subscript) and isinstance(node.value, ast.Attribute) and node.value.attr == "parents":
            v, k = ev(node.value.value), node.slice
            if v and isinstance(k, ast.Constant) and isinstance(k.value, int):
                v = os.path.normpath(v)
                for _ in range(k.value + 1):
                    v = os.path.dirname(v)
                return v
            return None
        if isinstance(node, ast.BinOp) and isinstance(node.op, (ast.Div, ast.Add)):
            left, right = ev(node.left), node.right
            if isinstance(right, ast.Constant) and isinstance(right.value, str):
                r = right.value
            else:
                r = ev(right)
            if left is None or r is None:
                return None
            if isinstance(node.op, ast.Add):
                return left + r if isinstance(right, ast.Constant) else None
            return os.path.join(left, r)
        if isinstance(node, ast.Call):
            chain = attr_chain(node.func) or ""
            last = node.func.attr if isinstance(node.func, ast.Attribute) else chain
            args = [ev(x) if not (isinstance(x, ast.Constant) and isinstance(x.value, str)) else x.value for x in node.args]
            if chain in ("os.getcwd", "Path.cwd", "pathlib.Path.cwd"):
                return REPO
            if isinstance(node.func, ast.Attribute) and last in ("resolve", "absolute", "expanduser") and not node.args:
                return ev(node.func.value)
            if isinstance(node.func, ast.Attribute) and last == "joinpath":
                base = ev(node.func.value)
                return os.path.join(base, *args) if base and None not in args else None
            if None in args or not args:
                return None
            if chain in ("os.path.dirname", "path.dirname", "dirname"):
                return os.path.dirname(os.path.normpath(os.path.join(REPO, args[0])))
            if chain in ("os.path.abspath", "os.path.realpath", "os.path.normpath", "str", "os.fspath",
                         "os.path.expanduser", "abspath", "realpath", "normpath"):
                return os.path.join(REPO, args[0])
            if chain in ("os.path.join", "path.join", "join", "Path", "pathlib.Path", "PurePath", "pathlib.PurePath"):
                return os.path.join(REPO, *args)
        return None


class Assignments:
    """The values assigned to each name in a tree, gathered only when a
    path on sys.path needs evaluating (rarely)."""

    def __init__(self, tree):
        self.tree, self.names = tree, None

    def get(self, name, default):
        if self.names is None:
            self.names = assignments(self.tree)
        return self.names.get(name, default)


def assignments(tree):
    out = {}
    for node in ast.walk(tree):
        if isinstance(node, (ast.Assign, ast.AnnAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            for t in targets:
                if isinstance(t, ast.Name) and node.value is not None:
                    out.setdefault(t.id, []).append(node.value)
        elif isinstance(node, (ast.For, ast.AsyncFor, ast.AugAssign, ast.NamedExpr, ast.withitem)):
            target = node.optional_vars if isinstance(node, ast.withitem) else node.target
            for t in ast.walk(target) if target is not None else ():
                if isinstance(t, ast.Name):
                    out.setdefault(t.id, []).append(None)
    return out


_facts = {}


def facts_of(path):
    if path in _facts:
        return _facts[path]
    f = Facts()
    try:
        with open(path, "rb") as fh:
            tree = ast.parse(fh.read(), path)
        Visitor(path, f, Assignments(tree)).visit(tree)
    except (SyntaxError, ValueError, OSError, RecursionError) as e:
        f.dynamic = "%s: cannot be parsed (%s)" % (rel(path), e.__class__.__name__)
    f.paths = [os.path.normpath(p) for p in f.paths]
    _facts[path] = f
    return f


# --- resolution ----------------------------------------------------------


def basedir(path):
    """The directory pytest's prepend import mode puts on sys.path for a
    test file: the first one upwards that is not a package."""
    d = os.path.dirname(path)
    while isfile(os.path.join(d, "__init__.py")):
        up = os.path.dirname(d)
        if up == d:
            break
        d = up
    return d


def package_inits(path):
    out, d = [], os.path.dirname(path)
    while isfile(os.path.join(d, "__init__.py")) and inside(d):
        out.append(os.path.join(d, "__init__.py"))
        up = os.path.dirname(d)
        if up == d:
            break
        d = up
    return out


class State:
    def __init__(self):
        self.roots = set()
        self.rootdirs = set()
        self.spec = {}
        self.aliases = {}  # top-level name -> package directories of another name (package_dir)

    def outside_spec(self, name):
        """Where the interpreter finds a top-level module none of the
        roots holds: ("repo", [dirs or files]), ("elsewhere",) or ("none",)."""
        if name in self.spec:
            return self.spec[name]
        out = ("none",)
        if name in sys.builtin_module_names or name in getattr(sys, "stdlib_module_names", ()):
            out = ("elsewhere",)
        else:
            try:
                s = importlib.util.find_spec(name)
            except Exception:
                s = None
            if s is not None:
                locs = list(s.submodule_search_locations or [])
                if s.origin and s.origin not in ("built-in", "frozen", "namespace"):
                    locs.append(s.origin)
                mine = [os.path.realpath(p) for p in locs if project(os.path.realpath(p))]
                out = ("repo", mine) if mine else ("elsewhere",)
        self.spec[name] = out
        return out


def resolve(parts, dirs, found, missing):
    """Walks module parts from the package directories dirs; existing files
    go to found, the files a missing module would be to missing. Returns
    the package directories the full name is (for `from x import y`)."""
    for i, part in enumerate(parts):
        nxt = []
        hit = False
        for d in dirs:
            p = os.path.join(d, part)
            if isdir(p):
                init = os.path.join(p, "__init__.py")
                if isfile(init):
                    found.add(init)
                nxt.append(p)
                hit = True
            elif isfile(p + ".py"):
                found.add(p + ".py")
                hit = True
        if not hit:
            missing.add(tuple(sorted(x for d in dirs for x in (os.path.join(d, part + ".py"), os.path.join(d, part, "__init__.py")))))
            return []
        dirs = nxt
        if not dirs:
            return []
    return dirs


def regular(r, name):
    """Whether root r holds module name as a module or regular package."""
    return isfile(os.path.join(r, name + ".py")) or isfile(os.path.join(r, name, "__init__.py"))


def top_dirs(name, state, roots, found):
    """The directories a top-level package name lives in (found gets its
    files), or None when it lives outside the project."""
    tops = [r for r in roots if isdir(os.path.join(r, name)) or isfile(os.path.join(r, name + ".py"))]
    if any(regular(r, name) for r in tops):
        return tops
    # Only namespace directories, or nothing, in the roots: where the
    # interpreter finds it (an editable install mapping the name elsewhere).
    where = state.outside_spec(name)
    if where[0] == "repo":
        for loc in where[1]:
            if loc.endswith(".py"):
                found.add(loc)
            elif isdir(loc):
                tops.append(os.path.dirname(loc) if os.path.basename(loc) == name else None)
                if os.path.basename(loc) != name:
                    state.aliases.setdefault(name, set()).add(loc)
        tops = [t for t in tops if t]
    elif where[0] == "elsewhere" and not tops:
        return None
    return tops


def deps_of(path, state, roots):
    """The files path imports and the missing modules it names."""
    f = facts_of(path)
    found, missing = set(), set()
    for module, names, level in f.imports:
        if level > 0:
            d = os.path.dirname(path)
            for _ in range(level - 1):
                d = os.path.dirname(d)
            init = os.path.join(d, "__init__.py")
            if isfile(init):
                found.add(init)
            dirs = resolve(module.split("."), [d], found, missing) if module else [d]
        else:
            if module is None:
                continue
            parts = module.split(".")
            tops = top_dirs(parts[0], state, roots, found)
            if tops is None:
                continue
            starts = [os.path.join(t, parts[0]) for t in tops] + sorted(state.aliases.get(parts[0], ()))
            if starts and not any(regular(t, parts[0]) for t in tops) and parts[0] not in state.aliases:
                # Only namespace directories (tests/clamp/ beside a deleted
                # src/clamp.py): a module anywhere on sys.path would win.
                resolve(parts[:1], [r for r in sorted(roots) if not isdir(os.path.join(r, parts[0]))], found, missing)
            if not starts:
                # Nowhere: a module deleted from the project still names
                # the files it would be.
                if level == 0:
                    resolve(parts[:1], sorted(roots), found, missing)
                continue
            dirs = [d for d in starts if isdir(d)]
            for d in starts:
                if isdir(d) and isfile(os.path.join(d, "__init__.py")):
                    found.add(os.path.join(d, "__init__.py"))
                elif isfile(d + ".py"):
                    found.add(d + ".py")
            if level < 0:
                # A string target (mock.patch("a.b.c")): as far as modules go.
                for part in parts[1:]:
                    sub = set()
                    dirs = resolve([part], dirs, sub, set())
                    found |= sub
                    if not dirs:
                        break
                continue
            dirs = resolve(parts[1:], dirs, found, missing) if len(parts) > 1 and dirs else dirs
        for name in names or []:
            if name == "*":
                for d in dirs:
                    for x in sorted(os.listdir(d)):
                        p = os.path.join(d, x)
                        if x.endswith(".py"):
                            found.add(p)
                        elif isfile(os.path.join(p, "__init__.py")):
                            found.add(os.path.join(p, "__init__.py"))
                continue
            for d in dirs:
                p = os.path.join(d, name)
                if isdir(p):
                    if isfile(os.path.join(p, "__init__.py")):
                        found.add(os.path.join(p, "__init__.py"))
                elif isfile(p + ".py"):
                    found.add(p + ".py")
                else:
                    missing.add((p + ".py", os.path.join(p, "__init__.py")))
    return found, missing


def entry_point_plugins():
    if os.environ.get("PYTEST_DISABLE_PLUGIN_AUTOLOAD"):
        return []
    try:
        from importlib import metadata
        eps = metadata.entry_points()
        group = eps.select(group="pytest11") if hasattr(eps, "select") else eps.get("pytest11", [])
        return sorted({ep.value.split(":")[0].strip() for ep in group})
    except Exception:
        return []


def main():
    args = json.loads(sys.argv[1])
    state = State()
    for p in sys.path:
        rp = os.path.realpath(p or REPO)
        if project(rp):
            state.roots.add(rp)
    state.roots.add(REPO)
    if isdir(os.path.join(REPO, "src")):
        state.roots.add(os.path.join(REPO, "src"))
    common = entry_point_plugins() + [m.strip() for m in os.environ.get("PYTEST_PLUGINS", "").split(",") if m.strip()]
    bindings = []
    for words in args:
        try:
            b = binding_of(list(words), state)
        except Unknown as e:
            b = Binding()
            b.all = str(e)
        b.modules.extend(common)
        bindings.append(b)
    for b in bindings:
        for t in b.tests:
            state.roots.add(basedir(t))
    state.roots |= {r for r in state.rootdirs if inside(r)}

    # Walk every binding's closure; a literal sys.path entry found on the
    # way widens the roots, and the walk starts again (files are parsed once).
    while True:
        roots = sorted(state.roots)
        graph = {}

        def walk(starts):
            seen, todo = set(), list(starts)
            while todo:
                p = todo.pop()
                if p in seen:
                    continue
                seen.add(p)
                if p not in graph:
                    graph[p] = deps_of(p, state, roots) if p.endswith(".py") and isfile(p) else (set(), set())
                todo.extend(graph[p][0])
            return seen

        closures = []
        for b in bindings:
            starts = set(b.tests)
            for t in b.tests:
                starts.update(package_inits(t))
            plug_found, plug_missing = set(), set()
            for m in b.modules:
                parts = m.split(".")
                top = [r for r in roots if isdir(os.path.join(r, parts[0])) or isfile(os.path.join(r, parts[0] + ".py"))]
                if top:
                    resolve(parts, top, plug_found, plug_missing)
            starts |= plug_found
            closures.append((walk(starts), plug_missing))
        added = set()
        for p in graph:
            added.update(facts_of(p).paths if p.endswith(".py") and isfile(p) else [])
        added = {p for p in added if inside(p)} - state.roots
        if not added:
            break
        state.roots |= added

    nodes, index = [], {}

    def node(name, files):
        files = [rel(x) for x in files if inside(x)]
        if not files:
            return None
        key = tuple(files)
        if key not in index:
            index[key] = len(nodes)
            nodes.append([rel(name) if inside(name) else files[0], files])
        return index[key]

    out = []
    for b, (seen, plug_missing) in zip(bindings, closures):
        uses, why = set(), b.all
        # Files beside or below a test file are the tests' own helpers:
        # those running programs count as the tests do.
        test_dirs = {os.path.dirname(t) for t in b.tests if os.path.basename(t) != "conftest.py"}
        missing = set(plug_missing)
        for p in sorted(seen):
            if not inside(p):
                continue
            uses.add(node(p, [p]))
            missing |= graph[p][1]
            f = facts_of(p) if p.endswith(".py") and isfile(p) else None
            if f and f.dynamic and not why:
                why = f.dynamic
            if f and not why and (p in b.tests or any(p.startswith(d + os.sep) for d in test_dirs)):
                if f.runs:
                    why = f.runs + ": a program the tests run is outside the graph"
                elif f.walks:
                    why = f.walks + ": Python files read as data are outside the graph"
        for p in b.data + b.missing:
            uses.add(node(p, [p]))
        for m in sorted(missing):
            uses.add(node(m[0], list(m)))
        uses.discard(None)
        out.append({"uses": sorted(uses), "all": why or ""})
    print("ah-pytest-graph " + json.dumps({"root": REPO, "nodes": nodes, "bindings": out}, sort_keys=True))


main()
