package mcpserver

import (
	"encoding/base64"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"sync"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// DefaultPageBytes bounds one page of a paged tool result: the JSON of
// its paged arrays (ah_check's findings and executions, ah_report's
// scenarios). A result within it comes whole, equal to the CLI's.
const DefaultPageBytes = 32 << 10

// DefaultKeptResults is how many paged results the server keeps for
// their cursors; an older cursor has expired.
const DefaultKeptResults = 8

// pager keeps the results too large for one page, so that a cursor pages
// through the result the first call made, never running it again.
type pager struct {
	bytes int
	// limit is how many results are kept (DefaultKeptResults).
	limit int

	mu      sync.Mutex
	seq     int
	results map[int]*kept
}

// kept is one paged result.
type kept struct {
	tool string
	// env is an envelope and arrays its paged arrays (ah_check,
	// ah_report); or out holds ah_next's steps.
	env    map[string]any
	arrays []string
	sizes  [][]int
	out    *NextOutput
	limit  int
}

func newPager(bytes, keep int) *pager {
	if bytes < 1 {
		bytes = DefaultPageBytes
	}
	if keep < 1 {
		keep = DefaultKeptResults
	}
	return &pager{bytes: bytes, limit: keep, results: map[int]*kept{}}
}

// keep stores k and returns its number.
func (p *pager) keep(k *kept) int {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.seq++
	p.results[p.seq] = k
	delete(p.results, p.seq-p.limit)
	return p.seq
}

// cursor is the opaque continuation naming result n from offset.
func cursor(n, offset int) string {
	return base64.RawURLEncoding.EncodeToString([]byte(fmt.Sprintf("ah:%d:%d", n, offset)))
}

// lookup finds the result and offset a cursor names, or says what to do
// instead.
func (p *pager) lookup(tool, c string) (int, *kept, int, error) {
	expired := fmt.Errorf("ah: cursor %q is unknown or has expired (the server keeps its last %d paged results): call %s again without cursor", c, p.limit, tool)
	b, err := base64.RawURLEncoding.DecodeString(c)
	parts := strings.Split(string(b), ":")
	if err != nil || len(parts) != 3 || parts[0] != "ah" {
		return 0, nil, 0, expired
	}
	n, err1 := strconv.Atoi(parts[1])
	off, err2 := strconv.Atoi(parts[2])
	p.mu.Lock()
	k := p.results[n]
	p.mu.Unlock()
	if err1 != nil || err2 != nil || k == nil || off < 0 {
		return 0, nil, 0, expired
	}
	if k.tool != tool {
		return 0, nil, 0, fmt.Errorf("ah: cursor %q continues %s, not %s: call %s with it", c, k.tool, tool, k.tool)
	}
	return n, k, off, nil
}

// envelope pages an envelope tool's result: with a cursor, the page it
// names; else the result of run, whole when its arrays fit one page, or
// its first page.
func (p *pager) envelope(tool, cur string, arrays []string, run func() (*mcp.CallToolResult, map[string]any), summary func(map[string]any) string) *mcp.CallToolResult {
	if cur != "" {
		n, k, off, err := p.lookup(tool, cur)
		if err != nil {
			return toolError(err.Error())
		}
		return p.envPage(n, k, off, summary)
	}
	res, env := run()
	if env == nil || res.IsError {
		return res
	}
	k := &kept{tool: tool, env: env, arrays: arrays}
	total := 0
	data := dataOf(env)
	for _, a := range arrays {
		items, _ := data[a].([]any)
		sizes := make([]int, len(items))
		for i, it := range items {
			b, _ := json.Marshal(it)
			sizes[i] = len(b) + 1
			total += sizes[i]
		}
		k.sizes = append(k.sizes, sizes)
	}
	if total <= p.bytes {
		return res
	}
	return p.envPage(p.keep(k), k, 0, summary)
}

// pageRange is one array's part of a page.
type pageRange struct {
	Total    int `json:"total"`
	Offset   int `json:"offset"`
	Returned int `json:"returned"`
	LeftOut  int `json:"left_out"`
}

// envPage is the page of result n from offset (an index into k's arrays,
// concatenated): as many items as fit p.bytes, at least one.
func (p *pager) envPage(n int, k *kept, off int, summary func(map[string]any) string) *mcp.CallToolResult {
	var all []int
	for _, s := range k.sizes {
		all = append(all, s...)
	}
	end, used := off, 0
	for end < len(all) && (end == off || used+all[end] <= p.bytes) {
		used += all[end]
		end++
	}
	env := make(map[string]any, len(k.env))
	for key, v := range k.env {
		env[key] = v
	}
	data := make(map[string]any, len(dataOf(k.env)))
	for key, v := range dataOf(k.env) {
		data[key] = v
	}
	env["data"] = data
	ranges := map[string]pageRange{}
	var parts []string
	start := 0
	for i, a := range k.arrays {
		items, _ := data[a].([]any)
		from, to := clamp(off-start, len(items)), clamp(end-start, len(items))
		start += len(k.sizes[i])
		if items == nil {
			continue
		}
		data[a] = items[from:to]
		ranges[a] = pageRange{Total: len(items), Offset: from, Returned: to - from, LeftOut: len(items) - (to - from)}
		if to > from {
			parts = append(parts, fmt.Sprintf("%s %d-%d of %d", a, from+1, to, len(items)))
		} else {
			parts = append(parts, fmt.Sprintf("%s none of %d", a, len(items)))
		}
	}
	meta := mcp.Meta{"page": ranges}
	text := summary(k.env) + "; this page: " + strings.Join(parts, ", ")
	if end < len(all) {
		c := cursor(n, end)
		meta["next_cursor"] = c
		more := fmt.Sprintf("more: call again with cursor=%q", c)
		text += "; " + more
		hints, _ := env["hints"].([]any)
		env["hints"] = append(append([]any{}, hints...), "this result is paged; "+more)
	}
	return &mcp.CallToolResult{StructuredContent: env, Meta: meta, Content: []mcp.Content{&mcp.TextContent{Text: text}}}
}

func clamp(i, n int) int {
	return max(0, min(i, n))
}

// nextPage is the page of ah_next's steps from offset: limit of them.
func (p *pager) nextPage(n int, k *kept, off, limit int, text string) *mcp.CallToolResult {
	all := k.out.Steps
	off = clamp(off, len(all))
	end := clamp(off+limit, len(all))
	out := NextOutput{OK: k.out.OK, Steps: all[off:end], Remaining: len(all) - end, Check: k.out.Check}
	res := &mcp.CallToolResult{}
	if out.Remaining > 0 {
		if n == 0 {
			n = p.keep(k)
		}
		out.NextCursor = cursor(n, end)
		res.Meta = mcp.Meta{"next_cursor": out.NextCursor}
		text += fmt.Sprintf("; more: call again with cursor=%q", out.NextCursor)
	}
	res.StructuredContent = out
	res.Content = []mcp.Content{&mcp.TextContent{Text: text}}
	return res
}
