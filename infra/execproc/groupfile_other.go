//go:build unix && !linux

package execproc

import "os"

// openGroupFile makes the watchdog's groupFile as a temporary file,
// removed at once: the open descriptors keep it until ah and the watchdog
// are gone.
func openGroupFile() (*os.File, error) {
	f, err := os.CreateTemp("", "ah-watchdog-")
	if err != nil {
		return nil, err
	}
	_ = os.Remove(f.Name())
	return f, nil
}
