package e2e

import (
	"context"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/log"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
)

// chromiumPath finds Debian's chromium, or skips the test (fails under
// PLATEAU_REQUIRE_E2E=1). Its headless shell comes first: the same Blink
// without the full browser around it, where a game page in a new context
// costs 291 ms of CPU against 771 ms in chromium (BenchmarkNewPage,
// docs/benchmarks.md), and the tests are CPU-bound on a 2-core machine.
func chromiumPath(t testing.TB) string {
	t.Helper()
	for _, p := range []string{os.Getenv("PLATEAU_CHROMIUM"), "/usr/bin/chromium-headless-shell", "/usr/bin/chromium", "chromium", "chromium-browser"} {
		if p == "" {
			continue
		}
		if full, err := exec.LookPath(p); err == nil {
			return full
		}
	}
	msg := "chromium is not installed (apt-get install chromium-headless-shell, or chromium); browser tests skipped"
	if os.Getenv("PLATEAU_REQUIRE_E2E") == "1" {
		t.Fatal(msg + ", but PLATEAU_REQUIRE_E2E=1")
	}
	t.Skip(msg)
	return ""
}

// The package's tests share one headless chromium, started by the first
// test that asks for it and stopped by TestMain: each page still opens in
// a browser context of its own (newTab), with its own storage and cookies,
// as a separate person's browser would. Starting chromium for each of the
// 31 tests cost 1.5-2.2 s each on the loaded 2-core machine, about a
// minute of the run (docs/benchmarks.md).
var shared struct {
	mu     sync.Mutex
	ctx    context.Context // the browser; nil until started
	err    error           // why it did not start
	cancel func()
}

// parallel is how many tests run at once unless -test.parallel says: they
// mostly wait (pages, the server's clocks, the computer's thinking), so
// more than the 2 cores' default keeps the machine busy.
const parallel = "4"

func TestMain(m *testing.M) {
	flag.Parse()
	set := false
	flag.Visit(func(f *flag.Flag) { set = set || f.Name == "test.parallel" })
	if !set {
		if err := flag.Set("test.parallel", parallel); err != nil {
			fmt.Fprintln(os.Stderr, "setting -test.parallel:", err)
			os.Exit(2)
		}
	}
	code := m.Run()
	shared.mu.Lock()
	if shared.cancel != nil {
		shared.cancel()
	}
	shared.mu.Unlock()
	os.Exit(code)
}

// browser returns the package's headless chromium, starting it on the
// first call; a test opens its pages with newTab.
func browser(t testing.TB) context.Context {
	t.Helper()
	path := chromiumPath(t)
	shared.mu.Lock()
	defer shared.mu.Unlock()
	if shared.ctx == nil && shared.err == nil {
		shared.ctx, shared.cancel, shared.err = startChromium(path)
	}
	if shared.err != nil {
		t.Fatalf("starting chromium: %v", shared.err)
	}
	return shared.ctx
}

// startChromium starts a headless chromium at path with a fresh profile.
func startChromium(path string) (context.Context, func(), error) {
	dir, err := os.MkdirTemp("", "plateau-e2e-chromium-")
	if err != nil {
		return nil, nil, fmt.Errorf("a profile directory for chromium: %w", err)
	}
	opts := []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(path),
		chromedp.Headless,
		chromedp.NoSandbox,
		chromedp.DisableGPU,
		chromedp.NoFirstRun,
		chromedp.NoDefaultBrowserCheck,
		chromedp.UserDataDir(dir),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.Flag("disable-dev-shm-usage", true),
		chromedp.Flag("disable-extensions", true),
		chromedp.Flag("disable-background-timer-throttling", true),
		chromedp.Flag("disable-renderer-backgrounding", true),
		chromedp.Flag("disable-backgrounding-occluded-windows", true),
		chromedp.Flag("force-color-profile", "srgb"),
		chromedp.Flag("hide-scrollbars", true),
		chromedp.Flag("lang", "en-US"),
		chromedp.WindowSize(1280, 900),
	}
	actx, acancel := chromedp.NewExecAllocator(context.Background(), opts...)
	bctx, bcancel := chromedp.NewContext(actx)
	stop := func() {
		bcancel()
		acancel()
		os.RemoveAll(dir)
	}
	if err := chromedp.Do(bctx); err != nil {
		stop()
		return nil, nil, err
	}
	return bctx, stop, nil
}

// tab is one page in its own browser context (its own storage, like a
// separate person's browser), with the console errors it logged.
type tab struct {
	t       testing.TB
	name    string
	ctx     context.Context
	mu      sync.Mutex
	errs    []string
	allowed []string
	cancel  func() // closes the tab and its browser context
}

func newTab(t testing.TB, bctx context.Context, name string) *tab {
	t.Helper()
	ctx, cancel := chromedp.NewContext(bctx, chromedp.WithNewBrowserContext())
	t.Cleanup(cancel)
	if err := chromedp.Do(ctx); err != nil {
		t.Fatalf("%s: opening a tab: %v", name, err)
	}
	// Moves do not glide (the page honours the system's reduced-motion
	// wish): following another player's Mahboussé turn takes 1-2 s of
	// animation, which most tests wait out for nothing. The tests of the
	// animation itself turn motion back on (slowAnimations).
	tb := &tab{t: t, name: name, ctx: ctx, cancel: cancel}
	tb.motion(false)
	consoles := chromedp.Events(ctx, runtime.ConsoleAPICalled)
	exceptions := chromedp.Events(ctx, runtime.ExceptionThrown)
	logs := chromedp.Events(ctx, log.EntryAdded)
	go func() {
		for ev, err := range consoles {
			if err != nil {
				return
			}
			if ev.Type == runtime.ConsoleAPICalledTypeError || ev.Type == runtime.ConsoleAPICalledTypeAssert {
				var parts []string
				for _, a := range ev.Args {
					if a.Value != nil {
						parts = append(parts, string(a.Value))
					} else {
						parts = append(parts, a.Description)
					}
				}
				tb.addErr("console." + string(ev.Type) + ": " + strings.Join(parts, " "))
			}
		}
	}()
	go func() {
		for ev, err := range exceptions {
			if err != nil {
				return
			}
			d := ev.ExceptionDetails
			msg := d.Text
			if d.Exception != nil {
				msg += " " + d.Exception.Description
			}
			tb.addErr(fmt.Sprintf("exception at %s:%d: %s", d.URL, d.LineNumber, msg))
		}
	}()
	go func() {
		for ev, err := range logs {
			if err != nil {
				return
			}
			if ev.Entry.Level == log.EntryLevelError {
				tb.addErr(fmt.Sprintf("log %s: %s %s", ev.Entry.Source, ev.Entry.Text, ev.Entry.URL))
			}
		}
	}()
	t.Cleanup(func() {
		tb.mu.Lock()
		defer tb.mu.Unlock()
		for _, e := range tb.errs {
			t.Errorf("%s: browser console error: %s", name, e)
		}
	})
	return tb
}

// motion says whether the page may animate: the system's reduced-motion
// wish, which the page honours, emulated.
func (tb *tab) motion(on bool) {
	tb.t.Helper()
	wish := "reduce"
	if on {
		wish = "no-preference"
	}
	if _, err := chromedp.Call(tb.ctx, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{
		Features: []*emulation.MediaFeature{{Name: "prefers-reduced-motion", Value: wish}}}); err != nil {
		tb.t.Fatalf("%s: prefers-reduced-motion: %s: %v", tb.name, wish, err)
	}
}

// close closes the tab and its browser context before the test ends.
func (tb *tab) close() { tb.cancel() }

func (tb *tab) addErr(s string) {
	tb.mu.Lock()
	defer tb.mu.Unlock()
	for _, a := range tb.allowed {
		if strings.Contains(s, a) {
			return
		}
	}
	tb.errs = append(tb.errs, s)
}

// allow stops reporting the console errors that contain s, which a test
// causes on purpose.
func (tb *tab) allow(s string) {
	tb.mu.Lock()
	tb.allowed = append(tb.allowed, s)
	tb.mu.Unlock()
}

// do runs actions with a timeout and fails the test on error.
func (tb *tab) do(what string, actions ...chromedp.Action[chromedp.Void]) {
	tb.t.Helper()
	ctx, cancel := context.WithTimeout(tb.ctx, 20*time.Second)
	defer cancel()
	if err := chromedp.Do(ctx, actions...); err != nil {
		tb.t.Fatalf("%s: %s: %v", tb.name, what, err)
	}
}

// eval evaluates a JavaScript expression and decodes its value.
func eval[T any](tb *tab, expr string) T {
	tb.t.Helper()
	ctx, cancel := context.WithTimeout(tb.ctx, 20*time.Second)
	defer cancel()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[T](expr, chromedp.EvalAwaitPromise))
	if err != nil {
		tb.t.Fatalf("%s: evaluating %q: %v", tb.name, expr, err)
	}
	return v
}

// waitJS polls until a JavaScript expression is true.
func (tb *tab) waitJS(what, expr string) {
	tb.t.Helper()
	tb.waitJSWithin(what, expr, 20*time.Second)
}

// waitJSWithin is waitJS with a deadline of its own, for waits on work
// that a loaded machine may slow a lot (the solver's first table under
// -race).
func (tb *tab) waitJSWithin(what, expr string, d time.Duration) {
	tb.t.Helper()
	ctx, cancel := context.WithTimeout(tb.ctx, d)
	defer cancel()
	// The context is the deadline: Poll's own, 30 s by default, would cut
	// the longer waits short.
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](expr, chromedp.WithPollingInterval(25*time.Millisecond), chromedp.WithPollingTimeout(0))); err != nil {
		dctx, dcancel := context.WithTimeout(tb.ctx, 5*time.Second)
		defer dcancel()
		page, _ := chromedp.Run(dctx, chromedp.Evaluate[string](`[location.pathname, document.querySelector('#status')?.textContent, document.querySelector('#toast')?.textContent, document.querySelector('#offers')?.textContent, document.querySelector('#movelist')?.textContent, document.querySelector('#hints')?.textContent].join(' | ')`))
		tb.t.Fatalf("%s: waiting for %s (%s): %v\npage: %s", tb.name, what, expr, err, page)
	}
}

// check clicks the checkbox sel until it is checked (want) or not. A
// click can be lost when the page redraws the control between the mouse's
// press and release (an event from the server arriving then); a second
// click on the redrawn control is what a person would do.
func (tb *tab) check(sel string, want bool) {
	tb.t.Helper()
	is := fmt.Sprintf(`document.querySelector(%q)?.checked === %v`, sel, want)
	for try := 0; ; try++ {
		tb.clickAt(sel)
		ctx, cancel := context.WithTimeout(tb.ctx, 2*time.Second)
		_, err := chromedp.Run(ctx, chromedp.Poll[bool](is, chromedp.WithPollingInterval(25*time.Millisecond), chromedp.WithPollingTimeout(0)))
		cancel()
		if err == nil {
			return
		}
		if try == 2 {
			tb.t.Fatalf("%s: %s still not checked=%v after 3 clicks: %v", tb.name, sel, want, err)
		}
	}
}

// clickAt clicks with the mouse at the centre of the element that sel
// selects, after checking that the element is the one under that point.
func (tb *tab) clickAt(sel string) {
	tb.t.Helper()
	type pt struct {
		X, Y float64
		OK   bool
	}
	p := eval[pt](tb, fmt.Sprintf(`(() => {
		const el = document.querySelector(%q);
		if (!el) return {X: 0, Y: 0, OK: false};
		el.scrollIntoView({block: 'center', inline: 'center'});
		const r = el.getBoundingClientRect();
		// Try the centre, then points around it, for one whose topmost element is el or inside it.
		for (const [fx, fy] of [[.5, .5], [.5, .3], [.5, .7], [.3, .5], [.7, .5], [.5, .15], [.5, .85]]) {
			const x = r.left + r.width * fx, y = r.top + r.height * fy;
			const top = document.elementFromPoint(x, y);
			if (top && (top === el || el.contains(top))) return {X: x, Y: y, OK: true};
		}
		return {X: r.left + r.width / 2, Y: r.top + r.height / 2, OK: false};
	})()`, sel))
	if !p.OK {
		tb.t.Fatalf("%s: %s is not clickable (hidden or covered)", tb.name, sel)
	}
	tb.do("click "+sel, chromedp.MouseClickXY(p.X, p.Y))
}
