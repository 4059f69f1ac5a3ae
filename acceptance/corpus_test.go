package acceptance_test

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/espectacular/ah/core/contract"
)

// runPattern matches the exact-test selector the project's own contracts
// use: a package and an anchored -run pattern.
var runPattern = regexp.MustCompile(`^(\./[\w/]+) -run '(\^[^']+\$)'$`)

// TestOwnContractsNameExistingTests keeps the dogfood gate honest: every
// contract of this repository must select tests that exist, one script or
// one test function each, so no contract passes "by proxy" or because its
// -run pattern matches nothing (a filter matching no script still runs the
// TestScript parent and would pass).
func TestOwnContractsNameExistingTests(t *testing.T) {
	root := ".."
	var contracts []string
	require.NoError(t, filepath.WalkDir(filepath.Join(root, ".espectacular"), func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() && strings.HasSuffix(p, ".toml") && filepath.Base(p) != "config.toml" {
			contracts = append(contracts, p)
		}
		return nil
	}))
	require.NotEmpty(t, contracts)
	for _, p := range contracts {
		data, err := os.ReadFile(p)
		require.NoError(t, err)
		c, problems := contract.Decode(p, data)
		require.Empty(t, problems, p)
		require.NotEmpty(t, c.Tests, p)
		for _, e := range c.Tests {
			require.Equal(t, "go", e.Type, "%s: the project's contracts run go tests", p)
			m := runPattern.FindStringSubmatch(e.Flags)
			require.NotNil(t, m, "%s: flags %q must be `./pkg -run '^Exact$'`", p, e.Flags)
			requireTestExists(t, root, p, m[1], m[2])
		}
	}
}

func requireTestExists(t *testing.T, root, contractPath, pkg, pattern string) {
	t.Helper()
	parts := strings.Split(pattern, "/")
	for i, part := range parts {
		require.Regexp(t, `^\^[\w-]+\$$`, part, "%s: each level of %q must be an exact ^name$", contractPath, pattern)
		parts[i] = strings.TrimSuffix(strings.TrimPrefix(part, "^"), "$")
	}
	if parts[0] == "TestScript" {
		require.Len(t, parts, 3, "%s: %q must name one script: ^TestScript$/^dir$/^script$", contractPath, pattern)
		script := filepath.Join(root, pkg, "testdata", parts[1], parts[2]+".txtar")
		require.FileExists(t, script, "%s selects a script that does not exist", contractPath)
		return
	}
	require.Len(t, parts, 1, "%s: %q must name one test function", contractPath, pattern)
	files, err := filepath.Glob(filepath.Join(root, pkg, "*_test.go"))
	require.NoError(t, err)
	for _, f := range files {
		src, err := os.ReadFile(f)
		require.NoError(t, err)
		if strings.Contains(string(src), "\nfunc "+parts[0]+"(t *testing.T)") {
			return
		}
	}
	t.Errorf("%s selects %s in %s, which does not exist", contractPath, parts[0], pkg)
}
