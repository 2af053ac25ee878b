package graphhtml

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

// browser is headless Chromium driven over the DevTools protocol through
// --remote-debugging-pipe (fd 3: commands in, fd 4: events and replies
// out, messages separated by NUL bytes): no port, no websocket library.
type browser struct {
	t       testing.TB
	cmd     *exec.Cmd
	in      *os.File // our end of Chromium's fd 3
	mu      sync.Mutex
	nextID  int
	waiting map[int]chan cdpReply
	session string // the page target's flat session

	evMu   sync.Mutex
	events []cdpEvent
	done   chan struct{}

	logPath string // Chromium's stderr
}

type cdpReply struct {
	Result json.RawMessage
	Err    error
}

type cdpEvent struct {
	Method string
	Params json.RawMessage
}

// chromiumPath finds the browser: $UBP_CHROMIUM, else chromium or
// chromium-browser on PATH. There is no skip: the test fails and says how
// to install it (.ci/run installs Debian's chromium when missing).
func chromiumPath(t testing.TB) string {
	if p := os.Getenv("UBP_CHROMIUM"); p != "" {
		return p
	}
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	t.Fatal("headless browser test: chromium not found; install it (Debian: apt-get install chromium) or set UBP_CHROMIUM to its path")
	return ""
}

// startBrowser launches Chromium with a fresh profile, every proxy pointed
// at a closed port (so nothing reaches the network) and one blank page
// attached, with the Page, Runtime, Log and Network domains enabled. A
// Chromium that exits before its first page exists (seen once on a loaded
// machine: "browser closed the pipe" at Target.createTarget, before any of
// ubp's page was loaded) is launched once more, its log shown; a second
// failure fails the test.
func startBrowser(t testing.TB, width, height int) *browser {
	t.Helper()
	b, created, err := launchBrowser(t, width, height)
	if err != nil {
		t.Logf("Chromium exited at start (%v), launching it again; its log:\n%s", err, b.log())
		if b, created, err = launchBrowser(t, width, height); err != nil {
			t.Fatalf("Target.createTarget: %v; Chromium's log:\n%s", err, b.log())
		}
	}
	var attached struct {
		SessionID string `json:"sessionId"`
	}
	b.call("", "Target.attachToTarget", map[string]any{"targetId": created, "flatten": true}, &attached)
	b.session = attached.SessionID
	for _, domain := range []string{"Page", "Runtime", "Log", "Network"} {
		b.call(b.session, domain+".enable", map[string]any{}, nil)
	}
	b.call(b.session, "Emulation.setDeviceMetricsOverride", map[string]any{
		"width": width, "height": height, "deviceScaleFactor": 1, "mobile": false,
	}, nil)
	return b
}

// log is the end of Chromium's stderr, as far as it was written.
func (b *browser) log() string {
	data, _ := os.ReadFile(b.logPath)
	if len(data) > 4000 {
		data = data[len(data)-4000:]
	}
	return string(data)
}

// launchBrowser starts Chromium (see startBrowser) and creates its blank
// page, whose target id it returns.
func launchBrowser(t testing.TB, width, height int) (*browser, string, error) {
	t.Helper()
	exe := chromiumPath(t)
	profile := t.TempDir()
	cmdIn, ourIn, err := os.Pipe() // Chromium reads commands from cmdIn (its fd 3)
	if err != nil {
		t.Fatal(err)
	}
	ourOut, cmdOut, err := os.Pipe() // Chromium writes to cmdOut (its fd 4)
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(exe,
		"--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
		"--disable-background-networking", "--disable-component-update", "--disable-sync",
		"--disable-default-apps", "--disable-extensions", "--mute-audio", "--hide-scrollbars",
		"--disable-dev-shm-usage", // containers often have a tiny /dev/shm
		"--proxy-server=127.0.0.1:9", "--proxy-bypass-list=<-loopback>",
		"--user-data-dir="+profile, "--remote-debugging-pipe",
		fmt.Sprintf("--window-size=%d,%d", width, height),
		"about:blank")
	cmd.ExtraFiles = []*os.File{cmdIn, cmdOut}
	stderr, err := os.Create(filepath.Join(profile, "chromium.log"))
	if err != nil {
		t.Fatal(err)
	}
	cmd.Stderr = stderr
	if err := cmd.Start(); err != nil {
		t.Fatalf("start %s: %v", exe, err)
	}
	cmdIn.Close()
	cmdOut.Close()
	b := &browser{t: t, cmd: cmd, in: ourIn, waiting: map[int]chan cdpReply{}, done: make(chan struct{}), logPath: stderr.Name()}
	go b.read(ourOut)
	t.Cleanup(func() {
		// Close the browser (it ends its own helper processes), killing it
		// if it has not exited ten seconds later.
		exited := make(chan struct{})
		go func() { _ = cmd.Wait(); close(exited) }()
		_ = b.tryCall("", "Browser.close", map[string]any{}, nil)
		select {
		case <-exited:
		case <-time.After(10 * time.Second):
			_ = cmd.Process.Kill()
			<-exited
		}
		ourIn.Close()
		ourOut.Close()
		stderr.Close()
	})

	var created struct {
		TargetID string `json:"targetId"`
	}
	err = b.tryCall("", "Target.createTarget", map[string]any{"url": "about:blank"}, &created)
	return b, created.TargetID, err
}

// read dispatches replies to their callers and records events.
func (b *browser) read(out *os.File) {
	defer close(b.done)
	r := bufio.NewReaderSize(out, 1<<20)
	for {
		msg, err := r.ReadBytes(0)
		if err != nil {
			b.mu.Lock()
			for id, ch := range b.waiting {
				ch <- cdpReply{Err: fmt.Errorf("browser closed the pipe: %w", err)}
				delete(b.waiting, id)
			}
			b.mu.Unlock()
			return
		}
		var m struct {
			ID     int             `json:"id"`
			Method string          `json:"method"`
			Params json.RawMessage `json:"params"`
			Result json.RawMessage `json:"result"`
			Error  *struct {
				Code    int    `json:"code"`
				Message string `json:"message"`
			} `json:"error"`
		}
		if err := json.Unmarshal(msg[:len(msg)-1], &m); err != nil {
			continue
		}
		if m.ID == 0 {
			b.evMu.Lock()
			b.events = append(b.events, cdpEvent{m.Method, m.Params})
			b.evMu.Unlock()
			continue
		}
		b.mu.Lock()
		ch := b.waiting[m.ID]
		delete(b.waiting, m.ID)
		b.mu.Unlock()
		if ch == nil {
			continue
		}
		rep := cdpReply{Result: m.Result}
		if m.Error != nil {
			rep.Err = fmt.Errorf("%d %s", m.Error.Code, m.Error.Message)
		}
		ch <- rep
	}
}

// call sends one command and decodes its result into out (when not nil).
// A command unanswered within a minute fails the test: nothing waits
// forever.
func (b *browser) call(session, method string, params any, out any) {
	b.t.Helper()
	if err := b.tryCall(session, method, params, out); err != nil {
		b.t.Fatalf("%s: %v", method, err)
	}
}

func (b *browser) tryCall(session, method string, params any, out any) error {
	b.mu.Lock()
	b.nextID++
	id := b.nextID
	ch := make(chan cdpReply, 1)
	b.waiting[id] = ch
	b.mu.Unlock()
	msg := map[string]any{"id": id, "method": method, "params": params}
	if session != "" {
		msg["sessionId"] = session
	}
	data, err := json.Marshal(msg)
	if err != nil {
		return err
	}
	if _, err := b.in.Write(append(data, 0)); err != nil {
		return fmt.Errorf("send: %w", err)
	}
	select {
	case rep := <-ch:
		if rep.Err != nil {
			return rep.Err
		}
		if out != nil {
			return json.Unmarshal(rep.Result, out)
		}
		return nil
	case <-time.After(time.Minute):
		return errors.New("no answer from the browser within a minute")
	}
}

// eval evaluates a JavaScript expression in the page (awaiting promises)
// and decodes its JSON value into out.
func (b *browser) eval(expr string, out any) {
	b.t.Helper()
	var res struct {
		Result struct {
			Value json.RawMessage `json:"value"`
		} `json:"result"`
		ExceptionDetails *struct {
			Text      string `json:"text"`
			Exception struct {
				Description string `json:"description"`
			} `json:"exception"`
		} `json:"exceptionDetails"`
	}
	b.call(b.session, "Runtime.evaluate", map[string]any{"expression": expr, "returnByValue": true, "awaitPromise": true}, &res)
	if res.ExceptionDetails != nil {
		b.t.Fatalf("evaluate %q: %s %s", expr, res.ExceptionDetails.Text, res.ExceptionDetails.Exception.Description)
	}
	if out != nil {
		if err := json.Unmarshal(res.Result.Value, out); err != nil {
			b.t.Fatalf("evaluate %q: decode %s: %v", expr, res.Result.Value, err)
		}
	}
}

// waitFor polls a boolean expression until it is true, failing the test
// after two minutes.
func (b *browser) waitFor(what, expr string) {
	b.t.Helper()
	deadline := time.Now().Add(2 * time.Minute)
	for {
		var ok bool
		b.eval("Boolean("+expr+")", &ok)
		if ok {
			return
		}
		if time.Now().After(deadline) {
			b.t.Fatalf("waited two minutes for %s (%s)", what, expr)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// navigate loads url and waits for the page's load event.
func (b *browser) navigate(url string) {
	b.t.Helper()
	var res struct {
		ErrorText string `json:"errorText"`
	}
	b.call(b.session, "Page.navigate", map[string]any{"url": url}, &res)
	if res.ErrorText != "" {
		b.t.Fatalf("navigate %s: %s", url, res.ErrorText)
	}
	b.waitFor("the page to load", `document.readyState === "complete"`)
}

// click presses and releases the left mouse button at page coordinates.
func (b *browser) click(x, y float64) {
	b.t.Helper()
	for _, typ := range []string{"mouseMoved", "mousePressed", "mouseReleased"} {
		p := map[string]any{"type": typ, "x": x, "y": y}
		if typ != "mouseMoved" {
			p["button"], p["clickCount"] = "left", 1
		}
		b.call(b.session, "Input.dispatchMouseEvent", p, nil)
	}
}

// typeText types text into the focused element, then presses Enter when
// enter is set.
func (b *browser) typeText(text string, enter bool) {
	b.t.Helper()
	b.call(b.session, "Input.insertText", map[string]any{"text": text}, nil)
	if enter {
		for _, typ := range []string{"keyDown", "keyUp"} {
			b.call(b.session, "Input.dispatchKeyEvent", map[string]any{
				"type": typ, "key": "Enter", "code": "Enter", "windowsVirtualKeyCode": 13, "nativeVirtualKeyCode": 13,
			}, nil)
		}
	}
}

// screenshot writes a PNG of the page to path.
func (b *browser) screenshot(path string) {
	b.t.Helper()
	var res struct {
		Data []byte `json:"data"` // base64 in JSON, decoded by encoding/json
	}
	b.call(b.session, "Page.captureScreenshot", map[string]any{"format": "png"}, &res)
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		b.t.Fatal(err)
	}
	if err := os.WriteFile(path, res.Data, 0o644); err != nil {
		b.t.Fatal(err)
	}
}

// problems lists console errors and warnings, uncaught exceptions, log
// errors and every request for anything but a file: or data: URL seen
// so far.
func (b *browser) problems() []string {
	b.evMu.Lock()
	defer b.evMu.Unlock()
	var out []string
	for _, ev := range b.events {
		switch ev.Method {
		case "Runtime.consoleAPICalled":
			var p struct {
				Type string `json:"type"`
				Args []struct {
					Value       any    `json:"value"`
					Description string `json:"description"`
				} `json:"args"`
			}
			_ = json.Unmarshal(ev.Params, &p)
			if p.Type == "error" || p.Type == "warning" || p.Type == "assert" {
				var parts []string
				for _, a := range p.Args {
					parts = append(parts, fmt.Sprint(a.Value, a.Description))
				}
				out = append(out, "console."+p.Type+": "+strings.Join(parts, " "))
			}
		case "Runtime.exceptionThrown":
			out = append(out, "uncaught exception: "+string(ev.Params))
		case "Log.entryAdded":
			var p struct {
				Entry struct {
					Level, Text, URL string
				} `json:"entry"`
			}
			_ = json.Unmarshal(ev.Params, &p)
			if p.Entry.Level == "error" || p.Entry.Level == "warning" {
				out = append(out, "log "+p.Entry.Level+": "+p.Entry.Text+" "+p.Entry.URL)
			}
		case "Network.requestWillBeSent":
			var p struct {
				Request struct {
					URL string `json:"url"`
				} `json:"request"`
			}
			_ = json.Unmarshal(ev.Params, &p)
			if !strings.HasPrefix(p.Request.URL, "file://") && !strings.HasPrefix(p.Request.URL, "data:") {
				out = append(out, "network request: "+p.Request.URL)
			}
		}
	}
	return out
}

// requests counts the requests the page made, by URL scheme.
func (b *browser) requests() map[string]int {
	b.evMu.Lock()
	defer b.evMu.Unlock()
	n := map[string]int{}
	for _, ev := range b.events {
		if ev.Method != "Network.requestWillBeSent" {
			continue
		}
		var p struct {
			Request struct {
				URL string `json:"url"`
			} `json:"request"`
		}
		_ = json.Unmarshal(ev.Params, &p)
		scheme, _, _ := strings.Cut(p.Request.URL, ":")
		n[scheme]++
	}
	return n
}
