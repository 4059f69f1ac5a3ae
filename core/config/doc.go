// Package config decodes and validates .espectacular/config.toml. It owns
// two words of the glossary (docs/development.md): a runner, how the tests
// of one type run ([runners.<type>], and the custom runners), and the
// scope, what a run covers ([scope] include and exclude name its units by
// the rule of core/unit).
package config
