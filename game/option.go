package game

import (
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"
)

// OptionKind says how an option's values are checked.
type OptionKind int8

const (
	// Enum options take one of Values.
	Enum OptionKind = iota
	// Int options take a whole number from Min to Max.
	Int
)

// Option is one variant option of a game.
type Option struct {
	Key     string     `json:"key"`
	Kind    OptionKind `json:"-"`
	Default string     `json:"default"`
	Values  []string   `json:"values,omitempty"` // Enum only
	Min     int        `json:"min,omitempty"`    // Int only
	Max     int        `json:"max,omitempty"`    // Int only
	Help    string     `json:"help"`
}

// check reports whether v is an accepted value of o.
func (o Option) check(v string) error {
	switch o.Kind {
	case Int:
		n, err := strconv.Atoi(v)
		if err != nil || n < o.Min || n > o.Max {
			return fmt.Errorf("option %s: %q is not a whole number from %d to %d", o.Key, v, o.Min, o.Max)
		}
	default:
		if !slices.Contains(o.Values, v) {
			return fmt.Errorf("option %s: %q is not one of %s", o.Key, v, strings.Join(o.Values, ", "))
		}
	}
	return nil
}

// Accepted describes the accepted values of o, for error messages and help.
func (o Option) Accepted() string {
	if o.Kind == Int {
		return fmt.Sprintf("%d..%d", o.Min, o.Max)
	}
	return strings.Join(o.Values, "|")
}

// Config is a complete, validated variant: every option of a game with its
// value. Build one with NewConfig; the zero Config is not valid.
type Config map[string]string

// NewConfig validates settings (option key to value) against g's options and
// fills in the defaults. Unknown keys and bad values are errors that name
// what is accepted.
func NewConfig(g Game, settings map[string]string) (Config, error) {
	opts := g.Options()
	cfg := make(Config, len(opts))
	for _, o := range opts {
		cfg[o.Key] = o.Default
	}
	keys := make([]string, 0, len(settings))
	for k := range settings {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		i := slices.IndexFunc(opts, func(o Option) bool { return o.Key == k })
		if i < 0 {
			return nil, fmt.Errorf("%s has no option %q (options: %s)", g.ID(), k, optionKeys(opts))
		}
		if err := opts[i].check(settings[k]); err != nil {
			return nil, fmt.Errorf("%s: %w", g.ID(), err)
		}
		cfg[k] = settings[k]
	}
	return cfg, nil
}

// DefaultConfig is g's configuration with every option at its default.
func DefaultConfig(g Game) Config {
	cfg, err := NewConfig(g, nil)
	if err != nil {
		panic(err) // a game whose defaults do not validate is a programming error
	}
	return cfg
}

// ParseSettings reads "key=value" pairs, as given on a command line.
func ParseSettings(pairs []string) (map[string]string, error) {
	m := make(map[string]string, len(pairs))
	for _, p := range pairs {
		k, v, ok := strings.Cut(p, "=")
		if !ok || k == "" {
			return nil, fmt.Errorf("variant %q is not of the form key=value", p)
		}
		m[k] = v
	}
	return m, nil
}

func optionKeys(opts []Option) string {
	if len(opts) == 0 {
		return "none"
	}
	keys := make([]string, len(opts))
	for i, o := range opts {
		keys[i] = o.Key
	}
	return strings.Join(keys, ", ")
}

// Int returns an Int option's value (0 if absent or not a number).
func (c Config) Int(key string) int {
	n, _ := strconv.Atoi(c[key])
	return n
}

// String writes the config as sorted key=value pairs separated by spaces.
func (c Config) String() string {
	keys := make([]string, 0, len(c))
	for k := range c {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for i, k := range keys {
		keys[i] = k + "=" + c[k]
	}
	return strings.Join(keys, " ")
}

// Variants lists every configuration of g obtained by varying one option at
// a time from the defaults (Int options are tried at Min, Default and Max),
// the defaults first. Conformance tests play each of them.
func Variants(g Game) []Config {
	out := []Config{DefaultConfig(g)}
	seen := map[string]bool{out[0].String(): true}
	for _, o := range g.Options() {
		var vals []string
		if o.Kind == Int {
			vals = []string{strconv.Itoa(o.Min), strconv.Itoa(o.Max)}
		} else {
			vals = o.Values
		}
		for _, v := range vals {
			cfg, err := NewConfig(g, map[string]string{o.Key: v})
			if err != nil {
				continue
			}
			if s := cfg.String(); !seen[s] {
				seen[s] = true
				out = append(out, cfg)
			}
		}
	}
	return out
}
