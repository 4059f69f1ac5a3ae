# Captured with go version go1.26.8 linux/amd64 from acceptance/testdata/fixtures/gotest-basic (copied to a temp dir),
# the second of two runs, so go replays the first from its test cache.
# exit code: 0
go test '-json' '-run' '^TestPass$' './...'
