package protocol

import "testing"

// BenchmarkDecodeMove: a move, the message a game's socket reads most.
func BenchmarkDecodeMove(b *testing.B) {
	data := []byte(`{"type":"move","version":12,"move":"32-28","id":"c7","seat":0}`)
	b.ReportAllocs()
	for b.Loop() {
		if _, ref := Decode(data); ref != nil {
			b.Fatal(ref)
		}
	}
}
