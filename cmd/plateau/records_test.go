package main

import (
	"bytes"
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/coder/websocket"

	"plateau/games"
	"plateau/record"
	"plateau/room"
	"plateau/server"
	"plateau/server/wsclient"
	"plateau/store/postgres/pgtest"
	"plateau/store/sqlite"
)

// TestVerifyDetectsDatabaseEdits: games finished by "plateau serve" on
// SQLite, then edited in the database file by hand, as an attacker with
// write access to it would, and exported by the server again. The forged
// resignation (moved to the other seat, every result made to match)
// replays, so verify without the key passes it, as every verify did
// before records were signed; with the server's public key, verify fails
// on the signature for it and for every edit of the tamper set.
func TestVerifyDetectsDatabaseEdits(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	dir := t.TempDir()
	db := filepath.Join(dir, "p.db")
	cmd, base := startServe(t, "sqlite:"+db)
	if fi, err := os.Stat(db + ".key"); err != nil || fi.Mode().Perm() != 0o600 {
		t.Fatalf("the key beside the database: %v (want mode 0600)", err)
	}
	var served record.KeySet
	if err := wsclient.GetJSON(ctx, http.DefaultClient, base, "/.well-known/plateau-key", &served); err != nil {
		t.Fatal(err)
	}
	resigned := playResignation(ctx, t, base)
	rolled := playAIGame(ctx, t, base)
	cmd.Process.Signal(syscall.SIGTERM)
	cmd.Wait()

	code, keysJSON, stderr := cli("", "key", "--db", "sqlite:"+db, "--json")
	if code != 0 || !strings.Contains(keysJSON, served.Current) {
		t.Fatalf("plateau key --json: exit %d, %s%s; want the served key %s", code, keysJSON, stderr, served.Current)
	}
	keys := filepath.Join(dir, "keys.json")
	os.WriteFile(keys, []byte(keysJSON), 0o644)

	for _, id := range []string{resigned, rolled} {
		x := exportAfter(ctx, t, db, id, nil)
		if code, out := verifyFile(t, x, "--key", keys); code != 0 || !strings.Contains(out, "signature: OK") {
			t.Fatalf("game %s as the server signed it: exit %d, %s", id, code, out)
		}
		if id == resigned && (x.Seats[0].Name != "alice" || x.Seats[1].Name != "bob") {
			t.Fatalf("the seats' accounts were not attached: %+v", x.Seats)
		}
	}

	forged := exportAfter(ctx, t, db, resigned, forgeResignationSQL)
	if code, out := verifyFile(t, forged); code != 0 || !strings.Contains(out, "signature: not checked") {
		t.Fatalf("the forged resignation without --key: exit %d, %s; want it to pass the replay, as on main", code, out)
	}
	if code, out := verifyFile(t, forged, "--key", keys); code != 1 || !strings.Contains(out, "signature: the record hashes to") {
		t.Errorf("the forged resignation with --key: exit %d, %s; want 1 naming the signature", code, out)
	}
	// The same with the key fetched from a server on the database.
	if code, out := verifyFile(t, forged, "--key", servedKeyURL(t, db)); code != 1 || !strings.Contains(out, "signature:") {
		t.Errorf("the forged resignation with the key's URL: exit %d, %s", code, out)
	}

	for _, tt := range tamperSet(resigned, rolled) {
		x := exportAfter(ctx, t, db, tt.game, tt.sql)
		if code, out := verifyFile(t, x, "--key", keys); code != 1 || !strings.Contains(out, "signature:") {
			t.Errorf("%s: verify --key: exit %d, %s; want 1 naming the signature", tt.name, code, out)
		}
	}
}

// tamper is an attacker's edit of one game in the database.
type tamper struct {
	name string
	game string
	sql  func(t *testing.T, db *sql.DB, id string)
}

// tamperSet is every kind of edit: a move, a roll, the dice seed, a
// seat's account and its name, the result, the last event dropped, an
// event appended, two events swapped.
func tamperSet(resigned, rolled string) []tamper {
	exec := func(stmts ...string) func(t *testing.T, db *sql.DB, id string) {
		return func(t *testing.T, db *sql.DB, id string) {
			for _, q := range stmts {
				if _, err := db.Exec(q, sql.Named("id", id)); err != nil {
					t.Fatalf("%s: %v", q, err)
				}
			}
		}
	}
	return []tamper{
		// 31-27 for 32-28: the game still replays.
		{"a move", resigned, exec(`UPDATE events SET notation = '31-27' WHERE game_id = :id AND notation = '32-28'`)},
		{"a roll", rolled, exec(`UPDATE events SET notation = CASE notation WHEN '6-6' THEN '1-1' ELSE '6-6' END
			WHERE game_id = :id AND seq = (SELECT min(seq) FROM events WHERE game_id = :id AND kind = 'roll')`)},
		{"the dice seed", rolled, exec(`UPDATE games SET dice_seed = randomblob(32) WHERE id = :id`)},
		{"a seat's account", resigned, exec(`UPDATE seats SET account_id = (SELECT account_id FROM seats WHERE game_id = :id AND seat = 1)
			WHERE game_id = :id AND seat = 0`)},
		{"a seat's name", resigned, exec(`UPDATE accounts SET name = 'mallory' WHERE id = (SELECT account_id FROM seats WHERE game_id = :id AND seat = 0)`)},
		{"the result", rolled, exec(`UPDATE games SET result = json_set(result, '$.reason', 'forfeit') WHERE id = :id`)},
		{"the last event dropped", rolled, exec(`DELETE FROM events WHERE game_id = :id AND seq = (SELECT version FROM games WHERE id = :id)`,
			`UPDATE games SET version = version - 1 WHERE id = :id`)},
		// A rematch after the end: the game still replays.
		{"an event appended", resigned, exec(`INSERT INTO events (game_id, seq, kind, player, notation, data, time)
			SELECT id, version + 1, 'rematch', 0, '', '{"rematch_id":"zzzzzz"}', updated FROM games WHERE id = :id`,
			`UPDATE games SET version = version + 1 WHERE id = :id`)},
		{"two events swapped", rolled, exec(`UPDATE events SET seq = -1 WHERE game_id = :id AND seq = 1`,
			`UPDATE events SET seq = 1 WHERE game_id = :id AND seq = 2`, `UPDATE events SET seq = 2 WHERE game_id = :id AND seq = -1`)},
	}
}

// forgeResignationSQL moves the resignation of a two-seat game to the
// other seat and makes the end event's and the record's results match.
func forgeResignationSQL(t *testing.T, db *sql.DB, id string) {
	t.Helper()
	var data string
	if err := db.QueryRow(`SELECT data FROM events WHERE game_id = ? AND kind = 'end'`, id).Scan(&data); err != nil {
		t.Fatal(err)
	}
	var d map[string]json.RawMessage
	if err := json.Unmarshal([]byte(data), &d); err != nil {
		t.Fatal(err)
	}
	o, err := room.ParseOutcome(d["result"])
	if err != nil {
		t.Fatal(err)
	}
	o.Results[0], o.Results[1] = o.Results[1], o.Results[0]
	o.Reason = strings.NewReplacer("player 0", "player 1", "player 1", "player 0").Replace(o.Reason)
	result, _ := json.Marshal(o)
	d["result"] = result
	forged, _ := json.Marshal(d)
	for _, q := range []struct {
		sql  string
		args []any
	}{
		{`UPDATE events SET player = 1 - player WHERE game_id = ? AND kind = 'resign'`, []any{id}},
		{`UPDATE events SET data = ? WHERE game_id = ? AND kind = 'end'`, []any{string(forged), id}},
		{`UPDATE games SET result = ? WHERE id = ?`, []any{string(result), id}},
	} {
		if _, err := db.Exec(q.sql, q.args...); err != nil {
			t.Fatalf("%s: %v", q.sql, err)
		}
	}
}

// exportAfter copies the database, applies edit to the copy through
// database/sql (nil: none), and returns the game's export as a server on
// the copy serves it.
func exportAfter(ctx context.Context, t *testing.T, db, id string, edit func(*testing.T, *sql.DB, string)) room.Export {
	t.Helper()
	cp := filepath.Join(t.TempDir(), "p.db")
	for _, suffix := range []string{"", "-wal", "-shm"} {
		b, err := os.ReadFile(db + suffix)
		if err == nil {
			err = os.WriteFile(cp+suffix, b, 0o600)
		} else if os.IsNotExist(err) && suffix != "" {
			continue
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	if edit != nil {
		raw, err := sql.Open("sqlite", cp)
		if err != nil {
			t.Fatal(err)
		}
		edit(t, raw, id)
		if err := raw.Close(); err != nil {
			t.Fatal(err)
		}
	}
	st, err := sqlite.Open(ctx, cp)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	srv := server.New(server.Options{Store: st, Games: games.Registry(), Log: slog.New(slog.NewTextHandler(io.Discard, nil))})
	defer srv.Close()
	ts := httptest.NewServer(srv.Handler())
	defer ts.Close()
	var x room.Export
	if err := wsclient.GetJSON(ctx, ts.Client(), ts.URL, "/api/games/"+id+"/export", &x); err != nil {
		t.Fatal(err)
	}
	return x
}

// servedKeyURL serves the keys of the server on db (plateau serve's
// file beside it) and returns their URL.
func servedKeyURL(t *testing.T, db string) string {
	t.Helper()
	k, err := record.Load(db + ".key")
	if err != nil {
		t.Fatal(err)
	}
	st, err := sqlite.Open(context.Background(), filepath.Join(t.TempDir(), "other.db"))
	if err != nil {
		t.Fatal(err)
	}
	srv := server.New(server.Options{Store: st, Games: games.Registry(), Keys: k, Log: slog.New(slog.NewTextHandler(io.Discard, nil))})
	ts := httptest.NewServer(srv.Handler())
	t.Cleanup(func() { ts.Close(); srv.Close(); st.Close() })
	return ts.URL + "/.well-known/plateau-key"
}

// verifyFile runs plateau verify on x with flags; it returns the exit
// status and the output.
func verifyFile(t *testing.T, x room.Export, flags ...string) (int, string) {
	t.Helper()
	b, err := json.Marshal(x)
	if err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(t.TempDir(), "game.json")
	if err := os.WriteFile(file, b, 0o644); err != nil {
		t.Fatal(err)
	}
	code, stdout, stderr := cli("", append(append([]string{"verify"}, flags...), file)...)
	return code, stdout + stderr
}

// playResignation plays a game of dames between the accounts alice (seat
// 0) and bob: 32-28, 19-23, then alice resigns. It returns the game's id.
func playResignation(ctx context.Context, t *testing.T, base string) string {
	t.Helper()
	g, err := wsclient.Create(ctx, http.DefaultClient, base, wsclient.CreateRequest{Game: "dames",
		Seats: []wsclient.Seat{{Kind: "human"}, {Kind: "human"}}})
	if err != nil {
		t.Fatal(err)
	}
	// Each player opens the game signed in, from their own browser: the
	// seat this device alone joined becomes the account's.
	for i, name := range []string{"alice", "bob"} {
		hc := signUp(ctx, t, base, name)
		ws, _, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(base, "http")+"/api/games/"+g.ID+"/ws", &websocket.DialOptions{HTTPClient: hc})
		if err != nil {
			t.Fatal(err)
		}
		c := &wsclient.Conn{C: ws}
		if _, err := c.Hello(ctx, 0, g.Seats[i].Token); err != nil {
			t.Fatal(err)
		}
		for m, err := c.Next(ctx); m.Type != "seats"; m, err = c.Next(ctx) { // the account attached
			if err != nil {
				t.Fatal(err)
			}
		}
		c.Close()
	}
	c, err := wsclient.Dial(ctx, base, g.ID)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	w, err := c.Hello(ctx, 0, g.Seats[0].Token, g.Seats[1].Token)
	if err != nil {
		t.Fatal(err)
	}
	// The seats' joins and accounts are events too: the game's version is
	// the hello's, then each event's.
	version := w.Game.Version
	for i, req := range []map[string]any{
		{"type": "move", "move": "32-28", "seat": 0},
		{"type": "move", "move": "19-23", "seat": 1},
		{"type": "resign", "seat": 0},
	} {
		req["id"] = fmt.Sprint(i)
		if req["type"] == "move" {
			req["version"] = version
		}
		if err := c.Send(ctx, req); err != nil {
			t.Fatal(err)
		}
		for {
			m, err := c.Next(ctx)
			if err != nil {
				t.Fatal(err)
			}
			if m.Type == "error" {
				t.Fatalf("%v: %s %s", req, m.Code, m.Message)
			}
			if m.Type == "event" && m.Version > version {
				version = m.Version
			}
			if m.Type == "ack" && m.ID == req["id"] {
				break
			}
		}
	}
	return g.ID
}

// playAIGame has two AI seats play a game of Shut the Box to its end and
// returns its id.
func playAIGame(ctx context.Context, t *testing.T, base string) string {
	t.Helper()
	g, err := wsclient.Create(ctx, http.DefaultClient, base, wsclient.CreateRequest{Game: "shutbox",
		Seats: []wsclient.Seat{{Kind: "ai", Level: "easy"}, {Kind: "ai", Level: "easy"}}})
	if err != nil {
		t.Fatal(err)
	}
	for {
		var x room.Export
		if err := wsclient.GetJSON(ctx, http.DefaultClient, base, "/api/games/"+g.ID+"/export", &x); err != nil {
			t.Fatal(err)
		}
		if x.Status == "finished" {
			return g.ID
		}
		if ctx.Err() != nil {
			t.Fatalf("game %s not over", g.ID)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// signUp makes an account and returns a client holding its session.
func signUp(ctx context.Context, t *testing.T, base, name string) *http.Client {
	t.Helper()
	jar, _ := cookiejar.New(nil)
	hc := &http.Client{Jar: jar}
	post(ctx, t, hc, base+"/api/account/signup", fmt.Sprintf(`{"name":%q,"password":"correct horse"}`, name))
	return hc
}

func post(ctx context.Context, t *testing.T, hc *http.Client, url, body string) {
	t.Helper()
	req, _ := http.NewRequestWithContext(ctx, http.MethodPost, url, bytes.NewBufferString(body))
	req.Header.Set("Content-Type", "application/json")
	resp, err := hc.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	if resp.StatusCode/100 != 2 {
		t.Fatalf("POST %s: %s %s", url, resp.Status, b)
	}
}

// TestSignedAcrossInstances: two instances on one PostgreSQL database,
// given the same --key file, sign the games either finishes, and each
// serves the key; an instance without --key serves none.
func TestSignedAcrossInstances(t *testing.T) {
	db := pgtest.URL(t)
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	key := filepath.Join(t.TempDir(), "plateau.key")
	_, a := startServe(t, db, "--instance-id", "a", "--key", key)
	_, b := startServe(t, db, "--instance-id", "b", "--key", key)
	_, bare := startServe(t, db, "--instance-id", "c")
	id := playAIGame(ctx, t, a)
	var x room.Export
	if err := wsclient.GetJSON(ctx, http.DefaultClient, b, "/api/games/"+id+"/export", &x); err != nil {
		t.Fatal(err)
	}
	if code, out := verifyFile(t, x, "--key", b+"/.well-known/plateau-key"); code != 0 || !strings.Contains(out, "signature: OK") {
		t.Errorf("a game finished on a, exported by b, checked with b's key: exit %d, %s", code, out)
	}
	resp, err := http.Get(bare + "/.well-known/plateau-key")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusNotFound {
		t.Errorf("an instance without --key serves keys: %s", resp.Status)
	}
}
