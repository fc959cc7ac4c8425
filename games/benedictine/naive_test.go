package benedictine

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"plateau/game"
)

// naiveMoves lists the legal moves straight from the rules, with plain
// coordinates and a search of every simple path, as "from-to-ball" keys.
// It shares nothing with the engine's tables.
func naiveMoves(s *State) []string {
	type pt struct{ f, r int }
	p := int(s.turn)
	at := func(q pt) byte { // 'G', 'A', 'O' or '.'
		if q.f < 0 || q.f > 6 || q.r < 0 || q.r > 6 {
			return '#'
		}
		return s.squareChar(q.r*7 + q.f)
	}
	ballSq := func(q pt) bool { return q.f%2 == 1 && q.r%2 == 1 }
	name := func(q pt) string { return fmt.Sprintf("%c%d", 'a'+q.f, q.r+1) }
	mine := byte("GA"[p])
	var out []string
	for r := range 7 {
		for f := range 7 {
			from := pt{f, r}
			if at(from) != mine {
				continue
			}
			dests := map[pt]bool{}
			for df := -1; df <= 1; df++ {
				for dr := -1; dr <= 1; dr++ {
					q := pt{f + df, r + dr}
					if (df != 0 || dr != 0) && at(q) == '.' && !ballSq(q) {
						dests[q] = true
					}
				}
			}
			var jump func(cur pt, seen map[pt]bool)
			jump = func(cur pt, seen map[pt]bool) {
				for df := -1; df <= 1; df++ {
					for dr := -1; dr <= 1; dr++ {
						mid, land := pt{cur.f + df, cur.r + dr}, pt{cur.f + 2*df, cur.r + 2*dr}
						c := at(mid)
						if (df == 0 && dr == 0) || (c != 'G' && c != 'A') || mid == from || seen[land] || land == from {
							continue
						}
						if lc := at(land); (lc != '.' && land != from) || ballSq(land) {
							continue
						}
						seen[land] = true
						dests[land] = true
						jump(land, seen)
						delete(seen, land)
					}
				}
			}
			jump(from, map[pt]bool{})
			for to := range dests {
				out = append(out, name(from)+"-"+name(to)+"-")
				own := func(q pt) bool { return q != from && (q == to || at(q) == mine) }
				balls := map[string]bool{}
				var roll func(cur pt, seen map[pt]bool)
				roll = func(cur pt, seen map[pt]bool) {
					for df := -1; df <= 1; df++ {
						for dr := -1; dr <= 1; dr++ {
							mid, land := pt{cur.f + df, cur.r + dr}, pt{cur.f + 2*df, cur.r + 2*dr}
							if (df == 0 && dr == 0) || at(mid) == '#' || !own(mid) || seen[land] {
								continue
							}
							if at(land) == '#' {
								beyond := (p == green && land.r == 7) || (p == amber && land.r == -1)
								if beyond {
									balls[fmt.Sprintf("%c%d", 'a'+mid.f, land.r+1)] = true
								}
								continue
							}
							seen[land] = true
							balls[name(land)] = true
							roll(land, seen)
							delete(seen, land)
						}
					}
				}
				b := int(s.ball)
				start := pt{b % 7, b / 7}
				roll(start, map[pt]bool{start: true})
				for k := range balls {
					out = append(out, name(from)+"-"+name(to)+"-"+k)
				}
			}
		}
	}
	slices.Sort(out)
	return out
}

func engineMoves(s *State) []string {
	var out []string
	for _, m := range s.Moves(nil) {
		f, t, b := unpack(m)
		k := squareName(f) + "-" + squareName(t) + "-"
		if b != noBall {
			k += squareName(b)
		}
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}

// TestMovesAgainstNaive compares the move generator with naiveMoves along
// random games in every setup.
func TestMovesAgainstNaive(t *testing.T) {
	tries, positions := 0, 0
	for _, lay := range setups {
		cfg, _ := game.NewConfig(Game{}, map[string]string{OptSetup: lay.name})
		for seed := range uint64(3) {
			g, _ := Game{}.New(cfg)
			s := g.(*State)
			rng := rand.New(rand.NewPCG(seed, 11))
			for ply := 0; !s.over && ply < 200; ply++ {
				got, want := engineMoves(s), naiveMoves(s)
				if !slices.Equal(got, want) {
					t.Fatalf("%s: engine %v\nnaive %v", s.Position(), got, want)
				}
				positions++
				for _, k := range want {
					if c := k[len(k)-1]; c == '8' || c == '0' {
						tries++
					}
				}
				ms := s.Moves(nil)
				s.Play(ms[rng.IntN(len(ms))])
			}
		}
	}
	if tries == 0 {
		t.Errorf("no try among the moves of %d positions", positions)
	}
	t.Logf("%d positions, %d try moves", positions, tries)
}
