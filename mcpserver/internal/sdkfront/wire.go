package sdkfront

import "bytes"

// unescapeHTML undoes the HTML escaping that encoding/json applies to
// every message the SDK encodes (go-sdk v1.8.0 marshals with json.Marshal,
// which writes <, > and & as \u003c, \u003e and \u0026: 6 bytes each).
// The text the model reads is sent as written, and byte budgets
// (max_size, total_size) count what is sent. data must be one encoded
// JSON value; other escapes are kept as they are.
func unescapeHTML(data []byte) []byte {
	if !bytes.Contains(data, []byte(`\u00`)) {
		return data
	}
	out := make([]byte, 0, len(data))
	for i := 0; i < len(data); i++ {
		c := data[i]
		if c != '\\' || i+1 >= len(data) {
			out = append(out, c)
			continue
		}
		if data[i+1] == 'u' && i+6 <= len(data) {
			switch string(data[i+2 : i+6]) {
			case "003c":
				out = append(out, '<')
				i += 5
				continue
			case "003e":
				out = append(out, '>')
				i += 5
				continue
			case "0026":
				out = append(out, '&')
				i += 5
				continue
			}
		}
		out = append(out, c, data[i+1]) // any other escape, as it is
		i++
	}
	return out
}
