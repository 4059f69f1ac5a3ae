package pytest

import (
	"io/fs"

	"github.com/espectacular/ah/ports"
)

var _ ports.ProbeKeyer = Driver{}

// ProbeKey implements ports.ProbeKeyer: what `<python> -m pytest
// --version` depends on besides the interpreters the probes name. The
// `pytest` script (the script probe runs it through /bin/sh); the
// variables that pick the interpreter or its packages; the package
// directories next to each interpreter (a venv's, Debian's dist-packages,
// /usr/local's) and pyenv's versions beside its shims, whose modification
// time changes when a package is installed, upgraded or removed; the
// user site; and the project's version files, manifests and lockfiles.
func (Driver) ProbeKey(fs.FS) ports.ProbeKey {
	return ports.ProbeKey{
		Executables: []string{"pytest"},
		Env: []string{"PYENV_VERSION", "PYENV_ROOT", "VIRTUAL_ENV", "CONDA_PREFIX", "PYTHONPATH", "PYTHONHOME",
			"PYTHONUSERBASE", "PYTHONNOUSERSITE", "PYTHONSAFEPATH", "PYTHONSTARTUP", "PYTEST_ADDOPTS", "PYTEST_PLUGINS", "PYTEST_DISABLE_PLUGIN_AUTOLOAD"},
		Near: []string{
			"../pyvenv.cfg", "../lib/python3*/site-packages", "../lib/python3*/dist-packages", "../local/lib/python3*/dist-packages",
			"../version", "../versions", "../versions/*/lib/python3*/site-packages",
		},
		Home: []string{".local/lib/python3*/site-packages", ".pyenv/version"},
		Repo: []string{
			".python-version", ".tool-versions", "pyproject.toml", "setup.cfg", "tox.ini", "pytest.ini",
			"uv.lock", "poetry.lock", "Pipfile.lock", "pdm.lock", "requirements*.txt",
			".venv/pyvenv.cfg", ".venv/lib/python3*/site-packages",
		},
	}
}
