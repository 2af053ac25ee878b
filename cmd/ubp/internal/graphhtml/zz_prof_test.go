package graphhtml

import (
	"fmt"
	"os"
	"sort"
	"testing"
)

func TestZZProf(t *testing.T) {
	f := os.Getenv("DBG_PROF")
	if f == "" {
		return
	}
	b := startBrowser(t, 1400, 900)
	b.call(b.session, "Profiler.enable", map[string]any{}, nil)
	b.call(b.session, "Profiler.setSamplingInterval", map[string]any{"interval": 1000}, nil)
	b.call(b.session, "Profiler.start", map[string]any{}, nil)
	b.navigate("file://" + f)
	b.waitFor("ready", `document.body.dataset.ready === "1"`)
	var res struct {
		Profile struct {
			Nodes []struct {
				ID        int `json:"id"`
				CallFrame struct {
					FunctionName string `json:"functionName"`
					LineNumber   int    `json:"lineNumber"`
				} `json:"callFrame"`
				HitCount int   `json:"hitCount"`
				Children []int `json:"children"`
			} `json:"nodes"`
		} `json:"profile"`
	}
	b.call(b.session, "Profiler.stop", map[string]any{}, &res)
	self := map[string]int{}
	total := 0
	for _, n := range res.Profile.Nodes {
		k := fmt.Sprintf("%s:%d", n.CallFrame.FunctionName, n.CallFrame.LineNumber)
		self[k] += n.HitCount
		total += n.HitCount
	}
	type kv struct {
		k string
		v int
	}
	var l []kv
	for k, v := range self {
		l = append(l, kv{k, v})
	}
	sort.Slice(l, func(i, j int) bool { return l[i].v > l[j].v })
	for i := 0; i < 30 && i < len(l); i++ {
		t.Logf("%5.1f%% %s", 100*float64(l[i].v)/float64(total), l[i].k)
	}
}
