package main

import (
	"context"
	"fmt"
	"net/http"
	"time"

	"plateau/record"
	"plateau/room"
)

func runVerify(ctx context.Context, e *env, args []string) error {
	fs := newFlags(e, "verify", "[--key URL|FILE|KEY] FILE", "curl -s localhost:8080/api/games/k3f9x2/export > game.json && plateau verify --key http://localhost:8080/.well-known/plateau-key game.json")
	key := fs.String("key", "", "check the export's signature with the server's public keys: a `source`, its URL (https://HOST/.well-known/plateau-key), a file (plateau key --json) or one public key in base64")
	pos, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 1 {
		return usagef("want one file (a game export), got %d arguments", len(pos))
	}
	x, err := readExport(pos[0])
	if err != nil {
		return err
	}
	signature := "not checked (no --key): a record changed consistently, a forged move or result, passes without it"
	if *key != "" {
		keys, err := record.ReadKeySet(ctx, &http.Client{Timeout: 30 * time.Second}, *key)
		if err != nil {
			return fmt.Errorf("--key %s: %w", *key, err)
		}
		// First: a record that is not the server's is not worth replaying.
		if err := room.VerifySignature(x, keys); err != nil {
			return fmt.Errorf("%s: game %s: %w", pos[0], x.ID, err)
		}
		signature = fmt.Sprintf("OK, the server's key %s signed this record", x.Signature.Key)
	}
	rolls, err := room.Verify(e.games, x)
	if err != nil {
		return fmt.Errorf("%s: game %s: %w", pos[0], x.ID, err)
	}
	fmt.Fprintf(e.stdout, "OK: game %s (%s), %d events, %d rolls match the seed committed as %s\nsignature: %s\n", x.ID, x.Game, len(x.Events), rolls, x.Dice.Commitment, signature)
	return nil
}
