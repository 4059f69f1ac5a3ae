package output

import (
	"fmt"
	"html/template"
	"io"
	"strings"

	"github.com/gomarkdown/markdown"
	mdhtml "github.com/gomarkdown/markdown/html"
	"github.com/gomarkdown/markdown/parser"

	"github.com/espectacular/ah/core/coverage"
	"github.com/espectacular/ah/core/report"
	"github.com/espectacular/ah/core/slug"
)

// The page's data: capabilities, then requirements, then scenarios.
type (
	htmlBinding struct {
		Ref, Verdict, Command string
		// Evidence names the tests a run saw for the binding, with their
		// outcomes, or says an exit status alone decided it.
		Evidence []string
	}
	htmlScenario struct {
		Anchor, Title, ID, Archetype, State, Label, Contract, Status string
		Body                                                         template.HTML
		Findings                                                     []string
		Bindings                                                     []htmlBinding
		// Failure is the failure text of the unit's failing tests.
		Failure string
		// Waiver is a waived scenario's recorded decision (issue 39).
		Waiver string
		// CarriedFrom is the tree whose run proved a carried scenario
		// (ah report --carry, issue 41).
		CarriedFrom string
	}
	htmlRequirement struct {
		Anchor, Name string
		Scenarios    []htmlScenario
	}
	htmlCapability struct {
		Anchor, Name string
		Counts       coverage.Cell
		Requirements []htmlRequirement
	}
	htmlState struct {
		State, Label string
		Count        int
	}
)

// CoverageHTML writes the matrix as one self-contained page: inline CSS,
// no script, nothing fetched. Scenarios are grouped by capability and
// requirement, each with an anchor; the links #show-<state> filter them
// by state in CSS alone (:target), so a filtered view is a URL to share. Each scenario shows its body (raw HTML in a spec is dropped),
// its contract, each binding's command and verdict, and its failure text.
func CoverageHTML(w io.Writer, m coverage.Matrix, cliVersion string, ran bool) error {
	page := struct {
		Version string
		Columns []string
		Rows    []coverage.Row
		Summary coverage.Cell
		Verdict string
		States  []htmlState
		Specs   []htmlCapability
		// Unproven: no test ran, so the page says what to run.
		Unproven bool
		// Carried counts the scenarios carried from the evidence snapshot
		// of tree CarriedFrom, apart from those proven here (issue 41).
		Carried     int
		CarriedFrom string
	}{Version: cliVersion, Columns: coverage.Columns(), Rows: m.Rows, Summary: m.Summary()}
	page.Verdict, page.Unproven = headline(m, ran)
	page.Carried, page.CarriedFrom = m.Proofs().Carried, shortID(carriedTree(m))
	for _, st := range coverage.States() {
		page.States = append(page.States, htmlState{st, coverage.Label(st), page.Summary.Count(st)})
	}
	for _, s := range m.Scenarios {
		capName := s.Unit.Capability
		if n := len(page.Specs); n == 0 || page.Specs[n-1].Name != capName {
			page.Specs = append(page.Specs, htmlCapability{Anchor: "cap-" + capName, Name: capName})
		}
		c := &page.Specs[len(page.Specs)-1]
		c.Counts.Add(s.State)
		if n := len(c.Requirements); n == 0 || c.Requirements[n-1].Name != s.Requirement {
			c.Requirements = append(c.Requirements, htmlRequirement{Anchor: "req-" + capName + "-" + slug.Make(s.Requirement), Name: s.Requirement})
		}
		r := &c.Requirements[len(c.Requirements)-1]
		r.Scenarios = append(r.Scenarios, htmlScenarioOf(s))
	}
	return coveragePage.Execute(w, page)
}

func htmlScenarioOf(s coverage.Entry) htmlScenario {
	sc := htmlScenario{
		Anchor: s.Unit.Capability + "." + s.Unit.Scenario.ID,
		Title:  s.Unit.Scenario.Title, ID: s.Unit.Scenario.ID, Archetype: s.Archetype, State: s.State,
		Label: coverage.Label(s.State), Contract: s.Unit.ContractPath, Status: s.Unit.Status,
		Body:        renderMarkdown(s.Unit.Scenario.BodyMarkdown),
		CarriedFrom: s.Unit.CarriedFrom,
	}
	if s.Unit.Waiver != nil {
		sc.Waiver = waiverText(s.Unit)
	}
	var failure []string
	for _, f := range s.Findings {
		sc.Findings = append(sc.Findings, string(f.Kind)+": "+f.Message)
		if f.Test == nil {
			continue
		}
		for _, ft := range f.Test.FailedTests {
			failure = append(failure, ft.Name+"\n"+ft.Message)
		}
		if len(f.Test.FailedTests) == 0 {
			failure = append(failure, strings.TrimSpace(f.Test.StdoutTail+"\n"+f.Test.StderrTail))
		}
	}
	sc.Failure = strings.TrimSpace(strings.Join(failure, "\n\n"))
	for _, b := range s.Unit.Bindings {
		hb := htmlBinding{Ref: b.Ref, Verdict: b.Verdict}
		for _, e := range s.Executions {
			for _, ref := range e.Bindings {
				if ref == b.Ref {
					hb.Command = e.Command
					hb.Evidence = evidenceOf(e)
				}
			}
		}
		sc.Bindings = append(sc.Bindings, hb)
	}
	return sc
}

// evidenceOf is what an execution's verdict rests on (issues 23 and 36):
// the tests its report names with their outcomes, bounded as in the JSON,
// after a line saying go replayed them from its cache when it did, or a
// line saying an exit status alone decided it.
func evidenceOf(e report.Execution) []string {
	out := make([]string, 0, len(e.Tests)+2)
	switch e.Evidence {
	case "":
		return nil
	case report.EvidenceTests:
	case report.EvidenceCache:
		out = append(out, "cached: replayed from the framework's test cache, not run in this check (ah explain cache)")
	default:
		return []string{"no test names: " + e.Evidence + " (ah explain evidence)"}
	}
	for _, t := range e.Tests {
		out = append(out, t.Outcome+": "+t.ID)
	}
	if more := e.TestCount - len(e.Tests); more > 0 {
		out = append(out, fmt.Sprintf("... and %d more (ah check --json lists them)", more))
	}
	return out
}

// htmlCell names every state of a cell with its count, in state order
// (issue 39: the no-tests-yet count was left out); "-" when empty.
func htmlCell(c coverage.Cell) string {
	var parts []string
	for _, st := range coverage.States() {
		if n := c.Count(st); n > 0 {
			parts = append(parts, fmt.Sprintf("%s %d", coverage.Label(st), n))
		}
	}
	if len(parts) == 0 {
		return "-"
	}
	return strings.Join(parts, " · ")
}

// renderMarkdown renders a scenario body; SkipHTML drops raw HTML so a
// spec cannot inject markup or script into the page, and no Smartypants:
// `--json` in a spec must not become an en dash.
func renderMarkdown(body string) template.HTML {
	p := parser.NewWithExtensions(parser.CommonExtensions &^ parser.MathJax)
	r := mdhtml.NewRenderer(mdhtml.RendererOptions{Flags: mdhtml.SkipHTML | mdhtml.SkipImages | mdhtml.Safelink})
	out := markdown.ToHTML([]byte(strings.TrimSpace(body)), p, r)
	return template.HTML(out) //nolint:gosec // rendered with raw HTML skipped
}

// filterCSS hides, while #show-<state> is the URL's fragment, every
// scenario in another state and every requirement and capability left
// empty: a filter with no script.
func filterCSS() template.CSS {
	var sel []string
	for _, st := range coverage.States() {
		on := "body:has(#show-" + st + ":target) "
		sel = append(sel, on+".scenario:not(."+st+")", on+".requirement:not(:has(.scenario."+st+"))",
			on+".capability:not(:has(.scenario."+st+"))")
	}
	return template.CSS(strings.Join(sel, ",\n") + " { display: none; }\n") //nolint:gosec // built from constants
}

var coveragePage = template.Must(template.New("report").Funcs(template.FuncMap{
	"cell":   htmlCell,
	"filter": filterCSS,
}).Parse(`<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>ah report: {{.Verdict}}</title>
<style>
body { font-family: system-ui, sans-serif; margin: 2rem auto; max-width: 60rem; color: #1b1f24; padding: 0 1rem; }
table { border-collapse: collapse; margin: 1rem 0; }
th, td { border: 1px solid #d0d7de; padding: .3rem .7rem; text-align: right; }
th:first-child, td:first-child { text-align: left; }
tr.total td { font-weight: bold; background: #f6f8fa; }
a.anchor { color: #8c959f; text-decoration: none; margin-left: .4rem; }
#filter a { margin-right: 1rem; white-space: nowrap; }
#filter a:target { font-weight: bold; }
.requirement { margin-left: .5rem; }
.scenario { border-left: 4px solid #d0d7de; padding: .2rem 1rem; margin: 1rem 0; }
.proven { border-color: #1a7f37; } .missing, .no_tests { border-color: #9a6700; } .failing { border-color: #cf222e; }
.not_run, .waived, .out_of_scope { border-color: #8c959f; }
.state { font-weight: bold; text-transform: uppercase; font-size: .8rem; }
pre.failure { background: #fff1f0; padding: .5rem; overflow-x: auto; white-space: pre-wrap; }
code { background: #f6f8fa; padding: 0 .2rem; }
{{filter}}</style>
</head>
<body>
<h1>ah report: {{.Verdict}}</h1>
{{if .Unproven}}<p id="unproven"><strong>no test ran: run <code>ah report --run-tests</code> to prove the scenarios</strong> (a valid contract is only not run until then).</p>
{{end}}{{if .Carried}}<p id="carried">{{.Carried}} {{if eq .Carried 1}}scenario{{else}}scenarios{{end}} carried from the evidence snapshot of tree <code>{{.CarriedFrom}}</code>: no change since affects them; their tests were not run in this report.</p>
{{end}}
<p id="summary">{{range $i, $s := .States}}{{if $i}} · {{end}}{{$s.Label}} {{$s.Count}}{{end}} of {{.Summary.Total}} scenarios (ah {{.Version}}). Each cell counts its scenarios by state. Only a test run proves a scenario: without <code>--run-tests</code> a valid contract is "not run".</p>
<table id="matrix">
<thead><tr><th>Spec</th>{{range .Columns}}<th>{{.}}</th>{{end}}</tr></thead>
<tbody>
{{range .Rows}}<tr{{if eq .Spec "TOTAL"}} class="total"{{end}}><td>{{if eq .Spec "TOTAL"}}TOTAL{{else}}<a href="#cap-{{.Spec}}">{{.Spec}}</a>{{end}}</td>{{range .Cells}}<td>{{cell .}}</td>{{end}}</tr>
{{end}}</tbody>
</table>
<nav id="filter"><strong>Show:</strong>
<a href="#">all ({{.Summary.Total}})</a>
{{range .States}}<a id="show-{{.State}}" href="#show-{{.State}}">{{.Label}} ({{.Count}})</a>
{{end}}</nav>
{{range .Specs}}<section class="capability" id="{{.Anchor}}">
<h2>{{.Name}}<a class="anchor" href="#{{.Anchor}}">#</a></h2>
{{range .Requirements}}<section class="requirement" id="{{.Anchor}}">
<h3>{{if .Name}}Requirement: {{.Name}}{{else}}Scenarios under no requirement{{end}}<a class="anchor" href="#{{.Anchor}}">#</a></h3>
{{range .Scenarios}}<div class="scenario {{.State}}" id="{{.Anchor}}">
<h4>{{.Title}}<a class="anchor" href="#{{.Anchor}}">#</a></h4>
<p><span class="state">{{.Label}}</span> · archetype {{.Archetype}} · contract <code>{{.Contract}}</code> · status {{.Status}}</p>
{{.Body}}
{{if .CarriedFrom}}<p class="carried">carried from tree <code>{{.CarriedFrom}}</code>: proven by the run of the evidence snapshot there; its tests were not run in this report (ah explain carried)</p>
{{end}}{{if .Waiver}}<p class="waiver">{{.Waiver}}</p>
{{end}}{{if .Bindings}}<ul class="tests">{{range .Bindings}}<li><code>{{.Ref}}</code>: {{.Verdict}}{{if .Command}} · ran <code>{{.Command}}</code>{{end}}{{if .Evidence}}<ul class="evidence">{{range .Evidence}}<li><code>{{.}}</code></li>{{end}}</ul>{{end}}</li>{{end}}</ul>{{end}}
{{if .Findings}}<ul class="findings">{{range .Findings}}<li>{{.}}</li>{{end}}</ul>{{end}}
{{if .Failure}}<pre class="failure">{{.Failure}}</pre>{{end}}
</div>
{{end}}</section>
{{end}}</section>
{{end}}</body>
</html>
`))
