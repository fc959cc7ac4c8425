package protocol

import (
	"encoding/json"
	"fmt"
	"regexp"
	"slices"
	"strings"
)

// KeyError is a JSON key refused by ScanKeys: the path of the key at
// fault ("seats[1].kind"; "" for the value itself) and why.
type KeyError struct {
	Field   string
	Message string
}

func (e *KeyError) Error() string {
	if e.Field == "" {
		return e.Message
	}
	return e.Field + ": " + e.Message
}

// maxDepth bounds the nesting ScanKeys reads.
const maxDepth = 8

var index = regexp.MustCompile(`\[\d+\]`)

// ScanKeys reads one JSON value from dec and refuses, in its objects, a
// key given twice and, in the objects whose path is a key of fields (array
// indexes written "[]": "seats[]"; "" for the value itself), a key that is
// not one of its fields exactly: encoding/json would take the last of two
// keys, and match a key in another case, or ignore an unknown one.
func ScanKeys(dec *json.Decoder, fields map[string][]string) *KeyError {
	return scanKeys(dec, fields, "", 0)
}

func scanKeys(dec *json.Decoder, fields map[string][]string, path string, depth int) *KeyError {
	if depth > maxDepth {
		return &KeyError{Field: path, Message: "nested too deep"}
	}
	tok, err := dec.Token()
	if err != nil {
		return &KeyError{Field: path, Message: "not JSON: " + err.Error()}
	}
	join := func(key string) string {
		if path == "" {
			return key
		}
		return path + "." + key
	}
	switch tok {
	case json.Delim('{'):
		known, strict := fields[index.ReplaceAllString(path, "[]")]
		seen := map[string]bool{}
		for dec.More() {
			kt, err := dec.Token()
			if err != nil {
				return &KeyError{Field: path, Message: "not JSON: " + err.Error()}
			}
			key := kt.(string)
			if seen[key] {
				return &KeyError{Field: join(key), Message: "the key is given twice"}
			}
			seen[key] = true
			if strict && !slices.Contains(known, key) {
				msg := fmt.Sprintf("unknown field (fields: %s)", strings.Join(known, ", "))
				if i := slices.IndexFunc(known, func(f string) bool { return strings.EqualFold(f, key) }); i >= 0 {
					msg = fmt.Sprintf("write %q: keys are case-sensitive", known[i])
				}
				return &KeyError{Field: join(key), Message: msg}
			}
			if err := scanKeys(dec, fields, join(key), depth+1); err != nil {
				return err
			}
		}
		if _, err := dec.Token(); err != nil {
			return &KeyError{Field: path, Message: "not JSON: " + err.Error()}
		}
	case json.Delim('['):
		for i := 0; dec.More(); i++ {
			if err := scanKeys(dec, fields, fmt.Sprintf("%s[%d]", path, i), depth+1); err != nil {
				return err
			}
		}
		if _, err := dec.Token(); err != nil {
			return &KeyError{Field: path, Message: "not JSON: " + err.Error()}
		}
	}
	return nil
}
