# Captured with go version go1.26.8 linux/amd64 from acceptance/testdata/fixtures/gotest-basic.
# exit code: 1
go test '-json' '-count=1' '-bogus' '.'
