package mcpserver

import (
	"encoding/json"
	"fmt"
	"reflect"
	"slices"
	"strings"

	"github.com/google/jsonschema-go/jsonschema"
)

// inferSchema derives the JSON schema of T with jsonschema.For and makes it
// portable: slices become plain arrays (answers never carry null arrays, see
// fillNilSlices, and inputs have no reason to send null), and the remaining
// nullable scalars (type ["null","string"]) become anyOf branches, which
// clients that map schemas onto a single-type dialect understand; optional
// objects (pointers with omitempty) are plain objects.
func inferSchema[T any]() (*jsonschema.Schema, error) {
	s, err := jsonschema.For[T](nil)
	if err != nil {
		var z T
		return nil, fmt.Errorf("infer schema of %T: %w", z, err)
	}
	tightenArrays(s)
	nullableAsAnyOf(s)
	return s, nil
}

// nullableAsAnyOf rewrites {"type":["null",T]} of scalar T as
// {"anyOf":[{"type":"null"},{"type":T}]}, everywhere in s.
func nullableAsAnyOf(s *jsonschema.Schema) {
	if s == nil {
		return
	}
	if len(s.Types) == 2 && slices.Contains(s.Types, "null") && s.Properties == nil && s.Items == nil {
		other := s.Types[0]
		if other == "null" {
			other = s.Types[1]
		}
		s.Types = nil
		s.AnyOf = []*jsonschema.Schema{{Type: "null"}, {Type: other}}
	}
	nullableAsAnyOf(s.Items)
	for name, p := range s.Properties {
		optionalObject(p, !slices.Contains(s.Required, name))
		nullableAsAnyOf(p)
	}
}

// optionalObject gives an optional pointer-to-struct property (omitempty:
// absent, never null) the plain type "object" instead of ["null","object"].
func optionalObject(p *jsonschema.Schema, optional bool) {
	if optional && len(p.Types) == 2 && slices.Contains(p.Types, "null") && slices.Contains(p.Types, "object") {
		p.Types = nil
		p.Type = "object"
	}
}

// tightenArrays replaces the type ["null","array"] that jsonschema.For gives
// slices with "array", everywhere in s.
func tightenArrays(s *jsonschema.Schema) {
	if s == nil {
		return
	}
	if len(s.Types) == 2 && slices.Contains(s.Types, "null") && slices.Contains(s.Types, "array") {
		s.Types = nil
		s.Type = "array"
	}
	tightenArrays(s.Items)
	for _, p := range s.Properties {
		tightenArrays(p)
	}
}

// intParam sets bounds and a default on an integer property; hi 0 means
// no upper bound and a negative def no default.
func intParam(s *jsonschema.Schema, name string, lo, hi float64, def int) {
	p := s.Properties[name]
	p.Type = "integer"
	p.Minimum = &lo
	if hi > 0 {
		p.Maximum = &hi
	}
	if def >= 0 {
		p.Default = json.RawMessage(fmt.Sprint(def))
	}
}

// enumParam restricts a string property (or the items of an array
// property) to values.
func enumParam[T ~string](s *jsonschema.Schema, name string, values []T, def string) {
	p := s.Properties[name]
	target := p
	if p.Type == "array" {
		target = p.Items
	}
	target.Enum = make([]any, len(values))
	for i, v := range values {
		target.Enum[i] = string(v)
	}
	if def != "" {
		p.Default = json.RawMessage(fmt.Sprintf("%q", def))
	}
}

// nonEmpty requires a string property to have at least one character.
func nonEmpty(s *jsonschema.Schema, name string) {
	one := 1
	s.Properties[name].MinLength = &one
}

// fillNilSlices replaces every nil slice reachable from *v (through structs,
// slices and pointers) with an empty one, so that answers say [] rather than
// null, as their output schemas promise.
func fillNilSlices(v any) {
	rv := reflect.ValueOf(v)
	if rv.Kind() != reflect.Pointer || rv.IsNil() {
		return
	}
	fillValue(rv.Elem())
}

func fillValue(v reflect.Value) {
	switch v.Kind() {
	case reflect.Pointer:
		if !v.IsNil() {
			fillValue(v.Elem())
		}
	case reflect.Struct:
		for i := 0; i < v.NumField(); i++ {
			if f := v.Field(i); f.CanSet() {
				fillValue(f)
			}
		}
	case reflect.Slice:
		if v.IsNil() {
			if v.CanSet() {
				v.Set(reflect.MakeSlice(v.Type(), 0, 0))
			}
			return
		}
		for i := 0; i < v.Len(); i++ {
			fillValue(v.Index(i))
		}
	}
}

// at finds the schema of a property path such as "results.sections.start_line",
// stepping into the items of arrays and the branches of anyOf.
func at(s *jsonschema.Schema, path string) (*jsonschema.Schema, error) {
	cur := s
	for _, name := range strings.Split(path, ".") {
		for cur.Items != nil {
			cur = cur.Items
		}
		next := cur.Properties[name]
		if next == nil {
			return nil, fmt.Errorf("schema has no property %q (in %s)", name, path)
		}
		cur = next
	}
	return cur, nil
}

// describeAt sets the description of the property at path.
func describeAt(s *jsonschema.Schema, path, desc string) error {
	p, err := at(s, path)
	if err != nil {
		return err
	}
	p.Description = desc
	return nil
}

// enumAt restricts the string property at path (or its items) to values.
func enumAt[T ~string](s *jsonschema.Schema, path string, values []T) error {
	p, err := at(s, path)
	if err != nil {
		return err
	}
	if p.Items != nil {
		p = p.Items
	}
	if len(p.AnyOf) > 0 { // nullable: the non-null branch
		for _, b := range p.AnyOf {
			if b.Type != "null" {
				p = b
			}
		}
	}
	p.Enum = make([]any, len(values))
	for i, v := range values {
		p.Enum[i] = string(v)
	}
	return nil
}

func firstErr(errs ...error) error {
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}
