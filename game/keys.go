package game

// Mix64 is the splitmix64 step: it adds the golden-ratio increment to x and
// scrambles the result. Engines build hashes and key tables from it.
func Mix64(x uint64) uint64 {
	x += 0x9e3779b97f4a7c15
	x = (x ^ x>>30) * 0xbf58476d1ce4e5b9
	x = (x ^ x>>27) * 0x94d049bb133111eb
	return x ^ x>>31
}

// KeySource yields the splitmix64 sequence of a seed: fixed pseudo-random
// keys for Zobrist tables, equal in every run, without a global random
// source.
type KeySource struct{ state uint64 }

// NewKeySource starts the sequence of seed.
func NewKeySource(seed uint64) *KeySource { return &KeySource{seed} }

// Next returns the next key.
func (k *KeySource) Next() uint64 {
	v := k.state
	k.state += 0x9e3779b97f4a7c15
	return Mix64(v)
}
