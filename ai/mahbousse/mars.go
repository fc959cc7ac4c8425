package mahbousse

import (
	"plateau/game"
	"plateau/games/mahbousse"
)

// A won game is a mars, worth 2 points, when the loser has borne off no
// checker (docs/rules/mahbousse.md, match). In self-play more than half of
// the won games are: checkers pinned on the loser's first points seldom
// get home in time. The networks estimate the chance of winning the game
// alone, so in a match the evaluation adds the chance that a game won is a
// mars, from a logistic model over a few counts of the board.

// Inputs of the mars model, seen from the side that would win. Each moves
// the chance the way the game does, so that a player steering by it plays
// sensibly: a first fit that also counted the loser's checkers outside its
// home and the winner's pinned checkers had them pull against the pips
// (bringing a checker home raised the loser's chance of a mars), and one
// ply on it scored 47.8% [44.9, 50.7] in 1000 5-point matches against the
// same player without the match.
const (
	mBias   = iota
	mCross  // the loser's pips to bring every checker home, /100
	mPinned // the loser's pinned checkers, /3
	mPips   // the winner's pip count, /100
	mOff    // the winner's borne-off checkers, /15
	nMars
)

type marsFeatures [nMars]float64

// marsWeights are the model's, fitted by logistic regression on the
// positions of 1000 self-play games of one ply on hard's networks, at which
// the eventual loser had borne off nothing (73 945 positions of 800 games;
// those of the other 200 held out):
//
//	PLATEAU_FIT_MARS=1000 go test ./ai/mahbousse -run TestFitMars -v
//
// 579 of the 997 games won were marses. On the held-out positions the
// model's log-loss is 0.541, a constant chance's 0.670 (30 November 2026,
// 298 s on the 2 cores).
var marsWeights = marsFeatures{-1.1084, 1.8907, 2.0111, -1.0445, 3.4964}

// marsChance is the chance that winner, should it win the game of l, wins
// a mars: 0 once the loser has borne off a checker.
func marsChance(l *mahbousse.Layout, winner int) float64 {
	if l.Off[1-winner] > 0 {
		return 0
	}
	f := marsFeaturesOf(l, winner)
	return sigmoid(dot(&marsWeights, &f))
}

func marsFeaturesOf(l *mahbousse.Layout, winner int) marsFeatures {
	w, q := winner, 1-winner
	var f marsFeatures
	f[mBias] = 1
	for n := 1; n <= 24; n++ {
		lost := int(l.Free[q][n])
		if l.Pinned[q][n] {
			lost++
			f[mPinned]++
		}
		if n > 6 {
			f[mCross] += float64(lost * (n - 6))
		}
		won := int(l.Free[w][n])
		if l.Pinned[w][n] {
			won++
		}
		f[mPips] += float64(won * n)
	}
	f[mCross] /= 100
	f[mPinned] /= 3
	f[mPips] /= 100
	f[mOff] = float64(l.Off[w]) / 15
	return f
}

func dot(a, b *marsFeatures) float64 {
	s := 0.0
	for i := range a {
		s += a[i] * b[i]
	}
	return s
}

// inMatch is p's chance of winning the match from s, a Mahboussé game in
// progress laid out as l, given w, p's chance of winning the game
// (mahbousse.State.MatchEquity); w itself in a single game.
func inMatch(s game.State, l *mahbousse.Layout, p game.Player, w float64) float64 {
	st := s.(*mahbousse.State)
	if st.Rules().Match <= 1 {
		return w
	}
	return st.MatchEquity(p, w, marsChance(l, int(p)), marsChance(l, 1-int(p)))
}
