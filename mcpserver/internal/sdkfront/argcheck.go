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
// in words an agent can act on, which parameter is wrong and why. It covers
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
			return fmt.Errorf("unknown parameter %q; accepted parameters: %s", name, strings.Join(a.names, ", "))
		}
	}
	for _, name := range a.schema.Required {
		if _, ok := args[name]; !ok {
			return fmt.Errorf("missing required parameter %q", name)
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
	switch s.Type {
	case "string":
		str, ok := v.(string)
		if !ok {
			return fmt.Errorf("parameter %q must be a string, got %s", path, describe(v))
		}
		if s.MinLength != nil && utf8.RuneCountInString(str) < *s.MinLength {
			if empty == "" {
				empty = "must not be empty"
			}
			return fmt.Errorf("invalid parameter %q: %s", path, empty)
		}
		if len(s.Enum) > 0 && !slices.Contains(s.Enum, any(str)) {
			return fmt.Errorf("parameter %q must be one of %s, got %q", path, enumList(s.Enum), str)
		}
	case "integer":
		n, ok := v.(json.Number)
		if !ok {
			return fmt.Errorf("parameter %q must be an integer%s, got %s", path, rangeText(s), describe(v))
		}
		f, err := n.Float64()
		if err != nil || f != math.Trunc(f) {
			return fmt.Errorf("parameter %q must be an integer%s, got %s", path, rangeText(s), n)
		}
		if (s.Minimum != nil && f < *s.Minimum) || (s.Maximum != nil && f > *s.Maximum) {
			return fmt.Errorf("parameter %q must be an integer%s, got %s", path, rangeText(s), n)
		}
		// Without a maximum (line numbers, offsets) it must still fit the
		// Go int it is decoded into, which reported 9223372036854775807
		// as "json: cannot unmarshal number 9223372036854776000 into Go
		// struct field ...".
		if s.Maximum == nil && math.Abs(f) > maxPlainInteger {
			return fmt.Errorf("parameter %q must be an integer of at most %d, got %s", path, maxPlainInteger, n)
		}
	case "boolean":
		if _, ok := v.(bool); !ok {
			return fmt.Errorf("parameter %q must be true or false, got %s", path, describe(v))
		}
	case "array":
		items, ok := v.([]any)
		if !ok {
			return fmt.Errorf("parameter %q must be an array, got %s", path, describe(v))
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

// describe names the JSON type of v, with the value when short.
func describe(v any) string {
	switch x := v.(type) {
	case nil:
		return "null"
	case string:
		if len(x) > 40 {
			x = x[:40] + "..."
		}
		return fmt.Sprintf("the string %q", x)
	case json.Number:
		return "the number " + x.String()
	case bool:
		return fmt.Sprintf("the boolean %v", x)
	case []any:
		return "an array"
	case map[string]any:
		return "an object"
	}
	return fmt.Sprintf("%T", v)
}
