package doctor

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"strconv"
	"strings"

	"github.com/espectacular/ah/core/check"
	"github.com/espectacular/ah/core/config"
	"github.com/espectacular/ah/core/finding"
)

// health runs the checks that need a valid config, in a fixed order. The
// correspondence checks reuse `ah check`'s structural pass, so doctor and
// check can never disagree about an orphan or a collision.
func health(ctx context.Context, repo fs.FS, cfg config.Config, version string) ([]Check, error) {
	checks := []Check{
		{Name: "config", Status: Pass, Message: fmt.Sprintf("%s is valid", config.Path)},
		dirCheck(repo, "specs-dir", cfg.Specs, "specs", Fail),
		changesCheck(repo, cfg.Changes),
	}
	rep, err := check.Run(ctx, repo, cfg, check.Options{})
	if err != nil {
		if ctx.Err() != nil {
			return nil, err
		}
		// An unreadable spec or contract is a diagnosis, not a crash.
		return append(checks, Check{Name: "contracts", Status: Fail, Message: err.Error()}, driftCheck(cfg.ToolVersion, version)), nil
	}
	byKind := map[finding.Kind][]finding.Finding{}
	for _, f := range rep.Findings {
		byKind[f.Kind] = append(byKind[f.Kind], f)
	}
	checks = append(checks,
		orphanCheck(byKind[finding.OrphanTOML]),
		listCheck("slug-collisions", Fail, byKind[finding.SlugCollision], "no two scenarios of a spec share an id"),
		listCheck("unknown-archetypes", Warn, byKind[finding.UnknownArchetype], "every contract uses a known archetype (see `ah type`)"),
	)
	// A capability named `changes` conflicts with the staging area of
	// change contracts (issue 10); listed only when it happens, so the
	// usual report keeps its shape.
	if conflicts := byKind[finding.OverlayConflict]; len(conflicts) > 0 {
		checks = append(checks, listCheck("changes", Fail, conflicts, ""))
	}
	checks = append(checks, driftCheck(cfg.ToolVersion, version))
	return checks, nil
}

// changesCheck checks the changes directory. The default one appears with
// the first change proposal, so its absence is normal (issue 28: ah init
// writes it); a configured one that is missing is likely a typo.
func changesCheck(repo fs.FS, dir string) Check {
	c := dirCheck(repo, "changes-dir", dir, "changes", Warn)
	if c.Status == Warn && dir == config.DefaultChanges {
		c.Status = Pass
		c.Message = dir + " does not exist yet: no change proposal so far"
	}
	return c
}

// dirCheck checks that a configured directory exists.
func dirCheck(repo fs.FS, name, dir, key string, missing Status) Check {
	fi, err := fs.Stat(repo, dir)
	switch {
	case err == nil && fi.IsDir():
		return Check{Name: name, Status: Pass, Message: dir + " exists"}
	case err == nil:
		return Check{Name: name, Status: Fail, Message: fmt.Sprintf("%s is a file, not a directory: set [paths] %s in %s", dir, key, config.Path)}
	case errors.Is(err, fs.ErrNotExist):
		return Check{Name: name, Status: missing, Message: fmt.Sprintf("%s does not exist: create it, or set [paths] %s in %s", dir, key, config.Path)}
	}
	return Check{Name: name, Status: Fail, Message: fmt.Sprintf("cannot read %s: %v", dir, err)}
}

func orphanCheck(fs []finding.Finding) Check {
	if len(fs) == 0 {
		return Check{Name: "orphan-contracts", Status: Pass, Message: "every contract has a scenario"}
	}
	paths := make([]string, len(fs))
	for i, f := range fs {
		paths[i] = f.ContractPath
	}
	fix := "delete or rename it, or restore its scenario"
	if len(fs) > 1 {
		fix = "delete or rename them, or restore their scenarios"
	}
	return Check{Name: "orphan-contracts", Status: Fail, Message: fmt.Sprintf(
		"%s no matching scenario: %s; %s (`ah explain orphan-toml`)",
		plural(len(fs), "contract has", "contracts have"), strings.Join(paths, ", "), fix)}
}

// listCheck passes with ok, or reports every finding's message.
func listCheck(name string, status Status, fs []finding.Finding, ok string) Check {
	if len(fs) == 0 {
		return Check{Name: name, Status: Pass, Message: ok}
	}
	msgs := make([]string, len(fs))
	for i, f := range fs {
		msgs[i] = f.Message
	}
	return Check{Name: name, Status: status, Message: strings.Join(msgs, "; ")}
}

// driftCheck compares the config's tool_version with the running ah.
func driftCheck(configured, running string) Check {
	c := Check{Name: "version-drift", Status: Pass}
	if strings.TrimPrefix(configured, "v") == strings.TrimPrefix(running, "v") {
		c.Message = fmt.Sprintf("tool_version %s matches ah %s", configured, running)
		return c
	}
	c.Status = Warn
	// A config older than ah is upgraded (`ah upgrade` says what changed),
	// never told to downgrade; a newer one asks for a newer ah (issue 11).
	switch compareVersions(configured, running) {
	case 1:
		c.Message = fmt.Sprintf("tool_version %s in %s is newer than this ah (%s): install ah %s or later",
			configured, config.Path, running, configured)
	case -1:
		c.Message = fmt.Sprintf("tool_version %s in %s is older than this ah (%s): run `ah upgrade` to see what changed and update it",
			configured, config.Path, running)
	default:
		c.Message = fmt.Sprintf("tool_version %s in %s differs from this ah (%s): run `ah upgrade` to see what changed and set it",
			configured, config.Path, running)
	}
	return c
}

// compareVersions compares dotted numeric versions ("0.10.1" > "0.9");
// it returns 0 when either is not of that form.
func compareVersions(a, b string) int {
	pa, oka := numbers(a)
	pb, okb := numbers(b)
	if !oka || !okb {
		return 0
	}
	for i := range max(len(pa), len(pb)) {
		x, y := at(pa, i), at(pb, i)
		switch {
		case x < y:
			return -1
		case x > y:
			return 1
		}
	}
	return 0
}

func numbers(v string) ([]int, bool) {
	parts := strings.Split(strings.TrimPrefix(v, "v"), ".")
	out := make([]int, len(parts))
	for i, p := range parts {
		n, err := strconv.Atoi(p)
		if err != nil || n < 0 {
			return nil, false
		}
		out[i] = n
	}
	return out, true
}

func at(xs []int, i int) int {
	if i < len(xs) {
		return xs[i]
	}
	return 0
}

func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return strconv.Itoa(n) + " " + many
}
