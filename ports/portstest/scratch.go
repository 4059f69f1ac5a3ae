package portstest

import (
	"context"
	"fmt"
	"io/fs"
	"maps"
	"slices"
	"strings"
	"sync"

	"github.com/espectacular/ah/ports"
)

// Scratch is an in-memory ports.Scratch. Directories are named
// /scratch/1, /scratch/2, ...; files live in a map. It is safe for
// concurrent use.
type Scratch struct {
	// Err, when set, is returned by MkdirTemp.
	Err error

	mu    sync.Mutex
	n     int
	dirs  map[string]bool
	files map[string][]byte
}

var _ ports.Scratch = (*Scratch)(nil)

// MkdirTemp implements ports.Scratch.
func (s *Scratch) MkdirTemp(ctx context.Context) (string, error) {
	if s.Err != nil {
		return "", s.Err
	}
	if err := ctx.Err(); err != nil {
		return "", err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.init()
	s.n++
	dir := fmt.Sprintf("/scratch/%d", s.n)
	s.dirs[dir] = true
	return dir, nil
}

// WriteFile implements ports.Scratch; the directory must exist.
func (s *Scratch) WriteFile(path string, data []byte) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.init()
	if !s.dirs[parent(path)] {
		return &fs.PathError{Op: "write", Path: path, Err: fs.ErrNotExist}
	}
	s.files[path] = slices.Clone(data)
	return nil
}

// ReadFile implements ports.Scratch.
func (s *Scratch) ReadFile(path string) ([]byte, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	data, ok := s.files[path]
	if !ok {
		return nil, &fs.PathError{Op: "open", Path: path, Err: fs.ErrNotExist}
	}
	return slices.Clone(data), nil
}

// RemoveAll implements ports.Scratch.
func (s *Scratch) RemoveAll(path string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.init()
	for d := range s.dirs {
		if d == path || strings.HasPrefix(d, path+"/") {
			delete(s.dirs, d)
		}
	}
	for f := range s.files {
		if f == path || strings.HasPrefix(f, path+"/") {
			delete(s.files, f)
		}
	}
	return nil
}

// Put stores a file as a framework run would have written it.
func (s *Scratch) Put(path string, data []byte) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.init()
	s.files[path] = slices.Clone(data)
}

// Live returns the directories that exist, sorted: empty once every run
// cleaned up after itself.
func (s *Scratch) Live() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return slices.Sorted(maps.Keys(s.dirs))
}

// Files returns the names of the files that exist, sorted.
func (s *Scratch) Files() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return slices.Sorted(maps.Keys(s.files))
}

func (s *Scratch) init() {
	if s.dirs == nil {
		s.dirs, s.files = map[string]bool{}, map[string][]byte{}
	}
}

func parent(path string) string {
	i := strings.LastIndex(path, "/")
	if i <= 0 {
		return "/"
	}
	return path[:i]
}
