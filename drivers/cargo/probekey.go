package cargo

import (
	"io/fs"

	"github.com/espectacular/ah/ports"
)

var _ ports.ProbeKeyer = Driver{}

// ProbeKey implements ports.ProbeKeyer: what `cargo --version` depends on
// besides the cargo on PATH (a rustup proxy, whose toolchain the
// variables, rustup's settings and toolchains, and the project's
// rust-toolchain files pick).
func (Driver) ProbeKey(fs.FS) ports.ProbeKey {
	return ports.ProbeKey{
		Executables: []string{"rustup"},
		Env:         []string{"RUSTUP_TOOLCHAIN", "RUSTUP_HOME", "CARGO_HOME", "CARGO", "RUSTC"},
		Near:        []string{"../../rustup/settings.toml", "../../rustup/toolchains"},
		Home:        []string{".rustup/settings.toml", ".rustup/toolchains"},
		Repo:        []string{"rust-toolchain", "rust-toolchain.toml", "Cargo.toml", "Cargo.lock", ".tool-versions"},
	}
}
