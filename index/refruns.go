package index

import (
	"bytes"

	"github.com/yuin/goldmark/parser"
)

// maxRefDefRun is how many link reference definitions ("[label]: dest"
// lines) may follow one another before ubp splits the run. Goldmark reads
// such a run as one paragraph and, after each definition, copies the rest
// of it, so a run costs the square of its length: 100,000 definitions
// (2 MB) took 22 s to parse, on every index run and every get-page.
const maxRefDefRun = 256

// boundRefRuns returns md with every maxRefDefRun+1st definition of a run
// of link reference definitions blanked (its bytes but the line ending
// made spaces: a blank line, which ends goldmark's paragraph), and the
// definitions so blanked, for the parse's context to know them all the
// same. Lengths and lines stay those of md. md is returned itself when
// nothing was blanked.
func boundRefRuns(md []byte) ([]byte, []parser.Reference) {
	var out []byte
	var refs []parser.Reference
	run := 0
	for start := 0; start < len(md); {
		end := bytes.IndexByte(md[start:], '\n')
		if end < 0 {
			end = len(md)
		} else {
			end += start
		}
		line := md[start:end]
		ref, ok := refDefinition(line)
		switch {
		case !ok:
			run = 0
		case run < maxRefDefRun:
			run++
		default:
			if out == nil {
				out = append([]byte(nil), md...)
			}
			for i := start; i < end; i++ {
				if out[i] != '\r' {
					out[i] = ' '
				}
			}
			refs = append(refs, ref)
			run = 0
		}
		start = end + 1
	}
	if out == nil {
		return md, nil
	}
	return out, refs
}

// refRunsContext is md bounded by boundRefRuns and the parse context that
// gives goldmark the definitions it blanked.
func refRunsContext(md []byte) ([]byte, parser.Context) {
	md, refs := boundRefRuns(md)
	pc := parser.NewContext()
	for _, r := range refs {
		pc.AddReference(r)
	}
	return md, pc
}

// refDefinition reads a one-line link reference definition: up to three
// spaces, "[label]:", a destination (in <> or not) and an optional title
// in quotes or parentheses, nothing after. Other lines, and labels
// holding brackets or over 999 bytes (as CommonMark), are not.
func refDefinition(line []byte) (parser.Reference, bool) {
	line = bytes.TrimRight(line, " \t\r")
	i := 0
	for i < len(line) && i < 3 && line[i] == ' ' {
		i++
	}
	if i >= len(line) || line[i] != '[' {
		return nil, false
	}
	rb := bytes.IndexByte(line[i+1:], ']')
	if rb < 0 {
		return nil, false
	}
	label := line[i+1 : i+1+rb]
	rest := line[i+1+rb+1:]
	if len(label) == 0 || len(label) > 999 || bytes.ContainsAny(label, "[\\") || len(bytes.TrimSpace(label)) == 0 ||
		len(rest) == 0 || rest[0] != ':' {
		return nil, false
	}
	rest = bytes.TrimLeft(rest[1:], " \t")
	var dest []byte
	if len(rest) > 0 && rest[0] == '<' {
		gt := bytes.IndexByte(rest, '>')
		if gt < 0 {
			return nil, false
		}
		dest, rest = rest[1:gt], rest[gt+1:]
	} else {
		sp := bytes.IndexAny(rest, " \t")
		if sp < 0 {
			sp = len(rest)
		}
		dest, rest = rest[:sp], rest[sp:]
		if len(dest) == 0 {
			return nil, false
		}
	}
	rest = bytes.TrimSpace(rest)
	var title []byte
	if len(rest) > 0 {
		open, end := rest[0], rest[len(rest)-1]
		quoted := len(rest) >= 2 && (open == '"' && end == '"' || open == '\'' && end == '\'' || open == '(' && end == ')')
		if !quoted {
			return nil, false
		}
		title = rest[1 : len(rest)-1]
	}
	return parser.NewReference(label, dest, title), true
}
