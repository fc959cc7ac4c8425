package dames

import "testing"

func TestPerftQuick(t *testing.T) {
	want := []uint64{1, 9, 81, 658, 4265, 27117, 167140}
	for d, w := range want {
		if got := Perft(StartPos(), d); got != w {
			t.Errorf("perft(%d) = %d, want %d", d, got, w)
		}
		if got := PerftNoBulk(StartPos(), d); got != w {
			t.Errorf("perftNoBulk(%d) = %d, want %d", d, got, w)
		}
	}
}
