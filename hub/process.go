package hub

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os/exec"
	"strings"
	"time"
)

// process is a Hub engine running as a child process: its input, and its
// output lines on a channel closed when the output ends.
type process struct {
	cmd   *exec.Cmd
	in    io.WriteCloser
	lines chan string
	name  string // the id line's name, the command's base name without one
}

// errEnded reports an engine process whose output ended.
var errEnded = errors.New("the engine's output ended (crashed or quit)")

// startProcess starts path with args and runs the Hub initialisation (hub,
// id, param..., wait, the set-params, init, ready; the first protocol's
// when protocol is Hub1) within timeout.
func startProcess(path string, args []string, protocol int, params [][2]string, stderr io.Writer, timeout time.Duration) (*process, error) {
	cmd := exec.Command(path, args...)
	cmd.Stderr = stderr
	in, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("starting the Hub engine %s: %w", path, err)
	}
	p := &process{cmd: cmd, in: in, lines: make(chan string, 256), name: path[strings.LastIndexAny(path, `/\`)+1:]}
	go func() {
		defer close(p.lines)
		sc := bufio.NewScanner(out)
		sc.Buffer(make([]byte, 64*1024), 1<<20)
		for sc.Scan() {
			p.lines <- sc.Text()
		}
	}()
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	initialise := p.init
	if protocol == Hub1 {
		initialise = p.init1
	}
	if err := initialise(ctx, params); err != nil {
		p.kill()
		return nil, fmt.Errorf("the Hub engine %s: %w", path, err)
	}
	return p, nil
}

// init runs the initialisation on a started process.
func (p *process) init(ctx context.Context, params [][2]string) error {
	if err := p.send(Line{Cmd: "hub"}); err != nil {
		return err
	}
	for {
		l, err := p.next(ctx)
		if err != nil {
			return fmt.Errorf("waiting for wait after hub: %w", err)
		}
		if l.Cmd == "id" {
			if name, ok := l.Get("name"); ok && name != "" {
				p.name = name
			}
		}
		if l.Cmd == "wait" {
			break
		}
	}
	for _, kv := range params {
		if err := p.send(NewLine("set-param", "name", kv[0], "value", kv[1])); err != nil {
			return err
		}
	}
	if err := p.send(Line{Cmd: "init"}); err != nil {
		return err
	}
	if _, err := p.until(ctx, "ready"); err != nil {
		return fmt.Errorf("waiting for ready after init: %w", err)
	}
	return nil
}

// send writes one line to the engine.
func (p *process) send(l Line) error {
	if _, err := io.WriteString(p.in, l.String()+"\n"); err != nil {
		return fmt.Errorf("writing %q to the engine: %w", l.Cmd, err)
	}
	return nil
}

// next returns the engine's next line that parses, or an error when the
// output ends or ctx does. Lines that do not parse are skipped, as the
// protocol asks of what is not understood.
func (p *process) next(ctx context.Context) (Line, error) {
	for {
		select {
		case text, ok := <-p.lines:
			if !ok {
				return Line{}, errEnded
			}
			if strings.TrimSpace(text) == "" {
				continue
			}
			if l, err := ParseLine(text); err == nil {
				return l, nil
			}
		case <-ctx.Done():
			return Line{}, ctx.Err()
		}
	}
}

// until returns the next line of command cmd; an error line before it is
// an error.
func (p *process) until(ctx context.Context, cmd string) (Line, error) {
	for {
		l, err := p.next(ctx)
		if err != nil {
			return l, err
		}
		switch l.Cmd {
		case cmd:
			return l, nil
		case "error":
			msg, _ := l.Get("message")
			return l, fmt.Errorf("the engine says: %s", msg)
		}
	}
}

// quit asks the engine to quit, and kills it if it has not within grace.
func (p *process) quit(grace time.Duration) {
	p.send(Line{Cmd: "quit"})
	p.in.Close()
	exited := make(chan struct{})
	go func() {
		p.cmd.Wait()
		close(exited)
	}()
	select {
	case <-exited:
	case <-time.After(grace):
		p.cmd.Process.Kill()
		<-exited
	}
}

// kill ends the process at once.
func (p *process) kill() {
	p.in.Close()
	p.cmd.Process.Kill()
	p.cmd.Wait()
}
