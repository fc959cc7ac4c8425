package httpx

import (
	"fmt"
	"net/url"
	"strconv"
)

// URLNumber reads the number named name of a URL (a path segment or a
// query value) strictly: decimal digits only, no sign, no leading zero,
// from lo to hi. "+1", "01", " 1" and "1e3" are refused, not read as 1, so
// that one number has one spelling (logs, caches and limits see the same).
func URLNumber(name, text string, lo, hi int) (int, *FieldError) {
	bad := func(why string) *FieldError {
		return &FieldError{Field: name, Message: fmt.Sprintf("%q %s: want a decimal number from %d to %d", text, why, lo, hi)}
	}
	switch {
	case text == "":
		return 0, bad("is empty")
	case len(text) > 1 && text[0] == '0':
		return 0, bad("has a leading zero")
	}
	for _, c := range []byte(text) {
		if c < '0' || c > '9' {
			return 0, bad("is not only digits")
		}
	}
	n, err := strconv.Atoi(text)
	if err != nil || n < lo || n > hi {
		return 0, bad("is out of range")
	}
	return n, nil
}

// QueryNumber reads the query parameter name of q with URLNumber: def when
// absent; refused when empty or given more than once.
func QueryNumber(q url.Values, name string, def, lo, hi int) (int, *FieldError) {
	vs, ok := q[name]
	switch {
	case !ok:
		return def, nil
	case len(vs) > 1:
		return 0, &FieldError{Field: name, Message: fmt.Sprintf("given %d times: want it once", len(vs))}
	}
	return URLNumber(name, vs[0], lo, hi)
}

// MaxSeatNumber bounds the seat numbers of URLs: no game has more seats
// (a larger one is refused as malformed, a smaller absent one as unknown).
const MaxSeatNumber = 63
