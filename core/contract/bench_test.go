package contract_test

import (
	"testing"

	"github.com/espectacular/ah/core/contract"
)

// BenchmarkDecode measures one typical contract's decode and schema
// validation, most of the structural check's time (issue 29):
// go test ./core/contract -run '^$' -bench Decode -benchmem
func BenchmarkDecode(b *testing.B) {
	data := []byte("id = \"case-1\"\ndescription = \"bench\"\narchetype = \"PF\"\nstatus = \"active\"\nauthored_with = \"0.1.0\"\n\n[[tests.shell]]\ncommand = \"true cap0001 1\"\n\n[[tests.go]]\nflags = \"./core/x -run '^TestX$'\"\n")
	for b.Loop() {
		if _, problems := contract.Decode(".espectacular/cap/case-1.toml", data); len(problems) > 0 {
			b.Fatal(problems)
		}
	}
}
