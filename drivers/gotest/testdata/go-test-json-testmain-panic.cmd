# Captured with go version go1.26.8 linux/amd64 from acceptance/testdata/fixtures/gotest-basic (copied to a temp dir).
# Setup in the copy: printf 'package gotestbasic\n\nimport "testing"\n\nfunc TestMain(m *testing.M) { panic("setup exploded") }\n' > main_test.go
# exit code: 1
go test '-json' '-count=1' './...'
