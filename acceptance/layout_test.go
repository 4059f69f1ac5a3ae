package acceptance_test

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/BurntSushi/toml"

	"github.com/espectacular/ah/core/quality"
)

// TestReadmeLayout keeps the documentation's layout section (README.md or
// a docs/ page, docs/development.md today) true: every package directory
// under core/, drivers/ and infra/ is named there, so a newcomer finds each
// concept's home from the documentation.
func TestReadmeLayout(t *testing.T) {
	const marker = "Layout (hexagonal):\n\n```\n"
	var file, section string
	for _, name := range docFiles(t) {
		if _, rest, ok := strings.Cut(readRepoFile(t, name), marker); ok {
			if file != "" {
				t.Fatalf("both %s and %s have a layout section: keep one", file, name)
			}
			section, _, _ = strings.Cut(rest, "```")
			file = name
		}
	}
	if file == "" {
		t.Fatal("neither README.md nor a docs/ page has a layout section (\"Layout (hexagonal):\" then a code block)")
	}
	for _, top := range []string{"core", "drivers", "infra"} {
		entries, err := os.ReadDir(filepath.Join("..", top))
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range entries {
			if !e.IsDir() {
				continue
			}
			if !regexp.MustCompile(`(?m)\b` + regexp.QuoteMeta(e.Name()) + `\b`).MatchString(section) {
				t.Errorf("%s's layout section does not name %s/%s: add a line saying what it holds", file, top, e.Name())
			}
		}
	}
}

// TestReadmeInstallPutsAhOnPath: the README's install block is followed by
// `ah --version`, so each command it offers must put ah on PATH: go install,
// or a task whose commands go install (`task build` once wrote ./ah, and the
// next line failed).
func TestReadmeInstallPutsAhOnPath(t *testing.T) {
	readme := readRepoFile(t, "README.md")
	_, rest, ok := strings.Cut(readme, "## Install\n")
	if !ok {
		t.Fatal("README.md has no ## Install section")
	}
	_, block, _ := strings.Cut(rest, "```sh\n")
	block, _, _ = strings.Cut(block, "```")
	if !strings.Contains(block, "\nah --version\n") {
		t.Fatalf("README.md's install block no longer runs ah --version:\n%s", block)
	}
	taskfile := readRepoFile(t, "Taskfile.yml")
	installs := 0
	for _, m := range regexp.MustCompile(`go install \S+|task ([\w:]+)`).FindAllStringSubmatch(block, -1) {
		installs++
		if m[1] == "" {
			continue
		}
		_, def, ok := strings.Cut(taskfile, "\n  "+m[1]+":\n")
		if !ok {
			t.Errorf("README.md's install block names task %s, which Taskfile.yml does not define", m[1])
			continue
		}
		if next := regexp.MustCompile(`\n  [\w:]+:\n`).FindStringIndex(def); next != nil {
			def = def[:next[0]]
		}
		if !strings.Contains(def, "go install") {
			t.Errorf("README.md's install block offers task %s, which does not go install: ah --version would not find what it built", m[1])
		}
	}
	if installs == 0 {
		t.Errorf("README.md's install block runs neither go install nor a task:\n%s", block)
	}
}

// TestGremlinsVersionPinnedOnce: the gremlins release `ah doctor --enable
// mutation` tells users to install is the one tools/go.mod pins (what ah's
// own mutation gate runs) and the one docs/quality.md names.
func TestGremlinsVersionPinnedOnce(t *testing.T) {
	m := regexp.MustCompile(`(?m)^\s*github\.com/go-gremlins/gremlins (v\S+)`).FindStringSubmatch(readRepoFile(t, "tools/go.mod"))
	if m == nil {
		t.Fatal("tools/go.mod does not require github.com/go-gremlins/gremlins")
	}
	if m[1] != quality.GremlinsVersion {
		t.Errorf("tools/go.mod pins gremlins %s but core/quality.GremlinsVersion is %s: keep them equal", m[1], quality.GremlinsVersion)
	}
	if want := "gremlins/cmd/gremlins@" + quality.GremlinsVersion; !strings.Contains(readRepoFile(t, "docs/quality.md"), want) {
		t.Errorf("docs/quality.md does not name %s", want)
	}
}

// TestOwnMutationCommandIsDoctors: ah's own [quality.mutation] command is
// exactly the one `ah doctor --enable mutation` writes, so the dogfood gate
// measures what users get and a missing gremlins in CI is the one
// missing-tool the probe for that command names.
func TestOwnMutationCommandIsDoctors(t *testing.T) {
	var cfg struct {
		Quality struct {
			Mutation struct {
				Command []string `toml:"command"`
			} `toml:"mutation"`
		} `toml:"quality"`
	}
	if _, err := toml.Decode(readRepoFile(t, ".espectacular/config.toml"), &cfg); err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(cfg.Quality.Mutation.Command, quality.GremlinsCommand) {
		t.Errorf(".espectacular/config.toml [quality.mutation] command is\n  %q\nbut core/quality.GremlinsCommand is\n  %q: keep them equal", cfg.Quality.Mutation.Command, quality.GremlinsCommand)
	}
}

// TestOwnGateBoundsTheSuiteAsCIDoes: the dogfood gate runs the acceptance
// suite as one go batch bounded by [execution] default_timeout_seconds,
// and CI's `go test` of the same suite is bounded by its -timeout. Both
// bound a hang, not speed, so the gate's bound is never the shorter one:
// three CI runs beside a CPU hog took 1100 s for the suite under go test,
// and a 900 s bound killed the gate's batch in each (issue 37).
func TestOwnGateBoundsTheSuiteAsCIDoes(t *testing.T) {
	var cfg struct {
		Execution struct {
			DefaultTimeoutSeconds int `toml:"default_timeout_seconds"`
		} `toml:"execution"`
	}
	if _, err := toml.Decode(readRepoFile(t, ".espectacular/config.toml"), &cfg); err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`go test -timeout (\d+)m \./\.\.\.`).FindStringSubmatch(readRepoFile(t, ".ci/run"))
	if m == nil {
		t.Fatal(".ci/run has no `go test -timeout <N>m ./...`: name the bound of its test stage as this test reads it")
	}
	minutes, err := strconv.Atoi(m[1])
	if err != nil {
		t.Fatal(err)
	}
	if got := cfg.Execution.DefaultTimeoutSeconds; got < minutes*60 {
		t.Errorf(".espectacular/config.toml [execution] default_timeout_seconds is %d, shorter than .ci/run's go test -timeout %dm: set it to at least %d", got, minutes, minutes*60)
	}
}
