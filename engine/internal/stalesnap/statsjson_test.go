package stalesnap

import (
	"encoding/json"
	"reflect"
	"testing"

	"github.com/ubp-dev/ubp/engine/stale"
)

// decodeStats gives what json.Unmarshal gives, for the shape Store writes
// (read by hand) and for every other text (left to encoding/json).
func TestDecodeStatsMatchesJSON(t *testing.T) {
	written, err := json.Marshal([]stale.Fingerprint{
		{Exists: true, Size: 287, MTime: 1795679000198742370, Files: 1},
		{},
		{Exists: true, Size: 0, MTime: -5, Files: 12},
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		in       string
		fastPath bool
	}{
		{string(written), true},
		{`[]`, true},
		{`[{"exists":false,"size":0,"mtime":0,"files":0}]`, true},
		{`[{"exists":true,"sha256":"ab","size":1,"mtime":2,"files":1}]`, false},
		{`[{"exists":true,"size":1,"mtime":2,"files":1}, {"exists":true,"size":1,"mtime":2,"files":1}]`, false},
		{`[{"size":1,"exists":true,"mtime":2,"files":1}]`, false},
		{`[{"exists":true,"size":01,"mtime":2,"files":1}]`, false},
		{`[{"exists":true,"size":1.5,"mtime":2,"files":1}]`, false},
		{`[{"exists":true,"size":99999999999999999999,"mtime":2,"files":1}]`, false},
		{`[{"exists":true,"size":1,"mtime":2,"files":1}`, false},
		{`[{"exists":true,"size":1,"mtime":2,"files":1}]x`, false},
		{`null`, false},
		{``, false},
		{`[{"exists":true,"size":-,"mtime":2,"files":1}]`, false},
	} {
		if _, ok := scanStats(tc.in); ok != tc.fastPath {
			t.Errorf("scanStats(%q) read it: %v, want %v", tc.in, ok, tc.fastPath)
		}
		got, gotErr := decodeStats(tc.in)
		var want []stale.Fingerprint
		wantErr := json.Unmarshal([]byte(tc.in), &want)
		if (gotErr != nil) != (wantErr != nil) || (wantErr == nil && !reflect.DeepEqual(got, want)) {
			t.Errorf("decodeStats(%q) = %+v, %v; json.Unmarshal gives %+v, %v", tc.in, got, gotErr, want, wantErr)
		}
	}
}

// FuzzDecodeStats: whatever the text, decodeStats agrees with
// json.Unmarshal.
func FuzzDecodeStats(f *testing.F) {
	f.Add(`[{"exists":true,"size":287,"mtime":1795679000198742370,"files":1}]`)
	f.Add(`[]`)
	f.Add(`[{"exists":false,"size":0,"mtime":-1,"files":0},{"exists":true,"size":1,"mtime":2,"files":3}]`)
	f.Fuzz(func(t *testing.T, s string) {
		got, gotErr := decodeStats(s)
		var want []stale.Fingerprint
		wantErr := json.Unmarshal([]byte(s), &want)
		if (gotErr != nil) != (wantErr != nil) || (wantErr == nil && !reflect.DeepEqual(got, want)) {
			t.Fatalf("decodeStats(%q) = %+v, %v; json.Unmarshal gives %+v, %v", s, got, gotErr, want, wantErr)
		}
	})
}
