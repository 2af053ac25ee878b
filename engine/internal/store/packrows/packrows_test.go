package packrows

import (
	"errors"
	"testing"
)

// A packed text reads back field by field; texts may hold spaces, colons,
// digits and any byte; a read past a malformed field fails and stays
// failed.
func TestReader(t *testing.T) {
	r := NewReader("12 abc 5:a b:c0:-3 3:é\x00")
	if n := r.Number(); n != 12 {
		t.Errorf("Number = %d, want 12", n)
	}
	if w := r.Word(); w != "abc" {
		t.Errorf("Word = %q, want abc", w)
	}
	if s := r.Text(); s != "a b:c" {
		t.Errorf("Text = %q, want %q", s, "a b:c")
	}
	if s := r.Text(); s != "" {
		t.Errorf("empty Text = %q", s)
	}
	if n := r.Number(); n != -3 {
		t.Errorf("Number = %d, want -3", n)
	}
	if s := r.Text(); s != "é\x00" {
		t.Errorf("Text = %q, want %q", s, "é\x00")
	}
	if r.More() || r.Err() != nil {
		t.Errorf("at the end: More %v, Err %v", r.More(), r.Err())
	}
	for _, tc := range []struct {
		name string
		in   string
		read func(*Reader)
	}{
		{"a word without its space", "12", func(r *Reader) { r.Word() }},
		{"a number that is none", "x ", func(r *Reader) { r.Number() }},
		{"a text without its length", "abc", func(r *Reader) { r.Text() }},
		{"a length past the end", "9:abc", func(r *Reader) { r.Text() }},
		{"a negative length", "-1:", func(r *Reader) { r.Text() }},
		{"a length that is no number", "3x:abc", func(r *Reader) { r.Text() }},
	} {
		r := NewReader(tc.in)
		tc.read(r)
		if !errors.Is(r.Err(), ErrMalformed) || r.More() {
			t.Errorf("%s: Err %v, More %v; want ErrMalformed and no more", tc.name, r.Err(), r.More())
		}
		if r.Word() != "" || r.Number() != 0 || r.Text() != "" {
			t.Errorf("%s: a read after the error returned a value", tc.name)
		}
	}
}
