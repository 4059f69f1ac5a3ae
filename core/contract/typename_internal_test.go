package contract

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/espectacular/ah/schemas"
)

// TestTypeNameIsTheSchemas keeps fill's test-type pattern equal to the
// contract schema's propertyNames pattern: a type the schema refuses gives
// no binding, and one it accepts is never dropped.
func TestTypeNameIsTheSchemas(t *testing.T) {
	data, err := schemas.FS.ReadFile(schemas.Contract)
	require.NoError(t, err)
	var doc struct {
		Properties struct {
			Tests struct {
				PropertyNames struct {
					Pattern string `json:"pattern"`
				} `json:"propertyNames"`
			} `json:"tests"`
		} `json:"properties"`
	}
	require.NoError(t, json.Unmarshal(data, &doc))
	require.Equal(t, doc.Properties.Tests.PropertyNames.Pattern, typeName.String())
}
