//! Coloring (simple colors, multi colors) and alternating inference chains (X-chain,
//! XY-chain, AIC).

use numpl_core::{Cell, Mask};

use super::memo::Memo;
use super::wings::conjugate;
use super::{Board, ChainNode, Conclusions, Step, Technique};

// ---------------------------------------------------------------- coloring

/// The conjugate-pair components of value `v`: (cell, color 0/1) per component.
fn components(b: &Board, v: u8) -> Vec<Vec<(usize, u8)>> {
    let cells = b.cands.len();
    let mut adj: Vec<Vec<usize>> = vec![Vec::new(); cells];
    for u in 0..3 * b.n {
        if let Some((x, y)) = conjugate(b, u, v) {
            if !adj[x].contains(&y) {
                adj[x].push(y);
                adj[y].push(x);
            }
        }
    }
    let mut color = vec![u8::MAX; cells];
    let mut comps = Vec::new();
    for s in 0..cells {
        if adj[s].is_empty() || color[s] != u8::MAX {
            continue;
        }
        color[s] = 0;
        let mut comp = vec![(s, 0u8)];
        let mut head = 0;
        while head < comp.len() {
            let (x, cx) = comp[head];
            head += 1;
            for &y in &adj[x] {
                if color[y] == u8::MAX {
                    color[y] = 1 - cx;
                    comp.push((y, 1 - cx));
                }
            }
        }
        comps.push(comp);
    }
    comps
}

fn color_step(
    t: Technique,
    v: u8,
    comps: &[&[(usize, u8)]],
    elims: Vec<usize>,
    variant: u8,
) -> Step {
    let mut step = Step::new(t);
    step.values = Mask::single(v);
    for comp in comps {
        for &(c, col) in comp.iter() {
            if col == 0 {
                step.cells.push(Cell(c as u16));
            } else {
                step.extra.push(Cell(c as u16));
            }
        }
    }
    step.eliminations = elims.into_iter().map(|c| (Cell(c as u16), v)).collect();
    step.variant = variant;
    step
}

/// Simple colors on value `v`: color wrap (two cells of one color see each other: that color is false)
/// and color trap (a cell seeing both colors is false).
pub(crate) fn simple_colors(b: &Board, v: u8) -> Option<Step> {
    for comp in components(b, v) {
        if comp.len() < 3 {
            continue;
        }
        // Wrap.
        for col in 0..2u8 {
            let same: Vec<usize> = comp.iter().filter(|x| x.1 == col).map(|x| x.0).collect();
            let wrap = same.iter().any(|&x| same.iter().any(|&y| b.sees(x, y)));
            if wrap {
                return Some(color_step(Technique::SimpleColors, v, &[&comp], same, 2));
            }
        }
        // Trap.
        let mut elims = Vec::new();
        for t in 0..b.cands.len() {
            if !b.has(t, v) || comp.iter().any(|x| x.0 == t) {
                continue;
            }
            let sees = |col: u8| comp.iter().any(|&(c, cc)| cc == col && b.sees(t, c));
            if sees(0) && sees(1) {
                elims.push(t);
            }
        }
        if !elims.is_empty() {
            return Some(color_step(Technique::SimpleColors, v, &[&comp], elims, 1));
        }
    }
    None
}

/// Multi colors on value `v`: with two components A and B, if a color of A sees a color of B, one of
/// the opposite colors is true (type 1: cells seeing both opposites lose v); if a color of
/// A sees both colors of B, that color is false (type 2).
pub(crate) fn multi_colors(b: &Board, v: u8) -> Option<Step> {
    let comps: Vec<Vec<(usize, u8)>> = components(b, v)
        .into_iter()
        .filter(|c| c.len() >= 2)
        .collect();
    for i in 0..comps.len() {
        for j in 0..comps.len() {
            if i == j {
                continue;
            }
            let (a, bb) = (&comps[i], &comps[j]);
            let sees = |ca: u8, cb: u8| {
                a.iter()
                    .filter(|x| x.1 == ca)
                    .any(|&(x, _)| bb.iter().any(|&(y, cy)| cy == cb && b.sees(x, y)))
            };
            for ca in 0..2u8 {
                // Type 2: color ca of A sees both colors of B.
                if sees(ca, 0) && sees(ca, 1) {
                    let elims: Vec<usize> = a.iter().filter(|x| x.1 == ca).map(|x| x.0).collect();
                    return Some(color_step(Technique::MultiColors, v, &[a, bb], elims, 2));
                }
            }
            if i > j {
                continue;
            }
            for ca in 0..2u8 {
                for cb in 0..2u8 {
                    if !sees(ca, cb) {
                        continue;
                    }
                    let (oa, ob) = (1 - ca, 1 - cb);
                    let mut elims = Vec::new();
                    for t in 0..b.cands.len() {
                        if !b.has(t, v) || a.iter().any(|x| x.0 == t) || bb.iter().any(|x| x.0 == t)
                        {
                            continue;
                        }
                        let sa = a.iter().any(|&(c, cc)| cc == oa && b.sees(t, c));
                        let sb = bb.iter().any(|&(c, cc)| cc == ob && b.sees(t, c));
                        if sa && sb {
                            elims.push(t);
                        }
                    }
                    if !elims.is_empty() {
                        return Some(color_step(Technique::MultiColors, v, &[a, bb], elims, 1));
                    }
                }
            }
        }
    }
    None
}

// ---------------------------------------------------------------- chains

/// Which links a chain may use.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum ChainKind {
    /// One value: strong links are conjugate pairs, weak links are peers.
    X,
    /// Strong links inside bivalue cells only, weak links between cells on one value.
    Xy,
    /// Any strong and weak links.
    Aic,
    /// Any links, and groups: a value in two or three cells of a line-box intersection.
    Grouped,
}

/// A group node: `v` in one of `cells` (2 or 3 cells of a line-box intersection).
struct Group {
    v: u8,
    cells: Vec<usize>,
    /// The line and the box.
    units: [usize; 2],
}

struct Graph<'a> {
    b: &'a Board,
    n: usize,
    kind: ChainKind,
    /// conjugate partner of (cell, v) per unit kind, if any: indexed by node.
    conj: Vec<[u32; 3]>,
    /// Group nodes (grouped chains only): node `cells * n + i` is `groups[i]`.
    groups: Vec<Group>,
    /// (line, box, value) -> group index.
    group_at: std::collections::HashMap<(usize, usize, u8), usize>,
    /// Per node, the strong and weak links that involve groups (grouped chains only).
    glinks: Vec<[Vec<u32>; 2]>,
    /// Every link, built once per call: the nodes a search goes to from state
    /// `node * 2 + on` (off: [`Graph::strong`], on: [`Graph::weak`]) are
    /// `adj[off[s]..off[s + 1]]`, in the order those give them.
    off: Vec<u32>,
    adj: Vec<u32>,
}

const NONE: u32 = u32::MAX;

impl<'a> Graph<'a> {
    /// The graph of `kind` on `b`; nodes of values in `skip` get no links.
    fn new(b: &'a Board, kind: ChainKind, skip: u64) -> Graph<'a> {
        let n = b.n;
        let mut conj = vec![[NONE; 3]; b.cands.len() * n];
        if kind != ChainKind::Xy {
            for u in 0..3 * n {
                for v in Mask(b.all & !b.unit_placed[u]) {
                    if let Some((x, y)) = conjugate(b, u, v) {
                        let k = u / n;
                        conj[x * n + v as usize - 1][k] = (y * n + v as usize - 1) as u32;
                        conj[y * n + v as usize - 1][k] = (x * n + v as usize - 1) as u32;
                    }
                }
            }
        }
        let mut groups = Vec::new();
        let mut group_at = std::collections::HashMap::new();
        if kind == ChainKind::Grouped {
            for line in 0..2 * n {
                let mut boxes: Vec<usize> = b
                    .geo
                    .unit(line)
                    .iter()
                    .map(|&c| b.boxi(c as usize))
                    .collect();
                boxes.dedup();
                for bx in boxes {
                    for v in Mask(b.all & !b.unit_placed[line]) {
                        let cells: Vec<usize> =
                            b.cells_with(line, v).filter(|&c| b.boxi(c) == bx).collect();
                        if cells.len() >= 2 {
                            group_at.insert((line, bx, v), groups.len());
                            groups.push(Group {
                                v,
                                cells,
                                units: [line, 2 * n + bx],
                            });
                        }
                    }
                }
            }
        }
        let mut g = Graph {
            b,
            n,
            kind,
            conj,
            groups,
            group_at,
            glinks: Vec::new(),
            off: Vec::new(),
            adj: Vec::new(),
        };
        if kind == ChainKind::Grouped {
            let total = b.cands.len() * n + g.groups.len();
            let mut links = Vec::with_capacity(total);
            let mut out = Vec::new();
            for node in 0..total {
                let mut pair = [Vec::new(), Vec::new()];
                if g.is_group(node) || b.has(g.cell(node), g.val(node)) {
                    for (k, strong) in [(0, true), (1, false)] {
                        out.clear();
                        g.group_links(node, strong, &mut out);
                        pair[k] = out.iter().map(|&x| x as u32).collect();
                    }
                }
                links.push(pair);
            }
            g.glinks = links;
        }
        let total = b.cands.len() * n + g.groups.len();
        let mut off = Vec::with_capacity(2 * total + 1);
        let mut adj = Vec::new();
        let mut out = Vec::new();
        off.push(0);
        for node in 0..total {
            let live = g.is_group(node)
                || (b.has(g.cell(node), g.val(node)) && skip >> (g.val(node) - 1) & 1 == 0);
            for on in [false, true] {
                if live {
                    if on {
                        g.weak(node, &mut out);
                    } else {
                        g.strong(node, &mut out);
                    }
                    adj.extend(out.iter().map(|&x| x as u32));
                }
                off.push(adj.len() as u32);
            }
        }
        g.off = off;
        g.adj = adj;
        g
    }

    /// The nodes linked from state `s` (`node * 2 + on`).
    #[inline]
    fn links(&self, s: usize) -> &[u32] {
        &self.adj[self.off[s] as usize..self.off[s + 1] as usize]
    }

    #[inline]
    fn is_group(&self, node: usize) -> bool {
        node >= self.b.cands.len() * self.n
    }

    fn group(&self, node: usize) -> &Group {
        &self.groups[node - self.b.cands.len() * self.n]
    }

    /// The value of any node.
    fn value_of(&self, node: usize) -> u8 {
        if self.is_group(node) {
            self.group(node).v
        } else {
            self.val(node)
        }
    }

    /// The cells of any node.
    fn cells_of(&self, node: usize) -> Vec<usize> {
        if self.is_group(node) {
            self.group(node).cells.clone()
        } else {
            vec![self.cell(node)]
        }
    }

    /// In unit `u`, the node holding every place of `v` outside `taken`, if those places
    /// are one cell or exactly one group.
    fn rest_node(&self, u: usize, v: u8, taken: &[usize]) -> Option<usize> {
        let rest: Vec<usize> = self
            .b
            .cells_with(u, v)
            .filter(|c| !taken.contains(c))
            .collect();
        match rest.len() {
            0 => None,
            1 => Some(rest[0] * self.n + v as usize - 1),
            _ => {
                let bx = self.b.boxi(rest[0]);
                let (r, c) = (self.b.row(rest[0]), self.b.col(rest[0]));
                let line = if rest.iter().all(|&x| self.b.row(x) == r) {
                    r
                } else if rest.iter().all(|&x| self.b.col(x) == c) {
                    self.n + c
                } else {
                    return None;
                };
                if !rest.iter().all(|&x| self.b.boxi(x) == bx) {
                    return None;
                }
                let gi = *self.group_at.get(&(line, bx, v))?;
                (self.groups[gi].cells == rest).then_some(self.b.cands.len() * self.n + gi)
            }
        }
    }

    /// Strong and weak links of group nodes, and the group links of cell nodes.
    fn group_links(&self, node: usize, strong: bool, out: &mut Vec<usize>) {
        let v = self.value_of(node);
        let mine = self.cells_of(node);
        let units: Vec<usize> = if self.is_group(node) {
            self.group(node).units.to_vec()
        } else {
            self.b
                .geo
                .units_of(mine[0])
                .iter()
                .map(|&u| u as usize)
                .collect()
        };
        if strong {
            for u in units {
                if let Some(x) = self.rest_node(u, v, &mine) {
                    if (self.is_group(x) || self.is_group(node)) && !out.contains(&x) {
                        out.push(x);
                    }
                }
            }
            return;
        }
        let base = self.b.cands.len() * self.n;
        if self.is_group(node) {
            // Cells seeing the whole group.
            for t in self.b.seeing_all(&mine, v) {
                out.push(t * self.n + v as usize - 1);
            }
        }
        for (gi, g) in self.groups.iter().enumerate() {
            if g.v != v || base + gi == node || g.cells.iter().any(|c| mine.contains(c)) {
                continue;
            }
            if g.cells
                .iter()
                .all(|&x| mine.iter().all(|&y| self.b.sees(x, y)))
            {
                out.push(base + gi);
            }
        }
    }

    #[inline]
    fn cell(&self, node: usize) -> usize {
        node / self.n
    }

    #[inline]
    fn val(&self, node: usize) -> u8 {
        (node % self.n) as u8 + 1
    }

    /// Nodes that must be true when `node` is false.
    fn strong(&self, node: usize, out: &mut Vec<usize>) {
        out.clear();
        if self.kind == ChainKind::Grouped {
            out.extend(self.glinks[node][0].iter().map(|&x| x as usize));
            if self.is_group(node) {
                return;
            }
        }
        let c = self.cell(node);
        if self.kind != ChainKind::X {
            let m = self.b.cands[c];
            if m.count_ones() == 2 {
                let other = m & !(1u64 << (self.val(node) - 1));
                out.push(c * self.n + other.trailing_zeros() as usize);
            }
        }
        if self.kind != ChainKind::Xy {
            for &p in &self.conj[node] {
                if p != NONE && !out.contains(&(p as usize)) {
                    out.push(p as usize);
                }
            }
        }
    }

    /// Nodes that must be false when `node` is true.
    fn weak(&self, node: usize, out: &mut Vec<usize>) {
        out.clear();
        if self.kind == ChainKind::Grouped {
            out.extend(self.glinks[node][1].iter().map(|&x| x as usize));
            if self.is_group(node) {
                return;
            }
        }
        let c = self.cell(node);
        let v = self.val(node);
        if matches!(self.kind, ChainKind::Aic | ChainKind::Grouped) {
            for w in Mask(self.b.cands[c]) {
                if w != v {
                    out.push(c * self.n + w as usize - 1);
                }
            }
        }
        for &p in self.b.geo.peers(c) {
            let p = p as usize;
            if self.b.has(p, v) {
                if self.kind == ChainKind::Xy && self.b.cands[p].count_ones() != 2 {
                    continue;
                }
                out.push(p * self.n + v as usize - 1);
            }
        }
    }

    /// The conclusions of "start is true or end is true" (start != end as nodes), into
    /// `places` and `elims` (cleared first).
    fn conclude(&self, start: usize, end: usize, out: &mut Conclusions) {
        let b = self.b;
        let (places, elims) = out;
        places.clear();
        elims.clear();
        if self.is_group(end) {
            let (ca, va) = (self.cell(start), self.val(start));
            let g = self.group(end);
            if g.v == va {
                let mut all = g.cells.clone();
                all.push(ca);
                b.each_seeing_all(&all, va, |t| elims.push((Cell(t as u16), va)));
            } else if !g.cells.contains(&ca)
                && b.has(ca, g.v)
                && g.cells.iter().all(|&x| b.sees(x, ca))
            {
                elims.push((Cell(ca as u16), g.v));
            }
            return;
        }
        let (ca, va) = (self.cell(start), self.val(start));
        let (cd, vd) = (self.cell(end), self.val(end));
        if start == end {
            places.push((Cell(ca as u16), va));
        } else if va == vd {
            b.each_seeing_all(&[ca, cd], va, |t| elims.push((Cell(t as u16), va)));
        } else if ca == cd {
            for w in Mask(b.cands[ca]) {
                if w != va && w != vd {
                    elims.push((Cell(ca as u16), w));
                }
            }
        } else if matches!(self.kind, ChainKind::Aic | ChainKind::Grouped) && b.sees(ca, cd) {
            if b.has(cd, va) {
                elims.push((Cell(cd as u16), va));
            }
            if b.has(ca, vd) {
                elims.push((Cell(ca as u16), vd));
            }
        }
    }

    /// The shortest chain from `start` (assumed false) that proves something; at most
    /// `max_len` nodes. Returns the nodes (with polarity) and conclusions.
    fn search(&self, start: usize, max_len: usize, scratch: &mut Scratch) -> Option<Found> {
        let states = (self.b.cands.len() * self.n + self.groups.len()) * 2;
        if scratch.parent.len() != states {
            scratch.parent = vec![NONE; states];
            scratch.depth = vec![0; states];
        }
        for &s in &scratch.touched {
            scratch.parent[s] = NONE;
        }
        scratch.touched.clear();
        // state = node * 2 + on
        let s0 = start * 2;
        scratch.parent[s0] = s0 as u32;
        scratch.depth[s0] = 1;
        scratch.touched.push(s0);
        let mut queue = std::mem::take(&mut scratch.queue);
        queue.clear();
        queue.push(s0);
        let mut head = 0;
        let mut out = std::mem::take(&mut scratch.out);
        let found = 'bfs: loop {
            if head >= queue.len() {
                break None;
            }
            let s = queue[head];
            head += 1;
            let on = s % 2 == 1;
            if scratch.depth[s] as usize >= max_len {
                continue;
            }
            for &next in self.links(s) {
                let next = next as usize;
                let t = next * 2 + usize::from(!on);
                if scratch.parent[t] != NONE {
                    continue;
                }
                scratch.parent[t] = s as u32;
                scratch.depth[t] = scratch.depth[s] + 1;
                scratch.touched.push(t);
                if !on {
                    // `next` is proven true if start is false.
                    let ok = match self.kind {
                        ChainKind::Xy => self.val(next) == self.val(start) && next != start,
                        ChainKind::Grouped => true,
                        _ => true,
                    };
                    if ok {
                        self.conclude(start, next, &mut out);
                        if !out.0.is_empty() || !out.1.is_empty() {
                            let mut path = vec![t];
                            let mut x = t;
                            while x != s0 {
                                x = scratch.parent[x] as usize;
                                path.push(x);
                            }
                            path.reverse();
                            let chain = path
                                .iter()
                                .map(|&st| {
                                    let cells = self.cells_of(st / 2);
                                    ChainNode {
                                        cell: Cell(cells[0] as u16),
                                        group: cells[1..].iter().map(|&c| Cell(c as u16)).collect(),
                                        value: self.value_of(st / 2),
                                        on: st % 2 == 1,
                                    }
                                })
                                .collect();
                            break 'bfs Some(Found {
                                chain,
                                places: out.0.clone(),
                                elims: out.1.clone(),
                            });
                        }
                    }
                }
                queue.push(t);
            }
        };
        scratch.queue = queue;
        scratch.out = out;
        found
    }
}

#[derive(Default)]
struct Scratch {
    parent: Vec<u32>,
    depth: Vec<u16>,
    touched: Vec<usize>,
    queue: Vec<usize>,
    out: Conclusions,
}

struct Found {
    chain: Vec<ChainNode>,
    places: Vec<(Cell, u8)>,
    elims: Vec<(Cell, u8)>,
}

/// The shortest chain of `kind` that proves something.
///
/// X-chains use conjugate links, which join candidates of one value only, and weak links
/// on the same value: each chain stays on the value it starts with and reads only that
/// value's positions. So a value where every search ran to full length in vain is noted in
/// `memo`, and skipped while its positions stay the same (the result is unchanged: those
/// searches would fail again).
pub(crate) fn chain(b: &Board, kind: ChainKind, memo: &mut Memo) -> Option<Step> {
    let n = b.n;
    let max_len = 2 * 12;
    let x = kind == ChainKind::X;
    // Values skipped (X-chains: failed before on the same positions), and values whose
    // searches were cut short by a chain found (or found one): not known to fail.
    let mut skip = 0u64;
    let mut open = 0u64;
    if x {
        for v in 1..=n as u8 {
            if memo.value_unchanged(Technique::XChain, b, v) {
                skip |= 1 << (v - 1);
            }
        }
        if skip == b.all {
            return None;
        }
    }
    let mut best: Option<Found> = None;
    let mut scratch = Scratch::default();
    let g = Graph::new(b, kind, skip);
    for c in 0..b.cands.len() {
        let m = b.cands[c] & !skip;
        if m == 0 || (kind == ChainKind::Xy && m.count_ones() != 2) {
            continue;
        }
        for w in Mask(m) {
            let start = c * n + w as usize - 1;
            // A chain starts with a strong link.
            if g.links(start * 2).is_empty() {
                continue;
            }
            let limit = best.as_ref().map_or(max_len, |f| f.chain.len() - 1);
            if limit < max_len {
                open |= 1 << (w - 1);
            }
            if let Some(f) = g.search(start, limit, &mut scratch) {
                open |= 1 << (w - 1);
                if best.as_ref().is_none_or(|x| f.chain.len() < x.chain.len()) {
                    best = Some(f);
                }
            }
        }
    }
    if x {
        for v in Mask(b.all & !skip & !open) {
            memo.value_failed(Technique::XChain, b, v);
        }
    }
    let f = best?;
    let tech = match kind {
        ChainKind::X => Technique::XChain,
        ChainKind::Xy => Technique::XyChain,
        ChainKind::Aic => Technique::Aic,
        ChainKind::Grouped => Technique::GroupedAic,
    };
    let mut step = Step::new(tech);
    step.values = f.chain.iter().map(|x| x.value).collect();
    step.cells = f.chain.iter().map(|x| x.cell).collect();
    step.cells.dedup();
    step.chain = f.chain;
    step.placements = f.places;
    step.eliminations = f.elims;
    Some(step)
}
