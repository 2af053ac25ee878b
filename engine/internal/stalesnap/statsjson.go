package stalesnap

import (
	"encoding/json"
	"strconv"
	"strings"

	"github.com/ubp-dev/ubp/engine/stale"
)

// decodeStats reads a stored row's stats: the JSON Store writes for the
// fingerprints of a stat-only check (exists, size, mtime, files; no
// hash). That shape is read by hand, since encoding/json took most of the
// time of reading a 10,000-document snapshot; anything else (a hash, other
// spacing, another order) goes to encoding/json, so the result is always
// what json.Unmarshal gives.
func decodeStats(s string) ([]stale.Fingerprint, error) {
	if out, ok := scanStats(s); ok {
		return out, nil
	}
	var out []stale.Fingerprint
	if err := json.Unmarshal([]byte(s), &out); err != nil {
		return nil, err
	}
	return out, nil
}

// scanStats reads s when it is exactly a JSON array of
// {"exists":B,"size":N,"mtime":N,"files":N} objects; ok is false
// otherwise.
func scanStats(s string) (out []stale.Fingerprint, ok bool) {
	rest, found := strings.CutPrefix(s, "[")
	if !found {
		return nil, false
	}
	out = []stale.Fingerprint{}
	if rest == "]" {
		return out, true
	}
	for {
		var f stale.Fingerprint
		var good bool
		if rest, good = strings.CutPrefix(rest, `{"exists":`); !good {
			return nil, false
		}
		switch {
		case strings.HasPrefix(rest, "true"):
			f.Exists, rest = true, rest[len("true"):]
		case strings.HasPrefix(rest, "false"):
			rest = rest[len("false"):]
		default:
			return nil, false
		}
		if f.Size, rest, good = cutNumber(rest, `,"size":`); !good {
			return nil, false
		}
		if f.MTime, rest, good = cutNumber(rest, `,"mtime":`); !good {
			return nil, false
		}
		var files int64
		if files, rest, good = cutNumber(rest, `,"files":`); !good || files != int64(int(files)) {
			return nil, false
		}
		f.Files = int(files)
		if rest, good = strings.CutPrefix(rest, "}"); !good {
			return nil, false
		}
		out = append(out, f)
		switch {
		case rest == "]":
			return out, true
		case strings.HasPrefix(rest, ","):
			rest = rest[1:]
		default:
			return nil, false
		}
	}
}

// cutNumber reads key and then an integer as encoding/json writes one
// (an optional minus, digits, no leading zero).
func cutNumber(s, key string) (n int64, rest string, ok bool) {
	s, ok = strings.CutPrefix(s, key)
	if !ok {
		return 0, "", false
	}
	i := 0
	if i < len(s) && s[i] == '-' {
		i++
	}
	start := i
	for i < len(s) && s[i] >= '0' && s[i] <= '9' {
		i++
	}
	if i == start || (s[start] == '0' && i > start+1) {
		return 0, "", false
	}
	n, err := strconv.ParseInt(s[:i], 10, 64)
	if err != nil {
		return 0, "", false
	}
	return n, s[i:], true
}
