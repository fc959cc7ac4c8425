package room

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"time"

	"plateau/record"
	"plateau/store"
)

// RecordEncoding names the canonical encoding of a record that its hash is
// computed over (RecordHash). A change of what it holds is a new name.
const RecordEncoding = "plateau-record-v1"

// Signer signs the hashes of finished games' records (a *record.Keys).
type Signer interface {
	Sign(encoding string, hash []byte) record.Signature
}

// RecordHash is the SHA-256 of an export's canonical encoding,
// RecordEncoding: the record (id, game, variant, casual, rated, status,
// creation time, seats with their kind, level and account name, result,
// rematch_of, dice commitment and seed, time control, version), then
// every event (seq, kind, player, notation, time, result, rematch id,
// seat, seed, auto), each field length-prefixed as record.Hasher writes
// it. What changes after the end without changing the game (a seat's
// joined and open flags) is left out; results are hashed as their
// decoded outcome, so that a store reformatting JSON changes nothing.
func RecordHash(x Export) ([]byte, error) {
	h := record.NewHasher(RecordEncoding)
	h.String(x.Format)
	h.String(x.ID)
	h.String(x.Game)
	keys := make([]string, 0, len(x.Variant))
	for k := range x.Variant {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	h.Int(int64(len(keys)))
	for _, k := range keys {
		h.String(k)
		h.String(x.Variant[k])
	}
	h.Bool(x.Casual)
	h.Bool(x.Rated)
	h.String(x.Status)
	hashTime(h, x.Created)
	h.Int(int64(len(x.Seats)))
	for _, s := range x.Seats {
		h.Int(int64(s.Seat))
		h.String(s.Kind)
		h.String(s.Level)
		h.String(s.Name)
	}
	result, err := canonicalOutcome(x.Result)
	if err != nil {
		return nil, fmt.Errorf("the record's result: %w", err)
	}
	h.String(result)
	h.String(x.RematchOf)
	h.String(x.Dice.Commitment)
	h.String(x.Dice.Seed)
	h.Bool(x.Clock != nil)
	if x.Clock != nil {
		h.Int(x.Clock.InitialMS)
		h.Int(x.Clock.IncrementMS)
		if x.Clock.PerMoveMS != 0 { // correspondence (InitialMS 0); absent from the records before it
			h.Int(x.Clock.PerMoveMS)
		}
		if x.Clock.Berserk { // an arena's game; absent from the records before berserk
			h.Bool(true)
		}
	}
	h.Int(x.Version)
	h.Int(int64(len(x.Events)))
	for _, e := range x.Events {
		if err := hashEvent(h, e); err != nil {
			return nil, err
		}
	}
	return h.Sum(), nil
}

func hashEvent(h *record.Hasher, e EventJSON) error {
	h.Int(e.Seq)
	h.String(e.Kind)
	h.Int(int64(e.Player))
	h.String(e.Notation)
	hashTime(h, e.Time)
	result, err := canonicalOutcome(e.Result)
	if err != nil {
		return fmt.Errorf("event %d (%s): result: %w", e.Seq, e.Kind, err)
	}
	h.String(result)
	h.String(e.RematchID)
	h.Bool(e.Seat != nil)
	if e.Seat != nil {
		h.Int(int64(*e.Seat))
	}
	h.String(e.Seed)
	h.Bool(e.Auto)
	return nil
}

// hashTime writes t as its Unix seconds and nanoseconds, exact for any
// time (UnixNano is not).
func hashTime(h *record.Hasher, t time.Time) {
	h.Int(t.Unix())
	h.Int(int64(t.Nanosecond()))
}

// canonicalOutcome is a result's outcome as json.Marshal writes it, ""
// for none.
func canonicalOutcome(raw json.RawMessage) (string, error) {
	if len(raw) == 0 {
		return "", nil
	}
	o, err := ParseOutcome(raw)
	if err != nil {
		return "", err
	}
	b, err := json.Marshal(o)
	return string(b), err
}

// SignatureError is the error of VerifySignature.
type SignatureError struct{ What string }

func (e *SignatureError) Error() string { return "signature: " + e.What }

// VerifySignature checks that the export carries the signature, by one
// of keys, of its own hash: any change of the record or of its events
// after the server signed it, however consistent, fails. The error is a
// *SignatureError.
func VerifySignature(x Export, keys record.KeySet) error {
	sig := x.Signature
	if sig == nil {
		return &SignatureError{What: fmt.Sprintf("the export carries none (status %q): the server signs a game when it finishes, since %s", x.Status, RecordEncoding)}
	}
	if sig.Encoding != RecordEncoding {
		return &SignatureError{What: fmt.Sprintf("encoding %q, want %s", sig.Encoding, RecordEncoding)}
	}
	hash, err := RecordHash(x)
	if err != nil {
		return &SignatureError{What: err.Error()}
	}
	if err := keys.Verify(*sig, hash); err != nil {
		return &SignatureError{What: err.Error()}
	}
	return nil
}

// signed returns a copy of upd (made when nil) with the signature of the
// game's record after as it will be once evs (possibly none) are
// appended, when the game is over by then (ended: it was over before
// them): every append to a finished game signs its whole log again, in
// the same transaction. after is the record the events make (Apply's),
// a copy the room no longer touches. It returns upd itself when the room
// has no Signer or the game is not over. The events' missing times are
// set, so that the store keeps the times signed. It reads none of the
// room's state, only its options: it runs within the write's deadline,
// which the room may not wait out.
func (r *Room) signed(ctx context.Context, ended bool, after *store.Game, evs []store.Event, upd *store.Update) (*store.Update, error) {
	if r.m.o.Signer == nil || (upd == nil && !ended) {
		return upd, nil
	}
	logged, err := r.m.o.Store.Events(ctx, r.id, 0)
	if err != nil {
		return nil, fmt.Errorf("sign: read the log: %w", err)
	}
	if n := int64(len(logged)); len(evs) > 0 && evs[0].Seq-1 != n {
		return nil, fmt.Errorf("sign: the log has %d events, the events do not follow it: %w", n, store.ErrConflict)
	}
	now := time.Now().UTC()
	for i := range evs {
		if evs[i].Time.IsZero() {
			evs[i].Time = now
		}
	}
	all := append(logged, evs...)
	rec := *after
	rec.Version = int64(len(all))
	hash, err := RecordHash(ExportOf(&rec, all))
	if err != nil {
		return nil, fmt.Errorf("sign: %w", err)
	}
	sig, err := json.Marshal(r.m.o.Signer.Sign(RecordEncoding, hash))
	if err != nil {
		return nil, fmt.Errorf("sign: %w", err)
	}
	var u store.Update // upd is the room's: not changed
	if upd != nil {
		u = *upd
	}
	u.Signature = sig
	return &u, nil
}
