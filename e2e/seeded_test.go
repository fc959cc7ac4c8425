package e2e

import (
	"context"
	"crypto/sha256"
	"fmt"
	"testing"

	"plateau/dice"
	"plateau/game"
	"plateau/games"
	"plateau/room"
	"plateau/store"
)

// seededGame creates, straight in the store, a game of gameID whose dice
// come from seed, with human seats only, and returns its id and each seat's
// token. The server rolls its dice from the seed as from any other
// (dice.Roll), so a test knows every roll in advance.
func seededGame(t *testing.T, st store.Store, gameID string, settings map[string]string, seed []byte) (string, []string) {
	t.Helper()
	g, err := games.Registry().Lookup(gameID)
	if err != nil {
		t.Fatal(err)
	}
	cfg, err := game.NewConfig(g, settings)
	if err != nil {
		t.Fatalf("variant %v of %s: %v", settings, gameID, err)
	}
	s0, err := g.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	tokens := make([]string, s0.Players())
	seats := make([]store.Seat, s0.Players())
	for i := range seats {
		tokens[i] = room.NewToken()
		seats[i] = store.Seat{Kind: store.Human, TokenHash: room.HashToken(tokens[i])}
	}
	rec, err := room.NewGameRecord(gameID, cfg, true, seats)
	if err != nil {
		t.Fatal(err)
	}
	rec.DiceSeed = seed
	if err := st.Create(context.Background(), rec); err != nil {
		t.Fatalf("creating the game: %v", err)
	}
	return rec.ID, tokens
}

// openHotseat opens game id in tb with every seat's token: the tab plays
// all seats, as on one shared screen.
func openHotseat(tb *tab, base, id string, tokens []string) {
	tb.t.Helper()
	for i, tok := range tokens {
		tb.open(fmt.Sprintf("%s/g/%s?seat=%d&token=%s", base, id, i, tok), boardReady)
	}
	tb.waitJS("every seat held", fmt.Sprintf(`window.plateauPage?.seats?.length === %d && document.querySelector('#status').dataset.turn === 'me'`, len(tokens)))
}

// testSeed is the dice seed named by a text.
func testSeed(name string) []byte {
	s := sha256.Sum256([]byte(name))
	return s[:]
}

// rollAll plays the rolls due in st as the server does: roll k of the
// game is dice.Roll(seed, k, ...). rolls counts the rolls played so far.
func rollAll(t *testing.T, st game.State, seed []byte, rolls *uint64) {
	t.Helper()
	for !st.Outcome().Over && st.ToMove() == game.Chance {
		m, err := dice.Roll(seed, *rolls+1, st.ChanceMoves(nil))
		if err != nil {
			t.Fatal(err)
		}
		if err := st.Play(m); err != nil {
			t.Fatal(err)
		}
		*rolls++
	}
}
