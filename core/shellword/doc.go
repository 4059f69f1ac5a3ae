// Package shellword splits and quotes command lines by POSIX shell-word
// rules without any expansion: the contract's flags become argv exactly as a
// shell would tokenize them, but $VAR, globs and ~ stay literal.
package shellword
