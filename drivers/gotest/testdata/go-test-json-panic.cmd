# Captured with go version go1.26.8 linux/amd64 from acceptance/testdata/fixtures/gotest-basic (copied to a temp dir).
# Setup in the copy: printf 'package gotestbasic\n\nimport "testing"\n\nfunc TestPanic(t *testing.T) { panic("boom") }\n' > panic_test.go
# exit code: 1
go test '-json' '-count=1' '-run' '^(TestPass|TestPanic)$' './...'
