// Package slug turns scenario titles and property ids into the ids that
// name contract files: one loop, two alphabets (Make keeps every letter and
// digit, ASCII only ASCII ones).
package slug
