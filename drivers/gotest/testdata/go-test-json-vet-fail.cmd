# Captured with go version go1.26.8 linux/amd64 from acceptance/testdata/fixtures/gotest-basic (copied to a temp dir).
# Setup in the copy: printf 'package gotestbasic\n\nimport (\n\t"fmt"\n\t"testing"\n)\n\nfunc TestVet(t *testing.T) { fmt.Printf("%%d\\n", "s") }\n' > vet_test.go
# exit code: 1
go test '-json' '-count=1' '-run' '^TestPass$' './...'
