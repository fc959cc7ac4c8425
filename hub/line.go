package hub

import (
	"errors"
	"fmt"
	"strings"
)

// Arg is one argument of a Hub line: key=value, or a bare flag (Flag true,
// Value empty).
type Arg struct {
	Key, Value string
	Flag       bool
}

// Line is one Hub line: a command and its arguments in order.
type Line struct {
	Cmd  string
	Args []Arg
}

// Get returns the value of the first argument named key and whether there
// is one.
func (l Line) Get(key string) (string, bool) {
	for _, a := range l.Args {
		if a.Key == key {
			return a.Value, true
		}
	}
	return "", false
}

// char names a byte in an error message without a double quote, which an
// error line could not carry.
func char(c byte) string {
	if c == '"' {
		return "a double quote"
	}
	return fmt.Sprintf("%q", c)
}

// ErrSyntax is wrapped by the errors of ParseLine.
var ErrSyntax = errors.New("hub syntax")

// ParseLine reads one Hub line: a command word, then arguments separated by
// spaces or tabs, each a key, optionally followed by = and a value, quoted
// with double quotes when it holds spaces. An empty line is an error.
func ParseLine(text string) (Line, error) {
	text = strings.TrimRight(text, "\r\n")
	for j := 0; j < len(text); j++ {
		if c := text[j]; (c < ' ' && c != '\t') || c == 0x7f {
			return Line{}, fmt.Errorf("%w: control character %s at column %d", ErrSyntax, char(c), j+1)
		}
	}
	i := 0
	skip := func() {
		for i < len(text) && (text[i] == ' ' || text[i] == '\t') {
			i++
		}
	}
	word := func() string {
		j := i
		for i < len(text) && text[i] != ' ' && text[i] != '\t' && text[i] != '=' && text[i] != '"' {
			i++
		}
		return text[j:i]
	}
	skip()
	var l Line
	l.Cmd = word()
	if l.Cmd == "" {
		if i < len(text) {
			return Line{}, fmt.Errorf("%w: the line starts with %s, not a command word", ErrSyntax, char(text[i]))
		}
		return Line{}, fmt.Errorf("%w: empty line", ErrSyntax)
	}
	if i < len(text) && text[i] != ' ' && text[i] != '\t' {
		return Line{}, fmt.Errorf("%w: %s right after the command %s", ErrSyntax, char(text[i]), l.Cmd)
	}
	for {
		skip()
		if i == len(text) {
			return l, nil
		}
		start := i
		key := word()
		if key == "" {
			return Line{}, fmt.Errorf("%w: the argument at column %d starts with %s, not a name", ErrSyntax, start+1, char(text[i]))
		}
		if i == len(text) || text[i] == ' ' || text[i] == '\t' {
			l.Args = append(l.Args, Arg{Key: key, Flag: true})
			continue
		}
		if text[i] != '=' {
			return Line{}, fmt.Errorf("%w: %s in the name of argument %s", ErrSyntax, char(text[i]), key)
		}
		i++
		var val string
		if i < len(text) && text[i] == '"' {
			end := strings.IndexByte(text[i+1:], '"')
			if end < 0 {
				return Line{}, fmt.Errorf("%w: the value of %s= opens a quote at column %d that is never closed", ErrSyntax, key, i+1)
			}
			val = text[i+1 : i+1+end]
			i += end + 2
			if i < len(text) && text[i] != ' ' && text[i] != '\t' {
				return Line{}, fmt.Errorf("%w: %s right after the quoted value of %s=", ErrSyntax, char(text[i]), key)
			}
		} else {
			j := i
			for i < len(text) && text[i] != ' ' && text[i] != '\t' {
				if text[i] == '"' || text[i] == '=' {
					return Line{}, fmt.Errorf("%w: %s inside the unquoted value of %s= (quote the value)", ErrSyntax, char(text[i]), key)
				}
				i++
			}
			val = text[j:i]
			if val == "" {
				return Line{}, fmt.Errorf("%w: %s= has no value (write %s=\"\" for an empty one)", ErrSyntax, key, key)
			}
		}
		l.Args = append(l.Args, Arg{Key: key, Value: val})
	}
}

// String writes the line, quoting the values that need it.
func (l Line) String() string {
	var b strings.Builder
	b.WriteString(l.Cmd)
	for _, a := range l.Args {
		b.WriteByte(' ')
		b.WriteString(a.Key)
		if a.Flag {
			continue
		}
		b.WriteByte('=')
		if a.Value == "" || strings.ContainsAny(a.Value, " \t=\"") {
			b.WriteByte('"')
			b.WriteString(a.Value)
			b.WriteByte('"')
		} else {
			b.WriteString(a.Value)
		}
	}
	return b.String()
}

// NewLine builds a line from a command and key, value pairs.
func NewLine(cmd string, kv ...string) Line {
	l := Line{Cmd: cmd}
	for i := 0; i+1 < len(kv); i += 2 {
		l.Args = append(l.Args, Arg{Key: kv[i], Value: kv[i+1]})
	}
	return l
}
