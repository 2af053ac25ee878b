package project

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
)

// keyLines maps each key of a configuration file, as a dotted path
// ("search.fusion", "exclude[1]" for list entries), to the line it stands
// on, so that errors about a field can say where it is.
type keyLines map[string]int

// scanKeys walks data's JSON tokens, recording the line of every key and
// list entry. A key given twice in one object is a *ConfigError naming the
// second and the line of the first: encoding/json keeps the last without
// a word, so a forgotten first "docs_dir" silently lost. Data that is not
// valid JSON stops the scan without an error (the decoder reports it).
func scanKeys(data []byte) (keyLines, error) {
	type frame struct {
		object bool
		path   string // the container's own path, "" for the root
		key    string // object: the key whose value comes next, "" when a key comes next
		index  int    // list: the next entry's index
		seen   map[string]int
	}
	lines := keyLines{}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var stack []*frame
	// The line of each token is counted on from the previous one's:
	// lineCol from the start at every token made a 480 KB list take 12 s.
	line, counted := 1, 0
	// valuePath is the path of the value about to be read.
	valuePath := func() string {
		if len(stack) == 0 {
			return ""
		}
		f := stack[len(stack)-1]
		if f.object {
			return join(f.path, f.key)
		}
		return fmt.Sprintf("%s[%d]", f.path, f.index)
	}
	// valueDone moves the innermost container past the value just read.
	valueDone := func() {
		if len(stack) == 0 {
			return
		}
		if f := stack[len(stack)-1]; f.object {
			f.key = ""
		} else {
			f.index++
		}
	}
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			return lines, nil
		}
		if err != nil {
			return lines, nil //nolint:nilerr // not JSON: parseConfig's decode names the line and column
		}
		off := int(min(dec.InputOffset(), int64(len(data))))
		line += bytes.Count(data[counted:off], []byte{'\n'})
		counted = off
		top := (*frame)(nil)
		if len(stack) > 0 {
			top = stack[len(stack)-1]
		}
		switch t := tok.(type) {
		case json.Delim:
			switch t {
			case '{', '[':
				p := valuePath()
				if top != nil && !top.object {
					lines[p] = line
				}
				stack = append(stack, &frame{object: t == '{', path: p, seen: map[string]int{}})
			default:
				stack = stack[:len(stack)-1]
				valueDone()
			}
		case string:
			if top != nil && top.object && top.key == "" {
				path := join(top.path, t)
				if first, ok := top.seen[t]; ok {
					return lines, &ConfigError{Line: line, Field: path, Message: fmt.Sprintf(
						"given twice (first on line %d); only one value can count: delete the one you do not mean", first)}
				}
				top.seen[t] = line
				lines[path] = line
				top.key = t
				continue
			}
			if top != nil && !top.object {
				lines[valuePath()] = line
			}
			valueDone()
		default:
			if top != nil && !top.object {
				lines[valuePath()] = line
			}
			valueDone()
		}
	}
}

// join is the dotted path of key inside path.
func join(path, key string) string {
	if path == "" {
		return key
	}
	return path + "." + key
}

// at sets e's line to the line of its field, when the file has the field.
func (k keyLines) at(e *ConfigError) {
	if e.Line == 0 && e.Field != "" {
		e.Line = k[e.Field]
	}
}
