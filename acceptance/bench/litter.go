package main

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"time"

	"github.com/BurntSushi/toml"
	"github.com/espectacular/ah/acceptance/internal/fakespk"
)

// errLitter is returned when a litter loop found temporary files that one
// more run did not remove, or a half-written file: unlike the timing
// benchmarks, these are correctness failures, and bench exits 1.
var errLitter = errors.New("litter or a half-written file remains (see above)")

// tempMarker is what every temporary file of ah's writer has in its name
// (infra/osfs: ".<name>.ah-tmp-<pid>-<n>").
const tempMarker = ".ah-tmp-"

// litterCase is one command of the kill -9 loops (issue 26 item 5): a
// fixture written afresh before each iteration and the command run on it.
type litterCase struct {
	name  string
	args  []string
	files func() map[string]string
	// env is added to the command's environment (the fake spk of sync).
	env []string
}

// litterCases are the commands issue 26 found leaving litter.
func (b bench) litterCases() map[string]litterCase {
	bin := filepath.Join(b.tmp, "litter-bin")
	spkDir := filepath.Join(b.tmp, "litter-spk")
	return map[string]litterCase{
		"archive": {
			name: "archive v2 (100 staged contracts, 5 capabilities)",
			args: []string{"archive", "v2"}, files: archiveFixture,
		},
		"contract-new": {
			name: "contract new --all-missing (200 missing, 10 capabilities)",
			args: []string{"contract", "new", "--all-missing"}, files: contractNewFixture,
		},
		"supersede": {
			name: "scenario supersede parser old-parse --with new-parse --in-change v2",
			args: []string{"scenario", "supersede", "parser", "old-parse", "--with", "new-parse", "--in-change", "v2"}, files: supersedeFixture,
		},
		"sync": {
			name: "sync (100 Properties rows, fake spk)",
			args: []string{"sync"}, files: func() map[string]string { return syncFixture(spkDir) },
			env: []string{"PATH=" + bin + string(os.PathListSeparator) + os.Getenv("PATH"), "FAKE_SPK_DIR=" + spkDir},
		},
	}
}

// litterNames are the -only names, in the order `-only litter` runs them.
var litterNames = []string{"archive", "contract-new", "supersede", "sync"}

// litterResult is what one command's loop found.
type litterResult struct {
	iterations, killed, littered, litterFiles int
	// after the cleanup run:
	leftIterations, leftFiles, halfWritten, cleanupFailed int
	window                                                time.Duration
	examples                                              []string
}

// litterAll runs the kill -9 loop of every command in names and prints a
// table; it returns errLitter when a loop failed.
func (b bench) litterAll(names []string, iterations int, seed uint64) error {
	cases := b.litterCases()
	if err := writeFakeSpk(filepath.Join(b.tmp, "litter-bin")); err != nil {
		return err
	}
	fmt.Printf("litter: kill -9 at a random moment (seed %d) of each command's run, then one more run (issue 26 item 5)\n", seed)
	failed := false
	for i, name := range names {
		c := cases[name]
		rng := rand.New(rand.NewPCG(seed, uint64(i)))
		r, err := b.litterLoop(name, c, iterations, rng)
		if err != nil {
			return fmt.Errorf("litter-%s: %w", name, err)
		}
		fmt.Printf("  %s\n", c.name)
		fmt.Printf("    iterations                          %4d (killed mid-run %d, kill delay uniform in 0-%s)\n", r.iterations, r.killed, ms(r.window))
		fmt.Printf("    kills that left litter              %4d (%d temporary files)\n", r.littered, r.litterFiles)
		fmt.Printf("    litter after the cleanup run        %4d files in %d iterations (must be 0)\n", r.leftFiles, r.leftIterations)
		fmt.Printf("    half-written files                  %4d (must be 0)\n", r.halfWritten)
		fmt.Printf("    cleanup runs exiting non-zero       %4d\n", r.cleanupFailed)
		for _, e := range r.examples {
			fmt.Printf("    e.g. %s\n", e)
		}
		if r.leftFiles > 0 || r.halfWritten > 0 {
			failed = true
		}
	}
	fmt.Println()
	if failed {
		return errLitter
	}
	return nil
}

// litterLoop measures the command's run time on its fixture, then runs
// iterations of: fresh fixture, start ah, kill -9 after a random delay
// within that time, count the temporary files left, run the command once
// more to the end, count again and check every file under .espectacular
// is byte for byte a version from before or after a complete run.
func (b bench) litterLoop(name string, c litterCase, iterations int, rng *rand.Rand) (litterResult, error) {
	repo := filepath.Join(b.tmp, "litter-"+name)
	files := c.files()
	reset := func() error {
		if err := os.RemoveAll(repo); err != nil {
			return err
		}
		return writeFiles(repo, files)
	}
	cmd := func() *exec.Cmd {
		cmd := exec.Command(b.ah, c.args...)
		cmd.Dir = repo
		cmd.Env = append(os.Environ(), c.env...)
		return cmd
	}
	if err := reset(); err != nil {
		return litterResult{}, err
	}
	before, err := snapshot(repo)
	if err != nil {
		return litterResult{}, err
	}
	// The window: the median of five complete runs, each on a fresh
	// fixture (the slowest would stretch it on a busy machine, and most
	// kills would come after the end); the last one's files are the
	// "after" versions.
	var took []time.Duration
	var after map[string][]byte
	for range 5 {
		if err := reset(); err != nil {
			return litterResult{}, err
		}
		start := time.Now()
		if out, err := cmd().CombinedOutput(); err != nil {
			return litterResult{}, fmt.Errorf("a complete run failed: %w\n%s", err, out)
		}
		took = append(took, time.Since(start))
		if after, err = snapshot(repo); err != nil {
			return litterResult{}, err
		}
	}
	slices.Sort(took)
	window := took[len(took)/2]
	r := litterResult{iterations: iterations, window: window}
	for i := range iterations {
		if err := reset(); err != nil {
			return r, err
		}
		run := cmd()
		if err := run.Start(); err != nil {
			return r, err
		}
		time.Sleep(time.Duration(rng.Int64N(int64(window))))
		_ = run.Process.Signal(syscall.SIGKILL)
		err := run.Wait()
		if ws, ok := run.ProcessState.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
			r.killed++
		} else if err != nil {
			return r, fmt.Errorf("iteration %d: the run failed before it was killed: %w", i, err)
		}
		temps, err := findTemps(repo)
		if err != nil {
			return r, err
		}
		if len(temps) > 0 {
			r.littered++
			r.litterFiles += len(temps)
		}
		out, err := cmd().CombinedOutput()
		if err != nil {
			r.cleanupFailed++
			if len(r.examples) < 3 {
				r.examples = append(r.examples, fmt.Sprintf("iteration %d: the cleanup run: %v: %s", i, err, firstLine(out)))
			}
		}
		left, err := findTemps(repo)
		if err != nil {
			return r, err
		}
		if len(left) > 0 {
			r.leftIterations++
			r.leftFiles += len(left)
			if len(r.examples) < 3 {
				r.examples = append(r.examples, fmt.Sprintf("iteration %d: left %s", i, strings.Join(left, ", ")))
			}
		}
		bad, err := halfWritten(repo, before, after)
		if err != nil {
			return r, err
		}
		r.halfWritten += len(bad)
		if len(bad) > 0 && len(r.examples) < 3 {
			r.examples = append(r.examples, fmt.Sprintf("iteration %d: half-written %s", i, strings.Join(bad, ", ")))
		}
	}
	return r, os.RemoveAll(repo)
}

// findTemps lists the temporary files of ah's writer anywhere in repo.
func findTemps(repo string) ([]string, error) {
	var temps []string
	err := filepath.WalkDir(repo, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if strings.Contains(d.Name(), tempMarker) {
			rel, _ := filepath.Rel(repo, p)
			temps = append(temps, filepath.ToSlash(rel))
		}
		return nil
	})
	return temps, err
}

// snapshot reads every file under repo/.espectacular except temporary
// files (slash-separated path relative to repo -> content).
func snapshot(repo string) (map[string][]byte, error) {
	files := map[string][]byte{}
	err := filepath.WalkDir(filepath.Join(repo, ".espectacular"), func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || strings.Contains(d.Name(), tempMarker) {
			return err
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(repo, p)
		files[filepath.ToSlash(rel)] = data
		return nil
	})
	return files, err
}

// halfWritten lists the files under repo/.espectacular that are neither
// the version from before the command nor the one after a complete run,
// and the TOML files that do not parse.
func halfWritten(repo string, before, after map[string][]byte) ([]string, error) {
	now, err := snapshot(repo)
	if err != nil {
		return nil, err
	}
	var bad []string
	for _, p := range slices.Sorted(maps.Keys(now)) {
		data := now[p]
		known := false
		for _, v := range []map[string][]byte{before, after} {
			if old, ok := v[p]; ok && bytes.Equal(old, data) {
				known = true
			}
		}
		var v map[string]any
		if !known || (strings.HasSuffix(p, ".toml") && toml.Unmarshal(data, &v) != nil) {
			bad = append(bad, p)
		}
	}
	return bad, nil
}

func firstLine(out []byte) string {
	line, _, _ := strings.Cut(strings.TrimSpace(string(out)), "\n")
	return line
}

// contractText is a valid contract for scenario id.
func contractText(id, status, supersededBy string) string {
	s := fmt.Sprintf("id = %q\ndescription = \"litter\"\narchetype = \"PF\"\nstatus = %q\nauthored_with = \"0.1.0\"\n", id, status)
	if supersededBy != "" {
		s += fmt.Sprintf("superseded_by = %q\n", supersededBy)
	}
	return s + "\n[[tests.shell]]\ncommand = \"true\"\n"
}

// specText is a spec of n scenarios "Case 000" ... (ids case-000 ...).
func specText(name string, n int) string {
	var s strings.Builder
	fmt.Fprintf(&s, "# %s\n\n### Requirement: R\n", name)
	for i := range n {
		fmt.Fprintf(&s, "\n#### Scenario: Case %03d\n\n- **THEN** case %d holds\n", i, i)
	}
	return s.String()
}

// archiveFixture: change v2's specs are archived (deployed), and its 100
// staged contracts wait in .espectacular/changes/v2.
func archiveFixture() map[string]string {
	files := map[string]string{".espectacular/config.toml": "tool_version = \"0.1.0\"\n"}
	for c := range 5 {
		capability := fmt.Sprintf("cap%d", c)
		files["openspec/specs/"+capability+"/spec.md"] = specText(capability, 20)
		for i := range 20 {
			id := fmt.Sprintf("case-%03d", i)
			files[".espectacular/changes/v2/"+capability+"/"+id+".toml"] = contractText(id, "active", "")
		}
	}
	return files
}

// contractNewFixture: 10 capabilities of 20 scenarios, none with a
// contract.
func contractNewFixture() map[string]string {
	files := map[string]string{".espectacular/config.toml": "tool_version = \"0.1.0\"\n"}
	for c := range 10 {
		capability := fmt.Sprintf("cap%d", c)
		files["openspec/specs/"+capability+"/spec.md"] = specText(capability, 20)
	}
	return files
}

// supersedeFixture: a deployed contract and a change adding its
// replacement (as acceptance/testdata/archive/archive-supersede.txtar).
func supersedeFixture() map[string]string {
	return map[string]string{
		".espectacular/config.toml":                "tool_version = \"0.1.0\"\n",
		".espectacular/parser/old-parse.toml":      "# written by hand\n" + contractText("old-parse", "active", ""),
		".espectacular/changes/.keep":              "",
		"openspec/specs/parser/spec.md":            "### Requirement: Parse\n\n#### Scenario: Old parse\n- **THEN** it parses\n",
		"openspec/changes/v2/specs/parser/spec.md": "## ADDED Requirements\n\n### Requirement: Parse\n\n#### Scenario: New parse\n- **THEN** it parses faster\n",
	}
}

// syncRows is the number of Properties rows of the sync fixture.
const syncRows = 100

// syncFixture: one dual-format spec with syncRows Properties rows; the
// fake spk's answers are written to spkDir.
func syncFixture(spkDir string) map[string]string {
	var table, props strings.Builder
	for i := range syncRows {
		id := fmt.Sprintf("P-r%03d", i)
		fmt.Fprintf(&table, "| %s | unit | [[gate.C-a]] | g | p %d |\n", id, i)
		if i > 0 {
			props.WriteString(",")
		}
		fmt.Fprintf(&props, `{"id":%q,"kind":"unit","cells":{"derives_from":"[[gate.C-a]]","generator":"g","id":%q,"kind":"unit","predicate":"p %d"}}`, id, id, i)
	}
	spec := "---\nid: gate\nkind: intent\nstatement: \"WHEN ah check runs THE gate SHALL check\"\n---\n# gate\n\n## Properties\n\n" +
		"| id | kind | derives_from | generator | predicate |\n| --- | --- | --- | --- | --- |\n" + table.String() +
		"\n## Requirements\n\n### Requirement: R\n\n#### Scenario: S\n\n- **THEN** it works\n"
	lint := `{"ok":true,"envelope_version":"0.1","cli_version":"0.7.0","envelope_kind":"ok","data":{"files_linted":1,"issues":[],"warnings":[],"checklists_declared":0},"warnings":[],"hints":[],"meta":{"duration_ms":1,"tx":null,"request_id":null}}`
	parse := `{"ok":true,"envelope_version":"0.1","cli_version":"0.7.0","envelope_kind":"ok","data":{"path":"openspec/specs/gate/spec.md","intent":{"id":"gate","kind":"intent","statement":"s","extra":{}},"constraints":[],"states":[],"transitions":[],"properties":[` +
		props.String() + `],"has_requirements_section":true,"links":[]},"warnings":[],"hints":[],"meta":{}}`
	// Written once, beside the repository: the fixture's reset leaves it.
	_ = os.MkdirAll(spkDir, 0o755)
	_ = os.WriteFile(filepath.Join(spkDir, "lint.json"), []byte(lint), 0o644)
	_ = os.WriteFile(filepath.Join(spkDir, "parse.json"), []byte(parse), 0o644)
	return map[string]string{
		".espectacular/config.toml":   "tool_version = \"0.1.0\"\n",
		".espectacular/gate/s.toml":   contractText("s", "active", ""),
		"openspec/specs/gate/spec.md": spec,
	}
}

// writeFakeSpk writes the fake spk as dir/spk, renamed into place so it is
// never executed while open for writing (ETXTBSY).
func writeFakeSpk(dir string) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	tmp := filepath.Join(dir, ".spk.tmp")
	if err := os.WriteFile(tmp, []byte(fakespk.Script), 0o755); err != nil {
		return err
	}
	return os.Rename(tmp, filepath.Join(dir, "spk"))
}
