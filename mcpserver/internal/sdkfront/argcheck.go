package sdkfront

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/google/jsonschema-go/jsonschema"
)

// argSchema checks tool arguments against a tool's input schema and says,
// in words an agent can act on, which parameter is wrong and why, in one
// wording: `invalid parameter "NAME": must be WHAT, got VALUE` (VALUE as
// JSON writes it; an unknown parameter is told the accepted ones, a
// missing one "got nothing"), the wording of the engine's own
// ArgumentErrors (`invalid parameter "query": must not be empty ...`).
// Until 2026-11-28 each kind had its own ("missing required parameter",
// "unknown parameter", "parameter "limit" must be ..."). It covers
// the keywords ubp's input schemas use (type string/integer/boolean/array,
// minimum, maximum, minLength, enum, items, required, no additional
// properties); whatever passes it also passes the SDK's own validation.
type argSchema struct {
	schema *jsonschema.Schema
	names  []string // property names in schema order
	// empty is what an empty string parameter (under minLength) is told,
	// by name: the words the tool's handler uses for a blank one, so the
	// two read the same. Others are told "must not be empty".
	empty map[string]string
}

func newArgSchema(s *jsonschema.Schema, empty map[string]string) *argSchema {
	names := slices.Clone(s.PropertyOrder)
	for n := range s.Properties {
		if !slices.Contains(names, n) {
			names = append(names, n)
		}
	}
	return &argSchema{schema: s, names: names, empty: empty}
}

// check validates the raw arguments object (empty or null means {}).
func (a *argSchema) check(raw json.RawMessage) error {
	args := map[string]any{}
	raw = bytes.TrimSpace(raw)
	if len(raw) > 0 && !bytes.Equal(raw, []byte("null")) {
		dec := json.NewDecoder(bytes.NewReader(raw))
		dec.UseNumber()
		if err := dec.Decode(&args); err != nil {
			return fmt.Errorf("arguments must be a JSON object: %w", err)
		}
	}
	for _, name := range sortedKeys(args) {
		if _, ok := a.schema.Properties[name]; !ok {
			return fmt.Errorf("invalid parameter %q: not one this tool takes (it takes %s), got %s", name, strings.Join(a.names, ", "), describe(args[name]))
		}
	}
	for _, name := range a.schema.Required {
		if _, ok := args[name]; !ok {
			return fmt.Errorf("invalid parameter %q: must be given (%s), got nothing", name, expected(a.schema.Properties[name]))
		}
	}
	for _, name := range a.names {
		v, ok := args[name]
		if !ok {
			continue
		}
		if err := checkValue(name, a.schema.Properties[name], v, a.empty[name]); err != nil {
			return err
		}
	}
	return nil
}

// maxPlainInteger bounds an integer parameter whose schema names no
// maximum: far above any line, column or offset of a page.
const maxPlainInteger = math.MaxInt32

func sortedKeys(m map[string]any) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

// checkValue checks one value; path names it in the message ("limit",
// "link_types[2]"); empty is what an empty string is told ("" for "must
// not be empty").
func checkValue(path string, s *jsonschema.Schema, v any, empty string) error {
	bad := func() error {
		return fmt.Errorf("invalid parameter %q: must be %s, got %s", path, expected(s), describe(v))
	}
	switch s.Type {
	case "string":
		str, ok := v.(string)
		if !ok {
			return bad()
		}
		if s.MinLength != nil && utf8.RuneCountInString(str) < *s.MinLength {
			if empty != "" {
				return fmt.Errorf("invalid parameter %q: %s", path, empty)
			}
			return bad()
		}
		if len(s.Enum) > 0 && !slices.Contains(s.Enum, any(str)) {
			return bad()
		}
	case "integer":
		n, ok := v.(json.Number)
		if !ok {
			return bad()
		}
		f, err := n.Float64()
		if err != nil || f != math.Trunc(f) {
			return bad()
		}
		if (s.Minimum != nil && f < *s.Minimum) || (s.Maximum != nil && f > *s.Maximum) {
			return bad()
		}
		// Without a maximum (line numbers, offsets) it must still fit the
		// Go int it is decoded into, which reported 9223372036854775807
		// as "json: cannot unmarshal number 9223372036854776000 into Go
		// struct field ...".
		if s.Maximum == nil && math.Abs(f) > maxPlainInteger {
			return bad()
		}
	case "boolean":
		if _, ok := v.(bool); !ok {
			return bad()
		}
	case "array":
		items, ok := v.([]any)
		if !ok {
			return bad()
		}
		if s.Items != nil {
			for i, it := range items {
				if err := checkValue(fmt.Sprintf("%s[%d]", path, i), s.Items, it, ""); err != nil {
					return err
				}
			}
		}
	}
	return nil
}

// expected says what a value of schema s must be, after "must be": "an
// integer from 1 to 50", "one of asc, desc", "a non-empty string", "an
// array of strings, each one of references, depends_on".
func expected(s *jsonschema.Schema) string {
	switch s.Type {
	case "string":
		switch {
		case len(s.Enum) > 0:
			return "one of " + enumList(s.Enum)
		case s.MinLength != nil && *s.MinLength > 0:
			return "a non-empty string"
		}
		return "a string"
	case "integer":
		if s.Maximum == nil {
			if s.Minimum == nil {
				return fmt.Sprintf("an integer of at most %d", maxPlainInteger)
			}
			return fmt.Sprintf("an integer%s and at most %d", rangeText(s), maxPlainInteger)
		}
		return "an integer" + rangeText(s)
	case "boolean":
		return "true or false"
	case "array":
		if s.Items != nil && s.Items.Type == "string" {
			if len(s.Items.Enum) > 0 {
				return "an array of strings, each one of " + enumList(s.Items.Enum)
			}
			return "an array of strings"
		}
		return "an array"
	}
	return s.Type
}

// rangeText renders the bounds of an integer schema: " from 1 to 20".
func rangeText(s *jsonschema.Schema) string {
	num := func(f float64) string { return strconv.FormatFloat(f, 'f', -1, 64) }
	switch {
	case s.Minimum != nil && s.Maximum != nil:
		return fmt.Sprintf(" from %s to %s", num(*s.Minimum), num(*s.Maximum))
	case s.Minimum != nil:
		return fmt.Sprintf(" of at least %s", num(*s.Minimum))
	case s.Maximum != nil:
		return fmt.Sprintf(" of at most %s", num(*s.Maximum))
	}
	return ""
}

func enumList(vals []any) string {
	parts := make([]string, len(vals))
	for i, v := range vals {
		parts[i] = fmt.Sprint(v)
	}
	return strings.Join(parts, ", ")
}

// describe writes v as JSON writes it ("ten" is a string, 10 a number),
// cut after 60 bytes.
func describe(v any) string {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false) // "<a>" as written
	if err := enc.Encode(v); err != nil {
		return fmt.Sprintf("%v", v)
	}
	b := bytes.TrimSuffix(buf.Bytes(), []byte("\n"))
	if len(b) > 60 {
		cut := 60
		for cut > 0 && !utf8.RuneStart(b[cut]) {
			cut--
		}
		return string(b[:cut]) + "..."
	}
	return string(b)
}
