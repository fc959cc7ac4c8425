package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"slices"
	"strings"
	"sync"
	"time"

	"plateau/game"
	"plateau/tournament/arena"
)

// tourLoad is plateau loadtest --tournament: players signed up, one arena
// they all join, each playing the games the arena pairs it in, then the
// arena's final standings checked against its stored games.
type tourLoad struct {
	base     string
	players  int
	game     string
	minutes  int
	think    time.Duration
	maxMoves int64
	poll     time.Duration // how often a free player reads the tournament
	st       *loadStats
	tag      string // this run's names' prefix
}

// tourPlayer is one simulated player: its signed-in HTTP client and the
// games it played.
type tourPlayer struct {
	name  string
	hc    *http.Client
	games []string
}

// tourReport is the part of the report about the tournament.
type tourReport struct {
	ID          string `json:"id"`
	Players     int    `json:"players"`
	Games       int    `json:"games"`        // games the players played to their end
	StoredGames int    `json:"stored_games"` // of those, read back finished from the store
	Lost        int    `json:"lost_games"`   // played to their end but not finished in the store
	// Mismatches lists the players whose final standing differs from the
	// one recomputed from the stored games (at most 20).
	Mismatches []string `json:"mismatches"`
}

func (tl *tourLoad) run(ctx context.Context, d time.Duration) (*tourReport, error) {
	players, err := tl.signUp(ctx)
	if err != nil {
		return nil, err
	}
	id, err := tl.create(ctx, players[0])
	if err != nil {
		return nil, err
	}
	for _, p := range players {
		if err := postJSON(ctx, p.hc, tl.base+"/api/tournaments/"+id+"/join", nil, nil); err != nil {
			return nil, fmt.Errorf("loadtest: %s joins tournament %s: %w", p.name, id, err)
		}
	}
	// The players stop when the arena ends; a minute more lets the last
	// games finish.
	playCtx, cancel := context.WithTimeout(ctx, d+time.Minute)
	defer cancel()
	var wg sync.WaitGroup
	for i, p := range players {
		wg.Go(func() { tl.play(playCtx, id, p, uint64(i)) })
	}
	wg.Wait()
	return tl.check(context.WithoutCancel(ctx), id, players)
}

// signUp makes the players' accounts, four at a time (each is a password
// hash on the server, which admits four of one client at once), waiting
// and retrying when the server says it is busy.
func (tl *tourLoad) signUp(ctx context.Context) ([]*tourPlayer, error) {
	players := make([]*tourPlayer, tl.players)
	errs := make([]error, tl.players)
	sem := make(chan struct{}, 4)
	var wg sync.WaitGroup
	for i := range players {
		jar, _ := cookiejar.New(nil)
		p := &tourPlayer{name: fmt.Sprintf("%s%d", tl.tag, i), hc: &http.Client{Jar: jar, Timeout: 60 * time.Second}}
		players[i] = p
		wg.Go(func() {
			sem <- struct{}{}
			defer func() { <-sem }()
			cred := map[string]string{"name": p.name, "password": "load test pass " + tl.tag + " 7Q"}
			err := postJSON(ctx, p.hc, tl.base+"/api/account/signup", cred, nil)
			for try := 0; err != nil && errors.Is(err, errBusy) && try < 30; try++ {
				time.Sleep(time.Second)
				err = postJSON(ctx, p.hc, tl.base+"/api/account/signup", cred, nil)
			}
			if err != nil {
				errs[i] = fmt.Errorf("loadtest: sign up %s: %w (run the server with --signin-burst -1 --signups-per-ip-per-day -1)", p.name, err)
			}
		})
	}
	wg.Wait()
	return players, errors.Join(errs...)
}

func (tl *tourLoad) create(ctx context.Context, p *tourPlayer) (string, error) {
	req := map[string]any{"kind": "arena", "game": tl.game, "minutes": tl.minutes, "startsIn": 0,
		"clock": map[string]any{"minutes": 5, "increment": 3}, "name": "load test " + tl.tag}
	var sum struct {
		ID string `json:"id"`
	}
	if err := postJSON(ctx, p.hc, tl.base+"/api/tournaments", req, &sum); err != nil {
		return "", fmt.Errorf("loadtest: create the arena: %w", err)
	}
	return sum.ID, nil
}

// tourView is the part of a tournament's view the players read.
type tourView struct {
	Status    string `json:"status"`
	Standings struct {
		Ended bool `json:"ended"`
		Lines []struct {
			Name  string  `json:"name"`
			Score float64 `json:"score"`
			Games int     `json:"games"`
		} `json:"lines"`
	} `json:"standings"`
	Me *struct {
		Game *struct {
			ID  string `json:"id"`
			URL string `json:"url"`
		} `json:"game"`
	} `json:"me"`
}

// play reads the tournament every poll until the arena pairs p, plays the
// game, and so on until the arena ends.
func (tl *tourLoad) play(ctx context.Context, id string, p *tourPlayer, seed uint64) {
	rng := rand.New(rand.NewPCG(seed, uint64(time.Now().UnixNano())))
	last := ""
	for ctx.Err() == nil {
		var v tourView
		if err := getJSON(ctx, p.hc, tl.base+"/api/tournaments/"+id, &v); err != nil {
			if ctx.Err() == nil {
				tl.st.fail("tournament view")
			}
			return
		}
		if v.Standings.Ended || v.Status == "finished" {
			return
		}
		if v.Me != nil && v.Me.Game != nil && v.Me.Game.ID != last {
			last = v.Me.Game.ID
			u, err := url.Parse(v.Me.Game.URL)
			if err != nil {
				tl.st.fail("game url")
				return
			}
			lc := &loadClient{base: tl.base, token: u.Query().Get("token"), think: tl.think, maxMoves: tl.maxMoves, st: tl.st, rng: rng, once: true,
				header: http.Header{"Cookie": {cookieHeader(p.hc.Jar, tl.base)}}}
			if _, err := lc.play(ctx, last); err != nil && ctx.Err() == nil {
				tl.st.fail(err.Error())
				return
			}
			p.games = append(p.games, last)
			continue
		}
		select { // jittered, so that the free players do not read at once
		case <-time.After(time.Duration(float64(tl.poll) * (0.5 + rng.Float64()))):
		case <-ctx.Done():
		}
	}
}

// check waits for the arena's end and compares its standings with those
// recomputed by package arena from the stored games, in the order they
// ended.
func (tl *tourLoad) check(ctx context.Context, id string, players []*tourPlayer) (*tourReport, error) {
	ctx, cancel := context.WithTimeout(ctx, 2*time.Minute)
	defer cancel()
	var v tourView
	for {
		if err := getJSON(ctx, players[0].hc, tl.base+"/api/tournaments/"+id, &v); err != nil {
			return nil, fmt.Errorf("loadtest: the final standings of %s: %w", id, err)
		}
		if v.Standings.Ended {
			break
		}
		select {
		case <-time.After(time.Second):
		case <-ctx.Done():
			return nil, fmt.Errorf("loadtest: tournament %s did not end within 2 minutes of the test", id)
		}
	}
	rep := &tourReport{ID: id, Players: len(players), Mismatches: []string{}}
	games, err := tl.readBack(ctx, players, rep)
	if err != nil {
		return nil, err
	}
	slices.SortStableFunc(games, func(a, b ended) int { return a.at.Compare(b.at) })
	a := arena.New(arena.Config{Start: time.Unix(0, 0), Duration: 1000 * time.Hour})
	for _, p := range players {
		a.Join(p.name, 1500, time.Unix(0, 0))
	}
	for _, g := range games {
		if err := a.Begin(g.white, g.black); err != nil {
			return nil, fmt.Errorf("loadtest: replaying %s against %s: %w", g.white, g.black, err)
		}
		if err := a.Finish(g.white, g.black, g.result, false, false, g.at); err != nil {
			return nil, fmt.Errorf("loadtest: replaying %s against %s: %w", g.white, g.black, err)
		}
	}
	want := map[string]arena.Standing{}
	for _, s := range a.Standings() {
		want[s.ID] = s
	}
	for _, l := range v.Standings.Lines {
		w := want[l.Name]
		if float64(w.Score) != l.Score || w.Games != l.Games {
			if len(rep.Mismatches) < 20 {
				rep.Mismatches = append(rep.Mismatches, fmt.Sprintf("%s: %v points in %d games, the stored games give %v in %d", l.Name, l.Score, l.Games, w.Score, w.Games))
			}
		}
	}
	return rep, nil
}

// cookieHeader is the Cookie header jar holds for base.
func cookieHeader(jar http.CookieJar, base string) string {
	u, err := url.Parse(base)
	if err != nil {
		return ""
	}
	var parts []string
	for _, c := range jar.Cookies(u) {
		parts = append(parts, c.Name+"="+c.Value)
	}
	return strings.Join(parts, "; ")
}

// errBusy is a 503 answer: retry later.
var errBusy = errors.New("503 busy")

// ended is a tournament game as its stored record tells it.
type ended struct {
	white, black string // the players' names
	result       arena.Result
	at           time.Time // its last event's
}

// readBack reads the players' games from the store (their exports),
// counting in rep those played and those found finished.
func (tl *tourLoad) readBack(ctx context.Context, players []*tourPlayer, rep *tourReport) ([]ended, error) {
	var games []ended
	seen := map[string]bool{}
	for _, p := range players {
		for _, g := range p.games {
			if seen[g] {
				continue
			}
			seen[g] = true
			rep.Games++
			var x struct {
				Status string `json:"status"`
				Seats  []struct {
					Name string `json:"name"`
				} `json:"seats"`
				Result *game.Outcome `json:"result"`
				Events []struct {
					Time time.Time `json:"time"`
				} `json:"events"`
			}
			if err := getJSON(ctx, players[0].hc, tl.base+"/api/games/"+g+"/export", &x); err != nil {
				return nil, fmt.Errorf("loadtest: export of game %s: %w", g, err)
			}
			if x.Status != "finished" || x.Result == nil || len(x.Result.Results) != 2 || len(x.Seats) != 2 || len(x.Events) == 0 {
				rep.Lost++
				continue
			}
			rep.StoredGames++
			r := arena.Draw
			switch {
			case x.Result.Results[0] == game.Win:
				r = arena.WhiteWins
			case x.Result.Results[1] == game.Win:
				r = arena.BlackWins
			}
			games = append(games, ended{x.Seats[0].Name, x.Seats[1].Name, r, x.Events[len(x.Events)-1].Time})
		}
	}
	return games, nil
}

// postJSON posts v as JSON and decodes the answer into out (if not nil).
func postJSON(ctx context.Context, hc *http.Client, u string, v, out any) error {
	var body io.Reader = http.NoBody
	if v != nil {
		b, err := json.Marshal(v)
		if err != nil {
			return err
		}
		body = bytes.NewReader(b)
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, u, body)
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/json")
	return doJSON(hc, req, out)
}

// getJSON gets u and decodes its JSON into out.
func getJSON(ctx context.Context, hc *http.Client, u string, out any) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	if err != nil {
		return err
	}
	return doJSON(hc, req, out)
}

func doJSON(hc *http.Client, req *http.Request, out any) error {
	resp, err := hc.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(io.LimitReader(resp.Body, 16<<20))
	if err != nil {
		return err
	}
	if resp.StatusCode == http.StatusServiceUnavailable {
		return fmt.Errorf("%s %s: %w: %.300s", req.Method, req.URL.Path, errBusy, b)
	}
	if resp.StatusCode >= 300 {
		return fmt.Errorf("%s %s: %s: %.300s", req.Method, req.URL.Path, resp.Status, b)
	}
	if out == nil {
		return nil
	}
	return json.Unmarshal(b, out)
}
