package acceptance_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/rogpeppe/go-internal/testscript"
)

// cmdCorpus writes a capability of N scenarios, each with one contract of
// one test entry: corpus CAP TYPE N FLAGS. In FLAGS, {n} stands for the
// scenario's two-digit number (01, 02, ...). The batching scripts (issue
// 12) need more contracts than are worth writing out by hand; a script
// overrides single contracts with cp afterwards.
func cmdCorpus(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 4 {
		ts.Fatalf("usage: corpus CAP TYPE N FLAGS")
	}
	capability, typ, flags := args[0], args[1], args[2+1]
	n, err := strconv.Atoi(args[2])
	ts.Check(err)
	var spec strings.Builder
	fmt.Fprintf(&spec, "# %s\n", capability)
	for i := 1; i <= n; i++ {
		num := fmt.Sprintf("%02d", i)
		fmt.Fprintf(&spec, "\n#### Scenario: Case %s\n\nTHEN case %s holds\n", num, num)
		contract := fmt.Sprintf(
			"id = \"case-%s\"\ndescription = \"case %s\"\narchetype = \"PF\"\nstatus = \"active\"\nauthored_with = \"0.1.0\"\n\n[[tests.%s]]\nflags = %q\n",
			num, num, typ, strings.ReplaceAll(flags, "{n}", num))
		path := fmt.Sprintf(".espectacular/%s/case-%s.toml", capability, num)
		ts.Check(mkdirWrite(ts, path, contract))
	}
	ts.Check(mkdirWrite(ts, fmt.Sprintf("openspec/specs/%s/spec.md", capability), spec.String()))
}

func mkdirWrite(ts *testscript.TestScript, rel, content string) error {
	path := ts.MkAbs(rel)
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	return os.WriteFile(path, []byte(content), 0o644)
}
