package referee

// Opening is a two-ply opening: White's first move and Black's answer, in
// PDN notation.
type Opening struct {
	White, Black string
}

// String writes the opening as PDN movetext.
func (o Opening) String() string { return "1. " + o.White + " " + o.Black }

// Openings are the openings of a match unless Match.Openings says
// otherwise: eight two-ply openings among the usual ones of international
// draughts, none of them forcing a capture on the third ply, so that the
// engines, not the list, decide what follows. Pair k of a match plays
// opening (k + seed) mod 8, once with each player as White.
var Openings = []Opening{
	{"32-28", "18-23"},
	{"32-28", "16-21"},
	{"33-28", "20-24"},
	{"33-29", "19-24"},
	{"34-29", "17-21"},
	{"31-27", "19-23"},
	{"34-30", "20-25"},
	{"35-30", "18-22"},
}
