package acceptance_test

import (
	"bytes"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"

	"github.com/espectacular/ah/acceptance"
	"github.com/espectacular/ah/cmd/ah/cli"
)

// Scripts never write this ah's version literally, so a release bump
// touches no script: they write $AH_VERSION. In a command line testscript
// expands it (${AH_VERSION@R} in a regular expression); in the files of the
// archive setup expands it (expandVersion), goldens and inputs alike.
//
// Golden rewrites (AH_UPDATE_GOLDEN=1) write the literal version; TestScript
// then unpins every script again, and so does
//
//	AH_UPDATE_GOLDEN=1 go test ./acceptance -run '^TestVersionNotPinned$'
//
// which is also the one command to run after merging scripts that pin it.
const versionVar = "AH_VERSION"

// unpinCommand is what TestVersionNotPinned tells the reader to run.
const unpinCommand = "AH_UPDATE_GOLDEN=1 go test ./acceptance -run '^TestVersionNotPinned$'"

// expandVersion sets $AH_VERSION and replaces it in every file extracted
// from the script's archive (setup runs after the extraction).
func expandVersion(env *testscript.Env) error {
	env.Setenv(versionVar, cli.Version)
	token := []byte("$" + versionVar)
	return filepath.WalkDir(env.WorkDir, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && d.Name() == ".tmp" && filepath.Dir(path) == env.WorkDir {
			return filepath.SkipDir
		}
		if !d.Type().IsRegular() {
			return nil
		}
		data, err := os.ReadFile(path)
		if err != nil || !bytes.Contains(data, token) {
			return err
		}
		info, err := d.Info()
		if err != nil {
			return err
		}
		return os.WriteFile(path, bytes.ReplaceAll(data, token, []byte(cli.Version)), info.Mode().Perm())
	})
}

// scripts lists every acceptance script.
func scripts(t *testing.T) []string {
	t.Helper()
	files, err := filepath.Glob(filepath.Join("testdata", "*", "*.txtar"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no scripts under testdata: %v", err)
	}
	return files
}

// unpinScripts rewrites every script that pins the version; TestScript
// calls it after a golden rewrite.
func unpinScripts(t *testing.T) {
	t.Helper()
	for _, file := range scripts(t) {
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		if got := unpin(data, cli.Version); !bytes.Equal(got, data) {
			if err := os.WriteFile(file, got, 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
}

// TestVersionNotPinned fails when a script or golden writes this ah's
// version literally; with AH_UPDATE_GOLDEN=1 it substitutes $AH_VERSION.
func TestVersionNotPinned(t *testing.T) {
	if acceptance.UpdateGolden() {
		unpinScripts(t)
	}
	for _, file := range scripts(t) {
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		before := strings.Split(string(data), "\n")
		after := strings.Split(string(unpin(data, cli.Version)), "\n")
		for i := range before {
			if before[i] != after[i] {
				t.Errorf("%s:%d pins ah's version %s (write $%s; run %s):\n\t%s",
					file, i+1, cli.Version, versionVar, unpinCommand, before[i])
			}
		}
	}
}

func TestUnpin(t *testing.T) {
	tests := []struct{ name, in, want string }{
		{"quoted regex", "stdout '^ah \\(1\\.2\\.3\\): x'\n",
			"stdout '^ah \\('${AH_VERSION@R}'\\): x'\n"},
		{"plain in a regex", "! grep '^v = \"1.2.3\"$' f\n",
			"! grep '^v = \"'${AH_VERSION@R}'\"$' f\n"},
		{"unquoted argument", "exec ah upgrade --to 1.2.3\n",
			"exec ah upgrade --to $AH_VERSION\n"},
		{"comment kept", "# since 1.2.3\n", "# since 1.2.3\n"},
		{"file data", "exec ah\n-- want.json --\n  \"cli_version\": \"1.2.3\",\ntool_version = \"1.2.3\"\n",
			"exec ah\n-- want.json --\n  \"cli_version\": \"$AH_VERSION\",\ntool_version = \"$AH_VERSION\"\n"},
		{"changelog entry kept", "-- w --\n      \"version\": \"1.2.3\",\n      \"kind\": \"command\",\n",
			"-- w --\n      \"version\": \"1.2.3\",\n      \"kind\": \"command\",\n"},
		{"other versions kept", "-- w --\n11.2.3 1.2.30 1.2.3.\n", "-- w --\n11.2.3 1.2.30 $AH_VERSION.\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := string(unpin([]byte(tt.in), "1.2.3")); got != tt.want {
				t.Errorf("unpin(%q)\n got %q\nwant %q", tt.in, got, tt.want)
			}
		})
	}
}

var (
	fileMarker     = regexp.MustCompile(`^-- .* --$`)
	regexCommand   = regexp.MustCompile(`^\s*(\[[^]]*\]\s*)*(!\s*)?(stdout|stderr|grep)\s`)
	changelogEntry = regexp.MustCompile(`^\s*"version": "[^"]*",$`)
	changelogKind  = regexp.MustCompile(`^\s*"kind": `)
)

// unpin replaces the literal version in a txtar script with $AH_VERSION: in
// the command lines (not comments), as a regexp-quoted ${AH_VERSION@R} for
// stdout, stderr and grep, outside single quotes; in the files, everywhere
// but changelog entries (their version is the release that brought the
// change, not this ah's).
func unpin(data []byte, version string) []byte {
	lines := strings.Split(string(data), "\n")
	inFiles := false
	escaped := regexp.QuoteMeta(version)
	for i, line := range lines {
		switch {
		case fileMarker.MatchString(line):
			inFiles = true
		case inFiles:
			if changelogEntry.MatchString(line) && i+1 < len(lines) && changelogKind.MatchString(lines[i+1]) {
				continue
			}
			lines[i] = replaceVersion(line, version, func(int) string { return "$" + versionVar })
		case strings.HasPrefix(strings.TrimSpace(line), "#"):
		default:
			token := "$" + versionVar
			if regexCommand.MatchString(line) {
				token = "${" + versionVar + "@R}"
			}
			quote := func(at int) string {
				if strings.Count(line[:at], "'")%2 == 1 {
					return "'" + token + "'"
				}
				return token
			}
			line = replaceVersion(line, escaped, quote)
			lines[i] = replaceVersion(line, version, quote)
		}
	}
	return []byte(strings.Join(lines, "\n"))
}

// replaceVersion replaces each occurrence of v in line that is not part of
// a longer version (no digit or dot before, no digit after) by with(offset).
func replaceVersion(line, v string, with func(int) string) string {
	var b strings.Builder
	rest, offset := line, 0
	for {
		i := strings.Index(rest, v)
		if i < 0 {
			b.WriteString(rest)
			return b.String()
		}
		at := offset + i
		end := at + len(v)
		standalone := (at == 0 || !strings.ContainsRune("0123456789.", rune(line[at-1]))) &&
			(end == len(line) || !strings.ContainsRune("0123456789", rune(line[end])))
		b.WriteString(rest[:i])
		if standalone {
			b.WriteString(with(at))
		} else {
			b.WriteString(v)
		}
		rest, offset = rest[i+len(v):], end
	}
}
