package index

import (
	"regexp"
	"strconv"
	"strings"
)

// mappingValuesProblem is the YAML library's error for a ": " where no
// mapping may start, most often an unquoted colon inside a value
// (title: API: Overview).
const mappingValuesProblem = "mapping values are not allowed in this context"

// colonKeyLineRE is a "key: value" line whose value is not quoted;
// colonItemLineRE a "- item" line.
var (
	colonKeyLineRE  = regexp.MustCompile(`^[ \t]*([^\s"'#\-][^:]*?):[ \t]+([^\s"'].*)$`)
	colonItemLineRE = regexp.MustCompile(`^[ \t]*-[ \t]+([^\s"'].*)$`)
)

// colonHint says how to fix a "mapping values are not allowed" error at
// file line `line`: the line written with its value quoted when it is a
// key: value or list item line whose value holds ": ", else the general rule.
func colonHint(sp frontmatterSplit, line int) string {
	const rule = "a value containing ': ' must be quoted"
	lines := strings.Split(string(sp.yaml), "\n")
	if i := line - sp.yamlLine; i >= 0 && i < len(lines) {
		l := strings.TrimRight(lines[i], " \t\r")
		if m := colonItemLineRE.FindStringSubmatch(l); m != nil && strings.Contains(m[1], ": ") {
			return rule + ": - " + strconv.Quote(m[1])
		}
		if m := colonKeyLineRE.FindStringSubmatch(l); m != nil && strings.Contains(m[2], ": ") {
			return rule + ": " + m[1] + ": " + strconv.Quote(m[2])
		}
	}
	return rule + ` (title: "API: Overview"), and a key with nested keys has no value on its own line`
}
