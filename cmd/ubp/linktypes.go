package main

import (
	"strings"

	"github.com/ubp-dev/ubp/index"
)

// parseLinkTypes checks the values of --link-types: an unknown one is a
// usage error naming it and the valid ones.
func parseLinkTypes(names []string) ([]index.LinkType, error) {
	var out []index.LinkType
	for _, t := range splitList(names) {
		lt, ok := index.ParseLinkType(t)
		if !ok {
			return nil, usagef("--link-types: unknown link type %q (valid: %s)", t, joinLinkTypes())
		}
		out = append(out, lt)
	}
	return out, nil
}

// joinLinkTypes lists the link types, in the order of index.LinkTypes.
func joinLinkTypes() string {
	names := make([]string, len(index.LinkTypes))
	for i, t := range index.LinkTypes {
		names[i] = string(t)
	}
	return strings.Join(names, ", ")
}
