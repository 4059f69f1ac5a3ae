package lines

import "bytes"

// Splitter is an io.Writer that hands Handle every complete line, without
// its "\n", as soon as the line ends. Only the first Max bytes of a line
// are kept; cut tells Handle the rest was dropped. The line Handle gets is
// reused afterwards: Handle copies what it keeps.
type Splitter struct {
	Max    int
	Handle func(line []byte, cut bool)

	partial []byte
	cut     bool // the current line passed Max; drop until its end
}

// Write implements io.Writer; it never fails.
func (s *Splitter) Write(b []byte) (int, error) {
	n := len(b)
	for len(b) > 0 {
		i := bytes.IndexByte(b, '\n')
		chunk := b
		if i >= 0 {
			chunk = b[:i]
		}
		if !s.cut {
			if room := s.Max - len(s.partial); len(chunk) > room {
				chunk, s.cut = chunk[:room], true
			}
			s.partial = append(s.partial, chunk...)
		}
		if i < 0 {
			break
		}
		s.emit()
		b = b[i+1:]
	}
	return n, nil
}

// Flush hands Handle the last line when the output did not end with "\n"
// (an empty last line is not handed on).
func (s *Splitter) Flush() {
	if len(s.partial) > 0 {
		s.emit()
	}
}

func (s *Splitter) emit() {
	line, cut := s.partial, s.cut
	s.partial, s.cut = s.partial[:0], false
	s.Handle(line, cut)
}
