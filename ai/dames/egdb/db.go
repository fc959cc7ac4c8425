package egdb

import (
	"bufio"
	"bytes"
	"compress/flate"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"math/bits"
	"os"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"

	"plateau/games/dames"
)

// DB is an endgame database: the value of every position of 2 to Pieces()
// pieces. It is safe for concurrent use once built or read.
type DB struct {
	pieces    int        // the most pieces of a material held
	materials []Material // in the order they were solved
	tables    [nKeys]*table
}

func (db *DB) add(t *table) {
	db.tables[t.l.mat.key()] = t
	db.materials = append(db.materials, t.l.mat)
	db.pieces = max(db.pieces, t.l.mat.Pieces())
}

// Materials lists the materials the database holds.
func (db *DB) Materials() []Material { return slices.Clone(db.materials) }

// table is one material's values with White to move, two bits a position.
type table struct {
	l    *layout
	bits []byte
}

func pack(v []uint8) []byte {
	out := make([]byte, (len(v)+3)/4)
	for i, x := range v {
		out[i>>2] |= x << (uint(i&3) * 2)
	}
	return out
}

func (t *table) get(i int) Value { return Value(t.bits[i>>2] >> (uint(i&3) * 2) & 3) }

// Pieces is the most pieces of the positions the database holds (not
// every material of as many pieces may be held).
func (db *DB) Pieces() int { return db.pieces }

// Probe returns the value of p for its side to move, and false when the
// database does not hold p (too many pieces, or a side without any).
func (db *DB) Probe(p *dames.Pos) (Value, bool) {
	w, b, k := p.Pieces[dames.White], p.Pieces[dames.Black], p.Kings
	if w == 0 || b == 0 || bits.OnesCount64(w|b) > db.pieces {
		return Draw, false
	}
	if p.Side == dames.Black {
		w, b, k = flip(b), flip(w), flip(k)
	}
	m := Material{
		WM: bits.OnesCount64(w &^ k), WK: bits.OnesCount64(w & k),
		BM: bits.OnesCount64(b &^ k), BK: bits.OnesCount64(b & k),
	}
	t := db.tables[m.key()]
	if t == nil {
		return Draw, false
	}
	return t.get(t.l.index(w, b, k)), true
}

// fileMagic starts a database file; then the number of materials (a byte),
// each material (four bytes: White men, White kings, Black men, Black
// kings), the CRC-32 (IEEE) and the length of the values (uint32 and
// uint64, little endian), and the values deflated: each material's table
// in the order listed, two bits a position, four positions a byte, the
// first in the low bits.
const fileMagic = "PLEGDB1\n"

// WriteTo writes the database to w.
func (db *DB) WriteTo(w io.Writer) (int64, error) {
	var raw bytes.Buffer
	hdr := append([]byte(fileMagic), byte(len(db.materials)))
	for _, m := range db.materials {
		raw.Write(db.tables[m.key()].bits)
		hdr = append(hdr, byte(m.WM), byte(m.WK), byte(m.BM), byte(m.BK))
	}
	hdr = binary.LittleEndian.AppendUint32(hdr, crc32.ChecksumIEEE(raw.Bytes()))
	hdr = binary.LittleEndian.AppendUint64(hdr, uint64(raw.Len()))
	cw := &countWriter{w: w}
	if _, err := cw.Write(hdr); err != nil {
		return cw.n, fmt.Errorf("egdb: writing the header: %w", err)
	}
	fw, err := flate.NewWriter(cw, flate.BestCompression)
	if err != nil {
		return cw.n, fmt.Errorf("egdb: %w", err)
	}
	if _, err := fw.Write(raw.Bytes()); err != nil {
		return cw.n, fmt.Errorf("egdb: writing the values: %w", err)
	}
	if err := fw.Close(); err != nil {
		return cw.n, fmt.Errorf("egdb: writing the values: %w", err)
	}
	return cw.n, nil
}

type countWriter struct {
	w io.Writer
	n int64
}

func (c *countWriter) Write(b []byte) (int, error) {
	n, err := c.w.Write(b)
	c.n += int64(n)
	return n, err
}

// Read reads a database written by WriteTo.
func Read(r io.Reader) (*DB, error) {
	br := bufio.NewReader(r)
	hdr := make([]byte, len(fileMagic)+1)
	if _, err := io.ReadFull(br, hdr); err != nil {
		return nil, fmt.Errorf("egdb: reading the header: %w", err)
	}
	if string(hdr[:len(fileMagic)]) != fileMagic {
		return nil, errors.New("egdb: not an endgame database (bad magic)")
	}
	hdr = make([]byte, 4*int(hdr[len(fileMagic)])+4+8)
	if _, err := io.ReadFull(br, hdr); err != nil {
		return nil, fmt.Errorf("egdb: reading the header: %w", err)
	}
	var layouts []*layout
	var want uint64
	for ; len(hdr) > 12; hdr = hdr[4:] {
		m := Material{WM: int(hdr[0]), WK: int(hdr[1]), BM: int(hdr[2]), BK: int(hdr[3])}
		l, err := newLayout(m)
		if err != nil {
			return nil, err
		}
		layouts = append(layouts, l)
		want += uint64(l.size+3) / 4
	}
	sum, size := binary.LittleEndian.Uint32(hdr), binary.LittleEndian.Uint64(hdr[4:])
	if size != want {
		return nil, fmt.Errorf("egdb: %d bytes of values for %d materials, want %d", size, len(layouts), want)
	}
	raw := make([]byte, size)
	if _, err := io.ReadFull(flate.NewReader(br), raw); err != nil {
		return nil, fmt.Errorf("egdb: reading the values: %w", err)
	}
	if crc32.ChecksumIEEE(raw) != sum {
		return nil, errors.New("egdb: the values do not match their checksum")
	}
	db := &DB{}
	for _, l := range layouts {
		n := (l.size + 3) / 4
		db.add(&table{l: l, bits: raw[:n:n]})
		raw = raw[n:]
	}
	return db, nil
}

// Open reads the database file at path.
func Open(path string) (*DB, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("egdb: %w", err)
	}
	defer f.Close()
	db, err := Read(f)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return db, nil
}

// Verify checks every position against its moves, in a pass of its own
// that shares nothing with Build but the moves of games/dames: a win has a
// move into a position lost for the opponent, a loss has only moves into
// won ones (or none), a draw neither. It returns a contradiction if there
// is one. The positions are checked in ranges, one worker a core: the
// database is only read.
func (db *DB) Verify() error {
	type span struct {
		m        Material
		from, to int
	}
	const chunk = 1 << 20
	var spans []span
	for _, m := range db.materials {
		size := db.tables[m.key()].l.size
		for from := 0; from < size; from += chunk {
			spans = append(spans, span{m, from, min(from+chunk, size)})
		}
	}
	errs := make([]error, len(spans))
	var next atomic.Int64
	var failed atomic.Bool
	var wg sync.WaitGroup
	for range runtime.GOMAXPROCS(0) {
		wg.Go(func() {
			buf := make([]dames.Move, 0, 128)
			for !failed.Load() {
				j := int(next.Add(1)) - 1
				if j >= len(spans) {
					return
				}
				if errs[j] = db.verify(spans[j].m, spans[j].from, spans[j].to, &buf); errs[j] != nil {
					failed.Store(true)
				}
			}
		})
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}

// verify checks the positions from to to (excluded) of material m.
func (db *DB) verify(m Material, from, to int, buf *[]dames.Move) error {
	t := db.tables[m.key()]
	for i := from; i < to; i++ {
		p, ok := t.l.position(i, dames.White)
		if !ok {
			continue
		}
		want := Loss
		*buf = p.Generate((*buf)[:0])
		for _, mv := range *buf {
			q := p.Play(mv)
			v, ok := db.Probe(&q)
			switch {
			case !ok && q.Pieces[q.Side] == 0:
				v = Loss
			case !ok:
				return fmt.Errorf("egdb: %s (%v) leads into %s, not held", p.FEN(), m, q.FEN())
			}
			if v == Loss {
				want = Win
				break
			}
			if v == Draw {
				want = Draw
			}
		}
		if got := t.get(i); got != want {
			return fmt.Errorf("egdb: %s (%v): stored %v, its moves say %v", p.FEN(), m, got, want)
		}
	}
	return nil
}
