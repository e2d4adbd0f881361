//! The variant engine: candidate masks per cell, propagation to a fixed point, and a
//! depth-first search on the cell with the most weight (its rules, its failed branches and
//! the contradictions its rules found) for the square of its candidates.
//!
//! A puzzle compiles (`rules/`) into a [`Model`]: groups whose cells all differ (rows,
//! columns, boxes, regions, cages, lines that must differ), the full houses among them
//! (every value once: hidden singles), pairs of cells with a relation table (thermometer
//! steps, dots, whispers, palindromes, anti-knight...), and propagators ([`Prop`]) for the
//! rest (sums, renban windows, between lines, sandwiches). Propagation runs each part only
//! when a cell it watches changed.

use numpl_core::Grid;

/// Candidates: bit `v - 1` for value `v`.
pub(crate) type Bits = u64;

/// A contradiction: some cell or rule has no possibility left.
#[derive(Debug)]
pub(crate) struct Contradiction;

/// The candidates of every cell during a search, with the cells changed since the
/// propagation last looked.
pub(crate) struct State {
    pub(crate) cells: Vec<Bits>,
    pub(crate) queue: Vec<u16>,
    pub(crate) queued: Vec<bool>,
    /// A queued cell's candidates when it was queued (0: unknown, its bounds moved).
    pub(crate) before: Vec<Bits>,
}

impl State {
    /// Cell `c`'s candidates.
    #[inline]
    pub(crate) fn get(&self, c: u16) -> Bits {
        self.cells[c as usize]
    }

    /// Keeps only `keep` of cell `c`'s candidates; an empty cell is a contradiction.
    #[inline]
    pub(crate) fn restrict(&mut self, c: u16, keep: Bits) -> Result<(), Contradiction> {
        let old = self.cells[c as usize];
        let new = old & keep;
        if new == old {
            return Ok(());
        }
        if new == 0 {
            return Err(Contradiction);
        }
        self.cells[c as usize] = new;
        if !self.queued[c as usize] {
            self.queued[c as usize] = true;
            self.before[c as usize] = old;
            self.queue.push(c);
        }
        Ok(())
    }

    /// Marks cell `c` changed (its rules look at it again).
    #[inline]
    fn touch(&mut self, c: u16) {
        if !self.queued[c as usize] {
            self.queued[c as usize] = true;
            self.before[c as usize] = 0;
            self.queue.push(c);
        }
    }

    /// Whether queued cell `c`'s least or greatest candidate moved since it was queued.
    #[inline]
    fn bounds_moved(&self, c: u16) -> bool {
        let (old, new) = (self.before[c as usize], self.cells[c as usize]);
        old.trailing_zeros() != new.trailing_zeros() || old.leading_zeros() != new.leading_zeros()
    }

    /// A state of `cells` with nothing queued (the propagators' unit tests).
    #[cfg(test)]
    pub(crate) fn of(cells: Vec<Bits>) -> State {
        let n = cells.len();
        State {
            cells,
            queue: Vec::new(),
            queued: vec![false; n],
            before: vec![0; n],
        }
    }

    /// Forgets the changed cells (after a contradiction).
    fn clear_queue(&mut self) {
        for c in self.queue.drain(..) {
            self.queued[c as usize] = false;
        }
    }
}

/// A rule that narrows candidates by looking at several cells.
pub(crate) trait Prop: Send + Sync {
    /// The cells whose change may let it narrow more.
    fn watches(&self) -> &[u16];
    /// Narrows candidates; `Err` when the rule cannot be kept.
    fn run(&self, st: &mut State) -> Result<(), Contradiction>;
    /// Runs after the cheap ones (whose narrowing it then sees at once).
    fn expensive(&self) -> bool {
        false
    }
    /// Told, once every group of the model is known, which pairs of cells must differ
    /// (a sum bounds its terms tighter when they do).
    fn learn_distinct(&mut self, _differ: &dyn Fn(u16, u16) -> bool) {}
    /// Whether it reads only its cells' least and greatest candidates (a sum's bounds):
    /// then a change inside a cell's range does not run it again.
    fn bounds_only(&self) -> bool {
        false
    }
    /// Whether it is a sum ([`super::rules`]' `Linear`): a model with one searches
    /// otherwise ([`Model::sums`]).
    fn is_sum(&self) -> bool {
        false
    }
    /// What it adds to each of its cells' weight for the search's choice of cell (`n`
    /// values a cell): by default the cells it watches.
    fn weight(&self, _n: usize) -> u32 {
        self.watches().len() as u32
    }
}

/// A relation between two cells: `table[a - 1]` is the mask of values the second cell
/// may take when the first holds `a`.
pub(crate) struct Pair {
    pub(crate) a: u16,
    pub(crate) b: u16,
    /// Partner values of each value of `a`.
    pub(crate) ab: Vec<Bits>,
    /// Partner values of each value of `b`.
    pub(crate) ba: Vec<Bits>,
}

/// A value some cells must hold once (a full-rank group's digit along an edge): the
/// search may branch on its places rather than on a cell's values ([`Model::choose`]),
/// as the Interactive Sudoku Solver's required-value candidate finders do.
pub(crate) struct Finder {
    pub(crate) cells: Vec<u16>,
    pub(crate) value: Bits,
    /// How much more its places weigh than their cells (ISS's multiplier).
    pub(crate) multiplier: u32,
}

/// What a puzzle compiles to.
pub(crate) struct Model {
    /// Values to branch on by their places ([`Finder`]).
    pub(crate) finders: Vec<Finder>,
    pub(crate) shape: numpl_core::Shape,
    pub(crate) n: usize,
    /// Each cell's starting candidates.
    pub(crate) start: Vec<Bits>,
    /// Each cell's peers: cells it must differ from.
    pub(crate) peers: Vec<Vec<u16>>,
    /// Houses holding every value exactly once; `houses_of[c]` those holding cell `c`.
    pub(crate) houses: Vec<Vec<u16>>,
    pub(crate) houses_of: Vec<Vec<u32>>,
    /// `houses_of` as words of a bitset, as `watch_words`.
    pub(crate) house_words: Vec<Vec<(u32, u64)>>,
    /// Pair relations; `pairs_of[c]` the indexes of those touching cell `c`.
    pub(crate) pairs: Vec<Pair>,
    pub(crate) pairs_of: Vec<Vec<u32>>,
    /// Propagators; `props_of[c]` those watching cell `c`, `bounds_of[c]` those watching
    /// only its least and greatest candidates.
    pub(crate) props: Vec<Box<dyn Prop>>,
    pub(crate) props_of: Vec<Vec<u32>>,
    pub(crate) bounds_of: Vec<Vec<u32>>,
    /// The same as sets of propagators, words of a bitset (propagator `k` is bit `k % 64`
    /// of word `k / 64`), only the words with a bit: a changed cell marks its
    /// propagators due with a few `or`s rather than one flag each.
    pub(crate) watch_words: Vec<Vec<(u32, u64)>>,
    pub(crate) bound_words: Vec<Vec<(u32, u64)>>,
    /// The expensive propagators (run when no cheap one is due), as a bitset.
    pub(crate) slow_words: Vec<u64>,
    /// Whether the puzzle has sums (cages, little killers, arrows...). Without, the
    /// search goes back to its last conflict ([`Model::search`]), may branch on a value's
    /// two places in a house, and weighs the cells that may hold the value that failed
    /// most ([`Model::choose`]); with sums each of the three drew the search away, so it
    /// does none of them.
    pub(crate) sums: bool,
}

/// `lists[c]` (propagator indexes) as the words of a bitset that have a bit, in order.
pub(crate) fn words_of(lists: &[Vec<u32>]) -> Vec<Vec<(u32, u64)>> {
    lists
        .iter()
        .map(|ks| {
            let mut words: Vec<(u32, u64)> = Vec::new();
            for &k in ks {
                let (w, b) = (k / 64, 1u64 << (k % 64));
                match words.iter_mut().find(|(x, _)| *x == w) {
                    Some((_, m)) => *m |= b,
                    None => words.push((w, b)),
                }
            }
            words.sort_unstable_by_key(|&(w, _)| w);
            words
        })
        .collect()
}

/// Conflicts between halvings of every cell's conflict count.
const DECAY: u32 = 1 << 14;

/// What a cell's weight gains, in fifths of a failed branch, when a rule holding it finds
/// a contradiction ([`Heat::blame`]).
const BLAME: u32 = 2;

/// The rule that found a contradiction, for the search's weights ([`Heat::blame`]).
#[derive(Clone, Copy)]
enum Culprit {
    None,
    /// A propagator (its index).
    Prop(u32),
    /// A house with a value nowhere, or a hidden single that emptied a cell.
    House(u32),
    /// A pair relation (its index).
    Pair(u32),
    /// Two cells that must differ: a value placed in the first emptied the second.
    Differ(u16, u16),
}

/// Where the search has failed: each cell's weight (its rules, then its failed
/// branches), halved now and then so that old failures count for less, and each value's
/// failures, quartered (as the Interactive Sudoku Solver's conflict scores); and, in
/// fifths, the contradictions found by the rules holding each cell (dom/wdeg), halved
/// with the cells' weights.
struct Heat {
    cells: Vec<u32>,
    blamed: Vec<u32>,
    values: Vec<u32>,
    countdown: u32,
}

impl Heat {
    fn new(weights: Vec<u32>, n: usize) -> Heat {
        Heat {
            blamed: vec![0; weights.len()],
            cells: weights,
            values: vec![0; n],
            countdown: DECAY,
        }
    }

    /// A branch on `cell` failed with `values` the values it gave the cell (one for a
    /// first branch, those left for the other half): one failure for the cell, one for
    /// each value (ISS counts a failure for each value it tries). The values are read
    /// before the propagation, so that these weights do not depend on the order the rules
    /// ran in before they failed ([`Heat::blame`]'s do: the rule named is the first to
    /// find the contradiction, and the engine's order picks it).
    fn failed(&mut self, cell: u16, values: Bits) {
        self.cells[cell as usize] += 1;
        let mut each = values;
        while each != 0 {
            self.values[each.trailing_zeros() as usize] += 1;
            each &= each - 1;
        }
        self.countdown -= 1;
        if self.countdown == 0 {
            self.countdown = DECAY;
            self.cells.iter_mut().for_each(|w| *w >>= 1);
            self.blamed.iter_mut().for_each(|w| *w >>= 1);
            self.values.iter_mut().for_each(|w| *w >>= 2);
        }
    }

    /// The rule that found a contradiction weighs its cells [`BLAME`] more: the search
    /// then branches where the rules that keep failing are (Boussemart, Hemery, Lecoutre
    /// and Sais' dom/wdeg, 2004, beside the cells' own failures). On ISS's collections
    /// (`numpl solve --threads 1`, nodes): MATHEMAGIC_KILLERS 3.86M -> 2.60M,
    /// EXTREME_KILLERS 93k -> 72k, LITTLE_KILLER_SNIPES' 12 454k -> 278k, HARD_THERMOS
    /// 444k -> 302k, HARD_RENBAN 703k -> 681k, the examples 1.48M -> 1.32M; TAREK_ALL
    /// 51k -> 63k. Blaming a house for two cells that must differ (rather than the two)
    /// and 1 or 4 fifths rather than 2 came out alike, within the noise of such counts.
    fn blame(&mut self, model: &Model, culprit: Culprit) {
        let mut add = |c: u16| self.blamed[c as usize] += BLAME;
        match culprit {
            Culprit::None => {}
            Culprit::Prop(k) => model.props[k as usize]
                .watches()
                .iter()
                .for_each(|&c| add(c)),
            Culprit::House(h) => model.houses[h as usize].iter().for_each(|&c| add(c)),
            Culprit::Pair(k) => {
                let pair = &model.pairs[k as usize];
                add(pair.a);
                add(pair.b);
            }
            Culprit::Differ(a, b) => {
                add(a);
                add(b);
            }
        }
    }

    /// The value that failed most lately and its failures, when it stands out: at least
    /// one failure a value of the grid and half again as many as the value that failed
    /// least (`(0, 0)` otherwise). Cells that may hold it weigh a fifth of its failures
    /// more (ISS's value score).
    fn hot_value(&self) -> (Bits, u32) {
        let (mut hot, mut most, mut least) = (0, 0, u32::MAX);
        for (i, &f) in self.values.iter().enumerate() {
            if f > most {
                (hot, most) = (1 << i, f);
            }
            if f > 0 {
                least = least.min(f);
            }
        }
        if (most as usize) < self.values.len() || 2 * most as u64 <= 3 * least as u64 {
            (0, 0)
        } else {
            (hot, most)
        }
    }
}

/// The propagation's work lists, kept across nodes: the propagators (a bitset) and
/// houses to look at again.
struct Scratch {
    due: Vec<u64>,
    /// What found the last contradiction.
    culprit: Culprit,
    /// The houses to scan for hidden singles, as a bitset.
    houses_due: Vec<u64>,
}

impl Scratch {
    /// Lists with every propagator due (a first propagation).
    fn all_due(model: &Model) -> Scratch {
        let n = model.props.len();
        let mut due = vec![u64::MAX; n.div_ceil(64)];
        if !n.is_multiple_of(64) {
            *due.last_mut().expect("a word") = (1u64 << (n % 64)) - 1;
        }
        Scratch {
            due,
            culprit: Culprit::None,
            houses_due: vec![0; model.houses.len().div_ceil(64)],
        }
    }

    /// Empties the lists after a contradiction.
    fn clear(&mut self) {
        self.culprit = Culprit::None;
        self.due.fill(0);
        self.houses_due.fill(0);
    }
}

/// Takes the next propagator of `due` (a bitset): the cheap ones first (those not in
/// `slow`), the lowest index first.
#[inline]
fn next_due(due: &mut [u64], slow: &[u64]) -> Option<usize> {
    let at = |w: usize, m: u64| w * 64 + m.trailing_zeros() as usize;
    let mut any = None;
    for (w, (d, s)) in due.iter_mut().zip(slow).enumerate() {
        let cheap = *d & !s;
        if cheap != 0 {
            *d &= !(cheap & cheap.wrapping_neg());
            return Some(at(w, cheap));
        }
        if any.is_none() && *d != 0 {
            any = Some(w);
        }
    }
    let w = any?;
    let d = &mut due[w];
    let k = at(w, *d);
    *d &= *d - 1;
    Some(k)
}

/// How a search ended.
pub(crate) struct Searched {
    /// The solutions found (up to the limit asked for).
    pub(crate) solutions: Vec<Grid>,
    /// Nodes visited (propagations run).
    pub(crate) nodes: u64,
    /// Guesses: branches tried beyond the first of a choice.
    pub(crate) guesses: u64,
    /// The node budget ran out before the search finished.
    pub(crate) out_of_budget: bool,
}

impl Model {
    fn fresh(&self) -> State {
        let cells = self.start.clone();
        let n = cells.len();
        State {
            cells,
            queue: (0..n as u16).collect(),
            queued: vec![true; n],
            before: vec![0; n],
        }
    }

    /// Runs every part until nothing changes.
    fn propagate(&self, st: &mut State, scratch: &mut Scratch) -> Result<(), Contradiction> {
        let Scratch {
            due,
            culprit,
            houses_due,
        } = scratch;
        // Runs `step`; a contradiction names `who` as its culprit.
        let blame = |culprit: &mut Culprit, step: Result<(), Contradiction>, who: Culprit| {
            step.inspect_err(|_| *culprit = who)
        };
        let all = if self.n >= 64 {
            u64::MAX
        } else {
            (1u64 << self.n) - 1
        };
        loop {
            while let Some(c) = st.queue.pop() {
                st.queued[c as usize] = false;
                for &(w, m) in &self.house_words[c as usize] {
                    houses_due[w as usize] |= m;
                }
                let m = st.get(c);
                if m & (m - 1) == 0 {
                    for &p in &self.peers[c as usize] {
                        blame(culprit, st.restrict(p, !m), Culprit::Differ(c, p))?;
                    }
                }
                for &k in &self.pairs_of[c as usize] {
                    let pair = &self.pairs[k as usize];
                    let (other, table) = if pair.a == c {
                        (pair.b, &pair.ab)
                    } else {
                        (pair.a, &pair.ba)
                    };
                    let mut allowed = 0;
                    let mut bits = m;
                    while bits != 0 {
                        allowed |= table[bits.trailing_zeros() as usize];
                        bits &= bits - 1;
                    }
                    blame(culprit, st.restrict(other, allowed), Culprit::Pair(k))?;
                }
                for &(w, m) in &self.watch_words[c as usize] {
                    due[w as usize] |= m;
                }
                if st.bounds_moved(c) {
                    for &(w, m) in &self.bound_words[c as usize] {
                        due[w as usize] |= m;
                    }
                }
            }
            // Hidden singles first (cheap, and they settle what the propagators read),
            // then the cheap propagators, then the expensive ones.
            if houses_due.iter().all(|&d| d == 0) {
                if let Some(k) = next_due(due, &self.slow_words) {
                    blame(culprit, self.props[k].run(st), Culprit::Prop(k as u32))?;
                    continue;
                }
            }
            // Hidden singles in the houses that changed: a value with one place goes there.
            // (The lowest first; a house marked while scanning waits for its cells' turn in
            // the queue.)
            for (w, word) in houses_due.iter_mut().enumerate() {
                while *word != 0 {
                    let k = (w * 64) as u32 + word.trailing_zeros();
                    *word &= *word - 1;
                    let h = &self.houses[k as usize];
                    let (mut once, mut twice) = (0u64, 0u64);
                    let mut fixed = 0u64;
                    for &c in h {
                        let m = st.get(c);
                        twice |= once & m;
                        once |= m;
                        if m & (m - 1) == 0 {
                            fixed |= m;
                        }
                    }
                    if once != all {
                        *culprit = Culprit::House(k);
                        return Err(Contradiction);
                    }
                    let mut singles = once & !twice & !fixed;
                    while singles != 0 {
                        let v = singles & singles.wrapping_neg();
                        singles &= singles - 1;
                        for &c in h {
                            if st.get(c) & v != 0 {
                                blame(culprit, st.restrict(c, v), Culprit::House(k))?;
                            }
                        }
                    }
                }
            }
            // (A value placed changed its cell, now in the queue.)
            if st.queue.is_empty() && due.iter().all(|&d| d == 0) {
                return Ok(());
            }
        }
    }

    /// Each cell's starting weight for the choice of the cell to branch on: the cells its
    /// rules hold (a house's `2n` each, a propagator's cells, 2 a pair relation), as ISS
    /// weighs its cells; failed branches add to it.
    fn weights(&self) -> Vec<u32> {
        (0..self.start.len())
            .map(|c| {
                let props: usize = self.props_of[c]
                    .iter()
                    .chain(&self.bounds_of[c])
                    .map(|&k| self.props[k as usize].weight(self.n) as usize)
                    .sum();
                // A house counts twice, as in ISS (its houses are two handlers each, an
                // all-different and a house): with houses counting once the thermometers'
                // and little killers' cells drew the search away from where the houses
                // decide (ISS's HARD_THERMOS: 2 of 3 over a 2M-node budget, all 3 solved now).
                (2 * self.n * self.houses_of[c].len() + props + 2 * self.pairs_of[c].len()) as u32
            })
            .collect()
    }

    /// `cells` narrowed by this model's rules to their fixed point, every rule run at
    /// least once, its starting candidates (even, odd and allowed cells) kept too (the
    /// step-by-step solver asks one constraint's model this way).
    pub(crate) fn narrow(&self, cells: &[Bits]) -> Result<Vec<Bits>, Contradiction> {
        let mut scratch = Scratch::all_due(self);
        let n = cells.len();
        let mut st = State {
            cells: cells
                .iter()
                .zip(&self.start)
                .map(|(&c, &s)| c & s)
                .collect(),
            queue: (0..n as u16).collect(),
            queued: vec![true; n],
            before: vec![0; n],
        };
        if st.cells.contains(&0) {
            return Err(Contradiction);
        }
        self.propagate(&mut st, &mut scratch)?;
        Ok(st.cells)
    }

    /// Every cell's candidates after the first propagation (`None`: a contradiction).
    #[cfg(test)]
    pub(crate) fn root(&self) -> Option<Vec<Bits>> {
        let mut scratch = Scratch::all_due(self);
        let mut st = self.fresh();
        if st.cells.contains(&0) {
            return None;
        }
        self.propagate(&mut st, &mut scratch).ok()?;
        Some(st.cells)
    }

    /// Searches for up to `limit` solutions within `budget` nodes.
    ///
    /// Binary branching, as ISS does: at each node the cell with the most weight for the
    /// square of its candidates (its rules and failed branches: where the puzzle is hard)
    /// takes its least value; when that fails, the node goes on with the value removed,
    /// propagated at once, and chooses again (the failure's weight may now point
    /// elsewhere). Each choice splits the search in two, so no solution is found twice.
    ///
    /// Without sums, the cell whose first value failed last is branched on first once
    /// the search has backtracked to a choice whose other half holds (Lecoutre, Sais,
    /// Tabary and Vidal's last-conflict reasoning, 2009): the search goes back up to the
    /// choice that caused the conflict. On ISS's collections (`numpl solve --threads 1`,
    /// nodes): HARD_THERMOS 302k -> 59k, HARD_RENBAN 681k -> 285k, the examples 1.32M ->
    /// 598k in all (a sandwich 88k -> 9.9k; some 10-50% more); with sums it drew the
    /// search away (MATHEMAGIC_KILLERS 2.60M -> 3.00M, LITTLE_KILLER_SNIPES' 12 278k ->
    /// 586k). Dropping the cell once its other half fails too (the conflict kept only
    /// while the search stays at that choice) gained nothing: the gain is in going back
    /// up with it.
    pub(crate) fn search(&self, limit: usize, budget: u64) -> Searched {
        let mut out = Searched {
            solutions: Vec::new(),
            nodes: 0,
            guesses: 0,
            out_of_budget: false,
        };
        let mut scratch = Scratch::all_due(self);
        let mut heat = Heat::new(self.weights(), self.n);
        let mut st = self.fresh();
        out.nodes += 1;
        // A cell its rules leave nothing (two clues fixing it to different values).
        if st.cells.contains(&0) || self.propagate(&mut st, &mut scratch).is_err() {
            return out;
        }
        // The other halves of the choices made on the way down: the state with the value
        // tried removed from its cell, not yet propagated.
        let mut others: Vec<(Vec<Bits>, u16)> = Vec::new();
        let mut pool: Vec<Vec<Bits>> = Vec::new();
        // The cell whose first value failed last (without sums).
        let mut conflict: Option<u16> = None;
        loop {
            let pick = match conflict.take() {
                Some(c) if !self.sums && st.get(c) & (st.get(c) - 1) != 0 => {
                    Some((c, st.get(c) & st.get(c).wrapping_neg()))
                }
                _ => self.choose(&st.cells, &heat),
            };
            match pick {
                None => {
                    let values: Vec<u8> = st
                        .cells
                        .iter()
                        .map(|&m| m.trailing_zeros() as u8 + 1)
                        .collect();
                    if let Ok(g) = Grid::from_values(self.shape, values) {
                        out.solutions.push(g);
                    }
                    if out.solutions.len() >= limit {
                        return out;
                    }
                }
                Some((cell, v)) => {
                    let m = st.get(cell);
                    let mut other = pool.pop().unwrap_or_default();
                    other.clear();
                    other.extend_from_slice(&st.cells);
                    other[cell as usize] = m & !v;
                    others.push((other, cell));
                    if out.nodes >= budget {
                        out.out_of_budget = true;
                        return out;
                    }
                    out.nodes += 1;
                    st.restrict(cell, v).expect("a candidate of the cell");
                    if self.propagate(&mut st, &mut scratch).is_ok() {
                        continue;
                    }
                    heat.failed(cell, v);
                    conflict = Some(cell);
                    heat.blame(self, scratch.culprit);
                    scratch.clear();
                    st.clear_queue();
                }
            }
            // Go on with the latest choice's other half that propagates.
            loop {
                let Some((other, cell)) = others.pop() else {
                    return out;
                };
                if out.nodes >= budget {
                    out.out_of_budget = true;
                    return out;
                }
                out.nodes += 1;
                out.guesses += 1;
                st.cells.copy_from_slice(&other);
                pool.push(other);
                // The values the branch left the cell, read before the propagation (see
                // `Heat::failed`).
                let left = st.get(cell);
                st.touch(cell);
                if self.propagate(&mut st, &mut scratch).is_ok() {
                    break;
                }
                heat.failed(cell, left);
                heat.blame(self, scratch.culprit);
                scratch.clear();
                st.clear_queue();
            }
        }
    }

    /// The open cell to branch on and the value it tries first: the most weight (its
    /// rules and failures, the blame of its rules' contradictions, and without sums a
    /// fifth of the hot value's failures more where the cell may hold it) for the square
    /// of its candidates, on a tie the fewest candidates, and its least value. (The hot
    /// value with sums, now that the rules are blamed: MATHEMAGIC_KILLERS 2.54M -> 2.60M
    /// nodes, EXTREME_KILLERS 55k -> 72k, TAREK_ALL 54k -> 63k; without sums it helps:
    /// HARD_RENBAN 358k -> 285k, HARD_THERMOS 69k -> 59k.) Where that cell
    /// has three candidates or more and the puzzle has no sums ([`Model::sums`]),
    /// a value with two places in a house is a choice of two as well (ISS's house
    /// candidates), weighed as a cell of two candidates with the heavier place's weight:
    /// the heaviest such pair at least as heavy as the cell is taken instead, its heavier
    /// place trying the value. On ISS's collections (`numpl solve --threads 1`, nodes):
    /// HARD_THERMOS 1.83M -> 427k, HARD_RENBAN 1.09M -> 909k; with sums it drew the
    /// search away (MATHEMAGIC_KILLERS 11.4M -> 14.1M, TAREK_ALL 68k -> 89k,
    /// LITTLE_KILLER_SNIPES' 12 340k -> 468k), hence none there. `None` when every cell
    /// is fixed.
    fn choose(&self, cells: &[Bits], heat: &Heat) -> Option<(u16, Bits)> {
        let (hot, failures) = if self.sums { (0, 0) } else { heat.hot_value() };
        let weight = |i: usize| {
            5 * heat.cells[i] + heat.blamed[i] + if cells[i] & hot != 0 { failures } else { 0 }
        };
        let mut best: Option<(u32, u32, u16)> = None;
        for (i, &m) in cells.iter().enumerate() {
            if m & (m - 1) == 0 {
                continue;
            }
            let k = m.count_ones();
            // Weights in fifths.
            let w = weight(i);
            if best.is_none_or(|(bk, bw, _)| {
                let (mine, theirs) = (w as u64 * (bk * bk) as u64, bw as u64 * (k * k) as u64);
                mine > theirs || (mine == theirs && k < bk)
            }) {
                best = Some((k, w, i as u16));
            }
        }
        let (k, w, cell) = best?;
        let least = cells[cell as usize] & cells[cell as usize].wrapping_neg();
        // A value some cells must hold, with `count` places: a choice of `count`, weighed
        // by its heaviest open place times its multiplier; taken when it weighs as much as
        // the cell or more (the heaviest such), its heaviest place trying the value.
        let mut found: Option<(u64, u64, u16, Bits)> = None;
        for f in &self.finders {
            let (mut count, mut top, mut at) = (0u64, 0u32, None);
            for &c in &f.cells {
                let m = cells[c as usize];
                if m & f.value == 0 {
                    continue;
                }
                count += 1;
                if m & (m - 1) != 0 && at.is_none_or(|_| weight(c as usize) > top) {
                    (top, at) = (weight(c as usize), Some(c));
                }
            }
            let Some(at) = at.filter(|_| count >= 2) else {
                continue;
            };
            let score = top as u64 * f.multiplier as u64;
            if score * (k * k) as u64 >= w as u64 * count * count
                && found.is_none_or(|(s, n, _, _)| score * n * n >= s * count * count)
            {
                found = Some((score, count, at, f.value));
            }
        }
        if let Some((_, _, c, v)) = found {
            return Some((c, v));
        }
        if k <= 2 || self.sums {
            return Some((cell, least));
        }
        // A value with two places in a house is a choice of two (ISS's house candidates):
        // weighed as a cell of two candidates with the heavier place's weight, it is
        // taken when it weighs as much as the cell or more; the heavier place takes it.
        let mut pair: Option<(u32, u16, Bits)> = None;
        for h in &self.houses {
            let (mut once, mut twice, mut thrice) = (0 as Bits, 0 as Bits, 0 as Bits);
            for &c in h {
                let m = cells[c as usize];
                thrice |= twice & m;
                twice |= once & m;
                once |= m;
            }
            let mut two = twice & !thrice;
            while two != 0 {
                let v = two & two.wrapping_neg();
                two &= two - 1;
                let (mut top, mut at) = (0, 0);
                for &c in h {
                    if cells[c as usize] & v != 0 {
                        let pw = weight(c as usize);
                        if pw >= top {
                            (top, at) = (pw, c);
                        }
                    }
                }
                if top as u64 * (k * k) as u64 >= 4 * w as u64
                    && pair.is_none_or(|(pw, _, _)| top >= pw)
                {
                    pair = Some((top, at, v));
                }
            }
        }
        Some(pair.map_or((cell, least), |(_, c, v)| (c, v)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn propagators_due_are_taken_cheap_first_then_by_index_each_once() {
        // Cells watched by propagators 3 and 70, 70 and 130 (three words).
        let words = words_of(&[vec![70, 3], vec![130, 70], vec![]]);
        assert_eq!(words[0], vec![(0, 1 << 3), (1, 1 << 6)]);
        assert_eq!(words[1], vec![(1, 1 << 6), (2, 1 << 2)]);
        assert!(words[2].is_empty());
        let mut due = vec![0u64; 3];
        for &(w, m) in words[0].iter().chain(&words[1]) {
            due[w as usize] |= m;
        }
        // 3 is expensive: 70 and 130 go first, then 3, then nothing.
        let slow = vec![1 << 3, 0, 0];
        let taken: Vec<usize> = std::iter::from_fn(|| next_due(&mut due, &slow)).collect();
        assert_eq!(taken, vec![70, 130, 3]);
        assert_eq!(due, vec![0; 3]);
    }

    /// Sums (a cage) set the search's tactics ([`Model::sums`]); a thermometer does not.
    #[test]
    fn the_search_s_tactics_follow_whether_the_puzzle_has_sums() {
        let model = |text: &str| {
            let p = numpl_core::variant::json::read(text).expect("a puzzle");
            crate::variant::rules::compile(&p.givens, &p.variant)
        };
        let thermo = model(
            r#"{"box":"2x2","constraints":[{"type":"thermo","cells":["r1c1","r2c2","r3c2"]}]}"#,
        );
        assert!(!thermo.sums);
        let killer = model(
            r#"{"box":"2x2","constraints":[{"type":"cage","sum":3,"cells":["r1c1","r1c2"]}]}"#,
        );
        assert!(killer.sums);
    }

    /// The rule that finds a contradiction is named, and blaming it weighs its cells alone.
    #[test]
    fn a_contradiction_names_its_rule_and_blames_its_cells() {
        // 4x4: r1c1 is 3, and the cage over r1c1 and r2c1 adds up to 3, so the other is 0:
        // a sum finds it (the cage's, or one the 45 rule derives from it).
        let text = r#"{"box":"2x2","givens":"3...............","constraints":[{"type":"cage","sum":3,"cells":["r1c1","r2c1"]}]}"#;
        let p = numpl_core::variant::json::read(text).expect("a puzzle");
        let model = crate::variant::rules::compile(&p.givens, &p.variant);
        let mut scratch = Scratch::all_due(&model);
        let mut st = model.fresh();
        assert!(model.propagate(&mut st, &mut scratch).is_err());
        let Culprit::Prop(k) = scratch.culprit else {
            panic!("not a propagator's contradiction");
        };
        let mut cells: Vec<usize> = model.props[k as usize]
            .watches()
            .iter()
            .map(|&c| c as usize)
            .collect();
        cells.sort_unstable();
        assert!(model.props[k as usize].is_sum() && cells.contains(&0));
        let mut heat = Heat::new(model.weights(), model.n);
        heat.blame(&model, scratch.culprit);
        let blamed: Vec<usize> = (0..16).filter(|&c| heat.blamed[c] > 0).collect();
        assert_eq!(blamed, cells);
        assert!(blamed.iter().all(|&c| heat.blamed[c] == BLAME));
        // A house (row 1: house 0) blames its cells; two cells that differ, those two.
        let mut heat = Heat::new(model.weights(), model.n);
        heat.blame(&model, Culprit::House(0));
        heat.blame(&model, Culprit::Differ(3, 15));
        let blamed: Vec<usize> = (0..16).filter(|&c| heat.blamed[c] > 0).collect();
        assert_eq!(blamed, vec![0, 1, 2, 3, 15]);
        assert_eq!(heat.blamed[3], 2 * BLAME);
        // A clear forgets the culprit.
        scratch.clear();
        assert!(matches!(scratch.culprit, Culprit::None));
    }

    /// A full-rank group's digit along an edge where none of its numbers starts is a
    /// choice of its places: with the clue at r1c1 (two edges clued), the search tries
    /// the digit in the bottom row or the right column before any cell's values.
    #[test]
    fn the_search_branches_on_where_a_full_rank_digit_lies_along_an_unclued_edge() {
        let text = r#"{"box":"2x2","constraints":[{"type":"full-rank","rank":1,"col":1}]}"#;
        let p = numpl_core::variant::json::read(text).expect("a puzzle");
        let mut model = crate::variant::rules::compile(&p.givens, &p.variant);
        let mut edges: Vec<Vec<u16>> = model.finders.iter().map(|f| f.cells.clone()).collect();
        edges.sort();
        assert_eq!(edges, vec![vec![3, 7, 11, 15], vec![12, 13, 14, 15]]);
        assert!(model
            .finders
            .iter()
            .all(|f| f.value == 1 && f.multiplier == 2));
        let cells = model.root().expect("no contradiction");
        let heat = Heat::new(model.weights(), model.n);
        let (cell, value) = model.choose(&cells, &heat).expect("open cells");
        assert_eq!(value, 1);
        assert!(
            cell >= 12 || cell % 4 == 3,
            "r{}c{}",
            cell / 4 + 1,
            cell % 4 + 1
        );
        // Without them, another cell (the heaviest for its candidates).
        model.finders.clear();
        let (plain, _) = model.choose(&cells, &heat).expect("open cells");
        assert_ne!(plain, cell);
    }

    #[test]
    fn a_cell_s_bounds_move_only_when_its_least_or_greatest_candidate_goes() {
        let mut st = State {
            cells: vec![0b1_1111, 0b1_1111],
            queue: Vec::new(),
            queued: vec![false; 2],
            before: vec![0; 2],
        };
        // A middle value out: the sums need not look again.
        st.restrict(0, !0b100).unwrap();
        assert!(!st.bounds_moved(0));
        // The greatest out after it, before the cell is looked at: they must.
        st.restrict(0, !0b1_0000).unwrap();
        assert!(st.bounds_moved(0));
        // The least out.
        st.restrict(1, !0b1).unwrap();
        assert!(st.bounds_moved(1));
        // A cell marked changed by hand (the search's other half) counts as moved.
        st.clear_queue();
        st.touch(1);
        assert!(st.bounds_moved(1));
        assert_eq!(st.queue, vec![1]);
    }
}
