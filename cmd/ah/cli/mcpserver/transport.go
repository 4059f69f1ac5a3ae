package mcpserver

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"sync"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// MaxLineBytes bounds one inbound message (a line of stdin), as the SDK's
// own stdio transport does.
const MaxLineBytes = mcp.DefaultMaxLineLength

// Stdio is ah's MCP transport over a byte stream of newline-delimited
// JSON-RPC messages (stdin and stdout). It differs from the SDK's
// IOTransport in two ways (issue 38):
//
//   - a line that is not a JSON-RPC message ({not json, [], "str", an
//     object without method nor result) gets a JSON-RPC error reply
//     (-32700 parse error, -32600 invalid request) and the server reads
//     the next line; the SDK's transport ends the connection instead;
//   - a call the client cancelled (notifications/cancelled) gets no
//     response once the cancellation has arrived, as the MCP
//     specification asks; the SDK still writes the handler's result.
//
// A batch (a JSON array) is refused, each call in it with an error reply
// naming its id: MCP 2025-06-18 removed batching.
type Stdio struct {
	In  io.Reader
	Out io.Writer
}

// Connect implements mcp.Transport.
func (t *Stdio) Connect(context.Context) (mcp.Connection, error) {
	c := &stdioConn{
		out:       t.Out,
		incoming:  make(chan readResult),
		closed:    make(chan struct{}),
		inflight:  map[string]bool{},
		cancelled: map[string]bool{},
	}
	go c.readLoop(bufio.NewReaderSize(t.In, 64<<10))
	return c, nil
}

type readResult struct {
	msg jsonrpc.Message
	err error
}

type stdioConn struct {
	out      io.Writer
	writeMu  sync.Mutex
	incoming chan readResult

	closeOnce sync.Once
	closed    chan struct{}

	mu sync.Mutex
	// inflight are the ids of the client's calls not answered yet;
	// cancelled those of them the client cancelled (JSON of the id).
	inflight, cancelled map[string]bool
}

// idKey is the JSON of a request id (1 and 1.0 alike), the key of
// inflight and cancelled.
func idKey(v any) string {
	if f, ok := v.(float64); ok && f == float64(int64(f)) {
		v = int64(f)
	}
	b, _ := json.Marshal(v)
	return string(b)
}

func (c *stdioConn) readLoop(r *bufio.Reader) {
	for {
		line, tooLong, err := readLine(r)
		if len(bytes.TrimSpace(line)) > 0 || tooLong {
			if msg := c.decode(line, tooLong); msg != nil && !c.deliver(readResult{msg: msg}) {
				return
			}
		}
		if err != nil {
			c.deliver(readResult{err: err})
			return
		}
	}
}

// deliver hands a result to Read; false once the connection is closed.
func (c *stdioConn) deliver(r readResult) bool {
	select {
	case c.incoming <- r:
		return true
	case <-c.closed:
		return false
	}
}

// readLine reads one line (without its newline); a line beyond
// MaxLineBytes is read to its end, discarded and reported as too long.
func readLine(r *bufio.Reader) (line []byte, tooLong bool, err error) {
	for {
		chunk, err := r.ReadSlice('\n')
		if !tooLong {
			if len(line)+len(chunk) > MaxLineBytes {
				tooLong, line = true, nil
			} else {
				line = append(line, chunk...)
			}
		}
		if errors.Is(err, bufio.ErrBufferFull) {
			continue
		}
		return bytes.TrimRight(line, "\r\n"), tooLong, err
	}
}

// decode is the message on line, or nil after replying with the error
// that says why it is none.
func (c *stdioConn) decode(line []byte, tooLong bool) jsonrpc.Message {
	line = bytes.TrimSpace(line)
	switch {
	case tooLong:
		c.replyError(nil, jsonrpc.CodeInvalidRequest, fmt.Sprintf("message longer than %d bytes: ignored", MaxLineBytes))
		return nil
	case !json.Valid(line):
		c.replyError(nil, jsonrpc.CodeParseError, "parse error: the line is not JSON; send one JSON-RPC message per line")
		return nil
	case line[0] == '[':
		var batch []json.RawMessage
		_ = json.Unmarshal(line, &batch)
		if len(batch) == 0 {
			c.replyError(nil, jsonrpc.CodeInvalidRequest, "invalid request: an empty batch")
			return nil
		}
		for _, raw := range batch {
			if id, ok := idOf(raw); ok {
				c.replyError(id, jsonrpc.CodeInvalidRequest, "invalid request: JSON-RPC batches are not supported; send one message per line")
			}
		}
		return nil
	case line[0] != '{':
		c.replyError(nil, jsonrpc.CodeInvalidRequest, "invalid request: a JSON-RPC message is an object")
		return nil
	}
	msg, err := jsonrpc.DecodeMessage(line)
	if resp, ok := msg.(*jsonrpc.Response); ok && err == nil && (resp.Result == nil) == (resp.Error == nil) {
		err = errors.New("neither a request (method) nor a response (exactly one of result and error)")
	}
	if err != nil {
		id, _ := idOf(line)
		c.replyError(id, jsonrpc.CodeInvalidRequest, "invalid request: "+err.Error())
		return nil
	}
	if req, ok := msg.(*jsonrpc.Request); ok {
		c.mu.Lock()
		switch {
		case req.IsCall():
			c.inflight[idKey(req.ID.Raw())] = true
		case req.Method == "notifications/cancelled":
			var p struct {
				RequestID any `json:"requestId"`
			}
			if json.Unmarshal(req.Params, &p) == nil && p.RequestID != nil {
				if k := idKey(p.RequestID); c.inflight[k] {
					c.cancelled[k] = true
				}
			}
		}
		c.mu.Unlock()
	}
	return msg
}

// idOf is the id of a JSON-RPC object (nil for none or null).
func idOf(raw []byte) (any, bool) {
	var m struct {
		ID     any     `json:"id"`
		Method *string `json:"method"`
	}
	if json.Unmarshal(raw, &m) != nil || m.ID == nil {
		return nil, false
	}
	return m.ID, true
}

// replyError writes a JSON-RPC error response for id. Without one (nil)
// the response has no id member: JSON-RPC 2.0 would write "id": null,
// but MCP's schema (2025-11-25) leaves the id out of an error whose
// request has none, and a client validating against it (the TypeScript
// SDK's) drops a null id as malformed.
func (c *stdioConn) replyError(id any, code int64, msg string) {
	type wireError struct {
		Code    int64  `json:"code"`
		Message string `json:"message"`
	}
	b, err := json.Marshal(struct {
		JSONRPC string    `json:"jsonrpc"`
		ID      any       `json:"id,omitempty"`
		Error   wireError `json:"error"`
	}{JSONRPC: "2.0", ID: id, Error: wireError{code, "ah mcp: " + msg}})
	if err == nil {
		_ = c.writeLine(b)
	}
}

func (c *stdioConn) writeLine(b []byte) error {
	c.writeMu.Lock()
	defer c.writeMu.Unlock()
	_, err := c.out.Write(append(b, '\n'))
	return err
}

// Read implements mcp.Connection.
func (c *stdioConn) Read(ctx context.Context) (jsonrpc.Message, error) {
	select {
	case <-ctx.Done():
		return nil, ctx.Err()
	case r := <-c.incoming:
		return r.msg, r.err
	case <-c.closed:
		return nil, io.EOF
	}
}

// Write implements mcp.Connection; the response to a cancelled call is
// dropped.
func (c *stdioConn) Write(ctx context.Context, msg jsonrpc.Message) error {
	select {
	case <-ctx.Done():
		return ctx.Err()
	default:
	}
	if resp, ok := msg.(*jsonrpc.Response); ok && resp.ID.IsValid() {
		k := idKey(resp.ID.Raw())
		c.mu.Lock()
		dropped := c.cancelled[k]
		delete(c.inflight, k)
		delete(c.cancelled, k)
		c.mu.Unlock()
		if dropped {
			return nil
		}
	}
	b, err := jsonrpc.EncodeMessage(msg)
	if err != nil {
		return err
	}
	return c.writeLine(b)
}

// Close implements mcp.Connection. It does not close In (stdin may be
// shared); the read goroutine ends at its next line or at EOF.
func (c *stdioConn) Close() error {
	c.closeOnce.Do(func() { close(c.closed) })
	return nil
}

// SessionID implements mcp.Connection.
func (c *stdioConn) SessionID() string { return "" }
