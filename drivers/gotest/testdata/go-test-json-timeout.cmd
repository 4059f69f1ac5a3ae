# Captured with go version go1.26.8 linux/amd64 from acceptance/testdata/fixtures/gotest-basic (copied to a temp dir).
# Setup in the copy: printf 'package gotestbasic\n\nimport (\n\t"testing"\n\t"time"\n)\n\nfunc TestHang(t *testing.T) { time.Sleep(time.Minute) }\n' > hang_test.go
# exit code: 1
go test '-json' '-count=1' '-timeout' '2s' '-run' '^(TestPass|TestHang)$' './...'
