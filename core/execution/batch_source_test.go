package execution_test

import (
	"context"
	"fmt"
	"io/fs"
	"slices"
	"sync"
	"testing"
	"testing/fstest"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/espectacular/ah/core/config"
	"github.com/espectacular/ah/core/contract"
	"github.com/espectacular/ah/core/execution"
	"github.com/espectacular/ah/ports"
	"github.com/espectacular/ah/ports/portstest"
)

// sourceAuditor is a batching driver that lists its tests by running
// "--list", or from source: "files" names the test files, which it reads
// from the repository; listings are the names, one a line.
type sourceAuditor struct {
	portstest.BatchDriver
	decline bool
}

func (sourceAuditor) AuditArgv(command []string, _ []ports.Selector) []string {
	return append(slices.Clone(command), "--list")
}

func (sourceAuditor) Audit(listing []byte, sels []ports.Selector, rep ports.TestReport) ([]ports.Selector, []string, bool) {
	if string(listing) != "t01 t02 t03 t04 t05 t06 t07 t08 t09" {
		return sels, []string{"listing " + string(listing)}, true
	}
	return sels, nil, true
}

func (s sourceAuditor) SourceArgv(command []string, _ []ports.Selector) ([]string, bool) {
	return append(slices.Clone(command), "files"), !s.decline
}

func (sourceAuditor) SourceListing(stdout []byte, root string, repo fs.FS) ([]byte, bool) {
	if root != "/repo" {
		return nil, false
	}
	b, err := fs.ReadFile(repo, string(stdout))
	return b, err == nil
}

// TestBatchSourceListing: a batcher that can list its tests from source
// (ports.SourceLister) is audited against that listing, and its framework
// never lists them (issue 29: go test -list links every test binary a
// second time); when it declines, its command fails or a file cannot be
// read, the framework lists as before.
func TestBatchSourceListing(t *testing.T) {
	tests := []struct {
		name     string
		decline  bool
		filesOut string
		repo     fstest.MapFS
		want     []string // the argv words after "fw" of each command run
	}{
		{"from source", false, "tests.txt", fstest.MapFS{"tests.txt": {Data: []byte("t01 t02 t03 t04 t05 t06 t07 t08 t09")}}, []string{"files", "t01"}},
		{"declined", true, "tests.txt", fstest.MapFS{"tests.txt": {Data: []byte("t01 t02 t03 t04 t05 t06 t07 t08 t09")}}, []string{"--list", "t01"}},
		{"an unreadable file", false, "missing.txt", fstest.MapFS{}, []string{"files", "--list", "t01"}},
		{"no repository", false, "tests.txt", nil, []string{"--list", "t01"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := sourceAuditor{portstest.BatchDriver{Driver: &portstest.Driver{Adapter: "fw", Default: []string{"fw"}, ParseFunc: lines}}, tt.decline}
			var bindings []execution.Binding
			var invs []execution.Invocation
			for i := 1; i <= 9; i++ {
				b := binding("c", fmt.Sprintf("s%02d", i), contract.Entry{Type: "fw", Flags: fmt.Sprintf("t%02d", i)})
				inv, err := resolveAdapter(config.Config{DefaultTimeoutSeconds: 5}, b, []string{"fw"}, d, ports.SourceManifest, "")
				require.NoError(t, err)
				bindings, invs = append(bindings, b), append(invs, inv)
			}
			var mu sync.Mutex
			var ran []string
			proc := &portstest.Process{Func: func(_ context.Context, c ports.Command) (ports.Result, error) {
				mu.Lock()
				ran = append(ran, c.Argv[1])
				mu.Unlock()
				switch c.Argv[len(c.Argv)-1] {
				case "files":
					_, _ = c.Stdout.Write([]byte(tt.filesOut))
					return ports.Result{}, nil
				case "--list":
					_, _ = c.Stdout.Write([]byte("t01 t02 t03 t04 t05 t06 t07 t08 t09"))
					return ports.Result{}, nil
				}
				return passAll(c), nil
			}}
			env := execution.Env{Process: proc, Dir: "/repo", Scratch: &portstest.Scratch{}}
			if tt.repo != nil {
				env.Repo = tt.repo
			}
			res := execution.Run(t.Context(), env, execution.Plan(bindings, invs), execution.Options{Workers: 1, Batch: true})
			assert.Equal(t, tt.want, ran)
			assert.Equal(t, 9, res.Passed)
			assert.Empty(t, res.Findings)
		})
	}
}
