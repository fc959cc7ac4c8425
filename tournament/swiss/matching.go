package swiss

// matcher finds maximum matchings in general graphs (Edmonds' blossom
// algorithm); the pairing uses it to check that the players left after a
// bracket can still all be paired (the completion criterion) and to bound
// the number of pairs a bracket can make. Its buffers are reused.
type matcher struct {
	adj                 [][]int
	match, p, base, q   []int
	used, blossom, seen []bool
}

// reset prepares the matcher for a graph of n vertices without edges.
func (m *matcher) reset(n int) {
	if cap(m.match) < n {
		m.adj = make([][]int, n)
		m.match, m.p, m.base = make([]int, n), make([]int, n), make([]int, n)
		m.used, m.blossom, m.seen = make([]bool, n), make([]bool, n), make([]bool, n)
	}
	m.adj = m.adj[:n]
	for i := range m.adj {
		m.adj[i] = m.adj[i][:0]
	}
	m.match, m.p, m.base = m.match[:n], m.p[:n], m.base[:n]
	m.used, m.blossom, m.seen = m.used[:n], m.blossom[:n], m.seen[:n]
}

func (m *matcher) edge(a, b int) {
	m.adj[a] = append(m.adj[a], b)
	m.adj[b] = append(m.adj[b], a)
}

// solve computes a maximum matching and returns its size; m.match[v] is
// v's mate or -1.
func (m *matcher) solve() int {
	n := len(m.adj)
	for i := range m.match {
		m.match[i] = -1
	}
	size := 0
	for v := range n { // a greedy start
		if m.match[v] >= 0 {
			continue
		}
		for _, u := range m.adj[v] {
			if m.match[u] < 0 {
				m.match[u], m.match[v] = v, u
				size++
				break
			}
		}
	}
	for v := range n {
		if m.match[v] >= 0 {
			continue
		}
		if u := m.path(v); u >= 0 {
			size++
			for u >= 0 {
				pv := m.p[u]
				ppv := m.match[pv]
				m.match[u], m.match[pv] = pv, u
				u = ppv
			}
		}
	}
	return size
}

// path searches an augmenting path from root and returns its free end, or
// -1.
func (m *matcher) path(root int) int {
	for i := range m.adj {
		m.used[i], m.p[i], m.base[i] = false, -1, i
	}
	m.used[root] = true
	m.q = append(m.q[:0], root)
	for h := 0; h < len(m.q); h++ {
		v := m.q[h]
		for _, to := range m.adj[v] {
			if m.base[v] == m.base[to] || m.match[v] == to {
				continue
			}
			if to == root || m.match[to] >= 0 && m.p[m.match[to]] >= 0 {
				m.contract(v, to)
				continue
			}
			if m.p[to] < 0 {
				m.p[to] = v
				if m.match[to] < 0 {
					return to
				}
				m.used[m.match[to]] = true
				m.q = append(m.q, m.match[to])
			}
		}
	}
	return -1
}

// contract shrinks the blossom closed by the edge v-to.
func (m *matcher) contract(v, to int) {
	b := m.lca(v, to)
	for i := range m.blossom {
		m.blossom[i] = false
	}
	m.mark(v, b, to)
	m.mark(to, b, v)
	for i := range m.adj {
		if m.blossom[m.base[i]] {
			m.base[i] = b
			if !m.used[i] {
				m.used[i] = true
				m.q = append(m.q, i)
			}
		}
	}
}

func (m *matcher) lca(a, b int) int {
	for i := range m.seen {
		m.seen[i] = false
	}
	for {
		a = m.base[a]
		m.seen[a] = true
		if m.match[a] < 0 {
			break
		}
		a = m.p[m.match[a]]
	}
	for {
		b = m.base[b]
		if m.seen[b] {
			return b
		}
		b = m.p[m.match[b]]
	}
}

func (m *matcher) mark(v, b, child int) {
	for m.base[v] != b {
		m.blossom[m.base[v]], m.blossom[m.base[m.match[v]]] = true, true
		m.p[v] = child
		child = m.match[v]
		v = m.p[m.match[v]]
	}
}
