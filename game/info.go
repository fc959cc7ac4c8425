package game

import "strconv"

// Info describes a game for catalogs: "plateau games --json" and the
// server's /api/catalog show the same thing.
type Info struct {
	ID              string   `json:"id"`
	NameFR          string   `json:"name_fr"`
	NameEN          string   `json:"name_en"`
	Players         []int    `json:"players"`
	Options         []Option `json:"variants"`
	ExamplePosition string   `json:"example_position"`
	DrawOffer       bool     `json:"draw_offer"` // the players may agree a draw (DrawByAgreement)
}

// Describe returns g's catalog entry.
func Describe(g Game) Info {
	return Info{ID: g.ID(), NameFR: g.Name("fr"), NameEN: g.Name("en"), Players: PlayerCounts(g),
		Options: g.Options(), ExamplePosition: g.ExamplePosition(), DrawOffer: DrawByAgreement(g)}
}

// PlayerCounts lists the numbers of players g can be played by: the values
// of its "players" option, or else the one count of its start position.
func PlayerCounts(g Game) []int {
	for _, o := range g.Options() {
		if o.Key != "players" {
			continue
		}
		var counts []int
		if o.Kind == Int {
			for n := o.Min; n <= o.Max; n++ {
				counts = append(counts, n)
			}
			return counts
		}
		for _, v := range o.Values {
			if n, err := strconv.Atoi(v); err == nil {
				counts = append(counts, n)
			}
		}
		return counts
	}
	s, err := g.New(DefaultConfig(g))
	if err != nil {
		return nil
	}
	return []int{s.Players()}
}

// DrawAgreer is implemented by games whose rules let the players agree a
// draw (the server then offers "Offer draw"); a game without it has none.
type DrawAgreer interface {
	// DrawByAgreement reports whether the players may agree a draw.
	DrawByAgreement() bool
}

// DrawByAgreement reports whether g's players may agree a draw.
func DrawByAgreement(g Game) bool {
	d, ok := g.(DrawAgreer)
	return ok && d.DrawByAgreement()
}
