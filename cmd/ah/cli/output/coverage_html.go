package output

import (
	"html/template"
	"io"
	"strings"

	"github.com/gomarkdown/markdown"
	mdhtml "github.com/gomarkdown/markdown/html"
	"github.com/gomarkdown/markdown/parser"

	"github.com/espectacular/ah/core/coverage"
)

// CoverageHTML writes the matrix as one self-contained page: inline CSS,
// no script, nothing fetched. Each capability lists its scenarios rendered
// from their markdown (raw HTML in a spec is dropped, not passed through),
// with the contract's state and each test's verdict.
func CoverageHTML(w io.Writer, m coverage.Matrix, cliVersion string) error {
	type binding struct{ Ref, Verdict string }
	type scenario struct {
		Title, ID, Archetype, State, Contract, Status string
		Body                                          template.HTML
		Findings                                      []string
		Bindings                                      []binding
	}
	type capability struct {
		Name      string
		Scenarios []scenario
	}
	page := struct {
		Version string
		Columns []string
		Rows    []coverage.Row
		Summary coverage.Cell
		Total   int
		Verdict string
		Specs   []capability
	}{Version: cliVersion, Columns: coverage.Columns(), Rows: m.Rows, Summary: m.Summary(), Verdict: "complete"}
	page.Total = page.Summary.Covered + page.Summary.Missing + page.Summary.Failing
	if page.Summary.Missing+page.Summary.Failing > 0 {
		page.Verdict = "incomplete"
	}
	for _, s := range m.Scenarios {
		if n := len(page.Specs); n == 0 || page.Specs[n-1].Name != s.Unit.Capability {
			page.Specs = append(page.Specs, capability{Name: s.Unit.Capability})
		}
		sc := scenario{
			Title: s.Unit.Scenario.Title, ID: s.Unit.Scenario.ID, Archetype: s.Archetype, State: s.State,
			Contract: s.Unit.ContractPath, Status: s.Unit.Status, Body: renderMarkdown(s.Unit.Scenario.BodyMarkdown),
		}
		for _, f := range s.Findings {
			sc.Findings = append(sc.Findings, string(f.Kind)+": "+f.Message)
		}
		for _, b := range s.Unit.Bindings {
			sc.Bindings = append(sc.Bindings, binding{b.Ref, b.Verdict})
		}
		last := &page.Specs[len(page.Specs)-1]
		last.Scenarios = append(last.Scenarios, sc)
	}
	return coveragePage.Execute(w, page)
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

var coveragePage = template.Must(template.New("report").Funcs(template.FuncMap{
	"cell": cellText,
}).Parse(`<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>ah report: coverage {{.Verdict}}</title>
<style>
body { font-family: system-ui, sans-serif; margin: 2rem auto; max-width: 60rem; color: #1b1f24; padding: 0 1rem; }
table { border-collapse: collapse; margin: 1rem 0; }
th, td { border: 1px solid #d0d7de; padding: .3rem .7rem; text-align: right; }
th:first-child, td:first-child { text-align: left; }
tr.total td { font-weight: bold; background: #f6f8fa; }
.scenario { border-left: 4px solid #d0d7de; padding: .2rem 1rem; margin: 1rem 0; }
.covered { border-color: #1a7f37; } .missing { border-color: #9a6700; } .failing { border-color: #cf222e; }
.state { font-weight: bold; text-transform: uppercase; font-size: .8rem; }
code { background: #f6f8fa; padding: 0 .2rem; }
</style>
</head>
<body>
<h1>ah report: coverage {{.Verdict}}</h1>
<p id="summary">Covered {{.Summary.Covered}}, missing {{.Summary.Missing}}, failing {{.Summary.Failing}} of {{.Total}} scenarios (ah {{.Version}}). Each cell: covered / missing / failing.</p>
<table id="matrix">
<thead><tr><th>Spec</th>{{range .Columns}}<th>{{.}}</th>{{end}}</tr></thead>
<tbody>
{{range .Rows}}<tr{{if eq .Spec "TOTAL"}} class="total"{{end}}><td>{{.Spec}}</td>{{range .Cells}}<td>{{cell .}}</td>{{end}}</tr>
{{end}}</tbody>
</table>
{{range .Specs}}<section>
<h2>{{.Name}}</h2>
{{range .Scenarios}}<div class="scenario {{.State}}">
<h3>{{.Title}}</h3>
<p><span class="state">{{.State}}</span> · archetype {{.Archetype}} · contract <code>{{.Contract}}</code> · status {{.Status}}</p>
{{.Body}}
{{if .Bindings}}<ul class="tests">{{range .Bindings}}<li><code>{{.Ref}}</code>: {{.Verdict}}</li>{{end}}</ul>{{end}}
{{if .Findings}}<ul class="findings">{{range .Findings}}<li>{{.}}</li>{{end}}</ul>{{end}}
</div>
{{end}}</section>
{{end}}</body>
</html>
`))
