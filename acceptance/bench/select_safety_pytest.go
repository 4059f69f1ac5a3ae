package main

func init() { safetySuites["pytest"] = pytestSafetySuite }

// pytestSafetySuite is a Python project in a src layout whose tests depend
// on what a static import graph follows (absolute, relative and
// `from package import module` imports, subpackages, a namespace package,
// conftest.py files and their fixtures, a test package's helpers, a
// directory a conftest puts on sys.path, mock.patch's string target) and
// on what it does not (package data and fixtures read at run time, a
// module loaded by a computed name, a script a test runs, deleted, added
// and renamed modules, a module that shadows the package, the config).
func pytestSafetySuite() safetySuite {
	files := map[string]string{}
	for p, body := range pytestFiles {
		files[p] = body
	}
	for capability, scenarios := range pytestContracts {
		var titles []string
		for _, s := range scenarios {
			titles = append(titles, s.title)
			files[".espectacular/"+capability+"/"+s.id()+".toml"] = safetyContract(s.id(), "pytest", s.flags)
		}
		files["openspec/specs/"+capability+"/spec.md"] = safetySpec(capability, titles...)
	}
	return safetySuite{files: files, tools: []string{"pytest"}, faults: pytestFaults}
}

var pytestContracts = map[string][]goScenario{
	"cart":     {{"Total sums cents", "tests/cart/test_cart.py::test_total"}, {"Empty cart is zero", "tests/cart/test_cart.py::test_empty"}, {"Items fixture sums", "tests/cart/test_items.py::test_items"}},
	"tax":      {{"Tax is added", "tests/tax/test_tax.py::test_tax"}},
	"fmt":      {{"Label is upper", "tests/fmt/test_fmt.py::test_label"}, {"Num groups digits", "tests/fmt/test_num.py::test_num"}},
	"data":     {{"Rates load", "tests/data/test_rates.py::test_rates"}, {"Golden matches", "tests/data/test_golden.py::test_golden"}},
	"plugins":  {{"Alpha loads", "tests/plugins/test_plugins.py::test_alpha"}, {"Beta loads", "tests/plugins/test_plugins.py::test_beta"}},
	"geo":      {{"Area multiplies", "tests/geo/test_geo.py::test_area"}, {"Geo tests pass", "tests/geo"}},
	"legacy":   {{"Old still works", "tests/legacy/test_legacy.py::test_old"}},
	"pkgtests": {{"Helpers help", "tests/pkgtests/test_helpers.py::test_two"}},
	"dyn":      {{"Dynamic import works", "tests/dyn/test_dyn.py::test_dyn"}},
	"cli":      {{"Script says hello", "tests/cli/test_cli.py::test_hello"}},
	"patch":    {{"Flag patches", "tests/patch/test_patch.py::test_flag"}},
	"clamp":    {{"Clamp bounds", "tests/clamp/test_clamp.py::test_clamp"}},
}

var pytestFiles = map[string]string{
	".espectacular/config.toml": "tool_version = \"0.1.0\"\n",
	".gitignore":                "__pycache__/\n",
	"pyproject.toml":            "[tool.pytest.ini_options]\npythonpath = [\"src\"]\ntestpaths = [\"tests\"]\n",
	"src/shop/__init__.py":      "\"\"\"A shop.\"\"\"\n",
	"src/shop/money.py":         "ROUND = 0\n\n\ndef cents(x):\n    return round(x * 100, ROUND)\n",
	"src/shop/cart.py":          "from .money import cents\n\n\ndef total(items):\n    return sum(cents(p) for p in items)\n",
	"src/shop/tax.py":           "from . import money\n\nRATE = 0.25\n\n\ndef with_tax(x):\n    return money.cents(x * (1 + RATE))\n",
	"src/shop/fmt/__init__.py":  "from .text import label\n",
	"src/shop/fmt/text.py":      "def label(s):\n    return s.upper()\n",
	"src/shop/fmt/num.py":       "SEP = \",\"\n\n\ndef num(n):\n    return f\"{n:,}\".replace(\",\", SEP)\n",
	"src/shop/data.py":          "import json\nfrom pathlib import Path\n\n\ndef rates():\n    return json.loads((Path(__file__).parent / \"rates.json\").read_text())\n",
	"src/shop/rates.json":       "{\"eur\": 1.0}\n",
	"src/shop/flags.py":         "ON = False\n",
	"src/shop/plugins/__init__.py": "import importlib\n\n\ndef load(name):\n" +
		"    return importlib.import_module(\"shop.plugins.\" + name)\n",
	"src/shop/plugins/alpha.py": "NAME = \"alpha\"\n",
	"src/shop/plugins/beta.py":  "NAME = \"beta\"\n",
	"src/nsx/geo.py":            "def area(w, h):\n    return w * h\n",
	"src/clamp.py":              "def clamp(x, lo, hi):\n    return max(lo, min(x, hi))\n",
	"lib/legacy.py":             "def old():\n    return \"old\"\n",
	"scripts/hello.py":          "print(\"hello\")\n",
	"tests/conftest.py":         "import pytest\n\n\n@pytest.fixture\ndef currency():\n    return \"eur\"\n",
	"tests/cart/conftest.py":    "import pytest\n\n\n@pytest.fixture\ndef items():\n    return [1.0, 2.0]\n",
	"tests/cart/test_cart.py": "from shop.cart import total\n\n\ndef test_total():\n    assert total([1.0, 2.5]) == 350\n\n\n" +
		"def test_empty():\n    assert total([]) == 0\n",
	"tests/cart/test_items.py": "def test_items(items):\n    assert sum(items) == 3.0\n",
	"tests/tax/test_tax.py":    "from shop.tax import with_tax\n\n\ndef test_tax():\n    assert with_tax(10) == 1250\n",
	"tests/fmt/test_fmt.py":    "from shop.fmt import label\n\n\ndef test_label():\n    assert label(\"ab\") == \"AB\"\n",
	"tests/fmt/test_num.py":    "from shop.fmt.num import num\n\n\ndef test_num():\n    assert num(1234567) == \"1,234,567\"\n",
	"tests/data/test_rates.py": "from shop.data import rates\n\n\ndef test_rates(currency):\n    assert rates()[currency] == 1.0\n",
	"tests/data/test_golden.py": "from pathlib import Path\n\nfrom shop.fmt import label\n\n\ndef test_golden():\n" +
		"    assert (Path(__file__).parent / \"golden.txt\").read_text() == label(\"golden\") + \"\\n\"\n",
	"tests/data/golden.txt": "GOLDEN\n",
	"tests/plugins/test_plugins.py": "from shop.plugins import load\n\n\ndef test_alpha():\n    assert load(\"alpha\").NAME == \"alpha\"\n\n\n" +
		"def test_beta():\n    assert load(\"beta\").NAME == \"beta\"\n",
	"tests/geo/test_geo.py":          "from nsx.geo import area\n\n\ndef test_area():\n    assert area(2, 3) == 6\n",
	"tests/legacy/conftest.py":       "import sys\nfrom pathlib import Path\n\nsys.path.insert(0, str(Path(__file__).resolve().parents[2] / \"lib\"))\n",
	"tests/legacy/test_legacy.py":    "import legacy\n\n\ndef test_old():\n    assert legacy.old() == \"old\"\n",
	"tests/pkgtests/__init__.py":     "\"\"\"Tests in a package.\"\"\"\n",
	"tests/pkgtests/helpers.py":      "def two():\n    return 2\n",
	"tests/pkgtests/test_helpers.py": "from .helpers import two\n\n\ndef test_two():\n    assert two() == 2\n",
	"tests/dyn/test_dyn.py": "import importlib\n\nNAMES = [\"shop.\" + \"money\"]\n\n\ndef test_dyn():\n" +
		"    assert importlib.import_module(NAMES[0]).cents(1) == 100\n",
	"tests/cli/test_cli.py": "import subprocess\nimport sys\nfrom pathlib import Path\n\nROOT = Path(__file__).resolve().parents[2]\n\n\n" +
		"def test_hello():\n    out = subprocess.run([sys.executable, str(ROOT / \"scripts\" / \"hello.py\")], capture_output=True, text=True)\n" +
		"    assert out.stdout == \"hello\\n\"\n",
	"tests/patch/test_patch.py": "from unittest import mock\n\n\n@mock.patch(\"shop.flags.ON\", True)\ndef test_flag():\n    pass\n",
	"tests/clamp/test_clamp.py": "from clamp import clamp\n\n\ndef test_clamp():\n    assert clamp(5, 0, 3) == 3\n",
}

// pytestFaults each break at least one test; what a graph cannot see
// comes first.
var pytestFaults = []safetyFault{
	{class: "runtime-fixture", file: "tests/data/golden.txt", old: "GOLDEN", new: "golden", short: true},
	{class: "runtime-fixture-deleted", file: "tests/data/golden.txt", remove: true},
	{class: "runtime-package-data-deleted", file: "src/shop/rates.json", remove: true},
	{class: "deleted-module", file: "src/shop/money.py", remove: true, short: true},
	{class: "deleted-module", file: "src/shop/fmt/text.py", remove: true},
	{class: "deleted-module", file: "src/shop/fmt/num.py", remove: true},
	{class: "deleted-module", file: "src/nsx/geo.py", remove: true},
	{class: "deleted-module", file: "src/clamp.py", remove: true},
	{class: "deleted-package", file: "src/shop/plugins", remove: true},
	{class: "deleted-test-helper", file: "tests/pkgtests/helpers.py", remove: true},
	{class: "renamed-module", file: "src/shop/fmt/text.py", rename: "src/shop/fmt/texts.py"},
	{class: "renamed-module", file: "src/shop/money.py", rename: "src/shop/cash.py", also: []safetyFault{{file: "src/shop/cart.py", old: ".money", new: ".cash"}}},
	{class: "shadowing-module-added", file: "tests/cart/shop.py", new: "raise ImportError(\"shadowed\")\n"},
	{class: "shadowing-stdlib-added", file: "tests/data/json.py", new: "def loads(s):\n    return {}\n"},
	{class: "dynamic-import", file: "src/shop/plugins/alpha.py", old: "\"alpha\"", new: "\"ALPHA\"", short: true},
	{class: "dynamic-import", file: "src/shop/plugins/beta.py", remove: true},
	{class: "dynamic-import-test", file: "tests/dyn/test_dyn.py", old: "\"money\"", new: "\"tax\""},
	{class: "sys-path-conftest", file: "lib/legacy.py", old: "return \"old\"", new: "return \"new\"", short: true},
	{class: "sys-path-conftest", file: "tests/legacy/conftest.py", old: "\"lib\"", new: "\"lib2\""},
	{class: "test-package-helper", file: "tests/pkgtests/helpers.py", old: "return 2", new: "return 3"},
	{class: "test-package-init", file: "tests/pkgtests/__init__.py", old: "\"\"\"Tests in a package.\"\"\"", new: "raise ImportError(\"no\")"},
	{class: "program-run", file: "scripts/hello.py", old: "hello", new: "bye", short: true},
	{class: "mock-patch-target", file: "src/shop/flags.py", old: "ON = False", new: "OFF = False"},
	{class: "config", file: "pyproject.toml", old: "pythonpath = [\"src\"]", new: "pythonpath = []"},
	{class: "config-added", file: "pytest.ini", new: "[pytest]\naddopts = -p no:python\n"},
	{class: "test-file", file: "tests/fmt/test_num.py", old: "\"1,234,567\"", new: "\"1234567\""},
	{class: "test-file-added", file: "tests/geo/test_more.py", new: "from nsx.geo import area\n\n\ndef test_area():\n    assert area(1, 1) == 2\n"},
	{class: "test-file-deleted", file: "tests/clamp/test_clamp.py", remove: true},
	{class: "source-and-runtime", file: "src/shop/tax.py", old: "RATE = 0.25", new: "RATE = 0.25  # same", also: []safetyFault{{file: "tests/data/golden.txt", old: "GOLDEN", new: "G"}}},
	{class: "source", file: "src/shop/money.py", old: "x * 100", new: "x * 10", short: true},
	{class: "source", file: "src/shop/cart.py", old: "sum(", new: "max([0], default=0) and sum("},
	{class: "source-relative", file: "src/shop/tax.py", old: "RATE = 0.25", new: "RATE = 0.2"},
	{class: "source-relative", file: "src/shop/cart.py", old: "from .money import cents", new: "from .money import cents as _c\n\ncents = lambda x: _c(x) + 1"},
	{class: "subpackage", file: "src/shop/fmt/text.py", old: "s.upper()", new: "s.lower()", short: true},
	{class: "subpackage", file: "src/shop/fmt/num.py", old: "SEP = \",\"", new: "SEP = \".\""},
	{class: "package-init", file: "src/shop/fmt/__init__.py", old: "from .text import label", new: "from .text import label as _l\n\n\ndef label(s):\n    return _l(s) + \"!\""},
	{class: "package-init", file: "src/shop/__init__.py", old: "\"\"\"A shop.\"\"\"", new: "raise ImportError(\"broken\")"},
	{class: "namespace-package", file: "src/nsx/geo.py", old: "w * h", new: "w + h"},
	{class: "src-module", file: "src/clamp.py", old: "max(lo, min(x, hi))", new: "max(lo, x)"},
	{class: "conftest", file: "tests/cart/conftest.py", old: "[1.0, 2.0]", new: "[1.0]", short: true},
	{class: "conftest-root", file: "tests/conftest.py", old: "return \"eur\"", new: "return \"usd\""},
	{class: "conftest-added", file: "tests/tax/conftest.py", new: "import pytest\n\n\n@pytest.fixture(autouse=True)\ndef broken():\n    raise RuntimeError(\"no\")\n"},
	{class: "conftest-added-root", file: "conftest.py", new: "import pytest\n\n\n@pytest.fixture(autouse=True)\ndef broken():\n    raise RuntimeError(\"root\")\n"},
	{class: "runtime-package-data", file: "src/shop/rates.json", old: "1.0", new: "2.0", short: true},
}
