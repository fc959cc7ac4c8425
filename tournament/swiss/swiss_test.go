package swiss

import (
	"fmt"
	"strconv"
	"strings"
	"testing"
)

// players returns n players in initial ranking order.
func players(n int) []Player {
	ps := make([]Player, n)
	for i := range ps {
		ps[i] = Player{ID: fmt.Sprint("p", i+1), Rating: 2000 - 10*i}
	}
	return ps
}

// format writes a round as "W-B ..." with 1-based pairing numbers and
// "bye N" last.
func format(rd Round) string {
	var b strings.Builder
	for i, g := range rd.Games {
		if i > 0 {
			b.WriteByte(' ')
		}
		fmt.Fprintf(&b, "%d-%d", g.White+1, g.Black+1)
	}
	if rd.Bye >= 0 {
		fmt.Fprintf(&b, " bye %d", rd.Bye+1)
	}
	return strings.TrimSpace(b.String())
}

// played fills in a round's results: "1" white wins, "=" draw, "0" black
// wins, one a game in the order of rd.Games.
func played(t *testing.T, rd Round, results string) Round {
	t.Helper()
	rs := strings.Fields(results)
	if len(rs) != len(rd.Games) {
		t.Fatalf("%d results for %d games", len(rs), len(rd.Games))
	}
	for i, r := range rs {
		rd.Games[i].Result = map[string]Result{"1": WhiteWins, "=": Draw, "0": BlackWins}[r]
	}
	return rd
}

// round parses "W-B ... [bye N]" with results "W-B:1" etc.
func round(t *testing.T, s string) Round {
	t.Helper()
	rd := Round{Bye: -1}
	f := strings.Fields(s)
	for i := 0; i < len(f); i++ {
		if f[i] == "bye" {
			n, _ := strconv.Atoi(f[i+1])
			rd.Bye = n - 1
			i++
			continue
		}
		var w, b int
		var r string
		if _, err := fmt.Sscanf(strings.ReplaceAll(strings.ReplaceAll(f[i], "-", " "), ":", " "), "%d %d %s", &w, &b, &r); err != nil {
			t.Fatalf("bad game %q: %v", f[i], err)
		}
		rd.Games = append(rd.Games, Game{White: w - 1, Black: b - 1,
			Result: map[string]Result{"1": WhiteWins, "=": Draw, "0": BlackWins}[r]})
	}
	return rd
}

// TestPairHandWorked checks pairings worked out by hand from the rules of
// C.04.3 (the working is in the comments).
func TestPairHandWorked(t *testing.T) {
	tests := []struct {
		name    string
		n       int
		history []string
		want    string
	}{{
		// One bracket: S1 = 1 2 3 against S2 = 4 5 6; E.5 gives the higher
		// player white on odd pairing numbers.
		name: "round one, even", n: 6,
		want: "1-4 5-2 3-6",
	}, {
		// S2 = 4 5 6 7: its last player is left for the bye.
		name: "round one, odd", n: 7,
		want: "1-4 5-2 3-6 bye 7",
	}, {
		// Scores 1: {1, 6}; ½: {2, 5}, who have met, so both float down to
		// {3, 4} and are paired first (2 with 3, the first of S2); colours
		// alternate.
		name: "moved-down players", n: 6,
		history: []string{"1-4:1 5-2:= 3-6:0"},
		want:    "6-1 2-3 4-5",
	}, {
		// Bracket 1: 1 2 3 4 with 1 and 3 due black, 2 and 4 due white:
		// 1-3 and 2-4 would deny two preferences, the transposition 1-4
		// 2-3 none. Bracket 0 likewise: 5-8 and 6-7.
		name: "transposition for colours", n: 8,
		history: []string{"1-5:1 6-2:0 3-7:1 8-4:0"},
		want:    "4-1 2-3 5-8 7-6",
	}, {
		// All on ½; 1-3 have met; the transposition 1-4 2-3 denies two
		// preferences (1 and 4 both due black); the first exchange (2 with
		// 3) gives 1-2 3-4 with every preference granted.
		name: "exchange for colours", n: 4,
		history: []string{"1-3:= 4-2:="},
		want:    "2-1 3-4",
	}}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var rounds []Round
			for _, h := range tt.history {
				rounds = append(rounds, round(t, h))
			}
			rd, err := Pair(players(tt.n), rounds, DefaultRules)
			if err != nil {
				t.Fatal(err)
			}
			if got := format(rd); got != tt.want {
				t.Errorf("pairing %q, want %q", got, tt.want)
			}
		})
	}
}

// TestFivePlayersFourRounds runs a 4-round Swiss of 5 players, one bye a
// round, worked out by hand: the pairing of each round, then the final
// standings with Buchholz and Sonneborn-Berger (a bye counts as a game
// against a virtual opponent).
func TestFivePlayersFourRounds(t *testing.T) {
	rounds := []struct{ want, results string }{
		// 1 2 | 3 4 5: 1-3, 2-4 (2 even: black), 5 left: the bye.
		{"1-3 4-2 bye 5", "1 ="},
		// 1 pt: 1 5 paired; ½: 2 and 4 have met, both float; 0: 3 takes one
		// of them: 2-3 denies 3's white, 4-3 grants both, so 2 gets the bye.
		{"5-1 3-4 bye 2", "0 1"},
		// 1 (2 pts) floats to 2 (1½): 2's strong white beats 1's mild one;
		// 3-5 (5 strong black); 4 left: the bye.
		{"2-1 3-5 bye 4", "= 0"},
		// 1 (2½) has met 2 and 5, floats again; 2-5; 1 on to 4 (1's white is
		// absolute); 3 left, the only one besides 1 without a bye.
		{"1-4 5-2 bye 3", "1 0"},
	}
	ps := players(5)
	var done []Round
	for i, r := range rounds {
		rd, err := Pair(ps, done, DefaultRules)
		if err != nil {
			t.Fatalf("round %d: %v", i+1, err)
		}
		if got := format(rd); got != r.want {
			t.Fatalf("round %d: pairing %q, want %q", i+1, got, r.want)
		}
		done = append(done, played(t, rd, r.results))
	}
	st, err := Standings(ps, done, DefaultRules)
	if err != nil {
		t.Fatal(err)
	}
	// Points: 1: 3½, 2: 3, 5: 2, 3: 2, 4: 1½. Buchholz of 5: bye in round 1
	// (virtual opponent 0 + 3 draws = 1½) + 1 (3½) + 3 (2) + 2 (3) = 10,
	// of 3: 1 (3½) + 4 (1½) + 5 (2) + bye in round 4 (1) = 8: 5 before 3.
	want := []Standing{
		{Player: 0, Rank: 1, Score: 7, Buchholz: 17, SonnebornBerger: 28},
		{Player: 1, Rank: 2, Score: 6, Buchholz: 17, SonnebornBerger: 24},
		{Player: 4, Rank: 3, Score: 4, Buchholz: 20, SonnebornBerger: 14},
		{Player: 2, Rank: 4, Score: 4, Buchholz: 16, SonnebornBerger: 10},
		{Player: 3, Rank: 5, Score: 3, Buchholz: 19, SonnebornBerger: 10},
	}
	for i := range want {
		if st[i] != want[i] {
			t.Errorf("standing %d: %+v, want %+v", i+1, st[i], want[i])
		}
	}
}
