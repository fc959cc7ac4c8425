package main

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"os/exec"
	"slices"
	"strings"
	"testing"
	"time"

	"plateau/game"
	"plateau/games/dames"
	"plateau/hub"
)

func TestHubCommand(t *testing.T) {
	script := "hub\ninit\npos pos=" + hub.StartPosition + " moves=\"32-28\"\nlevel depth=3\ngo think\nping\nquit\n"
	code, out, stderr := cli(script, "hub", "--tt-size", "12")
	if code != 0 {
		t.Fatalf("plateau hub: exit %d, stderr %q", code, stderr)
	}
	for _, want := range []string{"id name=Plateau ", "param name=tt-size value=12 ", "\nwait\n", "\nready\n", "\npong\n", "\ndone move="} {
		if !strings.Contains(out, want) {
			t.Errorf("plateau hub output lacks %q:\n%s", want, out)
		}
	}
	// Piped without quit: the end of the input ends the engine at once,
	// the search cut short (its done may or may not come).
	start := time.Now()
	code, out, _ = cli("hub\ninit\npos pos="+hub.StartPosition+"\nlevel infinite\ngo think\n", "hub", "--tt-size", "12")
	if code != 0 || !strings.Contains(out, "\nready\n") || time.Since(start) > 2*time.Second {
		t.Errorf("plateau hub, input ending after go think: exit %d after %v, output\n%s", code, time.Since(start), out)
	}
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"hub", "dames"}, "hub takes no arguments"},
		{[]string{"hub", "--tt-size", "40"}, "--tt-size 40"},
		{[]string{"hub", "--time", "0s"}, "--time 0s"},
	}
	for _, tt := range tests {
		code, _, stderr := cli("", tt.args...)
		if code != 2 || !strings.Contains(stderr, tt.want) {
			t.Errorf("plateau %q: exit %d, stderr %q; want 2 and %q", tt.args, code, stderr, tt.want)
		}
	}
}

// TestHubProcess runs "plateau hub" as a process, as pydraughts does, and
// plays the engine against itself a whole game, to its end by the rules
// (FMJD's draw rules end it if nobody wins), with every go sending the start
// and all the moves so far; each move must be legal by Plateau's own
// generator (origin, destination and captured squares). hub's
// TestPlayGameAsPydraughts drives the same engine with every message and
// parse of pydraughts' HubEngine.
func TestHubProcess(t *testing.T) {
	cmd := exec.Command(os.Args[0], "hub", "--tt-size", "16")
	cmd.Env = append(os.Environ(), "PLATEAU_TEST_MAIN=1")
	stdin, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	lines := make(chan string, 256)
	go func() {
		sc := bufio.NewScanner(stdout)
		for sc.Scan() {
			lines <- sc.Text()
		}
		close(lines)
	}()
	send := func(s string) {
		if _, err := io.WriteString(stdin, s+"\n"); err != nil {
			t.Fatalf("send %q: %v", s, err)
		}
	}
	// until reads lines until one starts with cmd and returns it.
	until := func(cmd string) string {
		t.Helper()
		deadline := time.After(20 * time.Second)
		for {
			select {
			case l, ok := <-lines:
				if !ok {
					t.Fatalf("the engine ended while waiting for %s", cmd)
				}
				if strings.HasPrefix(l, "error") {
					t.Errorf("engine error: %s", l)
				}
				if l == cmd || strings.HasPrefix(l, cmd+" ") {
					return l
				}
			case <-deadline:
				t.Fatalf("no %s within 20s", cmd)
			}
		}
	}
	send("hub")
	until("wait")
	send("init")
	until("ready")
	cfg, err := game.NewConfig(dames.Game{}, map[string]string{"draw": "fmjd"})
	if err != nil {
		t.Fatal(err)
	}
	st, _ := dames.Game{}.New(cfg)
	var played []string
	const maxPlies = 2000 // the draw rules end any game long before
	for len(played) < maxPlies && st.ToMove() != game.Nobody {
		if len(played) == 0 {
			send("pos pos=" + hub.StartPosition)
		} else {
			send(fmt.Sprintf("pos pos=%s moves=\"%s\"", hub.StartPosition, strings.Join(played, " ")))
		}
		send("level move-time=0.02")
		send("go think")
		done := until("done")
		best, _, _ := strings.Cut(strings.TrimPrefix(done, "done move="), " ")
		var found game.Move
		ok := false
		for _, m := range st.Moves(nil) {
			info := st.DescribeMove(m).(dames.MoveInfo)
			caps := slices.Clone(info.Captured)
			slices.Sort(caps)
			text := fmt.Sprintf("%d-%d", info.From, info.To)
			if len(caps) > 0 {
				text = fmt.Sprintf("%dx%d", info.From, info.To)
				for _, c := range caps {
					text += fmt.Sprintf("x%d", c)
				}
			}
			if text == best {
				found, ok = m, true
			}
		}
		if !ok {
			t.Fatalf("ply %d: %q is not a legal move in %s", len(played)+1, done, st.Position())
		}
		if err := st.Play(found); err != nil {
			t.Fatal(err)
		}
		played = append(played, best)
	}
	if st.ToMove() != game.Nobody {
		t.Errorf("no end after %d plies: %s", len(played), st.Position())
	}
	send("ping")
	until("pong")
	send("quit")
	if err := cmd.Wait(); err != nil {
		t.Errorf("plateau hub after quit: %v", err)
	}
	t.Logf("%d plies, %s, reached %s", len(played), st.Outcome().Reason, st.Position())
}

// TestHubProcessInputClosed: "plateau hub" as a process exits within a
// second of its standard input closing during go think with level
// infinite (the engine side quits within 100 ms; the rest is the
// process's exit on a loaded machine).
func TestHubProcessInputClosed(t *testing.T) {
	cmd := exec.Command(os.Args[0], "hub", "--tt-size", "16")
	cmd.Env = append(os.Environ(), "PLATEAU_TEST_MAIN=1")
	stdin, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Kill() })
	io.WriteString(stdin, "hub\ninit\npos pos="+hub.StartPosition+"\nlevel infinite\ngo think\n")
	sc := bufio.NewScanner(stdout)
	for sc.Scan() && !strings.HasPrefix(sc.Text(), "info ") {
	}
	closed := time.Now()
	stdin.Close()
	exited := make(chan error, 1)
	go func() {
		for sc.Scan() {
		}
		exited <- cmd.Wait()
	}()
	// A second as the issue asks; the race detector's build (CI's -race run
	// on a loaded machine) is several times slower at everything.
	bound := time.Second
	if raceEnabled {
		bound = 5 * time.Second
	}
	select {
	case err := <-exited:
		if err != nil {
			t.Errorf("plateau hub after its input closed: %v", err)
		}
		t.Logf("exited %v after its input closed", time.Since(closed))
	case <-time.After(bound):
		t.Fatalf("plateau hub still running %v after its input closed during go think, level infinite", bound)
	}
}
