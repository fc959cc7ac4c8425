package ai

import (
	"context"
	"testing"

	"plateau/ai/internal/toy"
	"plateau/game"
)

// benchPlayer measures a player's nodes per second from a state.
func benchPlayer(b *testing.B, s game.State, newPlayer func() Player) {
	b.ReportAllocs()
	var nodes int64
	for b.Loop() {
		d, err := newPlayer().Choose(context.Background(), s)
		if err != nil {
			b.Fatal(err)
		}
		nodes += d.Nodes
	}
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
}

func BenchmarkSearchTicTacToe(b *testing.B) {
	benchPlayer(b, new(toy.TicTacToe), func() Player { return NewSearch(Limits{}, nil) })
}

func BenchmarkSearchDice(b *testing.B) {
	s := toy.NewDice(2, 2)
	s.Play(2)
	benchPlayer(b, s, func() Player { return NewSearch(Limits{}, nil) })
}

func BenchmarkMCTSTicTacToe(b *testing.B) {
	benchPlayer(b, new(toy.TicTacToe), func() Player { return NewMCTS(Limits{Nodes: 20000}, nil, 1) })
}

func BenchmarkMCTSDice(b *testing.B) {
	s := toy.NewDice(2, 2)
	s.Play(2)
	benchPlayer(b, s, func() Player { return NewMCTS(Limits{Nodes: 20000}, nil, 1) })
}

func BenchmarkGreedyDice(b *testing.B) {
	s := toy.NewDice(2, 2)
	s.Play(2)
	benchPlayer(b, s, func() Player { return NewGreedy(nil, 1) })
}
