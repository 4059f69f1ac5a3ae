package cli

// The detail of each command's --help: examples and the exit codes, so a
// person (or an agent) reading --help alone knows how to call ah and what
// its status means. The codes are those of exit.go; acceptance/usage
// scripts check both.

const exitCodesHelp = `Exit codes:
  0    the gate passed (warnings allowed, unless --strict)
  1    the gate failed: at least one structural or execution finding
  2    ah could not run: usage error, missing or invalid config, missing specs directory
  130  interrupted (Ctrl-C); 128+n when stopped by signal n`

const checkHelp = `Examples:
  ah check                          check that every scenario has a valid contract
  ah check --run-tests --jobs 4     also run every contract's tests, 4 at a time
  ah check gate cli/run-with-c      only the gate capability and one cli scenario
  ah check --run-tests --fail-fast  stop starting tests after the first failure
  ah check --json --strict          JSON envelope; warnings fail the gate too
  ah check --run-tests --base main  run only the contracts the changes since main affect

` + exitCodesHelp

// Help is the detail of `ah --help`.
func (grammar) Help() string {
	return `Examples:
  ah check                 is every scenario paired with a valid contract?
  ah check --run-tests     ... and do the contracts' tests pass?
  ah doctor                how are test frameworks detected here?
  ah explain no-toml       what a finding means and what to do about it

` + exitCodesHelp
}

// Help is the detail of `ah doctor --help`.
func (*DoctorCmd) Help() string {
	return `Examples:
  ah doctor                 check the config and list the adapter of each test type
  ah doctor --enable go     add the [runners] block that runs go tests

Exit codes:
  0    healthy
  1    unhealthy: at least one failed check
  2    ah could not run (usage error)`
}

// Help is the detail of `ah explain --help`.
func (*ExplainCmd) Help() string {
	return `Examples:
  ah explain --list         list every topic
  ah explain test-failing   what a finding kind means and what to do
  ah explain pytest         how an adapter runs its tests

Exit codes:
  0    the topic was printed
  2    unknown topic (close matches are named) or usage error`
}

// Help is the detail of `ah type --help`.
func (*TypeCmd) Help() string {
	return `Examples:
  ah type        list the contract archetypes
  ah type PF     describe one

Exit codes:
  0    printed
  2    unknown archetype or usage error`
}

// Help is the detail of `ah version --help`.
func (*VersionCmd) Help() string {
	return `Examples:
  ah version
  ah version --json

Exit codes:
  0    printed`
}
