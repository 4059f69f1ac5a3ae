// Package schema validates decoded documents against ah's embedded JSON
// schemas and turns the validator's output into problems a user can act on.
package schema
