# In acceptance/testdata/fixtures/vitest-basic (vitest 4.1.12, node 20), with
# reporter.mjs and ah-patterns.json ["(?:adds)|(?:^top level)","adds","^top level"]
# copied into /tmp/vx/s; exit status 1. Paths rewritten to the fixture's.
NO_COLOR=1 node_modules/.bin/vitest run --reporter=default --reporter=/tmp/vx/s/ah-reporter.mjs > reporter-all.stdout
