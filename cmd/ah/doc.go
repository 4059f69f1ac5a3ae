// Command ah is the spec verification gate.
package main
