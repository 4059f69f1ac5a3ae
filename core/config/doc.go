// Package config decodes and validates .espectacular/config.toml.
package config
