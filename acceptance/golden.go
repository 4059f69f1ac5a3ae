package acceptance

import "os"

// UpdateGolden reports whether golden data should be rewritten instead of
// compared: the single switch (AH_UPDATE_GOLDEN=1, `task test:update`) for
// every golden file and txtar cmp target in the repository.
func UpdateGolden() bool { return os.Getenv("AH_UPDATE_GOLDEN") == "1" }
