package derivation_test

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/espectacular/ah/core/config"
	"github.com/espectacular/ah/core/derivation"
	"github.com/espectacular/ah/ports"
	"github.com/espectacular/ah/ports/portstest"
)

// faultySpk is portstest.Spk with scripted errors per call ("version",
// "lint PATH", "parse PATH").
type faultySpk struct {
	*portstest.Spk
	errs map[string]error
}

func (s faultySpk) Version(ctx context.Context) (string, error) {
	if err := s.errs["version"]; err != nil {
		return "", err
	}
	return s.Spk.Version(ctx)
}

func (s faultySpk) Lint(ctx context.Context, path string) (ports.SpkLint, error) {
	if err := s.errs["lint "+path]; err != nil {
		return ports.SpkLint{}, err
	}
	return s.Spk.Lint(ctx, path)
}

func (s faultySpk) Parse(ctx context.Context, path string) (ports.SpkSpec, error) {
	if err := s.errs["parse "+path]; err != nil {
		return ports.SpkSpec{}, err
	}
	return s.Spk.Parse(ctx, path)
}

const otherSpec = "openspec/specs/other/spec.md"

func twoSpecs() fstest.MapFS {
	return repo(map[string]string{gateSpec: specText("P-a"), otherSpec: strings.Replace(specText("P-z"), "id: gate", "id: other", 1)})
}

func cleanSpk(errs map[string]error) faultySpk {
	return faultySpk{Spk: &portstest.Spk{V: "0.7.0", Specs: map[string]ports.SpkSpec{
		gateSpec:  {Properties: []ports.SpkRow{row("P-b", "p"), row("P-a", "p")}},
		otherSpec: {Properties: []ports.SpkRow{row("P-z", "p")}},
	}}, errs: errs}
}

func planWith(t *testing.T, fsys fs.FS, spk ports.Spk, pin string) (derivation.Result, error) {
	t.Helper()
	text := "tool_version = \"0.1.0\"\n"
	if pin != "" {
		text += "[spk]\nversion = \"" + pin + "\"\n"
	}
	cfg, err := config.Parse([]byte(text))
	require.NoError(t, err)
	return derivation.Derive(t.Context(), fsys, cfg, spk, derivation.Options{AuthoredWith: "0.1.0"})
}

func TestPlanSortsContractsOfEverySpec(t *testing.T) {
	res, err := planWith(t, twoSpecs(), cleanSpk(nil), "0.7.0")
	require.NoError(t, err)
	assert.Empty(t, res.Refusals, "the pinned version is installed")
	var paths []string
	for _, c := range res.Contracts {
		paths = append(paths, c.ContractPath)
	}
	assert.Equal(t, []string{".espectacular/gate/p-a.toml", ".espectacular/gate/p-b.toml", ".espectacular/other/p-z.toml"}, paths)
	assert.Equal(t, derivation.Contract{Capability: "gate", SpecPath: gateSpec, ContractPath: ".espectacular/gate/p-a.toml",
		Property: "P-a", DerivedFrom: res.Contracts[0].DerivedFrom, State: derivation.Missing}, withoutData(res.Contracts[0]))
	assert.True(t, strings.HasPrefix(res.Contracts[0].DerivedFrom, "P-a@"))
}

// withoutData drops the unexported content, which only Apply reads.
func withoutData(c derivation.Contract) derivation.Contract {
	return derivation.Contract{Capability: c.Capability, SpecPath: c.SpecPath, ContractPath: c.ContractPath,
		Property: c.Property, DerivedFrom: c.DerivedFrom, State: c.State}
}

func TestPlanSpkFailures(t *testing.T) {
	canceled := fmt.Errorf("lint: %w", context.Canceled)
	unavailable := fmt.Errorf("%w: gone", ports.ErrSpkUnavailable)
	failed := &ports.SpkError{Verb: "lint", Path: otherSpec, Message: "bad envelope"}
	tests := []struct {
		name    string
		errs    map[string]error
		pin     string
		want    []derivation.Refusal
		wantErr error
	}{
		{"version probe fails", map[string]error{"version": errors.New("exit 3")}, "0.7.0",
			[]derivation.Refusal{{Kind: derivation.SpkFailed, Message: "exit 3"}}, nil},
		{"version probe finds no spk", map[string]error{"version": unavailable}, "0.7.0",
			[]derivation.Refusal{*derivation.Unavailable(unavailable)}, nil},
		{"no pin, no version probe", map[string]error{"version": errors.New("never called")}, "", nil, nil},
		{"a lint failure refuses that spec", map[string]error{"lint " + otherSpec: failed}, "",
			[]derivation.Refusal{{Kind: derivation.SpkFailed, SpecPath: otherSpec, Message: failed.Error()}}, nil},
		{"a parse failure refuses that spec", map[string]error{"parse " + gateSpec: &ports.SpkError{Verb: "parse", Message: "x"}}, "",
			[]derivation.Refusal{{Kind: derivation.SpkFailed, SpecPath: gateSpec, Message: "spk parse failed: x"}}, nil},
		{"spk vanishing mid-run refuses the whole run", map[string]error{"parse " + otherSpec: unavailable, "lint " + gateSpec: failed}, "",
			[]derivation.Refusal{*derivation.Unavailable(unavailable)}, nil},
		{"a lint cancellation stops the run", map[string]error{"lint " + gateSpec: canceled}, "", nil, context.Canceled},
		{"a parse cancellation stops the run", map[string]error{"parse " + otherSpec: canceled}, "", nil, context.Canceled},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res, err := planWith(t, twoSpecs(), cleanSpk(tt.errs), tt.pin)
			if tt.wantErr != nil {
				require.ErrorIs(t, err, tt.wantErr)
				assert.Equal(t, derivation.Result{}, res)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tt.want, res.Refusals)
			if tt.want != nil && tt.want[0].SpecPath == "" {
				assert.Empty(t, res.Contracts, "a whole-run refusal derives nothing")
			}
		})
	}
}

func TestPlanRefusesASpec(t *testing.T) {
	tests := []struct {
		name     string
		rows     []ports.SpkRow
		existing string // content of .espectacular/gate/p-a.toml; "/" makes it a directory
		lint     *ports.SpkLint
		kind     string
		message  string
		rules    []string
	}{
		{"slug collision", []ports.SpkRow{row("P-a", "p"), row("P.a", "p")}, "", nil, derivation.SlugCollision,
			`properties "P-a" and "P.a" of ` + gateSpec + ` both derive .espectacular/gate/p-a.toml: rename one of them`, nil},
		{"existing contract is not TOML", []ports.SpkRow{row("P-a", "p")}, "id = \n", nil, derivation.MalformedContract,
			".espectacular/gate/p-a.toml is not valid TOML (", nil},
		{"existing contract cannot be edited", []ports.SpkRow{row("P-a", "p")}, "\"id\" = \"p-a\"\nderived_from = \"P-a@0\"\n", nil, derivation.MalformedContract,
			".espectacular/gate/p-a.toml: ", nil},
		{"hand-written contract at the row's path", []ports.SpkRow{row("P-a", "p")}, "id = \"p-a\"\ndescription = \"mine\"\n", nil, derivation.NotDerived,
			`property "P-a" of ` + gateSpec + ` derives .espectacular/gate/p-a.toml, which ah sync did not derive from it (derived_from = ""): rename the property, or move that contract aside; nothing was written`, nil},
		{"contract derived from another row", []ports.SpkRow{row("P-a", "p"), row("P-b", "q")}, "id = \"p-a\"\nderived_from = \"P-b@0123456789ab\"\n", nil, derivation.NotDerived,
			`property "P-a" of ` + gateSpec + ` derives .espectacular/gate/p-a.toml, which ah sync did not derive from it (derived_from = "P-b@0123456789ab")`, nil},
		{"id without a slug", []ports.SpkRow{row("!!!", "p")}, "", nil, derivation.EmptySlug,
			`property "!!!" of ` + gateSpec + ` has no letter or digit to name its contract`, nil},
		{"existing contract is unreadable", []ports.SpkRow{row("P-a", "p")}, "/", nil, derivation.MalformedContract,
			"read .espectacular/gate/p-a.toml: ", nil},
		{"lint issues without a rule id", nil, "", &ports.SpkLint{Issues: []ports.SpkIssue{{Message: "x"}, {RuleID: "r"}, {}}}, derivation.SpkLintDirty,
			gateSpec + " is not spk lint-clean (unknown-rule, r): nothing is derived from it; fix the spec (`spk lint " + gateSpec + " --json` lists each issue) and run ah sync again",
			[]string{"unknown-rule", "r"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var ids []string
			for _, r := range tt.rows {
				ids = append(ids, r.ID)
			}
			files := map[string]string{gateSpec: specText(append(ids, "P-a")...)}
			switch tt.existing {
			case "":
			case "/":
				files[".espectacular/gate/p-a.toml/x"] = ""
			default:
				files[".espectacular/gate/p-a.toml"] = tt.existing
			}
			spk := &portstest.Spk{Specs: map[string]ports.SpkSpec{gateSpec: {Properties: tt.rows}}}
			if tt.lint != nil {
				spk.Lints = map[string]ports.SpkLint{gateSpec: *tt.lint}
			}
			res, err := planWith(t, repo(files), spk, "")
			require.NoError(t, err)
			require.Len(t, res.Refusals, 1)
			r := res.Refusals[0]
			assert.Equal(t, tt.kind, r.Kind)
			assert.Equal(t, gateSpec, r.SpecPath)
			assert.Equal(t, tt.rules, r.Rules)
			assert.True(t, strings.HasPrefix(r.Message, tt.message), "message %q", r.Message)
			assert.Empty(t, res.Contracts)
		})
	}
}

// failingWriter fails every write and update of one path.
type failingWriter struct {
	mapWriter
	fail string
}

var errDisk = errors.New("disk full")

func (w failingWriter) WriteFile(ctx context.Context, name string, data []byte, perm fs.FileMode) error {
	if name == w.fail {
		return errDisk
	}
	return w.mapWriter.WriteFile(ctx, name, data, perm)
}

func (w failingWriter) Update(ctx context.Context, name string, edit func([]byte) ([]byte, error)) error {
	if name == w.fail {
		return errDisk
	}
	return w.mapWriter.Update(ctx, name, edit)
}

func TestApplyCountsAndStops(t *testing.T) {
	fresh := func() (fstest.MapFS, derivation.Result) {
		fsys := repo(map[string]string{gateSpec: specText("P-a", "P-b", "P-c")})
		spk := &portstest.Spk{Specs: map[string]ports.SpkSpec{gateSpec: {Properties: []ports.SpkRow{row("P-a", "p"), row("P-b", "p"), row("P-c", "p")}}}}
		n, err := derivation.Apply(t.Context(), mapWriter{fsys}, mapWriter{fsys}, plan(t, fsys, spk))
		require.NoError(t, err)
		require.Equal(t, 3, n.Written)
		// P-b's row changes: stale; P-c's contract is deleted: missing.
		spk.Specs[gateSpec].Properties[1] = row("P-b", "changed")
		delete(fsys, ".espectacular/gate/p-c.toml")
		return fsys, plan(t, fsys, spk)
	}
	fsys, res := fresh()
	assert.Equal(t, map[string]derivation.State{".espectacular/gate/p-a.toml": derivation.Fresh, ".espectacular/gate/p-b.toml": derivation.Stale, ".espectacular/gate/p-c.toml": derivation.Missing}, states(res))
	n, err := derivation.Apply(t.Context(), mapWriter{fsys}, mapWriter{fsys}, res)
	require.NoError(t, err)
	assert.Equal(t, 2, n.Written, "the fresh contract is not rewritten")
	assert.Contains(t, string(fsys[".espectacular/gate/p-b.toml"].Data), "description = \"changed\"")

	for _, fail := range []string{".espectacular/gate/p-b.toml", ".espectacular/gate/p-c.toml"} {
		fsys, res := fresh()
		n, err := derivation.Apply(t.Context(), failingWriter{mapWriter{fsys}, fail}, mapWriter{fsys}, res)
		require.ErrorIs(t, err, errDisk)
		assert.Equal(t, "write "+fail+": disk full", err.Error())
		want := 0
		if fail == ".espectacular/gate/p-c.toml" {
			want = 1
		}
		assert.Equal(t, want, n.Written, "what was written before the failure")
	}
}

// TestApplyNeverReplacesAContractSavedMeanwhile: a contract missing at
// plan time that a person saves before Apply writes it is skipped and
// left byte-identical (the writer creates exclusively); the others are
// written.
func TestApplyNeverReplacesAContractSavedMeanwhile(t *testing.T) {
	fsys := repo(map[string]string{gateSpec: specText("P-a", "P-b")})
	spk := &portstest.Spk{Specs: map[string]ports.SpkSpec{gateSpec: {Properties: []ports.SpkRow{row("P-a", "p"), row("P-b", "p")}}}}
	res := plan(t, fsys, spk)
	w := portstest.NewWriter()
	w.Files[".espectacular/gate/p-a.toml"] = &fstest.MapFile{Data: []byte("# mine\n"), Mode: 0o644}
	n, err := derivation.Apply(t.Context(), w, mapWriter{fsys}, res)
	require.NoError(t, err)
	assert.Equal(t, []string{".espectacular/gate/p-a.toml"}, n.Skipped)
	assert.Equal(t, 1, n.Written)
	assert.Equal(t, "# mine\n", string(w.Files[".espectacular/gate/p-a.toml"].Data))
	assert.Contains(t, w.Files, ".espectacular/gate/p-b.toml")
}
