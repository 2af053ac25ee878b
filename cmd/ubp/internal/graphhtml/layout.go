package graphhtml

import (
	"math"
	"slices"
)

// LayoutOptions tune Layout; zero values take the defaults.
type LayoutOptions struct {
	Iterations int     // force iterations; default 300 up to 1,000 nodes, then fewer (80 at 10,000; at least 60)
	EdgeLength float64 // ideal distance between linked nodes, in page units; default 120
}

// Layout places n nodes linked by edges (pairs of node indices, direction
// ignored) with a force-directed simulation: linked nodes attract, all
// nodes repel (Barnes–Hut approximation, O(n log n) per iteration), a weak
// gravity keeps components together, and a cooling temperature bounds each
// move. It runs a fixed number of iterations, so its cost is bounded
// (about O(iterations · n log n)) and the browser never lays out. The
// result is deterministic: nodes start on a spiral in breadth-first order
// from the best-linked node of each component, and nothing is random.
func Layout(n int, edges [][2]int, o LayoutOptions) [][2]float64 {
	if o.Iterations <= 0 {
		o.Iterations = defaultIterations(n)
	}
	if o.EdgeLength <= 0 {
		o.EdgeLength = 120
	}
	pos := make([][2]float64, n)
	if n == 0 {
		return pos
	}
	adj := make([][]int, n)
	for _, e := range edges {
		a, b := e[0], e[1]
		if a == b || a < 0 || b < 0 || a >= n || b >= n {
			continue
		}
		adj[a] = append(adj[a], b)
		adj[b] = append(adj[b], a)
	}
	for i := range adj {
		slices.Sort(adj[i])
		adj[i] = slices.Compact(adj[i])
	}
	// Spiral start in BFS order, components one after another.
	order := bfsOrder(adj)
	const golden = 2.399963229728653 // radians
	for rank, i := range order {
		r := math.Sqrt(float64(rank) + 0.5)
		a := float64(rank) * golden
		pos[i] = [2]float64{r * math.Cos(a), r * math.Sin(a)}
	}
	if n == 1 {
		return [][2]float64{{0, 0}}
	}
	// Simulate with ideal length k = 1, then scale.
	const k = 1.0
	disp := make([][2]float64, n)
	temp := math.Sqrt(float64(n)) / 4
	if temp < 1 {
		temp = 1
	}
	cool := temp / float64(o.Iterations+1)
	gravity := 0.15
	var qt quadTree
	for it := 0; it < o.Iterations; it++ {
		qt.build(pos)
		for i := range disp {
			fx, fy := qt.repulse(i, pos[i][0], pos[i][1], k*k)
			// Gravity towards the origin, stronger for far nodes.
			fx -= gravity * pos[i][0]
			fy -= gravity * pos[i][1]
			disp[i] = [2]float64{fx, fy}
		}
		for i, ns := range adj {
			for _, j := range ns {
				if j < i {
					continue
				}
				dx, dy := pos[i][0]-pos[j][0], pos[i][1]-pos[j][1]
				d := math.Hypot(dx, dy)
				if d == 0 {
					continue
				}
				f := d / k // attraction d²/k, along the unit vector
				disp[i][0] -= dx * f
				disp[i][1] -= dy * f
				disp[j][0] += dx * f
				disp[j][1] += dy * f
			}
		}
		for i := range pos {
			dx, dy := disp[i][0], disp[i][1]
			d := math.Hypot(dx, dy)
			if d == 0 || math.IsNaN(d) {
				continue
			}
			step := math.Min(d, temp)
			pos[i][0] += dx / d * step
			pos[i][1] += dy / d * step
		}
		temp -= cool
	}
	for i := range pos {
		pos[i][0] = math.Round(pos[i][0]*o.EdgeLength*10) / 10
		pos[i][1] = math.Round(pos[i][1]*o.EdgeLength*10) / 10
	}
	return pos
}

// defaultIterations keeps the layout's cost near that of 300 iterations
// over 2,700 nodes: 300 up to that size, fewer beyond (80 at 10,000), never
// below 60, where the spiral start already places linked nodes near each
// other.
func defaultIterations(n int) int {
	it := 300
	if n > 2700 {
		it = 300 * 2700 / n
	}
	return max(it, 60)
}

// bfsOrder lists nodes breadth first, starting each component at its node
// with the most links (lowest index on ties), components by that degree.
func bfsOrder(adj [][]int) []int {
	n := len(adj)
	byDegree := make([]int, n)
	for i := range byDegree {
		byDegree[i] = i
	}
	slices.SortStableFunc(byDegree, func(a, b int) int { return len(adj[b]) - len(adj[a]) })
	seen := make([]bool, n)
	order := make([]int, 0, n)
	for _, s := range byDegree {
		if seen[s] {
			continue
		}
		seen[s] = true
		queue := []int{s}
		for len(queue) > 0 {
			v := queue[0]
			queue = queue[1:]
			order = append(order, v)
			for _, w := range adj[v] {
				if !seen[w] {
					seen[w] = true
					queue = append(queue, w)
				}
			}
		}
	}
	return order
}

// quadTree is a Barnes–Hut tree over node positions, rebuilt each
// iteration into reused storage.
type quadTree struct {
	cells []qcell
	pos   [][2]float64
}

type qcell struct {
	cx, cy, half float64 // square: centre and half side
	mx, my       float64 // sum of positions (centre of mass = m/count)
	count        int
	body         int    // the single node of a leaf, -1 otherwise
	child        [4]int // cell indices, 0 = none
}

const (
	bhTheta  = 1.0 // opening angle: larger is faster and coarser
	maxDepth = 40  // coincident nodes stop splitting here
)

func (q *quadTree) build(pos [][2]float64) {
	q.pos = pos
	q.cells = q.cells[:0]
	minX, minY, maxX, maxY := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	for _, p := range pos {
		minX, maxX = math.Min(minX, p[0]), math.Max(maxX, p[0])
		minY, maxY = math.Min(minY, p[1]), math.Max(maxY, p[1])
	}
	half := math.Max(maxX-minX, maxY-minY)/2 + 1e-6
	q.cells = append(q.cells, qcell{cx: (minX + maxX) / 2, cy: (minY + maxY) / 2, half: half, body: -1})
	for i := range pos {
		q.insert(0, i, 0)
	}
}

func (q *quadTree) insert(c, i, depth int) {
	for {
		cell := &q.cells[c]
		p := q.pos[i]
		cell.mx += p[0]
		cell.my += p[1]
		cell.count++
		if cell.count == 1 {
			cell.body = i
			return
		}
		if depth >= maxDepth {
			cell.body = -1 // coincident nodes share a leaf
			return
		}
		if cell.body >= 0 {
			old := cell.body
			cell.body = -1
			q.descend(c, old, depth)
		}
		c = q.childFor(c, i)
		depth++
	}
}

// descend pushes node i (already counted in c) one level down.
func (q *quadTree) descend(c, i, depth int) {
	ch := q.childFor(c, i)
	q.insert(ch, i, depth+1)
}

// childFor returns (creating it if needed) the child of c holding node i.
func (q *quadTree) childFor(c, i int) int {
	p := q.pos[i]
	cell := q.cells[c]
	quad, cx, cy := 0, cell.cx-cell.half/2, cell.cy-cell.half/2
	if p[0] >= cell.cx {
		quad |= 1
		cx = cell.cx + cell.half/2
	}
	if p[1] >= cell.cy {
		quad |= 2
		cy = cell.cy + cell.half/2
	}
	if ch := cell.child[quad]; ch != 0 {
		return ch
	}
	q.cells = append(q.cells, qcell{cx: cx, cy: cy, half: cell.half / 2, body: -1})
	ch := len(q.cells) - 1
	q.cells[c].child[quad] = ch
	return ch
}

// repulse sums the repulsion k²/d on node i at (x, y) from every other
// node, approximating far cells by their centre of mass.
func (q *quadTree) repulse(i int, x, y, k2 float64) (fx, fy float64) {
	var stack [4 * (maxDepth + 2)]int
	sp := 0
	stack[sp] = 0
	sp++
	for sp > 0 {
		sp--
		cell := &q.cells[stack[sp]]
		if cell.count == 0 || cell.body == i {
			continue
		}
		mx, my := cell.mx/float64(cell.count), cell.my/float64(cell.count)
		dx, dy := x-mx, y-my
		d2 := dx*dx + dy*dy
		leaf := cell.child == [4]int{}
		if leaf || (2*cell.half)*(2*cell.half) < bhTheta*bhTheta*d2 {
			m := float64(cell.count)
			if leaf && cell.body < 0 {
				// Coincident nodes (node i may be one of them).
				if d2 < 1e-12 {
					m--
					// Push apart along a direction fixed by the index.
					a := float64(i) * 2.399963229728653
					fx += m * k2 * math.Cos(a) * 10
					fy += m * k2 * math.Sin(a) * 10
					continue
				}
			}
			if d2 < 1e-9 {
				a := float64(i) * 2.399963229728653
				dx, dy, d2 = math.Cos(a)*1e-3, math.Sin(a)*1e-3, 1e-6
			}
			f := m * k2 / d2 // (k²/d) along (dx,dy)/d
			fx += dx * f
			fy += dy * f
			continue
		}
		for _, ch := range cell.child {
			if ch != 0 {
				stack[sp] = ch
				sp++
			}
		}
	}
	return fx, fy
}
