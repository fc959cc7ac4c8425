package httpx

import (
	"net/url"
	"testing"
)

func TestURLNumber(t *testing.T) {
	for _, tt := range []struct {
		text string
		want int
		ok   bool
	}{
		{"0", 0, true}, {"7", 7, true}, {"63", 63, true},
		{"", 0, false}, {"01", 0, false}, {"+1", 0, false}, {"-1", 0, false},
		{"1e0", 0, false}, {" 1", 0, false}, {"64", 0, false}, {"99999999999999999999", 0, false},
	} {
		n, ferr := URLNumber("seat", tt.text, 0, MaxSeatNumber)
		if (ferr == nil) != tt.ok || n != tt.want {
			t.Errorf("URLNumber(%q) = %d, %v; want %d, ok %v", tt.text, n, ferr, tt.want, tt.ok)
		}
		if ferr != nil && ferr.Field != "seat" {
			t.Errorf("URLNumber(%q) names field %q, want seat", tt.text, ferr.Field)
		}
	}
}

func TestQueryNumber(t *testing.T) {
	for _, tt := range []struct {
		query string
		want  int
		ok    bool
	}{
		{"", 20, true}, {"limit=5", 5, true}, {"limit=5&limit=6", 0, false}, {"limit=", 0, false}, {"limit=500", 0, false},
	} {
		q, _ := url.ParseQuery(tt.query)
		n, ferr := QueryNumber(q, "limit", 20, 1, 100)
		if (ferr == nil) != tt.ok || n != tt.want {
			t.Errorf("QueryNumber(%q) = %d, %v; want %d, ok %v", tt.query, n, ferr, tt.want, tt.ok)
		}
	}
}
