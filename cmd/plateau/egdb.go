package main

import (
	"context"
	"fmt"
	"io"
	"time"

	"plateau/ai/dames/egdb"
)

// egdbReport is the JSON of "plateau egdb dames".
type egdbReport struct {
	Pieces    int          `json:"pieces"`
	Kings     int          `json:"kings,omitempty"`
	Materials []egdbCounts `json:"materials"`
	Read      []string     `json:"read,omitempty"` // with --in: the materials of the file, not counted
	Bytes     int64        `json:"bytes,omitempty"`
	Verified  bool         `json:"verified"`
	Seconds   float64      `json:"seconds"`
}

// egdbCounts is one material's positions with White to move.
type egdbCounts struct {
	Material string  `json:"material"`
	Wins     int     `json:"wins"`
	Draws    int     `json:"draws"`
	Losses   int     `json:"losses"`
	Longest  int     `json:"longest_plies"`
	Seconds  float64 `json:"seconds"`
}

func runEgdb(_ context.Context, e *env, args []string) error {
	fs := newFlags(e, "egdb", "dames [--pieces N] [--kings 5] [--out FILE] [--verify] [--json] | dames --in FILE --verify",
		"plateau egdb dames --pieces 4 --out egdb4.bin --verify")
	pieces := fs.Int("pieces", 4, "solve every material of 2 to `N` pieces")
	kings := fs.Int("kings", 0, "also the endings of `N` kings and nothing else (5: four kings against one, three against two...)")
	out := fs.String("out", "", "write the database to `FILE` (read by PLATEAU_EGDB)")
	verify := fs.Bool("verify", false, "check every position against its moves in a second pass")
	in := fs.String("in", "", "read the database `FILE` instead of building one (to --verify it)")
	asJSON := fs.Bool("json", false, "print JSON")
	pos, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 1 || pos[0] != "dames" {
		return usagef("want the game id dames (the only game with endgame databases), got %q", pos)
	}
	if *pieces < 2 || *pieces > egdb.MaxPieces {
		return usagef("--pieces %d: want 2 to %d", *pieces, egdb.MaxPieces)
	}
	if *kings != 0 && (*kings <= *pieces || *kings > egdb.MaxPieces) {
		return usagef("--kings %d: want more than --pieces and at most %d", *kings, egdb.MaxPieces)
	}
	var extra []egdb.Material
	if *kings > 0 {
		extra = egdb.KingEndings(*kings)
	}
	start := time.Now()
	r := egdbReport{Pieces: *pieces, Kings: *kings}
	var db *egdb.DB
	if *in != "" {
		if *out != "" {
			return usagef("--in and --out: the file read is already written")
		}
		if db, err = egdb.Open(*in); err != nil {
			return err
		}
		r.Pieces, r.Kings = db.Pieces(), 0
		for _, m := range db.Materials() {
			r.Read = append(r.Read, m.String())
		}
	} else if db, err = egdb.Build(*pieces, extra, func(s egdb.Stats) {
		c := egdbCounts{Material: s.Material.String(), Wins: s.Wins, Draws: s.Draws, Losses: s.Losses,
			Longest: s.Longest, Seconds: s.Elapsed.Seconds()}
		r.Materials = append(r.Materials, c)
		if !*asJSON {
			fmt.Fprintf(e.stdout, "%-6s  wins %9d  draws %9d  losses %9d  longest %2d plies  %.1f s\n",
				c.Material, c.Wins, c.Draws, c.Losses, c.Longest, c.Seconds)
		}
	}); err != nil {
		return err
	}
	if *verify {
		if err := db.Verify(); err != nil {
			return err
		}
		r.Verified = true
	}
	if *out != "" {
		err := createWith(*out, func(w io.Writer) error {
			n, err := db.WriteTo(w)
			r.Bytes = n
			return err
		})
		if err != nil {
			return err
		}
	}
	r.Seconds = time.Since(start).Seconds()
	if *asJSON {
		return writeJSON(e, r)
	}
	fmt.Fprintf(e.stdout, "%d materials, verified %v, %d bytes, %.1f s\n", len(r.Materials)+len(r.Read), r.Verified, r.Bytes, r.Seconds)
	return nil
}
