//! The search for chains and loops on a [`Graph`]: breadth first from every start, each
//! chain or loop found offered to a [`Sink`], which keeps HoDoKu's choice among them.

use super::graph::{Graph, NONE};
use super::ChainKind;
use crate::human::bits::each_bit;
use crate::human::{ChainNode, Conclusions, Technique};
use numpl_core::{Cell, Mask};
use std::collections::HashMap;

#[cfg(test)]
thread_local! {
    /// Tests: the plain search keeps the off states without strong links.
    pub(super) static KEEP_DEAD: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

#[cfg(test)]
thread_local! {
    /// Tests: the search is the plain one, which queues the off states too.
    pub(super) static PLAIN_SEARCH: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// Whether the search is [`Graph::search_plain`] (tests only).
#[inline(always)]
pub(super) fn plain_search() -> bool {
    #[cfg(test)]
    return PLAIN_SEARCH.get();
    #[cfg(not(test))]
    false
}

/// Whether the plain search keeps off states without strong links (tests only).
#[cfg(test)]
pub(super) fn keep_dead() -> bool {
    KEEP_DEAD.get()
}

impl<'a> Graph<'a> {
    /// The conclusions of "start is true or end is true" (start != end as nodes), into
    /// `places` and `elims` (cleared first). The search works the start out once and
    /// calls [`Graph::conclude_from`]; this is for the plain search and the tests.
    #[cfg(test)]
    pub(super) fn conclude(&self, start: usize, end: usize, out: &mut Conclusions) {
        let from = From::new(self, start);
        self.conclude_from(&from, end, out);
    }

    /// [`Graph::conclude`] from a start worked out before ([`From`]).
    #[inline(always)]
    pub(super) fn conclude_from(&self, from: &From, end: usize, out: &mut Conclusions) {
        let b = self.b;
        let (places, elims) = out;
        places.clear();
        elims.clear();
        let (start, ca, va) = (from.node, from.cell, from.val);
        if self.is_group(end) {
            let gi = self.gi(end);
            let (v, seen) = (self.m.groups[gi].v, self.gseen(gi));
            if v == va {
                // The cells seeing the group and the start.
                let pw = &from.peers_with[..self.words];
                each_bit((0..self.words).map(|i| seen[i] & pw[i]), |t| {
                    elims.push((Cell::new(t as u16), va))
                });
            } else if b.has(ca, v) && seen[ca / 64] >> (ca % 64) & 1 != 0 {
                // The start's cell sees the whole group (so is none of its cells).
                elims.push((Cell::new(ca as u16), v));
            }
            return;
        }
        let (cd, vd) = (self.cell(end), self.val(end));
        if start == end {
            places.push((Cell::new(ca as u16), va));
        } else if va == vd {
            // Some cell holding the value sees both.
            let pd = self.peer_set(cd);
            if (0..self.words).any(|i| from.peers_with[i] & pd[i] != 0) {
                b.each_seeing_all(&[ca, cd], va, |t| elims.push((Cell::new(t as u16), va)));
            }
        } else if ca == cd {
            for w in Mask::from_bits(b.cands[ca]) {
                if w != va && w != vd {
                    elims.push((Cell::new(ca as u16), w));
                }
            }
        } else if matches!(self.kind, ChainKind::Aic | ChainKind::Grouped)
            && (b.has(cd, va) || b.has(ca, vd))
            && b.sees(ca, cd)
        {
            if b.has(cd, va) {
                elims.push((Cell::new(cd as u16), va));
            }
            if b.has(ca, vd) {
                elims.push((Cell::new(ca as u16), vd));
            }
        }
    }

    /// Every chain from `start` (assumed false) to a node it proves true, at most
    /// `max_len` nodes, by breadth-first search (so each node is reached by a shortest
    /// chain); each one that proves something goes to `sink`.
    ///
    /// The states alternate: off (depth 1, 3, ...), on (2, 4, ...). Only the on states
    /// go through the queue: an off state is left as soon as it is reached. That is the
    /// order a queue of both would leave them in, since the on states of one depth only
    /// reach off states (of the next), and the off states are left in the order they
    /// are reached; so every state is reached from the same state, and the chains reach
    /// `sink` in the same order.
    pub(super) fn search(
        &mut self,
        start: usize,
        max_len: usize,
        scratch: &mut Scratch,
        sink: &mut Sink<'_>,
    ) {
        let states = self.m.span.len();
        let stamp = scratch.begin(states);
        scratch.from.set(self, start);
        // The queue of on states: `queue[..qend]`; each enters it once at most.
        let mut st = SearchState {
            start,
            from: &scratch.from,
            stamp,
            reach: &mut scratch.reach[..states],
            queue: &mut scratch.queue,
            qend: 0,
            out: &mut scratch.out,
            path: &mut scratch.path,
        };
        // state = node * 2 + on
        let s0 = start * 2;
        st.reach[s0] = [stamp, s0 as u32];
        if max_len > 1 {
            self.leave_off(s0, &mut st, sink);
        }
        // The on states of `queue[..level_end]` not yet left are `depth` nodes from the
        // start (breadth first: the depth never falls along the queue).
        let (mut depth, mut level_end) = (2, st.qend);
        let mut head = 0;
        while head < st.qend {
            if head == level_end {
                depth += 2;
                level_end = st.qend;
            }
            if depth + 1 >= max_len {
                // Its off states (and all after them) would lead no further.
                break;
            }
            let s = st.queue[head] as usize;
            head += 1;
            let (lo, hi) = self.links(s);
            // To off states, which conclude nothing: each one not reached before is
            // left at once.
            for i in lo..hi {
                let t = self.m.adj[i] as usize * 2;
                let r = &mut st.reach[t];
                if r[0] == stamp {
                    continue;
                }
                *r = [stamp, s as u32];
                self.leave_off(t, &mut st, sink);
            }
        }
    }

    /// Leaves the off state `s` (just reached) in [`Graph::search`]: each on state it
    /// reaches first is queued, and offered to `sink` if it proves something.
    #[inline(always)]
    pub(super) fn leave_off(&mut self, s: usize, st: &mut SearchState<'_>, sink: &mut Sink<'_>) {
        let (lo, hi) = self.links(s);
        let start = st.start;
        for i in lo..hi {
            let next = self.m.adj[i] as usize;
            let t = next * 2 + 1;
            if st.reach[t][0] == st.stamp {
                continue;
            }
            st.reach[t] = [st.stamp, s as u32];
            st.queue[st.qend] = t as u32;
            st.qend += 1;
            // `next` is proven true if start is false.
            if self.kind == ChainKind::Xy && (self.val(next) != self.val(start) || next == start) {
                continue;
            }
            self.conclude_from(st.from, next, st.out);
            if st.out.0.is_empty() && st.out.1.is_empty() {
                continue;
            }
            st.path.clear();
            let mut x = t;
            st.path.push(x);
            while x != start * 2 {
                x = st.reach[x][1] as usize;
                st.path.push(x);
            }
            st.path.reverse();
            self.record(st.path, st.out, sink);
        }
    }

    /// The plain form of [`Graph::search`], which does not leave off states at once
    /// (tests compare the two): every state, on or off, goes through the queue.
    #[cfg(test)]
    pub(super) fn search_plain(
        &mut self,
        start: usize,
        max_len: usize,
        scratch: &mut Scratch,
        sink: &mut Sink<'_>,
    ) {
        let states = self.m.span.len();
        let stamp = scratch.begin(states);
        let reach = &mut scratch.reach[..states];
        // state = node * 2 + on
        let s0 = start * 2;
        reach[s0] = [stamp, s0 as u32];
        // The queue: `queue[..qend]`; every state enters it once at most.
        let mut queue = std::mem::take(&mut scratch.queue);
        queue[0] = s0 as u32;
        let mut qend = 1;
        let mut head = 0;
        // The states of `queue[..level_end]` not yet left are `depth` nodes from the
        // start (breadth first: the depth never falls along the queue).
        let (mut depth, mut level_end) = (1, 1);
        let mut out = std::mem::take(&mut scratch.out);
        let mut path = std::mem::take(&mut scratch.path);
        while head < qend {
            if head == level_end {
                depth += 1;
                level_end = qend;
            }
            if depth >= max_len {
                // So are all the states after it: none leads further.
                break;
            }
            let s = queue[head] as usize;
            head += 1;
            let (lo, hi) = self.links(s);
            if s % 2 == 1 {
                // From an on state, to off states, which conclude nothing: each one
                // not reached before is queued (without a branch on it). Off states
                // without strong links lead nowhere and conclude nothing: left out.
                for i in lo..hi {
                    let t = self.m.adj[i] as usize * 2;
                    if !keep_dead() {
                        let (a, b) = self.links(t);
                        if a == b {
                            continue;
                        }
                    }
                    let r = &mut reach[t];
                    let fresh = r[0] != stamp;
                    r[0] = stamp;
                    r[1] = if fresh { s as u32 } else { r[1] };
                    queue[qend] = t as u32;
                    qend += usize::from(fresh);
                }
                continue;
            }
            for i in lo..hi {
                let next = self.m.adj[i] as usize;
                let t = next * 2 + 1;
                if reach[t][0] == stamp {
                    continue;
                }
                reach[t] = [stamp, s as u32];
                queue[qend] = t as u32;
                qend += 1;
                // `next` is proven true if start is false.
                if self.kind == ChainKind::Xy
                    && (self.val(next) != self.val(start) || next == start)
                {
                    continue;
                }
                self.conclude(start, next, &mut out);
                if out.0.is_empty() && out.1.is_empty() {
                    continue;
                }
                path.clear();
                let mut x = t;
                path.push(x);
                while x != s0 {
                    x = reach[x][1] as usize;
                    path.push(x);
                }
                path.reverse();
                self.record(&path, &out, sink);
            }
        }
        scratch.queue = queue;
        scratch.out = out;
        scratch.path = path;
    }

    /// The chain nodes of a path of states.
    pub(super) fn nodes(&self, path: &[usize]) -> Vec<ChainNode> {
        path.iter()
            .map(|&st| {
                let cells = self.cells_of(st / 2);
                ChainNode {
                    cell: Cell::new(cells[0] as u16),
                    group: cells[1..].iter().map(|&c| Cell::new(c as u16)).collect(),
                    value: self.value_of(st / 2),
                    on: st % 2 == 1,
                }
            })
            .collect()
    }

    /// Whether nodes `a` and `b` (as cell nodes or groups) are joined by a weak link
    /// that closes a loop: the same cell, or the same value with every cell of one
    /// seeing every cell of the other.
    pub(super) fn closes(&self, a: usize, b: usize) -> bool {
        if a == b {
            return false;
        }
        let (ca, cb) = (self.cells_of(a), self.cells_of(b));
        if !self.is_group(a) && !self.is_group(b) && ca[0] == cb[0] {
            return true;
        }
        self.value_of(a) == self.value_of(b)
            && ca
                .iter()
                .all(|&x| !cb.contains(&x) && cb.iter().all(|&y| self.b.sees(x, y)))
    }

    /// The eliminations of the continuous nice loop `path` (start off, ..., end on, and
    /// the weak link from the end back to the start), or None when the path is not a
    /// loop HoDoKu allows (a node twice, or a cell met again later than next door).
    ///
    /// In the loop every strong link says "at least one of the two", every weak link
    /// "at most one"; as many of each run around it, so each link holds exactly one true
    /// node: every weak link is strong too. A weak link inside a cell leaves that cell
    /// only its two values; one between cells on value v removes v from the cells seeing
    /// both ends (HoDoKu leaves the loop's own cells alone).
    pub(super) fn loop_elims(&self, path: &[usize]) -> Option<Vec<(Cell, u8)>> {
        let len = path.len();
        if len < 4 {
            return None;
        }
        let nodes: Vec<usize> = path.iter().map(|&s| s / 2).collect();
        let cells: Vec<&[usize]> = nodes.iter().map(|&x| self.cells_of(x)).collect();
        for i in 0..len {
            for j in i + 1..len {
                if nodes[i] == nodes[j] {
                    return None;
                }
                let next_door = j == i + 1 || (i == 0 && j == len - 1);
                let same_cell = !self.is_group(nodes[i])
                    && !self.is_group(nodes[j])
                    && cells[i][0] == cells[j][0];
                let overlap = cells[i].iter().any(|c| cells[j].contains(c));
                if overlap && !(next_door && same_cell) {
                    return None;
                }
            }
        }
        let in_chain: Vec<usize> = cells.iter().flat_map(|c| c.iter().copied()).collect();
        let mut elims = Vec::new();
        // Weak links: from each on node (odd index) to the next, the last back to 0.
        for i in (1..len).step_by(2) {
            let (a, b) = (nodes[i], nodes[(i + 1) % len]);
            let (va, vb) = (self.value_of(a), self.value_of(b));
            if va != vb {
                // Two values of one cell.
                let c = cells[i][0];
                for w in Mask::from_bits(self.b.cands[c]) {
                    if w != va && w != vb {
                        elims.push((Cell::new(c as u16), w));
                    }
                }
            } else {
                let mut both = cells[i].to_vec();
                both.extend_from_slice(cells[(i + 1) % len]);
                self.b.each_seeing_all(&both, va, |t| {
                    if !in_chain.contains(&t) {
                        elims.push((Cell::new(t as u16), va));
                    }
                });
            }
        }
        elims.sort_unstable_by_key(|&(c, v)| (v, c.index()));
        elims.dedup();
        Some(elims)
    }

    /// Names the step a found chain makes (as HoDoKu would: a continuous or
    /// discontinuous nice loop, or an AIC) with its eliminations, and offers it to `sink`.
    #[cold]
    pub(super) fn record(&self, path: &[usize], out: &Conclusions, sink: &mut Sink<'_>) {
        // HoDoKu's chains have three links at least (a single strong link is a locked
        // candidate or nothing).
        if path.len() < 4 {
            return;
        }
        let (places, elims) = out;
        let start = path[0] / 2;
        let end = path[path.len() - 1] / 2;
        let mut elims = elims.clone();
        let kind = if self.kind == ChainKind::X || self.kind == ChainKind::Xy {
            for &(c, v) in places {
                // X-chain back to its start: the start is true, so its peers lose v.
                self.b.each_seeing_all(&[c.index()], v, |t| {
                    elims.push((Cell::new(t as u16), v));
                });
            }
            LoopKind::Chain
        } else if !places.is_empty() {
            // start off => start on: the start is true, the other values go.
            let c = self.cell(start);
            for w in Mask::from_bits(self.b.cands[c]) {
                if w != self.val(start) {
                    elims.push((Cell::new(c as u16), w));
                }
            }
            LoopKind::Discontinuous
        } else if elims.len() == 1 {
            // HoDoKu's AICs remove two candidates at least; one alone is the loop
            // from the candidate removed back to itself.
            LoopKind::Discontinuous
        } else {
            LoopKind::Aic
        };
        elims.sort_unstable_by_key(|&(c, v)| (v, c.index()));
        elims.dedup();
        let mut wrap = None;
        if kind == LoopKind::Discontinuous && places.is_empty() && elims.len() == 1 {
            // The candidate (c, v) removed, made true, starts a loop back to itself
            // through the chain: (v)c - start = ... = end - (v)c. When c is the end's
            // cell and not the start's, the chain runs from the end.
            let (c, v) = elims[0];
            let c = c.index();
            let back = !self.is_group(end) && self.cell(end) == c && self.cell(start) != c;
            wrap = Some((c * self.n + v as usize - 1, back));
        }
        self.offer(path, kind, false, wrap, elims, sink);
        // An AIC whose end sees its start (by a weak link) is also a continuous loop.
        let plain = kind == LoopKind::Aic || kind == LoopKind::Discontinuous && places.is_empty();
        if plain && self.closes(end, start) {
            if let Some(e) = self.loop_elims(path) {
                self.offer(path, LoopKind::Continuous, true, None, e, sink);
            }
        }
    }

    /// Whether the chain `full` meets a cell again after leaving it (HoDoKu's lasso:
    /// it takes no such chain); a loop (`is_loop`) may come back to its first cell.
    pub(super) fn lasso(&self, full: &[usize], is_loop: bool) -> bool {
        let first = self.cells_of(full[0] / 2);
        // The cells left so far, as a set (`words` words; on the stack for most grids).
        let mut small = [0u64; 4];
        let mut large = Vec::new();
        let left: &mut [u64] = if self.words <= small.len() {
            &mut small[..self.words]
        } else {
            large.resize(self.words, 0);
            &mut large
        };
        let mut prev: Option<&[usize]> = None;
        for &s in full {
            let cells = self.cells_of(s / 2);
            if cells.iter().any(|&c| left[c / 64] >> (c % 64) & 1 != 0) {
                return true;
            }
            if let Some(p) = prev {
                if !(is_loop && p == first) {
                    for &c in p {
                        left[c / 64] |= 1 << (c % 64);
                    }
                }
            }
            prev = Some(cells);
        }
        false
    }

    /// Offers a step to `sink` (if it removes something and its technique is allowed):
    /// kept unless the sink has it with the same eliminations by a chain as short.
    pub(super) fn offer(
        &self,
        path: &[usize],
        kind: LoopKind,
        closed: bool,
        wrap: Option<(usize, bool)>,
        elims: Vec<(Cell, u8)>,
        sink: &mut Sink<'_>,
    ) {
        if elims.is_empty() {
            return;
        }
        sink.tried += 1;
        let grouped = path.iter().any(|&s| self.is_group(s / 2));
        let tech = match (self.kind, kind, grouped) {
            (ChainKind::X, _, _) => Technique::XChain,
            (ChainKind::Xy, _, _) => Technique::XyChain,
            (_, LoopKind::Continuous, false) => Technique::ContinuousNiceLoop,
            (_, LoopKind::Continuous, true) => Technique::GroupedContinuousNiceLoop,
            (_, LoopKind::Discontinuous, false) => Technique::DiscontinuousNiceLoop,
            (_, LoopKind::Discontinuous, true) => Technique::GroupedDiscontinuousNiceLoop,
            (_, _, false) => Technique::Aic,
            (_, _, true) => Technique::GroupedAic,
        };
        if !(sink.allows)(tech) {
            return;
        }
        // The chain as shown: a loop closes on its start; a discontinuous loop around
        // one elimination starts and ends at it.
        let mut full = path.to_vec();
        if let Some((node, back)) = wrap {
            if back {
                // The same chain read from its end: every node flips.
                full = full.iter().rev().map(|&s| s ^ 1).collect();
            }
            full.insert(0, node * 2 + 1);
            full.push(node * 2);
        }
        if closed {
            full.push(path[0]);
        }
        let is_loop = kind == LoopKind::Continuous
            || kind == LoopKind::Discontinuous
            || full[0] / 2 == full[full.len() - 1] / 2;
        if self.lasso(&full, is_loop) {
            return;
        }
        sink.hits += 1;
        let len = full.len();
        let known = sink
            .by_elims
            .get(&tech)
            .and_then(|m| m.get(elims.as_slice()));
        let seq = match known {
            Some(&i) if sink.found[i].len <= len => return,
            Some(&i) => i,
            None => {
                sink.by_elims
                    .entry(tech)
                    .or_default()
                    .insert(elims.clone(), sink.found.len());
                sink.found.len()
            }
        };
        let found = Found::new(tech, full, elims, len, seq);
        if seq == sink.found.len() {
            sink.found.push(found);
        } else {
            sink.found[seq] = found;
        }
    }
}

#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum LoopKind {
    /// An X- or XY-chain.
    Chain,
    Continuous,
    Discontinuous,
    Aic,
}

/// A start node (a cell node), worked out once for the conclusions of its search: its
/// cell and value, and its cell's peers holding the value (as a set, `words` words).
/// Kept in [`Scratch`] and filled in place for each search ([`From::set`]).
#[derive(Default)]
pub(super) struct From {
    pub(super) node: usize,
    pub(super) cell: usize,
    pub(super) val: u8,
    pub(super) peers_with: Vec<u64>,
}

impl From {
    #[cfg(test)]
    pub(super) fn new(g: &Graph<'_>, node: usize) -> From {
        let mut from = From::default();
        from.set(g, node);
        from
    }

    /// Makes this the start `node`.
    pub(super) fn set(&mut self, g: &Graph<'_>, node: usize) {
        let (cell, val) = (g.cell(node), g.val(node));
        let (pc, with) = (g.peer_set(cell), g.with(val));
        self.peers_with.clear();
        self.peers_with
            .extend(pc.iter().zip(with).map(|(&p, &w)| p & w));
        self.node = node;
        self.cell = cell;
        self.val = val;
    }
}

/// A search's state ([`Graph::search`]): its start and stamp, the states reached (and
/// from where), the queue of on states, and scratch.
pub(super) struct SearchState<'s> {
    pub(super) start: usize,
    pub(super) from: &'s From,
    pub(super) stamp: u32,
    pub(super) reach: &'s mut [[u32; 2]],
    pub(super) queue: &'s mut [u32],
    pub(super) qend: usize,
    pub(super) out: &'s mut Conclusions,
    pub(super) path: &'s mut Vec<usize>,
}

#[derive(Default)]
pub(super) struct Scratch {
    /// Per state, the stamp of the last search that reached it and the state it was
    /// reached from.
    pub(super) reach: Vec<[u32; 2]>,
    pub(super) stamp: u32,
    pub(super) queue: Vec<u32>,
    pub(super) out: Conclusions,
    pub(super) path: Vec<usize>,
    /// The start of the search under way.
    pub(super) from: From,
}

impl Scratch {
    /// Readies the scratch for a search over `states` states and gives its stamp: a
    /// state is reached in this search when its stamp in `reach` is this one; the queue
    /// holds every state.
    pub(super) fn begin(&mut self, states: usize) -> u32 {
        if self.reach.len() < states {
            self.reach.clear();
            self.reach.resize(states, [0, NONE]);
            self.stamp = 0;
        }
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.reach.fill([0, NONE]);
            self.stamp = 1;
        }
        if self.queue.len() <= states {
            self.queue.resize(states + 1, 0);
        }
        self.stamp
    }
}

/// A step a search found: its technique, the chain as shown (states), its eliminations
/// (by value, then cell), its length.
pub(super) struct Found {
    pub(super) tech: Technique,
    pub(super) path: Vec<usize>,
    pub(super) elims: Vec<(Cell, u8)>,
    pub(super) len: usize,
    /// The order found in (HoDoKu keeps the first of steps it cannot tell apart).
    pub(super) seq: usize,
}

impl Found {
    pub(super) fn new(
        tech: Technique,
        path: Vec<usize>,
        elims: Vec<(Cell, u8)>,
        len: usize,
        seq: usize,
    ) -> Found {
        Found {
            tech,
            path,
            elims,
            len,
            seq,
        }
    }

    /// HoDoKu's weighted sum of the eliminations (by value, then cell): the first
    /// counts cell + value, each next one's cell 80 times more.
    pub(super) fn index_sum(&self) -> u64 {
        let mut sum = 0u64;
        let mut weight = 1u64;
        for &(c, v) in &self.elims {
            sum += c.index() as u64 * weight + v as u64;
            weight += 80;
        }
        sum
    }
}

/// The steps found in one search, one per technique and set of eliminations (the
/// shortest chain found for it).
pub(super) struct Sink<'f> {
    pub(super) found: Vec<Found>,
    /// How many chains were offered (duplicates too).
    pub(super) hits: usize,
    /// How many chains with eliminations reached [`Graph::offer`], whatever became of
    /// them (not allowed, a lasso, or offered).
    pub(super) tried: usize,
    /// Per technique and eliminations, the index of its step in `found`.
    pub(super) by_elims: HashMap<Technique, HashMap<Vec<(Cell, u8)>, usize>>,
    pub(super) allows: &'f dyn Fn(Technique) -> bool,
}

/// HoDoKu's choice among the steps found: the most eliminations; then, for different
/// eliminations, the lower weighted sum of them ([`Found::index_sum`]); for the same
/// ones, the shorter chain; then the first found.
pub(super) fn best_of(found: Vec<Found>) -> Option<Found> {
    found.into_iter().min_by(|a, b| {
        b.elims
            .len()
            .cmp(&a.elims.len())
            .then_with(|| {
                if a.tech == b.tech && a.elims == b.elims {
                    a.len.cmp(&b.len)
                } else {
                    a.index_sum().cmp(&b.index_sum())
                }
            })
            .then(a.seq.cmp(&b.seq))
    })
}
