# Captured with vitest/4.1.12 linux-x64 node-v20.20.2 (vite 8.4.0), npm 11.19.1
# in acceptance/testdata/fixtures/vitest-basic (cwd /work/main/acceptance/testdata/fixtures/vitest-basic); exit code: 1
node_modules/.bin/vitest run --reporter=default --reporter=json --outputFile.json=/work/main/drivers/vitest/testdata/vitest-json-all.json
