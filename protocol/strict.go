package protocol

import (
	"bytes"
	"errors"
	"fmt"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/go-json-experiment/json"
	"github.com/go-json-experiment/json/jsontext"
)

// ErrInvalidUTF8: a message or body is not valid UTF-8 (a WebSocket
// closes with 1007 for it, RFC 6455 8.1).
var ErrInvalidUTF8 = errors.New("not valid UTF-8")

// KeyError is a JSON value refused by DecodeStrict: the path of the value
// at fault ("seats[1].kind"; "" for the value itself) and why.
type KeyError struct {
	Field   string
	Message string
	// reason sorts the errors for Decode's messages.
	reason reason
}

type reason int

const (
	badValue    reason = iota // not JSON, a wrong type, nested too deep
	badKey                    // a key given twice, unknown, or in another case
	badTrailing               // data after the value
)

func (e *KeyError) Error() string {
	if e.Field == "" {
		return e.Message
	}
	return e.Field + ": " + e.Message
}

// maxNesting bounds how many objects and arrays a client's value may nest.
const maxNesting = 9

// strictOptions are the options of every decoding of a client's JSON,
// spelled out though most are the library's defaults: a key given twice,
// a key that is no field of its struct, and a key matching a field only in
// another case are refused (encoding/json would let the last of two keys
// win, ignore an unknown key, and match keys in any case).
func strictOptions() json.Options {
	return json.JoinOptions(
		json.RejectUnknownMembers(true),
		json.MatchCaseInsensitiveNames(false),
		jsontext.AllowDuplicateNames(false),
		jsontext.AllowInvalidUTF8(false),
	)
}

// DecodeStrict decodes data, one JSON value, into v (a pointer), as
// strictly as Decode does client messages: valid UTF-8 (else
// ErrInvalidUTF8), no key given twice in any object, in the objects of
// v's structs only their fields spelled exactly, at most 9 objects and
// arrays nested, nothing after the value. Other errors are *KeyError,
// naming the field at fault.
func DecodeStrict(data []byte, v any) error {
	if !utf8.Valid(data) {
		return ErrInvalidUTF8
	}
	if ke := tooDeep(data); ke != nil {
		return ke
	}
	if err := json.Unmarshal(data, v, strictOptions()); err != nil {
		return keyError(data, err)
	}
	return nil
}

// tooDeep returns the error for data's first value nested deeper than
// maxNesting, or nil.
func tooDeep(data []byte) *KeyError {
	if bytes.Count(data, []byte{'['})+bytes.Count(data, []byte{'{'}) <= maxNesting {
		return nil // cannot nest deeper: the common case reads nothing
	}
	dec := jsontext.NewDecoder(bytes.NewReader(data), jsontext.AllowDuplicateNames(true))
	for {
		if _, err := dec.ReadToken(); err != nil {
			return nil // Unmarshal says what is wrong
		}
		if dec.StackDepth() > maxNesting {
			return &KeyError{Field: fieldPath(data, dec.StackPointer()), Message: "nested too deep"}
		}
	}
}

// keyError turns an error of json.Unmarshal on data into a *KeyError.
func keyError(data []byte, err error) *KeyError {
	var syn *jsontext.SyntacticError
	var sem *json.SemanticError
	switch {
	case errors.As(err, &syn):
		field := fieldPath(data, syn.JSONPointer)
		switch {
		case errors.Is(syn.Err, jsontext.ErrDuplicateName):
			return &KeyError{Field: field, Message: "the key is given twice", reason: badKey}
		case syn.JSONPointer == "" && jsontext.Value(data[:syn.ByteOffset]).IsValid():
			return &KeyError{Message: "trailing data after the JSON object", reason: badTrailing}
		}
		return &KeyError{Field: field, Message: "not JSON: " + syn.Err.Error()}
	case errors.As(err, &sem):
		field := fieldPath(data, sem.JSONPointer)
		if errors.Is(sem.Err, json.ErrUnknownName) {
			return &KeyError{Field: field, Message: unknownKey(sem.GoType, sem.JSONPointer.LastToken()), reason: badKey}
		}
		switch {
		case sem.Err != nil || sem.GoType == nil:
		case field == "":
			return &KeyError{Message: fmt.Sprintf("cannot unmarshal a JSON %s into a %s", kindName(sem.JSONKind), sem.GoType)}
		default:
			return &KeyError{Field: field, Message: fmt.Sprintf("a JSON %s is not a %s", kindName(sem.JSONKind), sem.GoType)}
		}
		return &KeyError{Field: field, Message: strings.TrimPrefix(err.Error(), "json: ")}
	}
	return &KeyError{Message: err.Error()}
}

// unknownKey says why key is no field of the struct type t.
func unknownKey(t reflect.Type, key string) string {
	known := fieldNames(t)
	if i := slices.IndexFunc(known, func(f string) bool { return strings.EqualFold(f, key) }); i >= 0 {
		return fmt.Sprintf("write %q: keys are case-sensitive", known[i])
	}
	return fmt.Sprintf("unknown field (fields: %s)", strings.Join(known, ", "))
}

// kindName names a JSON kind as a sentence does.
func kindName(k jsontext.Kind) string {
	switch k {
	case '{':
		return "object"
	case '[':
		return "array"
	case 't', 'f':
		return "boolean"
	}
	return k.String()
}

// fieldPath writes the JSON pointer p into data as a field path:
// "seats[1].kind". Whether a token is an array index or an object's key
// is read from data (a key may be all digits).
func fieldPath(data []byte, p jsontext.Pointer) string {
	dec := jsontext.NewDecoder(bytes.NewReader(data), jsontext.AllowDuplicateNames(true))
	var b strings.Builder
	for tok := range p.Tokens() {
		if dec != nil && dec.PeekKind() == '[' {
			fmt.Fprintf(&b, "[%s]", tok)
			n, err := strconv.Atoi(tok)
			if _, err2 := dec.ReadToken(); err != nil || err2 != nil || skip(dec, n) != nil {
				dec = nil
			}
			continue
		}
		if b.Len() > 0 {
			b.WriteByte('.')
		}
		b.WriteString(tok)
		if dec != nil && (dec.PeekKind() != '{' || findKey(dec, tok) != nil) {
			dec = nil // the rest are written as keys
		}
	}
	return b.String()
}

// skip reads n values of an array.
func skip(dec *jsontext.Decoder, n int) error {
	for range n {
		if err := dec.SkipValue(); err != nil {
			return err
		}
	}
	return nil
}

// findKey reads an object up to its key, leaving dec at the key's value.
func findKey(dec *jsontext.Decoder, key string) error {
	if _, err := dec.ReadToken(); err != nil {
		return err
	}
	for {
		tok, err := dec.ReadToken()
		if err != nil {
			return err
		}
		if tok.Kind() != '"' {
			return errors.New("no such key")
		}
		if tok.String() == key {
			return nil
		}
		if err := dec.SkipValue(); err != nil {
			return err
		}
	}
}

// fieldNames returns the JSON names of the struct type t's fields (t may
// be a pointer to one), those of its embedded structs included, in order.
func fieldNames(t reflect.Type) []string {
	for t != nil && t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if t == nil || t.Kind() != reflect.Struct {
		return nil
	}
	names := []string{}
	for i := range t.NumField() {
		f := t.Field(i)
		tag := f.Tag.Get("json")
		name, _, _ := strings.Cut(tag, ",")
		switch {
		case tag == "-":
		case f.Anonymous && name == "" && (f.Type.Kind() == reflect.Struct || f.Type.Kind() == reflect.Pointer):
			names = append(names, fieldNames(f.Type)...)
		case !f.IsExported():
		case name == "":
			names = append(names, f.Name)
		default:
			names = append(names, name)
		}
	}
	return names
}
