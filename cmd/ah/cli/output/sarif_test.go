package output_test

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/espectacular/ah/core/playbook"
)

func TestSARIFGolden(t *testing.T) {
	golden(t, "report.sarif.json", render(t, "sarif", false))
	golden(t, "report-timings.sarif.json", render(t, "sarif", true))
}

// sarifDoc mirrors the SARIF 2.1.0 properties the schema requires
// (version, runs, tool.driver.name, result message) and those ah promises
// (rules with help, locations); sarif_schema_test.go validates the whole
// document against the published schema.
type sarifDoc struct {
	Schema  string `json:"$schema"`
	Version string `json:"version"`
	Runs    []struct {
		Tool struct {
			Driver struct {
				Name  string `json:"name"`
				Rules []struct {
					ID               string `json:"id"`
					ShortDescription struct{ Text string }
					Help             struct{ Text string }
				} `json:"rules"`
			} `json:"driver"`
		} `json:"tool"`
		Results []struct {
			RuleID    string `json:"ruleId"`
			RuleIndex int    `json:"ruleIndex"`
			Level     string `json:"level"`
			Message   *struct {
				Text string `json:"text"`
			} `json:"message"`
			Locations []struct {
				PhysicalLocation struct {
					ArtifactLocation struct {
						URI string `json:"uri"`
					} `json:"artifactLocation"`
					Region *struct {
						StartLine int `json:"startLine"`
					} `json:"region"`
				} `json:"physicalLocation"`
			} `json:"locations"`
		} `json:"results"`
		Properties map[string]int64 `json:"properties"`
	} `json:"runs"`
}

// TestSARIFStructure: a rule per kind with the explain summary as help,
// each result pointing at its rule by id and index, at the heading line,
// with a level from SARIF's enum and the duration only with --timings.
func TestSARIFStructure(t *testing.T) {
	var doc sarifDoc
	require.NoError(t, json.Unmarshal(render(t, "sarif", false), &doc))
	assert.Equal(t, "2.1.0", doc.Version)
	assert.Contains(t, doc.Schema, "sarif-schema-2.1.0.json")
	require.Len(t, doc.Runs, 1)
	run := doc.Runs[0]
	assert.Equal(t, "ah", run.Tool.Driver.Name)
	var ids []string
	for _, r := range run.Tool.Driver.Rules {
		ids = append(ids, r.ID)
		topic, ok := playbook.Lookup(r.ID)
		require.True(t, ok, r.ID)
		assert.Equal(t, topic.Summary, r.ShortDescription.Text)
		assert.Contains(t, r.Help.Text, "ah explain "+r.ID)
	}
	assert.Equal(t, []string{"no-tests-declared", "orphan-toml", "test-failing", "unknown-archetype"}, ids)
	require.Len(t, run.Results, 4)
	for _, res := range run.Results {
		assert.Equal(t, ids[res.RuleIndex], res.RuleID)
		assert.Contains(t, []string{"error", "warning", "note", "none"}, res.Level)
		require.NotNil(t, res.Message)
		assert.NotEmpty(t, res.Message.Text)
		require.Len(t, res.Locations, 1)
		assert.NotEmpty(t, res.Locations[0].PhysicalLocation.ArtifactLocation.URI)
	}
	fail := run.Results[3]
	assert.Equal(t, "test-failing", fail.RuleID)
	assert.Equal(t, "openspec/specs/parser/spec.md", fail.Locations[0].PhysicalLocation.ArtifactLocation.URI)
	assert.Equal(t, 9, fail.Locations[0].PhysicalLocation.Region.StartLine)
	assert.Contains(t, fail.Message.Text, "assert 1 < 0 & more")
	assert.Nil(t, run.Results[0].Locations[0].PhysicalLocation.Region, "an orphan contract has no heading")
	assert.Empty(t, run.Properties)

	require.NoError(t, json.Unmarshal(render(t, "sarif", true), &doc))
	assert.Equal(t, int64(2000), doc.Runs[0].Properties["duration_ms"])
}
