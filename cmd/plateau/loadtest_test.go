package main

import (
	"testing"
	"time"
)

func TestLatencies(t *testing.T) {
	ms := func(n ...int) []time.Duration {
		var d []time.Duration
		for _, x := range n {
			d = append(d, time.Duration(x)*time.Millisecond)
		}
		return d
	}
	hundred := make([]int, 100)
	for i := range hundred {
		hundred[i] = 100 - i // 100 down to 1: latencies sorts
	}
	for _, tc := range []struct {
		name string
		lat  []time.Duration
		want latencyReport
	}{
		{"none", nil, latencyReport{}},
		{"one", ms(7), latencyReport{1, 7, 7, 7, 7}},
		{"1 to 100", ms(hundred...), latencyReport{100, 51, 96, 100, 100}},
	} {
		if got := latencies(tc.lat); got != tc.want {
			t.Errorf("%s: latencies = %+v, want %+v", tc.name, got, tc.want)
		}
	}
}
