package protocol

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"reflect"
	"strings"
	"unicode/utf8"
)

// ErrInvalidUTF8: a message or body is not valid UTF-8 (a WebSocket
// closes with 1007 for it, RFC 6455 8.1).
var ErrInvalidUTF8 = errors.New("not valid UTF-8")

// DecodeStrict decodes data, one JSON value, into v (a pointer), as
// strictly as Decode does client messages: valid UTF-8 (else
// ErrInvalidUTF8), no key given twice in any object, in the objects of
// v's structs only their fields spelled exactly (encoding/json would
// match a key in another case, let the last of two keys win, and ignore
// an unknown one), nothing after the value. Other errors are *KeyError,
// naming the field at fault.
func DecodeStrict(data []byte, v any) error {
	if !utf8.Valid(data) {
		return ErrInvalidUTF8
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	if err := ScanKeys(dec, FieldsOf(reflect.TypeOf(v))); err != nil {
		return err
	}
	if _, err := dec.Token(); err != io.EOF {
		return &KeyError{Message: "trailing data after the JSON object"}
	}
	dec = json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		var te *json.UnmarshalTypeError
		if errors.As(err, &te) && te.Field != "" {
			return &KeyError{Field: te.Field, Message: fmt.Sprintf("a JSON %s is not a %s", te.Value, te.Type)}
		}
		return &KeyError{Message: err.Error()}
	}
	return nil
}

// FieldsOf returns ScanKeys's fields for the JSON form of t: for each
// object of a struct type, by its path, the JSON names of its fields. The
// objects of maps are not listed: their keys are free.
func FieldsOf(t reflect.Type) map[string][]string {
	fields := map[string][]string{}
	addFields(fields, t, "", 0)
	return fields
}

func addFields(fields map[string][]string, t reflect.Type, path string, depth int) {
	if depth > maxDepth {
		return
	}
	switch t.Kind() {
	case reflect.Pointer:
		addFields(fields, t.Elem(), path, depth)
	case reflect.Slice, reflect.Array:
		if t.Elem().Kind() != reflect.Uint8 { // []byte is a base64 string
			addFields(fields, t.Elem(), path+"[]", depth+1)
		}
	case reflect.Struct:
		if t.Implements(unmarshaler) || reflect.PointerTo(t).Implements(unmarshaler) {
			return // its own decoding decides
		}
		fields[path] = structFields(fields, t, path, depth)
	}
}

// structFields returns the JSON names of t's fields, those of its
// embedded structs included, and adds the fields of their values.
func structFields(fields map[string][]string, t reflect.Type, path string, depth int) []string {
	names := []string{}
	for i := range t.NumField() {
		f := t.Field(i)
		name, embedded, ok := jsonName(f)
		if !ok {
			continue
		}
		if embedded {
			ft := f.Type
			if ft.Kind() == reflect.Pointer {
				ft = ft.Elem()
			}
			names = append(names, structFields(fields, ft, path, depth+1)...)
			continue
		}
		names = append(names, name)
		sub := name
		if path != "" {
			sub = path + "." + name
		}
		addFields(fields, f.Type, sub, depth+1)
	}
	return names
}

var unmarshaler = reflect.TypeFor[json.Unmarshaler]()

// jsonName is the key of a struct field in JSON; embedded when the field
// is an embedded struct whose fields are promoted; false when it has no
// key (unexported, or "-").
func jsonName(f reflect.StructField) (name string, embedded, ok bool) {
	tag := f.Tag.Get("json")
	if tag == "-" {
		return "", false, false
	}
	name, _, _ = strings.Cut(tag, ",")
	if f.Anonymous && name == "" {
		if t := f.Type; t.Kind() == reflect.Struct || t.Kind() == reflect.Pointer && t.Elem().Kind() == reflect.Struct {
			return "", true, true
		}
	}
	if !f.IsExported() {
		return "", false, false
	}
	if name == "" {
		name = f.Name
	}
	return name, false, true
}
