//go:build linux

package main

import (
	"bufio"
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestMatchStopsOnSignal builds plateau, starts a long match of its Hub
// engine (a child process) against greedy, and sends SIGTERM after the
// first game: the command exits within seconds with a non-zero status,
// prints the result of the games played and says why it stopped, and no
// process it started is left (each carries a mark in its environment,
// looked for in /proc).
func TestMatchStopsOnSignal(t *testing.T) {
	dir := t.TempDir()
	bin := filepath.Join(dir, "plateau")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	mark := "PLATEAU_MATCH_SIGNAL_TEST=" + dir
	cmd := exec.Command(bin, "match", "dames", "--a", "hub:"+bin+",hub,--tt-size,14", "--b", "greedy", "--games", "200", "--time", "20ms")
	cmd.Env = append(os.Environ(), mark)
	var stdout bytes.Buffer
	cmd.Stdout = &stdout
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	sc := bufio.NewScanner(stderr)
	var errs strings.Builder
	for sc.Scan() {
		errs.WriteString(sc.Text() + "\n")
		if strings.HasPrefix(sc.Text(), "game 1:") {
			break
		}
	}
	if err := cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	sent := time.Now()
	go func() {
		for sc.Scan() {
		}
	}()
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()
	select {
	case err = <-exited:
	case <-time.After(20 * time.Second):
		cmd.Process.Kill()
		t.Fatalf("plateau match still running 20 s after SIGTERM; stderr:\n%s", errs.String())
	}
	t.Logf("exited %v after SIGTERM", time.Since(sent))
	if err == nil {
		t.Error("plateau match stopped by SIGTERM exits 0")
	}
	out := stdout.String()
	if !strings.Contains(out, "W/D/L ") || strings.Contains(out, ", 200 games at") {
		t.Errorf("want the partial result of the games played, got:\n%s", out)
	}
	if procs := marked(t, mark); len(procs) > 0 {
		t.Errorf("processes of the match left after its end: %v", procs)
	}
}

// marked lists the processes whose environment holds mark.
func marked(t *testing.T, mark string) []string {
	t.Helper()
	dirs, err := filepath.Glob("/proc/[0-9]*/environ")
	if err != nil {
		t.Fatal(err)
	}
	var found []string
	for _, p := range dirs {
		env, err := os.ReadFile(p)
		if err != nil {
			continue // gone, or not ours
		}
		for _, kv := range bytes.Split(env, []byte{0}) {
			if string(kv) == mark {
				found = append(found, p)
			}
		}
	}
	return found
}
