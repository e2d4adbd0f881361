//! Sudoku Explainer's chains at nesting level 0: bidirectional cycles and forcing X-, Y-
//! and XY-chains (6.5 to 7.0 plus length), Nishio forcing chains (7.5), multiple forcing
//! chains (8.0: region and cell forcing chains) and dynamic forcing chains (8.5: also
//! contradiction and double forcing chains, each implication applied to the grid as it is
//! followed). Every hint of a level is collected, sorted by difficulty, complexity (the
//! chains' distinct ancestors) and kind, and the first one is taken, as SE does.
//!
//! What is kept or skipped for speed, each without changing a step (the same hints, in
//! the same order, with the same chains):
//! - within one multiple-chains search (one grid), what follows from each candidate
//!   assumed on is followed once and kept for the region forcing chains that follow it
//!   again ([`Chainer::on_chain`]: it depends on the grid and the candidate only);
//! - an implication is made only when it changes something (a new one, one whose opposite
//!   holds, a chain's target): the others were made and passed over;
//! - the dynamic chains (+)' inner rules search only the regions' values the chain changed
//!   ([`Chainer::advanced`]): a hint elsewhere has no parent implication, and SE drops it;
//! - implication sets take their tables from a pool ([`LSet`]); a multiple or dynamic
//!   forcing chain's hint is named in full only when it is the step taken;
//! - the level-0 cycles and forcing chains make no off that turns nothing on unless it
//!   is a target ([`Links`]), and at the top level stop where no hint could come before
//!   the best so far ([`Limits`]); no cycle, and no chain from a candidate off, is
//!   looked for from a candidate that no off turns on (none could end); no cycle or
//!   chain is looked for where the grid's graph of links says none can end ([`Reach`]),
//!   nor a cycle where none could remove anything ([`Reach::cycle_may_remove`]);
//! - the multiple forcing chains are followed only from the cells and regions where
//!   something may follow from every value of the cell or every place of the region's
//!   value, none on a grid with no such cell or region ([`MultipleReach`]);
//! - a Nishio chain is followed only when it meets a contradiction, its rule's only
//!   hints ([`nishio_absurd`]), and the rule is not asked on a grid where none does
//!   ([`nishio_may`], value by value, kept along a path while the value's cells stay);
//! - the nested forcing chains' inner rules are asked once a grid ([`inner_hints`]);
//! - a dynamic chain's grid is the step's grid less what its offs removed ([`Now`]), not
//!   a grid copied, changed and restored;
//! - a hint is refused, without its ancestors counted, when its targets' paths of first
//!   parents already hold more implications than the best so far's complexity
//!   ([`Pot::depth`]); the double forcing chains' walks are made only when what follows
//!   from the candidate on and off share a key ([`LSet::meets`]);
//! - what follows from every place of a region or value of a cell is listed from the
//!   first's set ([`LSet::kept`]), not copied and narrowed set by set, asking the others'
//!   keys as bits ([`Slots`]) rather than their tables (seldom in the cache);
//! - a set holds one polarity, its table a slot per cell and value (half the cache lines
//!   of one per key).
//!
//! SE's own cache (`Chaining.getHints` keeps the hints of the last grid it was asked on)
//! serves only a grid asked twice in a row (about 1% of the inner rules' grids);
//! [`inner_hints`] keeps the hints of every grid (until 4,096), a quarter of them.

use std::rc::Rc;

use super::grid::{ones, several, tables, two, Grid, BLOCK, COLUMN, ROW};
use super::{rules, Hint, Origin};

const TYPES: [usize; 3] = [BLOCK, ROW, COLUMN];
const _: () = assert!(BLOCK == 0 && ROW == 1 && COLUMN == 2);
const NKEYS: usize = 81 * 10 * 2;

/// One implication: a candidate on or off, and the implications it follows from.
///
/// (16 bytes, no destructor: the chains make them by the hundred thousand. Most have one
/// parent, so none is allocated for up to one; more are a list of [`Chainer::many`].)
struct Pot {
    cell: u8,
    value: u8,
    on: bool,
    /// How `parent` reads: [`PARENTS_NONE`], [`PARENTS_ONE`] (the parent),
    /// [`PARENTS_MANY`] (the index of a list of [`Chainer::many`]).
    parents: u8,
    /// How many implications the path of first parents from this one to its assumption
    /// holds, itself and the assumption included (saturating): no more than its
    /// ancestors' count, for a key is met once on such a path (a chain's implications
    /// follow from those of its set, one per key).
    depth: u16,
    parent: u32,
    /// Why it follows (SE's `Potential.Cause`): [`CAUSE_NONE`] for an assumption,
    /// [`CAUSE_CELL`] (the cell's last value), [`CAUSE_REGION`] + region type (the value's
    /// last place), [`CAUSE_RULE`] (another rule's elimination).
    cause: u8,
    /// For an elimination by a nested chain: that chain (an index into
    /// [`Chainer::nested`]).
    nested: u32,
}

const _: () = assert!(std::mem::size_of::<Pot>() == 16);

const PARENTS_NONE: u8 = 0;
const PARENTS_ONE: u8 = 1;
const PARENTS_MANY: u8 = 2;

const CAUSE_NONE: u8 = 0;
const CAUSE_CELL: u8 = 1;
const CAUSE_REGION: u8 = 2;
const CAUSE_RULE: u8 = 5;

/// A chain used inside another (nested forcing chains): its complexity and its chains'
/// implications, target by target (SE's `FullChain` compares these).
struct Nested {
    complexity: usize,
    chains: Vec<Vec<u16>>,
}

fn key(cell: usize, value: usize, on: bool) -> usize {
    (cell * 10 + value) * 2 + on as usize
}

/// An insertion-ordered set of implications, one per (cell, value, on), as SE's
/// `LinkedSet`: adding an equal one replaces the stored implication in place.
///
/// A set holds implications of one polarity (a chain's ons, or its offs: `on`), so its
/// table has a slot per cell and value (3.2 KB, where one per key would take twice the
/// cache lines for the same implications); a key of the other polarity is never in it.
///
/// A set's table is taken from a per-thread pool of cleared tables and given back,
/// cleared through its own keys, when the set is dropped: the chains make and drop sets
/// by the thousand (three per candidate for each kind of forcing chain), and most hold a
/// few dozen implications, so clearing what was set costs less than filling a new table.
struct LSet {
    map: Vec<u32>,
    order: Vec<u16>,
    on: bool,
}

const NONE: u32 = u32::MAX;

/// A key's slot: its cell and value (`key` without the polarity).
const NSLOTS: usize = NKEYS / 2;

/// How many cleared tables the pool keeps (the most sets alive at once, in practice).
const POOL_MAX: usize = 4096;

thread_local! {
    static POOL: std::cell::RefCell<Vec<(Vec<u32>, Vec<u16>)>> =
        const { std::cell::RefCell::new(Vec::new()) };
}

impl LSet {
    /// An empty set of ons (`on`) or offs.
    fn new(on: bool) -> LSet {
        let (map, order) = POOL
            .with(|p| p.borrow_mut().pop())
            .unwrap_or_else(|| (vec![NONE; NSLOTS], Vec::new()));
        LSet { map, order, on }
    }
    fn ons() -> LSet {
        LSet::new(true)
    }
    fn offs() -> LSet {
        LSet::new(false)
    }
    #[inline]
    fn add(&mut self, k: usize, id: u32) {
        debug_assert_eq!(k & 1 != 0, self.on, "a set holds one polarity");
        let s = k >> 1;
        if self.map[s] == NONE {
            self.order.push(k as u16);
        }
        self.map[s] = id;
    }
    fn contains(&self, k: usize) -> bool {
        debug_assert_eq!(k & 1 != 0, self.on, "a set is asked of its polarity");
        self.map[k >> 1] != NONE
    }
    fn get(&self, k: usize) -> Option<u32> {
        debug_assert_eq!(k & 1 != 0, self.on, "a set is asked of its polarity");
        let v = self.map[k >> 1];
        (v != NONE).then_some(v)
    }
    fn iter(&self) -> impl Iterator<Item = u32> + '_ {
        self.order.iter().map(|&k| self.map[k as usize >> 1])
    }
    fn copy_of(other: &LSet) -> LSet {
        let mut s = LSet::new(other.on);
        s.order.extend_from_slice(&other.order);
        for &k in &other.order {
            let k = k as usize >> 1;
            s.map[k] = other.map[k];
        }
        s
    }
    /// The implications of the set, in its order, whose keys `keep` accepts.
    fn kept(&self, keep: impl Fn(usize) -> bool) -> Vec<u32> {
        self.order
            .iter()
            .filter(|&&k| keep(k as usize))
            .map(|&k| self.map[k as usize >> 1])
            .collect()
    }
    /// Whether the two sets hold a key in common.
    fn meets(&self, other: &LSet) -> bool {
        let (small, large) = if self.order.len() <= other.order.len() {
            (self, other)
        } else {
            (other, self)
        };
        small.order.iter().any(|&k| large.contains(k as usize))
    }
}

impl LSet {
    /// Empties the set (every key with a slot set is in `order`: clearing those leaves
    /// the table clear).
    fn clear(&mut self) {
        for &k in &self.order {
            self.map[k as usize >> 1] = NONE;
        }
        self.order.clear();
    }
}

impl Drop for LSet {
    fn drop(&mut self) {
        self.clear();
        let map = std::mem::take(&mut self.map);
        let order = std::mem::take(&mut self.order);
        // (`try_with`: a set dropped while the thread ends just frees its table.)
        let _ = POOL.try_with(|p| {
            let mut p = p.borrow_mut();
            if p.len() < POOL_MAX {
                p.push((map, order));
            }
        });
    }
}

/// A set of keys (cell, value, on) as bits, by polarity and value a set of cells: what
/// the level-0 searches ask of their sets (whether a key was met, which cells of a value),
/// without [`LSet`]'s table and order (their implications are read through the targets
/// returned, not through the sets).
#[derive(Clone, Copy)]
struct KeySet([[u128; 10]; 2]);

impl KeySet {
    const EMPTY: KeySet = KeySet([[0; 10]; 2]);
    fn contains(&self, k: usize) -> bool {
        self.0[k & 1][k / 2 % 10] >> (k / 20) & 1 != 0
    }
    fn add(&mut self, k: usize) {
        self.0[k & 1][k / 2 % 10] |= 1 << (k / 20);
    }
    fn remove(&mut self, k: usize) {
        self.0[k & 1][k / 2 % 10] &= !(1 << (k / 20));
    }
    /// The cells of the offs of `value` in the set.
    fn offs(&self, value: usize) -> u128 {
        self.0[0][value]
    }
}

/// What each off turns on in a level-0 search on a grid that does not change (what
/// [`Chainer::off_to_on`] makes from it, in its order), worked out once for a grid and
/// kind of links rather than at each off: with Y-links, a cell with two values turns the
/// other on; with X-links, a region where the value has two places turns the other place
/// on (once for a cell two regions turn on). An off that turns nothing on ends its chain:
/// the searches make it only when it is a target.
struct Links {
    table: Rc<LinkTable>,
    /// The kinds of links followed: Y-links, X-links.
    y: bool,
    x: bool,
}

/// Both kinds of links of a grid, each candidate's cell link (a Y-link) first: a kind of
/// them alone is a part of each candidate's list ([`Links::ons`]).
struct LinkTable {
    /// `ons[cell * 10 + value]`: the keys turned on, each with its cause above bit 16.
    ons: Vec<[u32; 4]>,
    len: [u8; 810],
    /// `leads[kind][value]`: the cells whose off of `value` turns something on, by the
    /// links of both kinds (0), the X-links (1), the Y-links (2).
    leads: [[u128; 10]; 3],
}

impl Links {
    fn new(g: &Grid, y: bool, x: bool) -> Links {
        let t = tables();
        let mut l = LinkTable {
            ons: vec![[0; 4]; 810],
            len: [0; 810],
            leads: [[0; 10]; 3],
        };
        // (A candidate's links in SE's order: its cell's first, then its regions' by
        // type, a cell turned on once; made from the cells with two values and the
        // regions' values with two places, rather than asked of every candidate.)
        let push = |l: &mut LinkTable, i: usize, k: usize, cause: u8| {
            l.ons[i][l.len[i] as usize] = k as u32 | (cause as u32) << 16;
            l.len[i] += 1;
        };
        for cell in 0..81 {
            let m = g.cand[cell];
            if two(m) {
                let (a, b) = (m.trailing_zeros() as usize, 15 - m.leading_zeros() as usize);
                push(&mut l, cell * 10 + a, key(cell, b, true), CAUSE_CELL);
                push(&mut l, cell * 10 + b, key(cell, a, true), CAUSE_CELL);
            }
        }
        for ty in TYPES {
            for r in ty * 9..ty * 9 + 9 {
                for v in 1..=9 {
                    let pos = g.positions(r, v);
                    if !two(pos) {
                        continue;
                    }
                    let a = t.region[r][pos.trailing_zeros() as usize] as usize;
                    let b = t.region[r][15 - pos.leading_zeros() as usize] as usize;
                    for (from, to) in [(a, b), (b, a)] {
                        let (i, k) = (from * 10 + v, key(to, v, true));
                        if !l.ons[i][..l.len[i] as usize]
                            .iter()
                            .any(|&e| (e & 0xffff) as usize == k)
                        {
                            push(&mut l, i, k, CAUSE_REGION + ty as u8);
                        }
                    }
                }
            }
        }
        for i in 0..810 {
            let n = l.len[i] as usize;
            if n == 0 {
                continue;
            }
            let cell_link = (l.ons[i][0] >> 16) as u8 == CAUSE_CELL;
            let bit = 1u128 << (i / 10);
            l.leads[0][i % 10] |= bit;
            if n > cell_link as usize {
                l.leads[1][i % 10] |= bit;
            }
            if cell_link {
                l.leads[2][i % 10] |= bit;
            }
        }
        Links {
            table: Rc::new(l),
            y,
            x,
        }
    }

    /// The X-links (`x`) or the Y-links of links made with both (sharing their table).
    fn part(&self, x: bool) -> Links {
        Links {
            table: Rc::clone(&self.table),
            y: !x,
            x,
        }
    }

    /// Whether the off of key `k` turns something on.
    fn off(&self, k: usize) -> bool {
        !self.ons(k).is_empty()
    }

    /// What the off of key `k` turns on: keys with their causes above bit 16.
    fn ons(&self, k: usize) -> &[u32] {
        let t = &*self.table;
        let all = &t.ons[k / 2][..t.len[k / 2] as usize];
        if self.y && self.x {
            return all;
        }
        let cell_link = all.first().is_some_and(|&e| (e >> 16) as u8 == CAUSE_CELL);
        match (self.y, cell_link) {
            (true, true) => &all[..1],
            (true, false) => &[],
            (false, true) => &all[1..],
            (false, false) => all,
        }
    }

    /// The cells whose off of `value` turns something on.
    fn leads(&self, value: usize) -> u128 {
        let kind = if self.y && self.x {
            0
        } else if self.x {
            1
        } else {
            2
        };
        self.table.leads[kind][value]
    }
}

/// What the level-0 searches can reach on a grid that does not change: the graph of
/// [`Chainer::on_to_off`] (an on turns off its cell's other values, with Y-links, and its
/// value in the cells it sees) and of [`Links`] (an off turns on what it is linked to).
/// Made once a grid with both kinds of links: the X- and the Y-chains' graphs are parts
/// of it.
///
/// A search from a candidate on (off) finds a forcing chain only when the candidate's off
/// (on) can be reached from it, and a cycle only when its on lies on a cycle of the graph
/// of four implications or more (in a component of four or more): most candidates have
/// neither (in the nested forcing chains' inner rules, 19,656 of 8.4 million searches on
/// forum-hardest's 3 puzzles found a chain), and each search walks all it reaches to
/// learn so. The searches keep to this graph (each implication once, and only some of
/// its links), so a target it cannot reach they never meet. A cycle that removes nothing
/// is no hint, so none is looked for in a component where no candidate sees both an on
/// and a linked off of its value ([`Reach::cycle_may_remove`]).
///
/// Most offs turn nothing on (on forum-hardest's inner grids 37 of some 206 are linked,
/// and 1,847 of a grid's 2,156 links go to the others): such an off ends every path, so
/// the graph kept is the ons and the linked offs only, its strongly connected
/// components (Tarjan's), and for each component the ons it reaches, as bits (the
/// components are numbered so that a link never goes to a higher one). An off is reached
/// exactly when an on that turns it off is (the ons of its cell's other values and of
/// its value in the cells it sees), linked or not.
struct Reach {
    graph: Rc<Graph>,
    /// `words` bits a component: the ons it reaches (by on node), its own among them.
    words: usize,
    bits: Vec<u64>,
    /// Whether each on node reaches its candidate's off.
    on_reaches: Vec<bool>,
    /// For each component of four nodes or more: whether some candidate sees an on and
    /// a linked off of its value in it (a cycle there removes nothing otherwise).
    removable: Vec<bool>,
}

/// The graph [`Reach`] keeps (the ons and the linked offs, and their links) and its
/// strongly connected components.
struct Graph {
    /// Each candidate's (cell * 10 + value) on node, which is its index among the
    /// candidates, and its off node when the off is linked (`NO_NODE`: none).
    on_node: [u16; 810],
    off_node: [u16; 810],
    /// Each node's candidate (cell * 10 + value): the ons (the first `ons`), then the
    /// linked offs.
    slots: Vec<u16>,
    ons: usize,
    /// The links, node by node (`start[i]..start[i + 1]` of `adj`).
    start: Vec<u32>,
    adj: Vec<u16>,
    /// Each node's component (numbered so that a link never goes to a higher one).
    comp: Vec<u16>,
    /// How many nodes each component holds.
    size: Vec<u16>,
    /// The nodes in the order their components were numbered.
    members: Vec<u16>,
}

const NO_NODE: u16 = u16::MAX;

/// Calls `f` with the on node (`on_node`) of each candidate whose on turns off the
/// candidate of `slot` (cell * 10 + value): its cell's other values, its value in the
/// cells it sees; stops at the first for which `f` says true, and says whether one did.
fn turning_off(
    g: &Grid,
    on_node: &[u16; 810],
    slot: usize,
    mut f: impl FnMut(usize) -> bool,
) -> bool {
    let (cell, v) = (slot / 10, slot % 10);
    let mut m = g.cand[cell] & !(1 << v);
    while m != 0 {
        if f(on_node[cell * 10 + m.trailing_zeros() as usize] as usize) {
            return true;
        }
        m &= m - 1;
    }
    let mut cells = tables().sees[cell] & g.cells_with(v);
    while cells != 0 {
        if f(on_node[cells.trailing_zeros() as usize * 10 + v] as usize) {
            return true;
        }
        cells &= cells - 1;
    }
    false
}

impl Graph {
    /// The graph's links are `links` (both kinds) and Y-links from the ons.
    fn new(g: &Grid, links: &Links) -> Graph {
        let mut on_node = [NO_NODE; 810];
        let mut off_node = [NO_NODE; 810];
        // Each node's candidate (cell * 10 + value): the ons, then the linked offs.
        let mut slots: Vec<u16> = Vec::with_capacity(256);
        for cell in 0..81 {
            let mut m = g.cand[cell];
            while m != 0 {
                let v = m.trailing_zeros() as usize;
                m &= m - 1;
                on_node[cell * 10 + v] = slots.len() as u16;
                slots.push((cell * 10 + v) as u16);
            }
        }
        let ons = slots.len();
        for i in 0..ons {
            let slot = slots[i] as usize;
            if links.off(slot * 2) {
                off_node[slot] = slots.len() as u16;
                slots.push(slot as u16);
            }
        }
        let n = slots.len();
        // The links, node by node (`start[i]..start[i + 1]` of `adj`): each on to the
        // linked offs it turns off, each linked off to the ons it turns on.
        let mut start = vec![0u32; n + 1];
        for &slot in &slots[ons..] {
            turning_off(g, &on_node, slot as usize, |on| {
                start[on + 1] += 1;
                false
            });
        }
        for (i, &slot) in slots[ons..].iter().enumerate() {
            start[ons + i + 1] = links.ons(slot as usize * 2).len() as u32;
        }
        for i in 0..n {
            start[i + 1] += start[i];
        }
        let mut adj = vec![0u16; start[n] as usize];
        let mut fill = start.clone();
        for (i, &slot) in slots[ons..].iter().enumerate() {
            let off = (ons + i) as u16;
            turning_off(g, &on_node, slot as usize, |on| {
                adj[fill[on] as usize] = off;
                fill[on] += 1;
                false
            });
            for &l in links.ons(slot as usize * 2) {
                let k = (l & 0xffff) as usize;
                adj[fill[ons + i] as usize] = on_node[k / 2];
                fill[ons + i] += 1;
            }
        }
        // Tarjan's components, without recursion: a component is numbered when it is
        // left, after every component it reaches.
        const UNSEEN: u16 = u16::MAX;
        let mut index = vec![UNSEEN; n];
        let mut low = vec![0u16; n];
        let mut on_stack = vec![false; n];
        let mut comp = vec![0u16; n];
        let mut stack: Vec<u16> = Vec::with_capacity(n);
        // The nodes in the order their components were numbered.
        let mut members: Vec<u16> = Vec::with_capacity(n);
        let mut size: Vec<u16> = Vec::new();
        let mut calls: Vec<(u16, u32)> = Vec::new();
        let mut counter = 0u16;
        for root in 0..n {
            if index[root] != UNSEEN {
                continue;
            }
            // (A node with no links, as many ons are, is a component alone, reaching
            // nothing: numbered at once, here and when met below, with no walk.)
            if start[root] == start[root + 1] {
                index[root] = counter;
                counter += 1;
                comp[root] = size.len() as u16;
                members.push(root as u16);
                size.push(1);
                continue;
            }
            index[root] = counter;
            low[root] = counter;
            counter += 1;
            stack.push(root as u16);
            on_stack[root] = true;
            calls.push((root as u16, start[root]));
            while let Some(&mut (v, ref mut e)) = calls.last_mut() {
                let v = v as usize;
                if *e < start[v + 1] {
                    let w = adj[*e as usize] as usize;
                    *e += 1;
                    if index[w] == UNSEEN && start[w] == start[w + 1] {
                        index[w] = counter;
                        counter += 1;
                        comp[w] = size.len() as u16;
                        members.push(w as u16);
                        size.push(1);
                    } else if index[w] == UNSEEN {
                        index[w] = counter;
                        low[w] = counter;
                        counter += 1;
                        stack.push(w as u16);
                        on_stack[w] = true;
                        calls.push((w as u16, start[w]));
                    } else if on_stack[w] {
                        low[v] = low[v].min(index[w]);
                    }
                } else {
                    calls.pop();
                    if let Some(&(u, _)) = calls.last() {
                        low[u as usize] = low[u as usize].min(low[v]);
                    }
                    if low[v] == index[v] {
                        let c = size.len() as u16;
                        let before = members.len();
                        loop {
                            let w = stack.pop().expect("v is on the stack") as usize;
                            on_stack[w] = false;
                            comp[w] = c;
                            members.push(w as u16);
                            if w == v {
                                break;
                            }
                        }
                        size.push((members.len() - before) as u16);
                    }
                }
            }
        }
        Graph {
            on_node,
            off_node,
            slots,
            ons,
            start,
            adj,
            comp,
            size,
            members,
        }
    }
}

/// The links of both kinds of `g` and their [`Graph`], kept for the last grid asked (a
/// thread's): the level-0 chains and the multiple chains, asked in turn on a step's
/// grid, both want them.
fn links_and_graph(g: &Grid) -> (Rc<Links>, Rc<Graph>) {
    type Kept = Option<(Grid, Rc<Links>, Rc<Graph>)>;
    thread_local! {
        static LAST: std::cell::RefCell<Kept> = const { std::cell::RefCell::new(None) };
    }
    LAST.with(|last| {
        if let Some((grid, links, graph)) = &*last.borrow() {
            if grid == g {
                return (Rc::clone(links), Rc::clone(graph));
            }
        }
        let links = Rc::new(Links::new(g, true, true));
        let graph = Rc::new(Graph::new(g, &links));
        *last.borrow_mut() = Some((g.clone(), Rc::clone(&links), Rc::clone(&graph)));
        (links, graph)
    })
}

impl Reach {
    /// The graph's links are `links` (both kinds) and Y-links from the ons.
    #[cfg(test)]
    fn new(g: &Grid, links: &Links) -> Reach {
        Reach::of(g, Rc::new(Graph::new(g, links)))
    }

    /// The reach of `graph`, `g`'s.
    fn of(g: &Grid, graph: Rc<Graph>) -> Reach {
        let Graph {
            on_node,
            slots,
            ons,
            start,
            adj,
            comp,
            size,
            members,
            ..
        } = &*graph;
        let ons = *ons;
        // Each component's ons reached: its own, and those of the components its nodes'
        // links reach (numbered before it, so final).
        let words = ons.div_ceil(64).max(1);
        let mut bits = vec![0u64; size.len() * words];
        for &u in members {
            let u = u as usize;
            let c = comp[u] as usize;
            let (done, rest) = bits.split_at_mut(c * words);
            let mine = &mut rest[..words];
            if u < ons {
                mine[u / 64] |= 1 << (u % 64);
            }
            for &w in &adj[start[u] as usize..start[u + 1] as usize] {
                let d = comp[w as usize] as usize;
                if d != c {
                    for (a, b) in mine.iter_mut().zip(&done[d * words..(d + 1) * words]) {
                        *a |= b;
                    }
                }
            }
        }
        // Whether each on reaches its off: an on that turns that off off (its own
        // component's bits hold its own node, which does not).
        let mut on_reaches = vec![false; ons];
        for (i, r) in on_reaches.iter_mut().enumerate() {
            // (An on that turns no linked off off reaches no other on.)
            if start[i] == start[i + 1] {
                continue;
            }
            let c = comp[i] as usize;
            let mine = &bits[c * words..(c + 1) * words];
            *r = turning_off(g, on_node, slots[i] as usize, |on| {
                mine[on / 64] >> (on % 64) & 1 != 0
            });
        }
        // What a cycle in each component of four or more could remove: a candidate that
        // an on and an off of its value in the cycle both see (the components' members
        // are side by side in `members`).
        let mut removable = vec![false; size.len()];
        let t = tables();
        let mut i = 0;
        while i < members.len() {
            let c = comp[members[i] as usize] as usize;
            let n = size[c] as usize;
            if n >= 4 {
                let mut seen = [[0u128; 10]; 2];
                for &u in &members[i..i + n] {
                    let slot = slots[u as usize] as usize;
                    let side = (u as usize) < ons;
                    seen[side as usize][slot % 10] |= t.sees[slot / 10];
                }
                removable[c] = (1..10).any(|v| seen[0][v] & seen[1][v] & g.cells_with(v) != 0);
            }
            i += n;
        }
        Reach {
            graph,
            words,
            bits,
            on_reaches,
            removable,
        }
    }

    /// Whether the opposite of key `k` (a candidate on or off) can be reached from it:
    /// from an on, an on that turns its off off; from an off (a linked one), its on.
    fn reaches_opposite(&self, k: usize) -> bool {
        let slot = k / 2;
        let on = self.graph.on_node[slot] as usize;
        if k & 1 != 0 {
            return self.on_reaches[on];
        }
        let off = self.graph.off_node[slot];
        off != NO_NODE && {
            let c = self.graph.comp[off as usize] as usize;
            self.bits[c * self.words + on / 64] >> (on % 64) & 1 != 0
        }
    }

    /// Whether a cycle through the on of key `k` may be searched for: its component holds
    /// four implications or more (a cycle of SE's holds four keys or more, each once),
    /// and a candidate sees an on and an off of its value there.
    fn cycle_may_remove(&self, k: usize) -> bool {
        let node = self.graph.on_node[k / 2] as usize;
        let c = self.graph.comp[node] as usize;
        self.graph.size[c] >= 4 && self.removable[c]
    }

    /// How many implications the strongly connected component of key `k` (of a
    /// candidate) holds: 2 or more when `k` lies on a cycle of the graph (an off that
    /// turns nothing on is a node of none: 0).
    #[cfg(test)]
    fn component_size(&self, k: usize) -> usize {
        let gr = &self.graph;
        let node = if k & 1 != 0 {
            gr.on_node[k / 2]
        } else {
            gr.off_node[k / 2]
        };
        if node == NO_NODE {
            0
        } else {
            gr.size[gr.comp[node as usize] as usize] as usize
        }
    }
}

/// Where the multiple forcing chains (`Level::Multiple`: from each value of a cell with
/// three or more, and each place of a value in a region, its first place in such a cell;
/// chains of both kinds of links on a grid that does not change) may make a hint on a
/// grid: a cell of whose values, or a region of whose value's places, some implication
/// may follow from every one. What follows from an assumption is at most what its on
/// reaches in [`Graph`]'s graph (a chain stops at a contradiction): the ons of the
/// components it reaches, and the offs those ons turn off. (On the grids the nested
/// forcing chains leave, three quarters give this rule no hint, and each costs it a
/// chain from every candidate; on the others, most cells and regions give none.)
struct MultipleReach {
    graph: Rc<Graph>,
    /// Each component's ons (index 1) and offs (0) reached, by value a set of cells.
    reached: Vec<[[u128; 10]; 2]>,
    /// The cells with two candidates or more (an on's target needs something to remove).
    several: u128,
    /// The cells (of three values or more) whose values may make a cell forcing chain.
    cells: u128,
    /// For each such cell, the values whose places in a region it comes first in may
    /// make a region forcing chain.
    regions: [u16; 81],
}

impl MultipleReach {
    #[cfg(test)]
    fn new(g: &Grid, links: &Links) -> MultipleReach {
        MultipleReach::of(g, Rc::new(Graph::new(g, links)))
    }

    /// The reach of `gr`, `g`'s graph.
    fn of(g: &Grid, gr: Rc<Graph>) -> MultipleReach {
        let t = tables();
        // Each component's own nodes' and those of the components it reaches (numbered
        // before it, so final).
        // (Each component's entry is made when its first member is met: the members come
        // component by component, in their numbers' order.)
        let mut reached: Vec<[[u128; 10]; 2]> = Vec::with_capacity(gr.size.len());
        for &u in &gr.members {
            let u = u as usize;
            let c = gr.comp[u] as usize;
            if c == reached.len() {
                reached.push([[0; 10]; 2]);
            }
            let (done, rest) = reached.split_at_mut(c);
            let mine = &mut rest[0];
            let slot = gr.slots[u] as usize;
            let (cell, v) = (slot / 10, slot % 10);
            if u < gr.ons {
                mine[1][v] |= 1 << cell;
                mine[0][v] |= t.sees[cell] & g.cells_with(v);
                let mut m = g.cand[cell] & !(1 << v);
                while m != 0 {
                    mine[0][m.trailing_zeros() as usize] |= 1 << cell;
                    m &= m - 1;
                }
            } else {
                mine[0][v] |= 1 << cell;
            }
            for &w in &gr.adj[gr.start[u] as usize..gr.start[u + 1] as usize] {
                let d = gr.comp[w as usize] as usize;
                if d != c {
                    for side in 0..2 {
                        for v in 1..10 {
                            mine[side][v] |= done[d][side][v];
                        }
                    }
                }
            }
        }
        let several: u128 = (0..81)
            .filter(|&c| g.count(c) >= 2)
            .fold(0, |m, c| m | 1 << c);
        let mut m = MultipleReach {
            graph: gr,
            reached,
            several,
            cells: 0,
            regions: [0; 81],
        };
        for c in (0..81).filter(|&c| g.value[c] == 0 && g.count(c) > 2) {
            if m.common((1..10).filter(|&v| g.has(c, v)).map(|v| c * 10 + v)) {
                m.cells |= 1 << c;
            }
            for v in (1..10).filter(|&v| g.has(c, v)) {
                if m.first_in_region(g, c, v) {
                    m.regions[c] |= 1 << v;
                }
            }
        }
        m
    }

    /// Whether some target (an off, or an on in a cell of several candidates) may follow
    /// from every one of `slots` (cell * 10 + value) assumed on.
    fn common(&self, slots: impl Iterator<Item = usize>) -> bool {
        // (Value by value, each slot's reach narrowing the last's until nothing is left.)
        let mut reach = [0usize; 9];
        let mut n = 0;
        for slot in slots {
            reach[n] = self.graph.comp[self.graph.on_node[slot] as usize] as usize;
            n += 1;
        }
        (1..10).any(|v| {
            let (mut offs, mut ons) = (!0u128, self.several);
            for &c in &reach[..n] {
                let r = &self.reached[c];
                offs &= r[0][v];
                ons &= r[1][v];
                if offs == 0 && ons == 0 {
                    return false;
                }
            }
            true
        })
    }

    /// Whether cell `cell`'s values (it has three or more) may make a cell forcing chain.
    fn cell(&self, cell: usize) -> bool {
        self.cells >> cell & 1 != 0
    }

    /// Whether the places of `v` in a region whose first is `cell` (a cell of three
    /// values or more) may make a region forcing chain.
    fn regions_from(&self, cell: usize, v: usize) -> bool {
        self.regions[cell] >> v & 1 != 0
    }

    /// [`MultipleReach::regions_from`], worked out.
    fn first_in_region(&self, g: &Grid, cell: usize, v: usize) -> bool {
        let t = tables();
        TYPES.into_iter().any(|ty| {
            let r = t.of[cell][ty] as usize;
            let pos = g.positions(r, v);
            pos.count_ones() >= 2
                && t.region[r][pos.trailing_zeros() as usize] as usize == cell
                && self.common(
                    (0..9)
                        .filter(|&i| pos >> i & 1 != 0)
                        .map(|i| t.region[r][i] as usize * 10 + v),
                )
        })
    }

    /// Whether any cell or region may make a hint.
    fn any(&self) -> bool {
        self.cells != 0 || self.regions.iter().any(|&m| m != 0)
    }
}

/// Whether the multiple forcing chains may make a hint on `g` ([`MultipleReach`]).
#[cfg(test)]
fn multiple_may_hint(g: &Grid, links: &Links) -> bool {
    MultipleReach::new(g, links).any()
}

/// Whether the Nishio chains from `p` (an assumption: a cell's value on or off) meet
/// a contradiction, worked out on the value's cells as sets rather than followed.
///
/// Nishio chains keep to the value (no Y-links): an on turns the value off in the cells
/// it sees, and an off, followed, leaves the grid without it, so that a region where it
/// had two places or more and has one left turns that one on (the region's last off but
/// one is followed while two are left). The contradiction is an on and an off of the same
/// cell; the chains meet one when what follows holds one, whatever the order it is
/// followed in (each implication made is followed unless a contradiction stops it), and
/// a region whose places all go holds one (the place left when two were is turned on).
/// Whether the Nishio chains from some candidate of value `v` (on or off) may meet a
/// contradiction ([`nishio_absurd`]): where none does, the rule has no hint on `g`, since
/// a contradiction is its only hint. It depends only on the value's cells.
pub(super) fn nishio_may(g: &Grid, v: usize) -> bool {
    let mut cells = g.cells_with(v);
    while cells != 0 {
        let cell = cells.trailing_zeros() as u8;
        cells &= cells - 1;
        for on in [true, false] {
            let p = Pot {
                cell,
                value: v as u8,
                on,
                parents: PARENTS_NONE,
                depth: 1,
                parent: 0,
                cause: CAUSE_NONE,
                nested: NONE,
            };
            if nishio_absurd(g, &p) {
                return true;
            }
        }
    }
    false
}

fn nishio_absurd(g: &Grid, p: &Pot) -> bool {
    let t = tables();
    let cand = g.cells_with(p.value as usize);
    let (mut ons, mut offs) = if p.on {
        (1u128 << p.cell, 0)
    } else {
        (0, 1u128 << p.cell)
    };
    let (mut followed, mut counted) = (0u128, 0u128);
    loop {
        let mut new = ons & !followed;
        while new != 0 {
            let c = new.trailing_zeros() as usize;
            new &= new - 1;
            offs |= t.sees[c] & cand;
        }
        followed = ons;
        if ons & offs != 0 {
            return true;
        }
        // (Only the regions of the offs met since the last round can turn something on.)
        let mut regions = 0u32;
        let mut new = offs & !counted;
        while new != 0 {
            let c = new.trailing_zeros() as usize;
            new &= new - 1;
            regions |= t.of[c].iter().fold(0, |m, &r| m | 1 << r);
        }
        counted = offs;
        let before = ons;
        while regions != 0 {
            let r = regions.trailing_zeros() as usize;
            regions &= regions - 1;
            let places = t.members[r] & cand;
            if !several(places) {
                continue;
            }
            let left = places & !offs;
            if left == 0 {
                return true;
            }
            if !several(left) {
                ons |= left;
            }
        }
        if ons & offs != 0 {
            return true;
        }
        if ons == before {
            return false;
        }
    }
}

/// The implications [`Chainer::off_to_on`] makes (at most one for the cell and one for
/// each of its regions), without a vector.
#[derive(Default)]
struct Made {
    ids: [u32; 4],
    len: usize,
}

impl Made {
    fn push(&mut self, id: u32) {
        self.ids[self.len] = id;
        self.len += 1;
    }
}

impl IntoIterator for Made {
    type Item = u32;
    type IntoIter = std::iter::Take<std::array::IntoIter<u32, 4>>;
    fn into_iter(self) -> Self::IntoIter {
        self.ids.into_iter().take(self.len)
    }
}

/// The kind of chains one of SE's chaining rules looks for.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub(super) enum Level {
    /// Cycles and forcing chains (`Chaining(false, false, false, 0)`).
    Forcing,
    /// Nishio forcing chains.
    Nishio,
    /// Multiple forcing chains.
    Multiple,
    /// Dynamic forcing chains.
    Dynamic,
    /// Dynamic forcing chains (+).
    DynamicPlus,
    /// Nested forcing chains of SE's level 2 to 5.
    Nested(u8),
}

/// `BIT[c]`: the set of cell `c` alone (a table: a shift of a 128-bit word by a variable
/// is several instructions).
static BIT: [u128; 81] = {
    let mut b = [0; 81];
    let mut c = 0;
    while c < 81 {
        b[c] = 1 << c;
        c += 1;
    }
    b
};

/// A queue of implications: what is pushed is kept until the queue is cleared, and read
/// once in order (a search's queue holds a few dozen implications to a few thousand:
/// a list and a place in it, with none of a ring buffer's wrapping).
#[derive(Default)]
struct Fifo {
    items: Vec<u32>,
    head: usize,
}

impl Fifo {
    fn push(&mut self, id: u32) {
        self.items.push(id);
    }
    fn pop(&mut self) -> Option<u32> {
        let id = self.items.get(self.head).copied();
        self.head += usize::from(id.is_some());
        id
    }
    fn is_empty(&self) -> bool {
        self.head == self.items.len()
    }
    fn clear(&mut self) {
        self.items.clear();
        self.head = 0;
    }
}

/// What [`Chainer::on_to_off`] reads of a grid: a cell's candidates, a value's cells.
trait Cands {
    fn cand(&self, cell: usize) -> u16;
    fn with(&self, value: usize) -> u128;
}

impl Cands for Grid {
    fn cand(&self, cell: usize) -> u16 {
        self.cand[cell]
    }
    fn with(&self, value: usize) -> u128 {
        self.cells_with(value)
    }
}

/// The grid as a dynamic chain has changed it so far: its start less the candidates its
/// offs removed, kept as those removed (by cell and by value: two bits a removal, and a
/// few hundred bytes cleared a chain, where a [`Grid`] kept in step would update its
/// regions' positions at each removal and be copied and restored a chain).
struct Now<'a> {
    start: &'a Grid,
    gone: [u16; 81],
    gone_of: [u128; 10],
}

impl<'a> Now<'a> {
    fn new(start: &'a Grid) -> Now<'a> {
        Now {
            start,
            gone: [0; 81],
            gone_of: [0; 10],
        }
    }
    fn remove(&mut self, cell: usize, value: usize) {
        self.gone[cell] |= 1 << value;
        self.gone_of[value] |= BIT[cell];
    }
    /// The candidates removed from `cell` since the start.
    fn gone_from(&self, cell: usize) -> u16 {
        self.start.cand[cell] & self.gone[cell]
    }
    /// The cells `value` was removed from since the start.
    fn gone_of(&self, value: usize) -> u128 {
        self.start.cells_with(value) & self.gone_of[value]
    }
    /// The grid itself, for the rules the chains of a level above 0 ask.
    fn grid(&self) -> Grid {
        let mut g = self.start.clone();
        for (c, &m) in self.gone.iter().enumerate() {
            if m != 0 {
                g.remove(c, m);
            }
        }
        g
    }
}

impl Cands for Now<'_> {
    fn cand(&self, cell: usize) -> u16 {
        self.start.cand[cell] & !self.gone[cell]
    }
    fn with(&self, value: usize) -> u128 {
        self.start.cells_with(value) & !self.gone_of[value]
    }
}

struct Chainer {
    pots: Vec<Pot>,
    multiple: bool,
    dynamic: bool,
    nishio: bool,
    /// SE's nesting level: 1 for dynamic forcing chains (+), which also follow the
    /// eliminations of intersections, pairs and X-wings; 2 to 5 for nested forcing chains,
    /// which also follow those of whole chaining rules.
    level: u8,
    nested: Vec<Nested>,
    /// The parents of the implications with several ([`PARENTS_MANY`]), and how many
    /// of its lists are this rule's (the others, past them, are cleared ones kept from
    /// an earlier rule for their capacity).
    many: (Vec<Vec<u32>>, usize),
    /// The buffers of the searches' queues, between searches ([`Chainer::queues`]).
    pending: (Fifo, Fifo),
    /// The level-0 searches' lists of the ons and the offs to follow next, between
    /// searches ([`Chainer::lists`]).
    lists: (Vec<u32>, Vec<u32>),
    /// What each off turns on, for the multiple forcing chains (their grid does not
    /// change: [`Chainer::off_to_on`] read from a table, as the level-0 chains do).
    links: Option<Rc<Links>>,
    /// For the multiple forcing chains: the cells and regions that may make a hint (the
    /// others' chains are not followed).
    may: Option<MultipleReach>,
    /// The outcomes of the chains from one candidate assumed on (cell * 10 + value), met
    /// again within one [`Chainer::multiple_chains`] (see [`Chainer::on_chain`]).
    on_memo: Vec<Option<Rc<OnChain>>>,
    /// The queue of [`Chainer::ancestors`], kept between its calls (tens of thousands a
    /// rule, each one a new vector before).
    ancestors_queue: std::cell::RefCell<Vec<u32>>,
    /// Whether only the first hint in SE's order is wanted ([`chains`]): then a hint is
    /// made only when it comes before the best so far ([`Chainer::wanted`]), whose rank
    /// is `best`.
    first_only: bool,
    best: Option<Rank>,
}

/// What follows from one candidate assumed on, in the grid of one
/// [`Chainer::multiple_chains`]: its implications on and off, and the contradiction met,
/// if any.
///
/// The sets' keys are also kept as bits (`on_bits`, `off_bits`): the region forcing
/// chains ask which keys every other place's sets hold, and a set's table (3.2 KB, one
/// of hundreds) is seldom in the cache when they do, where its bits (104 bytes) are
/// read in a few words.
struct OnChain {
    on: LSet,
    off: LSet,
    absurd: Option<(u32, u32)>,
    on_bits: Slots,
    off_bits: Slots,
}

/// A set of slots (cell * 10 + value, a key's half: its polarity left out) as bits.
#[derive(Clone, Copy)]
struct Slots([u64; 13]);

impl Slots {
    const ALL: Slots = Slots([!0; 13]);
    /// The slots of the keys of `set`.
    fn of(set: &LSet) -> Slots {
        let mut b = [0u64; 13];
        for &k in &set.order {
            let s = k as usize / 2;
            b[s / 64] |= 1 << (s % 64);
        }
        Slots(b)
    }
    /// Whether the slot of key `k` is in the set.
    fn has(&self, k: usize) -> bool {
        let s = k / 2;
        self.0[s / 64] >> (s % 64) & 1 != 0
    }
    fn and(&mut self, other: &Slots) {
        for (a, b) in self.0.iter_mut().zip(&other.0) {
            *a &= b;
        }
    }
}

struct Candidate {
    /// The hint; a multiple or dynamic forcing chain's name is only its kind (`Cell
    /// Forcing`) until [`Chainer::named`] gives it the rule's prefix and suffix: only the
    /// step taken needs it, and such a rule makes hundreds of candidates.
    hint: Hint,
    complexity: usize,
    sort_key: u8,
    /// The chains' targets (SE's `getChainsTargets`).
    targets: Vec<u32>,
    /// For an assumption without a cause: the cause SE reads into it (a cell forcing
    /// chain's: the cell; a region forcing chain's: the region type).
    implied: u8,
}

fn length_difficulty(complexity: usize) -> f64 {
    let mut added = 0.0;
    let mut ceil = 4i64;
    let length = complexity as i64 - 2;
    let mut odd = false;
    while length > ceil {
        added += 0.1;
        ceil = if !odd { ceil * 3 / 2 } else { ceil * 4 / 3 };
        odd = !odd;
    }
    added
}

impl Chainer {
    /// Whether a hint of rank `r` is to be made: always, unless only the first in SE's
    /// order is wanted; then only when it comes before the best so far (which it becomes).
    /// A hint left out could not be the first: the first is the earliest found among
    /// the least.
    fn wanted(&mut self, r: Rank) -> bool {
        if !self.first_only {
            return true;
        }
        if self.best.is_some_and(|b| !by_rank(r, b).is_lt()) {
            return false;
        }
        self.best = Some(r);
        true
    }

    fn new_pot(&mut self, cell: usize, value: usize, on: bool, parent: Option<u32>) -> u32 {
        self.caused(cell, value, on, parent, CAUSE_NONE)
    }

    fn caused(
        &mut self,
        cell: usize,
        value: usize,
        on: bool,
        parent: Option<u32>,
        cause: u8,
    ) -> u32 {
        let (parents, depth, parent) = match parent {
            None => (PARENTS_NONE, 1, 0),
            Some(p) => (
                PARENTS_ONE,
                self.pots[p as usize].depth.saturating_add(1),
                p,
            ),
        };
        self.pots.push(Pot {
            cell: cell as u8,
            value: value as u8,
            on,
            parents,
            depth,
            parent,
            cause,
            nested: NONE,
        });
        (self.pots.len() - 1) as u32
    }

    /// The implications of a chain, breadth first from its target, one per (cell, value,
    /// on) (SE's `getChain`).
    fn chain(&self, id: u32) -> Vec<u32> {
        let mut seen = KeySet::EMPTY;
        let mut out = Vec::new();
        let mut todo = vec![id];
        while !todo.is_empty() {
            let mut next = Vec::new();
            for p in todo {
                let k = self.k(p);
                if !seen.contains(k) {
                    seen.add(k);
                    out.push(p);
                    next.extend_from_slice(self.parents(p));
                }
            }
            todo = next;
        }
        out
    }

    /// The complexity of the nested chains the targets' chains rest on, each counted once.
    fn nested_complexity(&self, targets: &[u32]) -> usize {
        if self.nested.is_empty() {
            return 0;
        }
        let mut seen: Vec<u32> = Vec::new();
        let mut total = 0;
        for &t in targets {
            for p in self.chain(t) {
                let n = self.pots[p as usize].nested;
                if n != NONE {
                    let same = seen
                        .iter()
                        .any(|&o| self.nested[o as usize].chains == self.nested[n as usize].chains);
                    if !same {
                        seen.push(n);
                        total += self.nested[n as usize].complexity;
                    }
                }
            }
        }
        total
    }

    /// SE's reversed cycle: the chain of `dst_on` with every implication turned over.
    fn reversed(&mut self, dst_on: u32) -> u32 {
        let mut list = Vec::new();
        let mut p = Some(dst_on);
        while let Some(q) = p {
            let o = &self.pots[q as usize];
            let (cell, value, on, cause) = (o.cell as usize, o.value as usize, o.on, o.cause);
            let first = self.first_parent(q);
            list.push(self.caused(cell, value, !on, None, cause));
            p = first;
        }
        list.reverse();
        for w in list.windows(2) {
            self.push_parent(w[0], w[1]);
        }
        list[0]
    }

    /// The parents of implication `id`.
    fn parents(&self, id: u32) -> &[u32] {
        let p = &self.pots[id as usize];
        match p.parents {
            PARENTS_NONE => &[],
            PARENTS_ONE => std::slice::from_ref(&p.parent),
            _ => &self.many.0[p.parent as usize],
        }
    }

    /// The first parent of implication `id`.
    fn first_parent(&self, id: u32) -> Option<u32> {
        self.parents(id).first().copied()
    }

    /// Adds `parent` to the parents of implication `id`.
    fn push_parent(&mut self, id: u32, parent: u32) {
        let depth = self.pots[parent as usize].depth.saturating_add(1);
        let p = &mut self.pots[id as usize];
        match p.parents {
            PARENTS_NONE => {
                p.parents = PARENTS_ONE;
                p.parent = parent;
                p.depth = depth;
            }
            PARENTS_ONE => {
                p.parents = PARENTS_MANY;
                p.parent = new_many(&mut self.many, &[p.parent, parent]);
            }
            _ => self.many.0[p.parent as usize].push(parent),
        }
    }

    /// The queues of the implications to follow, starting with `to_on` and `to_off`: the
    /// buffers of the last search (given back to [`Chainer::pending`] at its end), not new
    /// ones (the multiple and dynamic chains make two searches for each candidate).
    fn queues(
        &mut self,
        to_on: impl Iterator<Item = u32>,
        to_off: impl Iterator<Item = u32>,
    ) -> (Fifo, Fifo) {
        let (mut on, mut off) = std::mem::take(&mut self.pending);
        on.clear();
        off.clear();
        // (Pushed one by one: most searches start from one implication, and `extend`'s
        // set-up cost more than the pushes.)
        for id in to_on {
            on.push(id);
        }
        for id in to_off {
            off.push(id);
        }
        (on, off)
    }

    /// The lists of the ons and the offs a level-0 search follows next, empty: the buffers
    /// of the last search (given back to [`Chainer::lists`] at its end). Such a search
    /// goes a round at a time, the ons then the offs met in the round before: a list
    /// followed to its end, then emptied, rather than a queue.
    fn lists(&mut self) -> (Vec<u32>, Vec<u32>) {
        let (mut on, mut off) = std::mem::take(&mut self.lists);
        on.clear();
        off.clear();
        (on, off)
    }

    fn k(&self, id: u32) -> usize {
        let p = &self.pots[id as usize];
        key(p.cell as usize, p.value as usize, p.on)
    }

    /// How many distinct implications (by key) the chain of `id` holds, breadth first as
    /// [`Chainer::chain`] walks it (one FIFO queue: the same order as level by level).
    fn ancestors(&self, id: u32) -> usize {
        self.ancestors_upto(id, usize::MAX)
            .expect("no chain holds more than usize::MAX")
    }

    /// [`Chainer::ancestors`], or `None` as soon as there are more than `most`.
    fn ancestors_upto(&self, id: u32, most: usize) -> Option<usize> {
        let mut seen = [0u64; NKEYS.div_ceil(64)];
        let mut count = 0;
        let mut queue = self.ancestors_queue.borrow_mut();
        queue.clear();
        queue.push(id);
        let mut head = 0;
        while let Some(&p) = queue.get(head) {
            head += 1;
            let k = self.k(p);
            if seen[k / 64] >> (k % 64) & 1 == 0 {
                seen[k / 64] |= 1 << (k % 64);
                count += 1;
                if count > most {
                    return None;
                }
                queue.extend_from_slice(self.parents(p));
            }
        }
        Some(count)
    }

    /// The complexity of a hint whose chains end at `targets` (their implications, each
    /// chain's counted apart, and the nested chains they rest on), or `None` when it is
    /// more than a hint wanted now may have ([`Chainer::wanted`]: with only the first
    /// hint wanted, one of more complexity than the best so far comes after it, since a
    /// rule's difficulty grows with the complexity), found without counting the rest.
    fn complexity(&self, targets: &[u32]) -> Option<usize> {
        let most = match (self.first_only, self.best) {
            (true, Some(b)) => b.1,
            _ => usize::MAX,
        };
        // (Each target's depth is no more than its ancestors' count: a quick no.)
        let least: usize = targets
            .iter()
            .map(|&t| self.pots[t as usize].depth as usize)
            .sum();
        if least > most {
            return None;
        }
        let mut total = 0usize;
        for &t in targets {
            total += self.ancestors_upto(t, most - total)?;
        }
        total += self.nested_complexity(targets);
        (total <= most).then_some(total)
    }

    /// The implications of `p` (on): its cell's other candidates off (with `y_chain`), then
    /// its value off in the cells it sees; only those whose key `keep` accepts are made,
    /// and of the cells it sees, only those of `within` are asked (a mask of cells
    /// `keep` would refuse the others of). They are the implications made last: their ids
    /// are the range returned.
    fn on_to_off(
        &mut self,
        g: &impl Cands,
        p: u32,
        y_chain: bool,
        within: u128,
        keep: impl Fn(usize) -> bool,
    ) -> std::ops::Range<u32> {
        let t = tables();
        let (cell, value) = (
            self.pots[p as usize].cell as usize,
            self.pots[p as usize].value as usize,
        );
        let first = self.pots.len() as u32;
        if y_chain {
            let mut m = g.cand(cell) & !(1 << value);
            while m != 0 {
                let v = m.trailing_zeros() as usize;
                m &= m - 1;
                if keep(key(cell, v, false)) {
                    self.caused(cell, v, false, Some(p), CAUSE_CELL);
                }
            }
        }
        // (Each region's cells with the value not met in an earlier region, in region
        // order: a region's order is its cells' (blocks in reading order), so the bits of
        // the set of its cells with the value, lowest first.)
        let with = g.with(value) & within;
        for ty in TYPES {
            let mut cells = t.parts[cell][ty] & with;
            while cells != 0 {
                let c = cells.trailing_zeros() as usize;
                cells &= cells - 1;
                if keep(key(c, value, false)) {
                    self.caused(c, value, false, Some(p), CAUSE_REGION + ty as u8);
                }
            }
        }
        first..self.pots.len() as u32
    }

    /// The implications of `p` (off) in the multiple and dynamic chains: its cell's other
    /// value on when it has two (with `y_chain`), then the value's other place on in each
    /// region with two; only those whose key `keep` accepts are made. Each rests also on
    /// the offs (in `offs`) that removed the candidates gone since the chain's start from
    /// the cell or the region.
    fn off_to_on(
        &mut self,
        now: &Now<'_>,
        p: u32,
        offs: &LSet,
        y_chain: bool,
        keep: impl Fn(usize) -> bool,
    ) -> Made {
        let t = tables();
        let (cell, value) = (
            self.pots[p as usize].cell as usize,
            self.pots[p as usize].value as usize,
        );
        let mut out = Made::default();
        // The cells whose `value` the regions made on (two regions may make the same).
        let mut cells = 0u128;
        let cand = now.cand(cell);
        // (The cell's other value, when it has two.)
        let other = (cand & !(1 << value)).trailing_zeros() as usize;
        if y_chain && two(cand) && keep(key(cell, other, true)) {
            let id = self.caused(cell, other, true, Some(p), CAUSE_CELL);
            let mut gone = now.gone_from(cell);
            while gone != 0 {
                let v = gone.trailing_zeros() as usize;
                gone &= gone - 1;
                if let Some(par) = offs.get(key(cell, v, false)) {
                    self.push_parent(id, par);
                }
            }
            out.push(id);
        }
        // (A region's cells as a set: its order is its cells' (blocks in reading order),
        // so the bits lowest first.)
        // (The cell holds `value` (`p` is not followed yet): a region where the value has
        // two places has one more.)
        // (Which regions have one other place is worked out for the three at once, with
        // no branch on each: most have none or several, and a branch a region would be
        // mispredicted often.)
        let others = now.with(value) & !BIT[cell];
        let regions = &t.regions_of[cell];
        let one = |ty: usize| {
            let pos = others & regions[ty];
            u8::from((pos != 0) & (pos & pos.wrapping_sub(1) == 0)) << ty
        };
        let mut ones = one(TYPES[0]) | one(TYPES[1]) | one(TYPES[2]);
        if ones == 0 {
            return out;
        }
        let gone_of = now.gone_of(value);
        while ones != 0 {
            // (In the order of `TYPES`: block, row, column, the bits' order.)
            let ty = ones.trailing_zeros() as usize;
            ones &= ones - 1;
            let members = regions[ty];
            let pos = others & members;
            let other = pos.trailing_zeros() as usize;
            if !keep(key(other, value, true)) {
                continue;
            }
            let id = self.caused(other, value, true, Some(p), CAUSE_REGION + ty as u8);
            let mut gone = gone_of & members;
            while gone != 0 {
                let c = gone.trailing_zeros() as usize;
                gone &= gone - 1;
                if let Some(par) = offs.get(key(c, value, false)) {
                    self.push_parent(id, par);
                }
            }
            if cells & BIT[other] == 0 {
                cells |= BIT[other];
                out.push(id);
            }
        }
        out
    }

    /// [`Chainer::off_to_on`] of `p` in a level-0 search, read from `links`.
    fn linked_ons(&mut self, p: u32, links: &Links, keep: impl Fn(usize) -> bool) -> Made {
        let mut out = Made::default();
        for &l in links.ons(self.k(p)) {
            let k = (l & 0xffff) as usize;
            if keep(k) {
                out.push(self.caused(k / 20, k / 2 % 10, true, Some(p), (l >> 16) as u8));
            }
        }
        out
    }

    /// The cycles from `source` (an assumption, on), of complexity up to `limit`.
    ///
    /// A cycle met when the search has gone `length` links is of complexity `length`
    /// (its implications' keys are distinct but the last, the source's), and the search
    /// goes two links a round: it stops before a round whose cycles would be longer.
    fn do_cycles(
        &mut self,
        g: &Grid,
        y: bool,
        source: u32,
        links: &Links,
        limit: usize,
    ) -> Vec<u32> {
        let mut cycles = Vec::new();
        let src_key = self.k(source);
        let (sc, sv) = (src_key / 20, src_key / 2 % 10);
        let (mut to_on, mut to_off) = (KeySet::EMPTY, KeySet::EMPTY);
        to_on.add(src_key);
        let (mut pending_on, mut pending_off) = self.lists();
        pending_on.push(source);
        let mut length = 0;
        // (Only the implications that count are made: an off that is not one of its
        // parent's ancestors (SE drops those) and turns something on ([`Links`]), an on
        // not followed yet or the source's (a cycle). The others were made and passed
        // over: the same implications follow, in the same order. An off met again (its
        // key in `to_off`) turns on nothing new: what it turns on but the source is in
        // `to_on` since it was followed first; so it is made again only when it may turn
        // the source on, in the source's cell or of its value.)
        let mut ancestors = KeySet::EMPTY;
        while (!pending_on.is_empty() || !pending_off.is_empty()) && length + 2 <= limit {
            length += 1;
            for &p in &pending_on {
                // `p`'s ancestors by key (its first parents up to the assumption), marked
                // once for all its offs rather than walked again for each.
                let mut q = p;
                while let Some(parent) = self.first_parent(q) {
                    q = parent;
                    ancestors.add(self.k(q));
                }
                let keep = |k: usize| {
                    !ancestors.contains(k)
                        && links.off(k)
                        && (!to_off.contains(k) || k / 20 == sc || k / 2 % 10 == sv)
                };
                let v = self.pots[p as usize].value as usize;
                let again = if v == sv {
                    u128::MAX
                } else {
                    !to_off.offs(v) | 1 << sc
                };
                let within = links.leads(v) & !ancestors.offs(v) & again;
                for off in self.on_to_off(g, p, y, within, keep) {
                    pending_off.push(off);
                    to_off.add(self.k(off));
                }
                let mut q = p;
                while let Some(parent) = self.first_parent(q) {
                    q = parent;
                    ancestors.remove(self.k(q));
                }
            }
            pending_on.clear();
            length += 1;
            for &p in &pending_off {
                let new = |k: usize| k == src_key || !to_on.contains(k);
                for on in self.linked_ons(p, links, new) {
                    let k = self.k(on);
                    if length >= 4 && k == src_key {
                        cycles.push(on);
                    }
                    if !to_on.contains(k) {
                        pending_on.push(on);
                        to_on.add(k);
                    }
                }
            }
            pending_off.clear();
        }
        self.lists = (pending_on, pending_off);
        cycles
    }

    /// The forcing chain from `source` (an assumption, on or off) to its opposite, if
    /// any, of complexity up to `limit`.
    ///
    /// A chain is of complexity its number of implications (their keys are distinct), and
    /// each round of the search (ons followed, then offs) finds those of the next even
    /// complexity (2 the first round, from an on or an off): it stops before a round whose
    /// chains would be longer.
    fn do_forcing_chains(
        &mut self,
        g: &Grid,
        y: bool,
        source: u32,
        links: &Links,
        limit: usize,
    ) -> Option<u32> {
        let s = &self.pots[source as usize];
        let (sc, sv, son) = (s.cell as usize, s.value as usize, s.on);
        let (mut to_on, mut to_off) = (KeySet::EMPTY, KeySet::EMPTY);
        let (mut pending_on, mut pending_off) = self.lists();
        if son {
            to_on.add(self.k(source));
            pending_on.push(source);
        } else {
            to_off.add(self.k(source));
            pending_off.push(source);
        }
        // (Only the implications that change something are made: a new one, or the
        // source's candidate, the chain's target; and of the offs, only those that turn
        // something on ([`Links`]) or are the target: the others end their chain. The
        // target is the source's opposite, one key: SE keeps the first chain to it, and
        // the search ends there.)
        let target = key(sc, sv, !son);
        let mut found = None;
        let mut complexity = 2;
        'search: while (!pending_on.is_empty() || !pending_off.is_empty()) && complexity <= limit {
            complexity += 2;
            for &p in &pending_on {
                let new = |k: usize| k == target || (!to_off.contains(k) && links.off(k));
                let v = self.pots[p as usize].value as usize;
                let target_cell = if son && v == sv { 1 << sc } else { 0 };
                let within = links.leads(v) & !to_off.offs(v) | target_cell;
                for off in self.on_to_off(g, p, y, within, new) {
                    let k = self.k(off);
                    if k == target {
                        found = Some(off);
                        break 'search;
                    }
                    if !to_off.contains(k) {
                        pending_off.push(off);
                        to_off.add(k);
                    }
                }
            }
            pending_on.clear();
            for &p in &pending_off {
                let new = |k: usize| k == target || !to_on.contains(k);
                for on in self.linked_ons(p, links, new) {
                    let k = self.k(on);
                    if k == target {
                        found = Some(on);
                        break 'search;
                    }
                    if !to_on.contains(k) {
                        pending_on.push(on);
                        to_on.add(k);
                    }
                }
            }
            pending_off.clear();
        }
        self.lists = (pending_on, pending_off);
        found
    }

    /// Follows every implication of `to_on` and `to_off`; a contradiction returns the two
    /// opposite implications met.
    fn do_chaining(&mut self, g: &Grid, to_on: &mut LSet, to_off: &mut LSet) -> Option<(u32, u32)> {
        // (The grid as the dynamic chains change it as they go, `g` less what their offs
        // removed; the others leave it as it is.)
        let mut now = Now::new(g);
        let (mut pending_on, mut pending_off) = self.queues(to_on.iter(), to_off.iter());
        let mut result = None;
        'outer: while !pending_on.is_empty() || !pending_off.is_empty() {
            // (Only the implications that change something are made: a new one, or one
            // whose opposite holds. The others would be passed over.)
            if let Some(p) = pending_on.pop() {
                let new = |k: usize| to_on.contains(k + 1) || !to_off.contains(k);
                for off in self.on_to_off(&now, p, !self.nishio, u128::MAX, new) {
                    let o = &self.pots[off as usize];
                    let kon = key(o.cell as usize, o.value as usize, true);
                    if let Some(on) = to_on.get(kon) {
                        result = Some((on, off));
                        break 'outer;
                    }
                    let k = self.k(off);
                    if !to_off.contains(k) {
                        to_off.add(k, off);
                        pending_off.push(off);
                    }
                }
            } else if let Some(p) = pending_off.pop() {
                let new = |k: usize| to_off.contains(k - 1) || !to_on.contains(k);
                let made = match &self.links {
                    Some(links) if !self.dynamic => self.linked_ons(p, &Rc::clone(links), new),
                    _ => self.off_to_on(&now, p, to_off, !self.nishio, new),
                };
                if self.dynamic {
                    let q = &self.pots[p as usize];
                    now.remove(q.cell as usize, q.value as usize);
                }
                for on in made {
                    let o = &self.pots[on as usize];
                    let koff = key(o.cell as usize, o.value as usize, false);
                    if let Some(off) = to_off.get(koff) {
                        result = Some((on, off));
                        break 'outer;
                    }
                    let k = self.k(on);
                    if !to_on.contains(k) {
                        to_on.add(k, on);
                        pending_on.push(on);
                    }
                }
            }
            if pending_on.is_empty() && pending_off.is_empty() && self.level > 0 {
                for off in self.advanced(&now.grid(), g, to_off) {
                    let k = self.k(off);
                    if !to_off.contains(k) {
                        to_off.add(k, off);
                        pending_off.push(off);
                    }
                }
            }
        }
        self.pending = (pending_on, pending_off);
        result
    }

    /// The eliminations of the first of SE's "other rules" (intersections, hidden pairs,
    /// naked pairs, X-wings) that has any on the grid as the chain left it, each one an
    /// implication whose parents are the implications that removed the candidates the
    /// rule's pattern needed gone.
    ///
    /// A hint none of whose pattern's candidates went since `source` (none removed from
    /// its base regions on its values, or from its naked cells) has no such parents and is
    /// dropped (SE: "the rule probably already exists without the chain"): the four rules
    /// search only the regions' values the chain changed ([`rules::Only`]), which leaves
    /// out those hints and no other.
    fn advanced(&mut self, g: &Grid, source: &Grid, offs: &LSet) -> Vec<u32> {
        let mut result = Vec::new();
        let t = tables();
        let mut changed: rules::Only = [0; 27];
        for c in 0..81 {
            let gone = source.cand[c] & !g.cand[c];
            if gone != 0 {
                for &r in &t.of[c] {
                    changed[r as usize] |= gone;
                }
            }
        }
        let mut chain_rules: Vec<Level> = Vec::new();
        if self.level < 4 {
            if self.level >= 2 {
                chain_rules.push(Level::Forcing);
            }
            if self.level >= 3 {
                chain_rules.push(Level::Multiple);
            }
        } else {
            chain_rules.push(Level::Dynamic);
            if self.level >= 5 {
                chain_rules.push(Level::Nested(self.level - 3));
            }
        }
        for rule in 0..4 + chain_rules.len() {
            if rule >= 4 {
                for h in inner_hints(chain_rules[rule - 4], g).iter() {
                    let parents = h.rule_parents(source, g);
                    if parents.is_empty() {
                        continue;
                    }
                    self.nested.push(Nested {
                        complexity: h.complexity,
                        chains: h.keys(),
                    });
                    let n = (self.nested.len() - 1) as u32;
                    self.rule_eliminations(&h.removals, &parents, offs, n, &mut result);
                }
            } else {
                let mut hints = Vec::new();
                let mut take = |h: Hint| {
                    hints.push(h);
                    false
                };
                match rule {
                    0 => rules::locking_each(g, false, &changed, &mut take),
                    1 => rules::hidden_set_each(g, 2, false, &changed, &mut take),
                    2 => rules::naked_set_each(g, 2, &changed, &mut take),
                    _ => rules::fish_each(g, 2, &changed, &mut take),
                }
                for h in hints {
                    let parents = rule_parents(&h.origin, source, g);
                    if !parents.is_empty() {
                        self.rule_eliminations(&h.removals, &parents, offs, NONE, &mut result);
                    }
                }
            }
            if !result.is_empty() {
                break;
            }
        }
        result
    }

    /// A rule's eliminations as implications (cell by cell, value by value), each resting
    /// on the implications that removed `parents`.
    fn rule_eliminations(
        &mut self,
        removals: &[(u8, u16)],
        parents: &[(usize, usize)],
        offs: &LSet,
        nested: u32,
        result: &mut Vec<u32>,
    ) {
        let parent_ids: Vec<u32> = parents
            .iter()
            .filter_map(|&(c, v)| offs.get(key(c, v, false)))
            .collect();
        let mut removals = removals.to_vec();
        removals.sort_by_key(|&(c, m)| (c, m.trailing_zeros()));
        for (c, m) in removals {
            for v in 1..=9 {
                if m >> v & 1 != 0 {
                    let (parents, parent) = match parent_ids.as_slice() {
                        [] => (PARENTS_NONE, 0),
                        [one] => (PARENTS_ONE, *one),
                        _ => (PARENTS_MANY, new_many(&mut self.many, &parent_ids)),
                    };
                    let depth = parent_ids
                        .first()
                        .map_or(1, |&p| self.pots[p as usize].depth.saturating_add(1));
                    self.pots.push(Pot {
                        cell: c,
                        value: v as u8,
                        on: false,
                        parents,
                        depth,
                        parent,
                        cause: CAUSE_RULE,
                        nested,
                    });
                    result.push((self.pots.len() - 1) as u32);
                }
            }
        }
    }

    fn rule_difficulty(&self) -> f64 {
        if self.level >= 2 {
            return 9.5 + 0.5 * (self.level - 2) as f64;
        }
        if self.level > 0 {
            return 8.5 + 0.5 * self.level as f64;
        }
        if self.nishio {
            7.5
        } else if self.dynamic {
            8.5
        } else {
            8.0
        }
    }

    /// A hint of [`Chainer::binary_hint`], [`Chainer::region_chainings`] or
    /// [`Chainer::multiple_chains`] with its full name: the kind between the rule's prefix
    /// and suffix (`Dynamic Cell Forcing Chains (+)`).
    fn named(&self, mut hint: Hint) -> Hint {
        if self.multiple || self.dynamic {
            hint.name = format!("{}{}{}", self.prefix(), hint.name, self.suffix()).into();
        }
        hint
    }

    fn suffix(&self) -> String {
        format!(" Chains{}", nested_suffix(self.level))
    }

    fn prefix(&self) -> &'static str {
        if self.level > 0 {
            "Dynamic "
        } else if self.nishio {
            "Nishio "
        } else if self.dynamic {
            "Dynamic "
        } else {
            ""
        }
    }

    /// What a chain to `target` removes: the cell's other values for an on, the value
    /// for an off (`None`: nothing).
    fn target_removal(&self, g: &Grid, target: u32) -> Option<(u8, u16)> {
        let p = &self.pots[target as usize];
        let c = p.cell as usize;
        if p.on {
            let rem = g.cand[c] & !(1 << p.value);
            (rem != 0).then_some((p.cell, rem))
        } else {
            Some((p.cell, 1 << p.value))
        }
    }

    fn placement(&self, id: u32) -> Option<(u8, u8)> {
        let p = &self.pots[id as usize];
        p.on.then_some((p.cell, p.value))
    }

    /// The chains from `p_on` (an assumption: a candidate on, no parents) into the empty
    /// `to_on` and `to_off`, and the contradiction met (SE's `doChaining`), for the cell's
    /// own forcing chains; returns the assumption the sets start from (`p_on`, or an equal
    /// one followed before).
    ///
    /// A cell's candidate is followed as an assumption once for its cell (here, in
    /// [`Chainer::binary_chaining`]) and once for each region whose forcing chains it
    /// takes part in ([`Chainer::shared_on_chain`]), all on the same grid: what follows
    /// depends on nothing else, so the sets of the first are kept and shared by the
    /// others (the regions come first: the cell's own takes them): the same implications,
    /// made once.
    fn on_chain(
        &mut self,
        g: &Grid,
        p_on: u32,
        to_on: &mut LSet,
        to_off: &mut LSet,
    ) -> (u32, Option<(u32, u32)>) {
        let slot = {
            let p = &self.pots[p_on as usize];
            p.cell as usize * 10 + p.value as usize
        };
        if let Some(m) = self.on_memo[slot].take() {
            let start = m.on.iter().next().expect("the assumption comes first");
            let absurd = m.absurd;
            match Rc::try_unwrap(m) {
                Ok(m) => {
                    *to_on = m.on;
                    *to_off = m.off;
                }
                Err(m) => {
                    *to_on = LSet::copy_of(&m.on);
                    *to_off = LSet::copy_of(&m.off);
                }
            }
            return (start, absurd);
        }
        to_on.add(self.k(p_on), p_on);
        let absurd = self.do_chaining(g, to_on, to_off);
        (p_on, absurd)
    }

    /// [`Chainer::on_chain`] for a region's forcing chains: the sets followed from `p_on`,
    /// kept for the other regions and the cell's own chains.
    fn shared_on_chain(&mut self, g: &Grid, p_on: u32) -> Rc<OnChain> {
        let slot = {
            let p = &self.pots[p_on as usize];
            p.cell as usize * 10 + p.value as usize
        };
        if let Some(m) = &self.on_memo[slot] {
            return Rc::clone(m);
        }
        let mut on = LSet::ons();
        let mut off = LSet::offs();
        on.add(self.k(p_on), p_on);
        let absurd = self.do_chaining(g, &mut on, &mut off);
        let m = Rc::new(OnChain {
            on_bits: Slots::of(&on),
            off_bits: Slots::of(&off),
            on,
            off,
            absurd,
        });
        self.on_memo[slot] = Some(Rc::clone(&m));
        m
    }

    #[allow(clippy::too_many_arguments)]
    fn binary_hint(
        &mut self,
        g: &Grid,
        dst_on: u32,
        dst_off: u32,
        source: u32,
        target: u32,
        absurd: bool,
        on_hint: bool,
    ) -> Option<Candidate> {
        let tp = &self.pots[target as usize];
        let removal = if on_hint {
            let rem = g.cand[tp.cell as usize] & !(1 << tp.value);
            if rem == 0 {
                return None;
            }
            (tp.cell, rem)
        } else {
            (tp.cell, 1u16 << tp.value)
        };
        let targets = [dst_on, dst_off];
        let complexity = self.complexity(&targets)?;
        let difficulty = self.rule_difficulty() + length_difficulty(complexity);
        let sort_key = if absurd { 7 } else { 1 };
        if !self.wanted((difficulty, complexity, sort_key)) {
            return None;
        }
        let place = if self.nishio || absurd {
            let s = &self.pots[source as usize];
            (!s.on).then_some((s.cell, s.value))
        } else {
            self.placement(dst_on)
        };
        let kind = if self.nishio {
            "Forcing"
        } else if absurd {
            "Contradiction Forcing"
        } else {
            "Double Forcing"
        };
        let mut hint = Hint::remove(kind, difficulty, vec![removal]);
        hint.place = place;
        Some(Candidate {
            hint,
            complexity,
            sort_key,
            targets: targets.to_vec(),
            implied: CAUSE_NONE,
        })
    }

    #[allow(clippy::too_many_arguments)]
    fn binary_chaining(
        &mut self,
        g: &Grid,
        p_on: u32,
        p_off: u32,
        result: &mut Vec<Candidate>,
        on_to_on: &mut LSet,
        on_to_off: &mut LSet,
        reduction: bool,
        contradiction: bool,
        off_may: bool,
    ) -> bool {
        // (A Nishio chain that meets no contradiction makes no hint: it is followed only
        // when [`nishio_absurd`] says it meets one.)
        let (p_on, absurd) = if self.nishio && !nishio_absurd(g, &self.pots[p_on as usize]) {
            (p_on, None)
        } else {
            self.on_chain(g, p_on, on_to_on, on_to_off)
        };
        let on_absurd = absurd.is_some();
        if contradiction {
            if let Some((a, b)) = absurd {
                result.extend(self.binary_hint(g, a, b, p_on, p_on, true, false));
            }
        }
        // (What follows from the candidate off makes only these two kinds of hints: the
        // multiple forcing chains, which make neither, do not follow it.)
        if !contradiction && !reduction
            || !off_may
            || self.nishio && !nishio_absurd(g, &self.pots[p_off as usize])
        {
            return on_absurd;
        }
        let mut off_to_on = LSet::ons();
        let mut off_to_off = LSet::offs();
        off_to_off.add(self.k(p_off), p_off);
        let absurd = self.do_chaining(g, &mut off_to_on, &mut off_to_off);
        if contradiction {
            if let Some((a, b)) = absurd {
                result.extend(self.binary_hint(g, a, b, p_off, p_off, true, true));
            }
        }
        // (Most pairs of sets share nothing: the smaller's keys asked of the larger first.)
        if reduction && on_to_on.meets(&off_to_on) {
            for from_on in on_to_on.iter() {
                if let Some(from_off) = off_to_on.get(self.k(from_on)) {
                    result
                        .extend(self.binary_hint(g, from_on, from_off, p_on, from_on, false, true));
                }
            }
        }
        if reduction && on_to_off.meets(&off_to_off) {
            for from_on in on_to_off.iter() {
                if let Some(from_off) = off_to_off.get(self.k(from_on)) {
                    result.extend(
                        self.binary_hint(g, from_on, from_off, p_off, from_off, false, false),
                    );
                }
            }
        }
        on_absurd
    }

    fn region_chainings(
        &mut self,
        g: &Grid,
        result: &mut Vec<Candidate>,
        cell: usize,
        value: usize,
        on_to_on: &LSet,
        on_to_off: &LSet,
    ) {
        let t = tables();
        for ty in TYPES {
            let r = t.of[cell][ty] as usize;
            let pos = g.positions(r, value);
            let n = ones(pos as u32);
            if !(n == 2 || (self.multiple && n > 2)) {
                continue;
            }
            let first = pos.trailing_zeros() as usize;
            if t.region[r][first] as usize != cell {
                continue;
            }
            // What follows from each position (`None`: this cell's, `on_to_on` and
            // `on_to_off`), in region order.
            let mut outcomes: Vec<Option<Rc<OnChain>>> = Vec::with_capacity(n as usize);
            for i in 0..9 {
                if pos >> i & 1 == 0 {
                    continue;
                }
                let other = t.region[r][i] as usize;
                if other == cell {
                    outcomes.push(None);
                } else {
                    let p = self.new_pot(other, value, true, None);
                    outcomes.push(Some(self.shared_on_chain(g, p)));
                }
            }
            // What follows from every position (this cell's implications, in its order).
            let others = || outcomes.iter().flatten();
            // (An on set holds only ons, an off set only offs: a key's slot tells it.)
            let (mut all_on, mut all_off) = (Slots::ALL, Slots::ALL);
            for m in others() {
                all_on.and(&m.on_bits);
                all_off.and(&m.off_bits);
            }
            let region_on = on_to_on.kept(|k| all_on.has(k));
            let region_off = on_to_off.kept(|k| all_off.has(k));
            // (Each target's chains in one buffer, copied only into the hints made.)
            let mut chains: Vec<u32> = Vec::with_capacity(n as usize);
            for (set, on) in [(&region_on, true), (&region_off, false)] {
                // (The implication of key `k` in what follows from position `m`.)
                let at = |m: &Option<Rc<OnChain>>, k: usize| {
                    let set = match (m, on) {
                        (Some(m), true) => &m.on,
                        (Some(m), false) => &m.off,
                        (None, true) => on_to_on,
                        (None, false) => on_to_off,
                    };
                    set.get(k).unwrap()
                };
                for &p in set {
                    let Some(removal) = self.target_removal(g, p) else {
                        continue;
                    };
                    let k = self.k(p);
                    chains.clear();
                    chains.extend(outcomes.iter().map(|m| at(m, k)));
                    let Some(complexity) = self.complexity(&chains) else {
                        continue;
                    };
                    let difficulty = self.rule_difficulty() + length_difficulty(complexity);
                    if !self.wanted((difficulty, complexity, 6)) {
                        continue;
                    }
                    let mut hint = Hint::remove("Region Forcing", difficulty, vec![removal]);
                    hint.place = self.placement(chains[0]);
                    let implied = CAUSE_REGION + ty as u8;
                    result.push(Candidate {
                        hint,
                        complexity,
                        sort_key: 6,
                        targets: chains.clone(),
                        implied,
                    });
                }
            }
        }
    }

    fn multiple_chains(&mut self, g: &Grid) -> Vec<Candidate> {
        let mut result = Vec::new();
        self.on_memo.clear();
        self.on_memo.resize_with(810, || None);
        for cell in 0..81 {
            if g.value[cell] != 0 {
                continue;
            }
            let card = g.count(cell);
            if !(card > 2 || (card > 1 && self.dynamic)) {
                continue;
            }
            // (Where the multiple forcing chains cannot make a hint from the cell's values,
            // or from the places of a value in the regions it comes first in, their chains
            // are not followed: [`MultipleReach`].)
            let may_cell = self.may.as_ref().is_none_or(|m| m.cell(cell));
            let mut value_on: Vec<(usize, LSet)> = Vec::with_capacity(card as usize);
            let mut value_off: Vec<(usize, LSet)> = Vec::with_capacity(card as usize);
            // A cell of two values in the dynamic forcing chains: what follows from one
            // value off is what follows from the other on (the other is on at once, and
            // the one is off at once the other way; nothing else differs at level 0,
            // where no other rule's eliminations join in), so that the chains from the
            // one off meet a contradiction, their only hints here (no double forcing
            // chains from a cell of two), exactly when those from the other on do. Those
            // are followed first (and kept for their turn), and the chains from the one
            // off only when they meet one. (The first value's chains on tell the second.)
            let pair = self.dynamic && !self.nishio && self.level == 0 && card == 2;
            let mut first_absurd: Option<bool> = None;
            for v in 1..=9 {
                if !g.has(cell, v) {
                    continue;
                }
                let may_regions = self.may.as_ref().is_none_or(|m| m.regions_from(cell, v));
                if !may_cell && !may_regions {
                    continue;
                }
                let p_on = self.new_pot(cell, v, true, None);
                let p_off = self.new_pot(cell, v, false, None);
                let mut on_to_on = LSet::ons();
                let mut on_to_off = LSet::offs();
                let double = card >= 3 && !self.nishio && self.dynamic;
                let contradiction = self.dynamic || self.nishio;
                let off_may = !pair
                    || match first_absurd {
                        Some(absurd) => absurd,
                        None => {
                            let w = (g.cand[cell] & !(1 << v)).trailing_zeros() as usize;
                            let other = self.new_pot(cell, w, true, None);
                            self.shared_on_chain(g, other).absurd.is_some()
                        }
                    };
                let on_absurd = self.binary_chaining(
                    g,
                    p_on,
                    p_off,
                    &mut result,
                    &mut on_to_on,
                    &mut on_to_off,
                    double,
                    contradiction,
                    off_may,
                );
                if pair && first_absurd.is_none() {
                    first_absurd = Some(on_absurd);
                }
                if !self.nishio && may_regions {
                    self.region_chainings(g, &mut result, cell, v, &on_to_on, &on_to_off);
                }
                if !may_cell {
                    continue;
                }
                value_on.push((v, on_to_on));
                value_off.push((v, on_to_off));
            }
            if !self.nishio && may_cell && (card == 2 || (self.multiple && card > 2)) {
                let mut chains: Vec<u32> = Vec::with_capacity(card as usize);
                for outcomes in [&value_on, &value_off] {
                    // What follows from every value (the first's implications, in its
                    // order).
                    let Some(((_, first), rest)) = outcomes.split_first() else {
                        continue;
                    };
                    // (An on set holds only ons, an off set only offs: a key's slot tells.)
                    let mut all = Slots::ALL;
                    for (_, s) in rest {
                        all.and(&Slots::of(s));
                    }
                    let set = first.kept(|k| all.has(k));
                    for p in set {
                        let Some(removal) = self.target_removal(g, p) else {
                            continue;
                        };
                        let k = self.k(p);
                        chains.clear();
                        chains.extend(outcomes.iter().map(|(_, s)| s.get(k).unwrap()));
                        let Some(complexity) = self.complexity(&chains) else {
                            continue;
                        };
                        let difficulty = self.rule_difficulty() + length_difficulty(complexity);
                        if !self.wanted((difficulty, complexity, 5)) {
                            continue;
                        }
                        let mut hint = Hint::remove("Cell Forcing", difficulty, vec![removal]);
                        hint.place = self.placement(chains[0]);
                        result.push(Candidate {
                            hint,
                            complexity,
                            sort_key: 5,
                            targets: chains.clone(),
                            implied: CAUSE_CELL,
                        });
                    }
                }
            }
        }
        result
    }

    fn cycle_hint(&mut self, g: &Grid, dst_on: u32, y: bool, x: bool) -> Option<Candidate> {
        let t = tables();
        let mut cells = 0u128;
        let mut p = dst_on;
        while let Some(q) = self.first_parent(p) {
            cells |= 1u128 << self.pots[p as usize].cell;
            p = q;
        }
        // The candidates the cycle's ons and offs see out of it, by value: it removes those
        // both see (most cycles none).
        let (mut forw, mut back) = ([0u128; 10], [0u128; 10]);
        let mut p = dst_on;
        while let Some(q) = self.first_parent(p) {
            let pp = &self.pots[p as usize];
            let v = pp.value as usize;
            let seen = t.sees[pp.cell as usize] & g.cells_with(v) & !cells;
            if pp.on {
                forw[v] |= seen;
            } else {
                back[v] |= seen;
            }
            p = q;
        }
        let mut both: [u128; 10] = std::array::from_fn(|v| forw[v] & back[v]);
        if both.iter().all(|&m| m == 0) {
            return None;
        }
        // In SE's order: as the ons see them, from the chain's end, each in house order.
        let mut removals: Vec<(u8, u16)> = Vec::new();
        let mut p = dst_on;
        while let Some(q) = self.first_parent(p) {
            let pp = &self.pots[p as usize];
            if pp.on {
                let v = pp.value as usize;
                for &c in &t.house[pp.cell as usize] {
                    if both[v] >> c & 1 != 0 {
                        both[v] &= !(1u128 << c);
                        removals.push((c, 1u16 << v));
                    }
                }
            }
            p = q;
        }
        let dst_off = self.reversed(dst_on);
        let targets = vec![dst_on, dst_off];
        let complexity = self.ancestors(dst_on) + self.nested_complexity(&targets);
        let base = cycle_base(y, x);
        let name = if x && y {
            "Bidirectional Cycle"
        } else if y {
            "Bidirectional Y-Cycle"
        } else if cells.count_ones() == 4 {
            "Generalized X-Wing"
        } else {
            "Bidirectional X-Cycle"
        };
        let hint = Hint::remove(name, base + length_difficulty(complexity), removals);
        Some(Candidate {
            hint,
            complexity,
            sort_key: sort_key(y, x),
            targets,
            implied: CAUSE_NONE,
        })
    }

    fn forcing_hint(&self, g: &Grid, target: u32, y: bool, x: bool) -> Option<Candidate> {
        let removals = vec![self.target_removal(g, target)?];
        let complexity = self.ancestors(target) + self.nested_complexity(&[target]);
        let base = chain_base(y, x);
        let name = if x && y {
            "Forcing Chain"
        } else if y {
            "Forcing Y-Chain"
        } else if complexity == 6 {
            "Turbot Fish"
        } else {
            "Forcing X-Chain"
        };
        let mut hint = Hint::remove(name, base + length_difficulty(complexity), removals);
        hint.place = self.placement(target);
        Some(Candidate {
            hint,
            complexity,
            sort_key: sort_key(y, x),
            targets: vec![target],
            implied: CAUSE_NONE,
        })
    }

    #[allow(clippy::too_many_arguments)]
    fn unary(
        &mut self,
        g: &Grid,
        cell: usize,
        value: usize,
        y: bool,
        x: bool,
        result: &mut Vec<Candidate>,
        links: &Links,
        reach: &Reach,
        limits: &Limits,
    ) {
        if g.count(cell) > 2 && !x {
            return;
        }
        // A cycle ends, and a chain from the candidate off ends, by an off turning the
        // candidate on: none can when its off turns nothing on (the links are both ways:
        // the other of two values or two places turns it on exactly when its off turns
        // the other on).
        // (No search where [`Reach`] says it would find nothing.)
        let (on, off) = (key(cell, value, true), key(cell, value, false));
        let linked = links.off(off);
        let p_on = self.new_pot(cell, value, true, None);
        // (A cycle of SE's is four implications or more, each key once (an off that is
        // one of its parent's ancestors is not made), all in one component.)
        let cycles = if linked && reach.cycle_may_remove(on) {
            self.do_cycles(g, y, p_on, links, limits.cycles)
        } else {
            Vec::new()
        };
        let mut chains = Vec::new();
        if x {
            if reach.reaches_opposite(on) {
                chains.extend(self.do_forcing_chains(g, y, p_on, links, limits.chains));
            }
            if linked && reach.reaches_opposite(off) {
                let p_off = self.new_pot(cell, value, false, None);
                chains.extend(self.do_forcing_chains(g, y, p_off, links, limits.chains));
            }
        }
        for c in cycles {
            result.extend(self.cycle_hint(g, c, y, x));
        }
        for c in chains {
            result.extend(self.forcing_hint(g, c, y, x));
        }
    }
}

/// A hint of an inner chaining rule of the nested forcing chains, as the outer rule uses
/// it: what it removes, its complexity, and each target's chain ([`Chainer::chain`]'s
/// implications, in its order) as keys with their causes (an assumption's: the one SE
/// reads into it, [`Candidate::implied`]).
struct InnerHint {
    removals: Vec<(u8, u16)>,
    complexity: usize,
    chains: Vec<Vec<(u16, u8)>>,
}

impl InnerHint {
    fn new(inner: &Chainer, c: Candidate) -> InnerHint {
        let chains = c
            .targets
            .iter()
            .map(|&t| {
                let chain = inner.chain(t).into_iter().map(|p| {
                    let cause = inner.pots[p as usize].cause;
                    let cause = if cause == CAUSE_NONE {
                        c.implied
                    } else {
                        cause
                    };
                    (inner.k(p) as u16, cause)
                });
                chain.collect()
            })
            .collect();
        InnerHint {
            removals: c.hint.removals,
            complexity: c.complexity,
            chains,
        }
    }

    /// The chains' keys ([`Nested::chains`]).
    fn keys(&self) -> Vec<Vec<u16>> {
        let keys = |chain: &Vec<(u16, u8)>| chain.iter().map(|&(k, _)| k).collect();
        self.chains.iter().map(keys).collect()
    }

    /// The candidates that had to go between `initial` and `current` for the chains to
    /// hold (SE's `collectRuleParents`), in SE's order.
    fn rule_parents(&self, initial: &Grid, current: &Grid) -> Vec<(usize, usize)> {
        let t = tables();
        let mut out: Vec<(usize, usize)> = Vec::new();
        for &(k, cause) in self.chains.iter().flatten() {
            let (cell, value, on) = (k as usize / 20, k as usize / 2 % 10, k & 1 != 0);
            if !on || cause == CAUSE_NONE || cause == CAUSE_RULE {
                continue;
            }
            if cause == CAUSE_CELL {
                for v in 1..=9 {
                    if initial.has(cell, v) && !current.has(cell, v) && !out.contains(&(cell, v)) {
                        out.push((cell, v));
                    }
                }
            } else {
                let ty = (cause - CAUSE_REGION) as usize;
                for &o in &t.region[t.of[cell][ty] as usize] {
                    let o = o as usize;
                    if initial.has(o, value) && !current.has(o, value) && !out.contains(&(o, value))
                    {
                        out.push((o, value));
                    }
                }
            }
        }
        out
    }
}

/// The cache of [`inner_hints`]: a rule's hints by rule and grid.
type InnerCache = std::collections::HashMap<(Level, [u8; 81], [u16; 81]), Rc<[InnerHint]>>;

/// How many grids' hints [`INNER`] keeps (it is emptied when full).
const INNER_MAX: usize = 4096;

thread_local! {
    /// The inner chaining rules' hints by grid: the nested forcing chains ask them on the
    /// grid each chain leaves, and a quarter of those grids were asked before (another
    /// assumption, or the same at the next level, reaching the same grid; 3,727 of 14,230
    /// for the level-0 forcing chains on forum-hardest's 3 puzzles).
    static INNER: std::cell::RefCell<InnerCache> = std::cell::RefCell::new(InnerCache::new());
}

/// Every hint of the chaining rule of `level` on `g`, in SE's order
/// ([`Chainer::candidates`]), as the nested forcing chains use them: the same as when
/// asked before on the same grid, so kept.
fn inner_hints(level: Level, g: &Grid) -> Rc<[InnerHint]> {
    let key = (level, g.value, g.cand);
    if let Some(hints) = INNER.with(|c| c.borrow().get(&key).cloned()) {
        return hints;
    }
    let mut inner = Chainer::new(level);
    let candidates = inner.candidates(g);
    let hints: Rc<[InnerHint]> = candidates
        .into_iter()
        .map(|c| InnerHint::new(&inner, c))
        .collect();
    INNER.with(|c| {
        let mut c = c.borrow_mut();
        if c.len() >= INNER_MAX {
            c.clear();
        }
        c.insert(key, Rc::clone(&hints));
    });
    hints
}

/// The candidates that had to go (from `initial` to `current`) before a step applied, in
/// SE's order.
fn rule_parents(origin: &Origin, initial: &Grid, current: &Grid) -> Vec<(usize, usize)> {
    let t = tables();
    let mut out = Vec::new();
    match origin {
        Origin::None => {}
        Origin::Lock {
            value,
            bases,
            covers,
        } => {
            let v = *value as usize;
            for &b in bases {
                for &c in &t.region[b as usize] {
                    let c = c as usize;
                    if initial.has(c, v) && !current.has(c, v) {
                        let in_cover = covers.iter().any(|&r| t.members[r as usize] >> c & 1 != 0);
                        if !in_cover {
                            out.push((c, v));
                        }
                    }
                }
            }
        }
        Origin::LockG { region, value } => {
            let v = *value as usize;
            for &c in &t.region[*region as usize] {
                let c = c as usize;
                if initial.has(c, v) && !current.has(c, v) {
                    out.push((c, v));
                }
            }
        }
        Origin::Hidden { region, values } => {
            let r = *region as usize;
            let mut mine = 0u16;
            for v in 1..=9 {
                if values >> v & 1 != 0 {
                    mine |= current.positions(r, v);
                }
            }
            for i in 0..9 {
                if mine >> i & 1 == 0 {
                    let c = t.region[r][i] as usize;
                    for v in 1..=9 {
                        if values >> v & 1 != 0 && initial.has(c, v) {
                            out.push((c, v));
                        }
                    }
                }
            }
        }
        Origin::Naked { cells, values } => {
            for &c in cells {
                let c = c as usize;
                for v in 1..=9 {
                    if initial.has(c, v) && values >> v & 1 == 0 {
                        out.push((c, v));
                    }
                }
            }
        }
    }
    out
}

/// The difficulty of a cycle of the level-0 links `y` and `x`, before its length's.
fn cycle_base(y: bool, x: bool) -> f64 {
    if y && x {
        7.0
    } else {
        6.5
    }
}

/// The difficulty of a forcing chain of the level-0 links `y` and `x`, before its
/// length's.
fn chain_base(y: bool, x: bool) -> f64 {
    if y && x {
        7.0
    } else {
        6.6
    }
}

/// The largest complexities of the level-0 cycles and forcing chains of one kind of links
/// that can still come before a rule's best hint so far in SE's order (a hint's place in
/// it grows with its complexity: its difficulty does not fall, and it breaks ties); all,
/// without one.
struct Limits {
    cycles: usize,
    chains: usize,
}

impl Limits {
    fn new(best: Option<Rank>, y: bool, x: bool) -> Limits {
        let sort_key = sort_key(y, x);
        let limit = |base: f64| {
            let Some(b) = best else {
                return usize::MAX;
            };
            let before = |c: usize| by_rank((base + length_difficulty(c), c, sort_key), b).is_lt();
            // (No chain holds more implications than there are keys.)
            let mut c = 0;
            while c <= NKEYS && before(c + 1) {
                c += 1;
            }
            c
        };
        Limits {
            cycles: limit(cycle_base(y, x)),
            chains: limit(chain_base(y, x)),
        }
    }
}

fn sort_key(y: bool, x: bool) -> u8 {
    if y && x {
        4
    } else if y {
        3
    } else {
        2
    }
}

/// SE's nested suffix of a level's names.
fn nested_suffix(level: u8) -> String {
    match level {
        0 => String::new(),
        1 => " (+)".into(),
        2 => " (+ Forcing Chains)".into(),
        3 => " (+ Multiple Forcing Chains)".into(),
        4 => " (+ Dynamic Forcing Chains)".into(),
        _ => format!(" (+ Dynamic Forcing Chains{})", nested_suffix(level - 3)),
    }
}

/// How many implication lists the pool keeps (one per chaining rule alive at once: the
/// nested levels' inner rules run inside the outer one's search), and the largest kept
/// (4 MiB each: a level-0 rule makes some tens of thousands; a larger list is freed, so
/// that the pool holds 16 MiB a thread at most).
const POTS_MAX: usize = 4;
const POTS_KEPT: usize = 1 << 18;

thread_local! {
    /// Cleared implication lists of finished chaining rules, capacity kept: a rule makes
    /// tens of thousands of implications, and a new list would grow to that size again,
    /// copying and touching fresh memory at each doubling (a tenth of a million growths
    /// on top1465's first 20).
    static POTS: std::cell::RefCell<Vec<Vec<Pot>>> =
        const { std::cell::RefCell::new(Vec::new()) };
}

/// A new list of several parents, `parents`, and its index in `many` (a [`Chainer::many`]): a list left
/// by an earlier rule (cleared, its capacity kept) when there is one.
fn new_many(many: &mut (Vec<Vec<u32>>, usize), parents: &[u32]) -> u32 {
    let (lists, used) = many;
    if *used < lists.len() {
        lists[*used].clear();
        lists[*used].extend_from_slice(parents);
    } else {
        lists.push(parents.to_vec());
    }
    *used += 1;
    (*used - 1) as u32
}

/// The most lists of several parents a rule's `many` keeps for the next rule.
const MANY_KEPT: usize = 1 << 16;

thread_local! {
    /// Finished chaining rules' lists of several parents, each list's capacity kept: a
    /// rule makes thousands, each a small allocation to make and free again.
    static MANY: std::cell::RefCell<Vec<Vec<Vec<u32>>>> =
        const { std::cell::RefCell::new(Vec::new()) };
}

impl Drop for Chainer {
    fn drop(&mut self) {
        let mut pots = std::mem::take(&mut self.pots);
        pots.clear();
        let many = std::mem::take(&mut self.many.0);
        let _ = MANY.try_with(|p| {
            let mut p = p.borrow_mut();
            if p.len() < POTS_MAX && many.len() <= MANY_KEPT {
                p.push(many);
            }
        });
        // (`try_with`: a rule dropped while the thread ends just frees its list.)
        let _ = POTS.try_with(|p| {
            let mut p = p.borrow_mut();
            if p.len() < POTS_MAX && pots.capacity() <= POTS_KEPT {
                p.push(pots);
            }
        });
    }
}

impl Chainer {
    fn new(level: Level) -> Chainer {
        let nested = match level {
            Level::DynamicPlus => 1,
            Level::Nested(n) => n,
            _ => 0,
        };
        Chainer {
            pots: POTS.with(|p| p.borrow_mut().pop()).unwrap_or_default(),
            multiple: !matches!(level, Level::Forcing | Level::Nishio),
            dynamic: !matches!(level, Level::Forcing | Level::Multiple),
            nishio: level == Level::Nishio,
            level: nested,
            nested: Vec::new(),
            many: (MANY.with(|p| p.borrow_mut().pop()).unwrap_or_default(), 0),
            pending: Default::default(),
            lists: Default::default(),
            links: None,
            may: None,
            on_memo: Vec::new(),
            ancestors_queue: Default::default(),
            first_only: false,
            best: None,
        }
    }

    /// Every hint of the rule on `g`, in the order SE takes them: a stable sort by
    /// difficulty, complexity and kind; a hint removing what an earlier one removes is
    /// left out (SE keeps them in a set).
    fn candidates(&mut self, g: &Grid) -> Vec<Candidate> {
        let mut result = self.unsorted(g);
        result.sort_by(order);
        let mut seen: Vec<Vec<(u8, u16)>> = Vec::new();
        result.retain(|c| {
            let mut r = c.hint.removals.clone();
            r.sort();
            if seen.contains(&r) {
                false
            } else {
                seen.push(r);
                true
            }
        });
        result
    }

    /// Every hint of the rule on `g`, in the order they are found.
    ///
    /// With [`Chainer::first_only`], only those that come before the best so far: and the
    /// level-0 chains' searches stop at the complexity past which none can
    /// ([`Limits`]).
    fn unsorted(&mut self, g: &Grid) -> Vec<Candidate> {
        let mut result: Vec<Candidate> = Vec::new();
        if !self.multiple && !self.dynamic {
            let mut found = Vec::new();
            let (both, graph) = links_and_graph(g);
            let reach = Reach::of(g, graph);
            for (y, x) in [(false, true), (true, false), (true, true)] {
                let links = if y && x {
                    Rc::clone(&both)
                } else {
                    Rc::new(both.part(x))
                };
                let mut limits = Limits::new(self.best, y, x);
                for cell in 0..81 {
                    if g.value[cell] != 0 || g.count(cell) <= 1 {
                        continue;
                    }
                    for v in 1..=9 {
                        if !g.has(cell, v) {
                            continue;
                        }
                        self.unary(g, cell, v, y, x, &mut found, &links, &reach, &limits);
                        for c in found.drain(..) {
                            if self.wanted(rank(&c)) {
                                result.push(c);
                                limits = Limits::new(self.best, y, x);
                            }
                        }
                    }
                }
            }
        } else {
            if !self.dynamic {
                let (links, graph) = links_and_graph(g);
                if self.multiple {
                    let may = MultipleReach::of(g, graph);
                    if !may.any() {
                        return result;
                    }
                    self.may = Some(may);
                }
                self.links = Some(links);
            }
            result = self.multiple_chains(g);
        }
        result
    }
}

/// SE's order of a rule's hints: by difficulty, complexity and kind (a stable sort keeps
/// the order found among equals).
fn order(a: &Candidate, b: &Candidate) -> std::cmp::Ordering {
    by_rank(rank(a), rank(b))
}

/// What SE's order compares of a hint: difficulty, complexity, kind.
type Rank = (f64, usize, u8);

fn rank(c: &Candidate) -> Rank {
    (c.hint.difficulty, c.complexity, c.sort_key)
}

fn by_rank(a: Rank, b: Rank) -> std::cmp::Ordering {
    a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)).then(a.2.cmp(&b.2))
}

/// The step SE's chaining rule of `level` takes on `g`, if any: the first of
/// [`Chainer::candidates`], found without sorting them all or leaving out repeats (the first
/// in SE's order is never a repeat: the earliest found among the least).
pub(super) fn chains(g: &Grid, level: Level) -> Option<Hint> {
    let mut ch = Chainer::new(level);
    ch.first_only = true;
    let mut best: Option<Candidate> = None;
    for c in ch.unsorted(g) {
        if best.as_ref().is_none_or(|b| order(&c, b).is_lt()) {
            best = Some(c);
        }
    }
    best.map(|c| ch.named(c.hint))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// [`nishio_absurd`] against the Nishio chains followed, from every candidate on and
    /// off, at every step of SE's path of the puzzles of `fixtures/se/top1465-a.txt`.
    #[test]
    fn nishio_absurd_as_the_chains() {
        let mut states = 0;
        for g in path_grids() {
            let mut ch = Chainer::new(Level::Nishio);
            for cell in 0..81 {
                for v in 1..=9 {
                    if g.value[cell] != 0 || !g.has(cell, v) {
                        continue;
                    }
                    for on in [true, false] {
                        let p = ch.new_pot(cell, v, on, None);
                        let (mut to_on, mut to_off) = (LSet::ons(), LSet::offs());
                        if on {
                            to_on.add(ch.k(p), p);
                        } else {
                            to_off.add(ch.k(p), p);
                        }
                        let absurd = ch.do_chaining(&g, &mut to_on, &mut to_off);
                        assert_eq!(absurd.is_some(), nishio_absurd(&g, &ch.pots[p as usize]));
                    }
                }
            }
            states += 1;
        }
        assert!(states > 100);
    }

    /// The grid before each step of SE's path of every puzzle of
    /// `fixtures/se/top1465-a.txt`.
    fn path_grids() -> Vec<Grid> {
        let puzzles = include_str!("../../../../fixtures/se/top1465-a.txt");
        let mut grids = Vec::new();
        for cells in super::super::tests::puzzles(puzzles) {
            let mut g = Grid::new(&cells);
            let (steps, _) = super::super::path(&cells);
            for step in steps {
                grids.push(g.clone());
                step.apply(&mut g);
            }
        }
        grids
    }

    /// Where [`nishio_may`] says no for every value, the Nishio forcing chains make no
    /// hint: at every step of SE's path of the puzzles of `fixtures/se/top1465-a.txt`.
    #[test]
    fn nishio_chains_hint_only_where_they_may() {
        let (mut hinted, mut skipped) = (0, 0);
        for g in path_grids() {
            let may = (1..10).any(|v| nishio_may(&g, v));
            let hint = chains(&g, Level::Nishio);
            if hint.is_some() {
                assert!(may, "a Nishio hint where none may be");
                hinted += 1;
            }
            skipped += !may as usize;
        }
        // (2,224 and 1,223 when written.)
        assert!(
            hinted > 1500 && skipped > 800,
            "{hinted} with hints, {skipped} skipped"
        );
    }

    /// Where [`Reach::cycle_may_remove`] says no, every cycle the level-0 searches find
    /// (of each kind of links, with no limit) removes nothing: at every step of SE's path
    /// of the puzzles of `fixtures/se/top1465-a.txt`.
    #[test]
    fn cycles_remove_only_where_they_may() {
        let (mut passed_over, mut cycles) = (0, 0);
        for g in path_grids() {
            let both = Links::new(&g, true, true);
            let reach = Reach::new(&g, &both);
            for (y, x) in [(false, true), (true, false), (true, true)] {
                let links = if y && x {
                    Links::new(&g, true, true)
                } else {
                    both.part(x)
                };
                let mut ch = Chainer::new(Level::Forcing);
                for cell in 0..81 {
                    for v in 1..=9 {
                        let on = key(cell, v, true);
                        if !g.has(cell, v)
                            || !links.off(on - 1)
                            || reach.component_size(on) < 4
                            || reach.cycle_may_remove(on)
                        {
                            continue;
                        }
                        passed_over += 1;
                        let p = ch.new_pot(cell, v, true, None);
                        for c in ch.do_cycles(&g, y, p, &links, usize::MAX) {
                            cycles += 1;
                            assert!(
                                ch.cycle_hint(&g, c, y, x).is_none(),
                                "r{}c{} {v}",
                                cell / 9 + 1,
                                cell % 9 + 1
                            );
                        }
                    }
                }
            }
        }
        // (166,070 and 105,524 when written.)
        assert!(
            passed_over > 10_000 && cycles > 10_000,
            "{passed_over} passed over, {cycles} cycles"
        );
    }

    /// [`multiple_may_hint`] never says no where the multiple forcing chains, followed in
    /// full, make a hint, and the chains followed only where [`MultipleReach`] says a
    /// cell or region may make one make the same hints in the same order: at every step
    /// of SE's path of the puzzles of `fixtures/se/top1465-a.txt`.
    #[test]
    fn multiple_chains_hint_only_where_they_may() {
        let (mut hinted, mut skipped) = (0, 0);
        let shown = |hints: &[Candidate]| -> Vec<String> {
            hints
                .iter()
                .map(|c| {
                    let h = &c.hint;
                    format!(
                        "{} {} {:?} {:?} {} {} {}",
                        h.name,
                        h.difficulty,
                        h.removals,
                        h.place,
                        c.complexity,
                        c.sort_key,
                        c.implied
                    )
                })
                .collect()
        };
        for g in path_grids() {
            let links = Links::new(&g, true, true);
            let may = multiple_may_hint(&g, &links);
            let reach = MultipleReach::new(&g, &links);
            let links = Rc::new(links);
            let mut ch = Chainer::new(Level::Multiple);
            ch.links = Some(Rc::clone(&links));
            let hints = ch.multiple_chains(&g);
            if !hints.is_empty() {
                assert!(may, "{} hints where none may be", hints.len());
                hinted += 1;
            }
            skipped += !may as usize;
            let mut pruned = Chainer::new(Level::Multiple);
            pruned.links = Some(links);
            pruned.may = Some(reach);
            assert_eq!(shown(&pruned.multiple_chains(&g)), shown(&hints));
        }
        // (2,777 and 656 when written.)
        assert!(
            hinted > 1000 && skipped > 300,
            "{hinted} with hints, {skipped} skipped"
        );
    }

    /// [`Reach`] against a plain walk of the graph from every implication, at every step
    /// of SE's path of the puzzles of `fixtures/se/top1465-a.txt`: whether each one
    /// reaches its opposite, and whether it lies on a cycle (it reaches itself again).
    #[test]
    fn reach_as_a_walk() {
        let t = tables();
        let (mut states, mut reached, mut cycles) = (0, 0, 0);
        for g in path_grids() {
            let links = Links::new(&g, true, true);
            let reach = Reach::new(&g, &links);
            let keys: Vec<usize> = (0..81)
                .flat_map(|c| (1..=9).map(move |v| (c, v)))
                .filter(|&(c, v)| g.has(c, v))
                .flat_map(|(c, v)| [key(c, v, true), key(c, v, false)])
                .collect();
            let next = |k: usize| -> Vec<usize> {
                let (cell, v) = (k / 20, k / 2 % 10);
                if k & 1 == 0 {
                    return links
                        .ons(k)
                        .iter()
                        .map(|&l| (l & 0xffff) as usize)
                        .collect();
                }
                let mut out: Vec<usize> = (1..=9)
                    .filter(|&w| w != v && g.has(cell, w))
                    .map(|w| key(cell, w, false))
                    .collect();
                out.extend(
                    t.house[cell]
                        .iter()
                        .filter(|&&o| g.has(o as usize, v))
                        .map(|&o| key(o as usize, v, false)),
                );
                out
            };
            for &a in &keys {
                // Everything reached in one link or more from `a`.
                let mut seen = vec![false; NKEYS];
                let mut todo = next(a);
                while let Some(k) = todo.pop() {
                    if !seen[k] {
                        seen[k] = true;
                        todo.extend(next(k));
                    }
                }
                assert_eq!(
                    reach.reaches_opposite(a),
                    seen[a ^ 1],
                    "{a} -> its opposite"
                );
                reached += seen[a ^ 1] as usize;
                assert_eq!(reach.component_size(a) >= 2, seen[a], "{a} on a cycle");
                cycles += seen[a] as usize;
            }
            states += 1;
        }
        assert!(states > 100 && reached > 1000 && cycles > 100);
    }

    #[test]
    fn length_steps() {
        // Lengths (complexity - 2) up to 4 add nothing; then 6, 8, 12, 16, 24, ...
        assert_eq!(length_difficulty(6), 0.0);
        assert_eq!(length_difficulty(7), 0.1);
        assert_eq!(length_difficulty(8), 0.1);
        assert!((length_difficulty(9) - 0.2).abs() < 1e-9);
        assert!((length_difficulty(15) - 0.4).abs() < 1e-9);
    }
}
