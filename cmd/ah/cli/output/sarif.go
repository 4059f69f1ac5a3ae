package output

import (
	"encoding/json"
	"io"
	"slices"
	"strings"

	"github.com/espectacular/ah/core/finding"
	"github.com/espectacular/ah/core/playbook"
	"github.com/espectacular/ah/core/report"
)

// sarifSchema is the published SARIF 2.1.0 schema the document names.
const sarifSchema = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"

// SARIF writes the report as SARIF 2.1.0 (code-scanning views): one rule
// per finding kind in the report, with its `ah explain` summary as help,
// and one result per finding at the spec file and the scenario heading's
// line (else the contract file). The run's duration is a property, only
// with --timings.
type SARIF struct {
	w io.Writer
	o Options
}

// NewSARIF returns the SARIF printer.
func NewSARIF(w io.Writer, o Options) *SARIF { return &SARIF{w: w, o: o} }

type sarifLog struct {
	Schema  string     `json:"$schema"`
	Version string     `json:"version"`
	Runs    []sarifRun `json:"runs"`
}

type sarifRun struct {
	Tool       sarifTool         `json:"tool"`
	Results    []sarifResult     `json:"results"`
	Properties map[string]*int64 `json:"properties,omitempty"`
}

type sarifTool struct {
	Driver sarifDriver `json:"driver"`
}

type sarifDriver struct {
	Name    string      `json:"name"`
	Version string      `json:"version,omitempty"`
	Rules   []sarifRule `json:"rules"`
}

type sarifRule struct {
	ID                   string       `json:"id"`
	ShortDescription     sarifText    `json:"shortDescription"`
	Help                 sarifText    `json:"help"`
	DefaultConfiguration sarifDefault `json:"defaultConfiguration"`
}

type sarifDefault struct {
	Level string `json:"level"`
}

type sarifText struct {
	Text string `json:"text"`
}

type sarifResult struct {
	RuleID    string          `json:"ruleId"`
	RuleIndex int             `json:"ruleIndex"`
	Level     string          `json:"level"`
	Message   sarifText       `json:"message"`
	Locations []sarifLocation `json:"locations"`
}

type sarifLocation struct {
	PhysicalLocation sarifPhysical `json:"physicalLocation"`
}

type sarifPhysical struct {
	ArtifactLocation sarifArtifact `json:"artifactLocation"`
	Region           *sarifRegion  `json:"region,omitempty"`
}

type sarifArtifact struct {
	URI string `json:"uri"`
}

type sarifRegion struct {
	StartLine int `json:"startLine"`
}

// Print writes the SARIF log.
func (p *SARIF) Print(r report.Report) error {
	var kinds []string
	for _, f := range r.Findings {
		if !slices.Contains(kinds, string(f.Kind)) {
			kinds = append(kinds, string(f.Kind))
		}
	}
	slices.Sort(kinds)
	run := sarifRun{Tool: sarifTool{Driver: sarifDriver{Name: "ah", Version: p.o.CLIVersion, Rules: []sarifRule{}}}, Results: []sarifResult{}}
	for _, k := range kinds {
		i := slices.IndexFunc(r.Findings, func(f finding.Finding) bool { return string(f.Kind) == k })
		run.Tool.Driver.Rules = append(run.Tool.Driver.Rules, sarifRule{
			ID: k, ShortDescription: sarifText{Text: ruleSummary(k)},
			Help:                 sarifText{Text: ruleSummary(k) + "\nRun `ah explain " + k + "` for the playbook."},
			DefaultConfiguration: sarifDefault{Level: sarifLevel(r.Findings[i].Severity)},
		})
	}
	for _, f := range r.Findings {
		file, line := f.ContractPath, 0
		switch {
		case f.Scenario != nil && f.Scenario.Line != nil:
			file, line = f.SpecPath, *f.Scenario.Line
		case f.Heading != nil:
			file, line = f.SpecPath, f.Heading.Line
		case f.Line != nil:
			file, line = f.SpecPath, *f.Line
		case file == "":
			file = f.SpecPath
		}
		loc := sarifPhysical{ArtifactLocation: sarifArtifact{URI: uriPath(file)}}
		if line > 0 {
			loc.Region = &sarifRegion{StartLine: line}
		}
		run.Results = append(run.Results, sarifResult{
			RuleID: string(f.Kind), RuleIndex: slices.Index(kinds, string(f.Kind)), Level: sarifLevel(f.Severity),
			Message:   sarifText{Text: strings.TrimRight(detail(f), "\n")},
			Locations: []sarifLocation{{PhysicalLocation: loc}},
		})
	}
	if p.o.DurationMS != nil {
		run.Properties = map[string]*int64{"duration_ms": p.o.DurationMS}
	}
	enc := json.NewEncoder(p.w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(sarifLog{Schema: sarifSchema, Version: "2.1.0", Runs: []sarifRun{run}})
}

// ruleSummary is the kind's `ah explain` summary (every kind has a topic).
func ruleSummary(kind string) string {
	if t, ok := playbook.Lookup(kind); ok {
		return t.Summary
	}
	return kind
}

func sarifLevel(s finding.Severity) string {
	switch s {
	case finding.Error:
		return "error"
	case finding.Warn:
		return "warning"
	}
	return "note"
}

// uriPath is a repository-relative path as a relative URI reference
// (RFC 3986): every byte but the unreserved characters and "/" is
// percent-encoded, so "#", "?", "%", spaces, controls and ":" in a first
// segment (read as a scheme) name the file itself. Non-ASCII letters are
// encoded as their UTF-8 bytes.
func uriPath(p string) string {
	const hex = "0123456789ABCDEF"
	var b strings.Builder
	for i := 0; i < len(p); i++ {
		c := p[i]
		switch {
		case 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z', '0' <= c && c <= '9',
			c == '-', c == '.', c == '_', c == '~', c == '/':
			b.WriteByte(c)
		default:
			b.WriteByte('%')
			b.WriteByte(hex[c>>4])
			b.WriteByte(hex[c&15])
		}
	}
	return b.String()
}
