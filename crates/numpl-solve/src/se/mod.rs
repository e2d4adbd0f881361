//! Sudoku Explainer's rating (ER, EP, ED), as serate 1.2.1.3 computes it.
//!
//! SE solves with its own candidate grid (`grid.rs`) and a fixed list of techniques: at each
//! step it asks them in order and takes the first step the first technique that finds one
//! reports (the chaining rules sort theirs first, shortest chain first). ER is the hardest
//! step of that path, EP the hardest up to the first placement, ED the first step's. The
//! rating therefore depends on which step SE takes, so each technique here searches in
//! SE's order (regions, cells, values and combinations as SE iterates them).
//!
//! Every technique of serate's rating is here: singles and their direct forms,
//! intersections, subsets, fish, XY- and XYZ-wings, unique rectangles and loops, BUG,
//! aligned pair and triplet exclusion, the chains of nesting level 0 (cycles and forcing
//! chains, Nishio, multiple and dynamic forcing chains), dynamic forcing chains (+)
//! (level 1, 9.0 and up) and nested forcing chains (levels 2 to 5, 9.5 and up). Like
//! serate, the rating has no time limit: a puzzle of the forum's hardest takes seconds.

mod chain;
mod grid;
mod rules;
mod unique;

use std::rc::Rc;

use chain::Level;
use grid::Grid;

/// One step SE takes: what it removes, what it places, how hard it is.
#[derive(Clone, Debug)]
pub struct Hint {
    /// SE's name for the technique (most are fixed: no allocation for them, as the dynamic
    /// chains (+) make hints by the thousand).
    pub name: std::borrow::Cow<'static, str>,
    /// SE's difficulty of the step.
    pub difficulty: f64,
    /// Candidates removed: (cell, mask of values).
    pub removals: Vec<(u8, u16)>,
    /// A value placed: (cell, value).
    pub place: Option<(u8, u8)>,
    /// What the dynamic chains (+) need to know of the step: which candidates had to go
    /// before it applied.
    origin: Origin,
}

/// The pattern behind a step, for the candidates that had to go before it applied (SE's
/// `getRuleParents`).
#[derive(Clone, Debug)]
enum Origin {
    /// Any other step.
    None,
    /// An intersection or a fish on `value`: base regions (the value confined to the
    /// covers in them) and cover regions.
    Lock {
        value: u8,
        bases: Vec<u8>,
        covers: Vec<u8>,
    },
    /// A generalized intersection of `value` in `region`.
    LockG { region: u8, value: u8 },
    /// A hidden set of `values` in `region`.
    Hidden { region: u8, values: u16 },
    /// A naked set of `values` in `cells`.
    Naked { cells: Vec<u8>, values: u16 },
}

impl Hint {
    fn place(name: &'static str, difficulty: f64, cell: usize, value: usize) -> Hint {
        Hint {
            name: name.into(),
            difficulty,
            removals: Vec::new(),
            place: Some((cell as u8, value as u8)),
            origin: Origin::None,
        }
    }

    fn remove(
        name: impl Into<std::borrow::Cow<'static, str>>,
        difficulty: f64,
        removals: Vec<(u8, u16)>,
    ) -> Hint {
        Hint {
            name: name.into(),
            difficulty,
            removals,
            place: None,
            origin: Origin::None,
        }
    }

    fn apply(&self, g: &mut Grid) {
        for &(c, m) in &self.removals {
            g.remove(c as usize, m);
        }
        if let Some((c, v)) = self.place {
            g.place(c as usize, v as usize);
        }
    }

    /// The difficulty as SE prints it (tenths, rounded half up).
    pub fn tenths(&self) -> u32 {
        tenths(self.difficulty)
    }

    /// The step in words: SE's name, its difficulty, and what it places or removes, as
    /// numpl's steps say it (`Hidden Single (1.2): r2c5 = 6`, `Naked Pair (3.0) => r1c2,
    /// r1c6 <> 2; r3c4 <> 4`: the cells that lose each value).
    pub fn describe(&self) -> String {
        let cell = |c: u8| format!("r{}c{}", c / 9 + 1, c % 9 + 1);
        let mut s = format!("{} ({})", self.name, format_tenths(self.tenths()));
        if let Some((c, v)) = self.place {
            s.push_str(&format!(": {} = {v}", cell(c)));
        }
        let mut groups = Vec::new();
        for v in 1..=9u16 {
            let cells: Vec<String> = self
                .removals
                .iter()
                .filter(|&&(_, m)| m >> v & 1 != 0)
                .map(|&(c, _)| cell(c))
                .collect();
            if !cells.is_empty() {
                groups.push(format!("{} <> {v}", cells.join(", ")));
            }
        }
        if !groups.is_empty() {
            s.push_str(" => ");
            s.push_str(&groups.join("; "));
        }
        s
    }
}

fn tenths(d: f64) -> u32 {
    ((d + 0.05) * 10.0) as u32
}

/// One rating on SE's scale, each figure in tenths (`75` is 7.5), with the technique of the
/// step that set it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeRating {
    /// ER: the hardest step of the path.
    pub er: u32,
    /// EP: the hardest step up to the first placement.
    pub ep: u32,
    /// ED: the first step's difficulty.
    pub ed: u32,
    /// The technique of the step that set ER.
    pub er_technique: String,
    /// The technique of the step that set EP.
    pub ep_technique: String,
    /// The technique of the step that set ED.
    pub ed_technique: String,
}

/// Why SE rating gave no figures.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SeStop {
    /// SE's techniques found no step (serate prints 20.0).
    Stuck,
    /// A step changed nothing (serate would repeat it forever).
    NoProgress,
}

/// Each technique SE asks, in its order.
#[derive(Clone, Copy)]
enum Rule {
    HiddenSingle,
    DirectLocking,
    DirectHidden(u32),
    NakedSingle,
    Locking,
    Naked(u32),
    Fish(u32),
    Hidden(u32),
    XyWing(bool),
    UniqueLoops,
    Bug,
    Aligned(usize),
    Chains(Level),
}

const ORDER: [Rule; 30] = [
    Rule::HiddenSingle,
    Rule::DirectLocking,
    Rule::DirectHidden(2),
    Rule::NakedSingle,
    Rule::DirectHidden(3),
    Rule::Locking,
    Rule::Naked(2),
    Rule::Fish(2),
    Rule::Hidden(2),
    Rule::Naked(3),
    Rule::Fish(3),
    Rule::Hidden(3),
    Rule::XyWing(false),
    Rule::XyWing(true),
    Rule::UniqueLoops,
    Rule::Naked(4),
    Rule::Fish(4),
    Rule::Hidden(4),
    Rule::Bug,
    Rule::Aligned(2),
    Rule::Chains(Level::Forcing),
    Rule::Aligned(3),
    Rule::Chains(Level::Nishio),
    Rule::Chains(Level::Multiple),
    Rule::Chains(Level::Dynamic),
    Rule::Chains(Level::DynamicPlus),
    Rule::Chains(Level::Nested(2)),
    Rule::Chains(Level::Nested(3)),
    Rule::Chains(Level::Nested(4)),
    Rule::Chains(Level::Nested(5)),
];

/// What a path keeps from step to step to search faster: for aligned pair and triplet
/// exclusion and the small rules (intersections, naked and hidden sets, fish, their
/// direct forms, XY- and XYZ-Wings), the last grid on which each found nothing (see
/// [`rules::aligned_exclusion`] and [`rules::first_changed`]); for the Nishio chains,
/// whether each value's chains may meet a contradiction. The steps found are the same
/// with or without it.
#[derive(Default)]
struct Memo {
    aligned_none: [Option<Grid>; 2],
    /// For intersections, naked sets, fish and hidden sets (of 2 to 4), direct
    /// intersections and direct hidden sets (of 2 and 3), XY- and XYZ-Wings: the last
    /// grid on which each found nothing ([`rules::first_changed`]), shared by the rules
    /// that found nothing on the same step's grid.
    small_none: [Option<Rc<Grid>>; 15],
    /// This step's grid as kept by the first small rule that found nothing on it, and
    /// what changed since each grid kept (by region the values whose positions changed,
    /// and the cells), worked out once a step; both emptied for each new grid
    /// ([`Memo::next_grid`]).
    kept: Option<Rc<Grid>>,
    changes: Vec<(Rc<Grid>, rules::Only, u128)>,
    /// For Nishio forcing chains: each value's cells when last asked, and whether a
    /// chain from one of its candidates may meet a contradiction there
    /// ([`chain::nishio_may`], which depends on nothing else).
    nishio: [Option<(u128, bool)>; 10],
}

impl Memo {
    /// A new step's grid is asked: what was worked out for the last one goes.
    fn next_grid(&mut self) {
        self.kept = None;
        self.changes.clear();
    }

    /// [`chain::nishio_may`] of value `v`, worked out again only when its cells changed.
    fn nishio_may(&mut self, g: &Grid, v: usize) -> bool {
        let cells = g.cells_with(v);
        match self.nishio[v] {
            Some((then, may)) if then == cells => may,
            _ => {
                let may = chain::nishio_may(g, v);
                self.nishio[v] = Some((cells, may));
                may
            }
        }
    }

    /// The first hint of a small rule (`slot` its place in [`Memo::small_none`]),
    /// searched only where positions changed since the last grid it found nothing on.
    fn small(&mut self, slot: usize, g: &Grid, rule: rules::Small) -> Option<Hint> {
        let changed = match self.small_none[slot].clone() {
            None => None,
            Some(before) => {
                let (only, cells) = self.changes_since(g, before);
                if cells == 0 {
                    return None;
                }
                Some((only, cells))
            }
        };
        let h = rules::first_changed(g, rule, changed.as_ref().map(|(o, c)| (o, *c)));
        if h.is_none() {
            let now = self.kept.get_or_insert_with(|| Rc::new(g.clone()));
            self.small_none[slot] = Some(Rc::clone(now));
        }
        h
    }

    /// What changed on `g` since `before` ([`Grid::changed_since`] and
    /// [`Grid::cells_changed_since`]), worked out once a step for each grid kept.
    fn changes_since(&mut self, g: &Grid, before: Rc<Grid>) -> (rules::Only, u128) {
        if let Some((_, only, cells)) = self.changes.iter().find(|c| Rc::ptr_eq(&c.0, &before)) {
            return (*only, *cells);
        }
        let (only, cells) = (g.changed_since(&before), g.cells_changed_since(&before));
        self.changes.push((before, only, cells));
        (only, cells)
    }
}

fn find(g: &Grid, rule: Rule, memo: &mut Memo) -> Option<Hint> {
    use rules::Small;
    match rule {
        Rule::HiddenSingle => rules::hidden_single(g),
        Rule::DirectLocking => memo.small(10, g, Small::DirectLocking),
        Rule::DirectHidden(d) => memo.small(d as usize + 9, g, Small::DirectHidden(d)),
        Rule::NakedSingle => rules::naked_single(g),
        Rule::Locking => memo.small(0, g, Small::Locking),
        Rule::Naked(d) => memo.small(d as usize - 1, g, Small::Naked(d)),
        Rule::Fish(d) => memo.small(d as usize + 2, g, Small::Fish(d)),
        Rule::Hidden(d) => memo.small(d as usize + 5, g, Small::Hidden(d)),
        Rule::XyWing(xyz) => memo.small(13 + xyz as usize, g, Small::XyWing(xyz)),
        Rule::UniqueLoops => unique::unique_loops(g),
        Rule::Bug => rules::bug(g),
        Rule::Aligned(d) => {
            let none = &mut memo.aligned_none[d - 2];
            let h = rules::aligned_exclusion(g, d, none.as_ref());
            if h.is_none() {
                *none = Some(g.clone());
            }
            h
        }
        // (The Nishio chains make a hint only from a contradiction.)
        Rule::Chains(Level::Nishio) if !(1..10).any(|v| memo.nishio_may(g, v)) => None,
        Rule::Chains(level) => chain::chains(g, level),
    }
}

/// The step SE takes next on `g`.
fn next_step(g: &Grid, memo: &mut Memo) -> Result<Hint, SeStop> {
    memo.next_grid();
    for rule in ORDER {
        if let Some(h) = find(g, rule, memo) {
            return Ok(h);
        }
    }
    Err(SeStop::Stuck)
}

/// SE's solution path of a puzzle (`0` for an empty cell), step by step, and how it ended.
pub fn path(cells: &[u8; 81]) -> (Vec<Hint>, Result<(), SeStop>) {
    let mut g = Grid::new(cells);
    let mut memo = Memo::default();
    let mut steps = Vec::new();
    while !g.solved() {
        match next_step(&g, &mut memo) {
            Ok(h) => {
                let before = g.clone();
                h.apply(&mut g);
                steps.push(h);
                if g == before {
                    return (steps, Err(SeStop::NoProgress));
                }
            }
            Err(e) => return (steps, Err(e)),
        }
    }
    (steps, Ok(()))
}

/// The step SE takes first on a puzzle (`0` for an empty cell): `None` when every cell
/// is filled.
///
/// # Errors
///
/// SE's techniques find no step ([`SeStop::Stuck`]).
pub fn first_step(cells: &[u8; 81]) -> Result<Option<Hint>, SeStop> {
    let g = Grid::new(cells);
    if g.solved() {
        return Ok(None);
    }
    next_step(&g, &mut Memo::default()).map(Some)
}

/// SE's rating of a puzzle (`0` for an empty cell). The puzzle should have one solution:
/// SE rates others too, but its figures then mean little (front ends check first).
pub fn rate(cells: &[u8; 81]) -> Result<SeRating, SeStop> {
    let (steps, end) = path(cells);
    end?;
    Ok(rating_of(&steps))
}

/// ER, EP and ED of a finished path, as serate's `getDifficulty` keeps them.
pub fn rating_of(steps: &[Hint]) -> SeRating {
    let mut difficulty = 0.0f64;
    let mut pearl = 0.0f64;
    let mut diamond = 0.0f64;
    let mut er_t = String::new();
    let mut ep_t = String::new();
    let mut ed_t = String::new();
    for h in steps {
        if h.difficulty > difficulty {
            difficulty = h.difficulty;
            er_t = h.name.to_string();
        }
        if pearl == 0.0 {
            if diamond == 0.0 {
                diamond = difficulty;
                ed_t = er_t.clone();
            }
            if h.place.is_some() {
                pearl = difficulty;
                ep_t = er_t.clone();
            }
        }
    }
    SeRating {
        er: tenths(difficulty),
        ep: tenths(pearl),
        ed: tenths(diamond),
        er_technique: er_t,
        ep_technique: ep_t,
        ed_technique: ed_t,
    }
}

/// Tenths as SE prints them: `75` as `7.5`.
pub fn format_tenths(t: u32) -> String {
    format!("{}.{}", t / 10, t % 10)
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;

    /// The puzzles of a fixture file's text (`#` lines are comments; `.` or `0` empty).
    pub(in crate::se) fn puzzles(text: &str) -> Vec<[u8; 81]> {
        text.lines()
            .filter(|l| !l.starts_with('#'))
            .map(|line| {
                let mut cells = [0u8; 81];
                for (c, ch) in line.chars().take(81).enumerate() {
                    cells[c] = ch.to_digit(10).unwrap_or(0) as u8;
                }
                cells
            })
            .collect()
    }

    /// The puzzles of `fixtures/se/top1465-a.txt` and `top1465-b.txt`.
    pub(in crate::se) fn top1465_fixtures() -> Vec<[u8; 81]> {
        let mut all = puzzles(include_str!("../../../../fixtures/se/top1465-a.txt"));
        all.extend(puzzles(include_str!(
            "../../../../fixtures/se/top1465-b.txt"
        )));
        all
    }

    /// The small rules searched only where positions changed ([`Memo::small`]) against
    /// the same rules searched in full, at every step of SE's path of the puzzles of
    /// `fixtures/se/top1465-a.txt` and `top1465-b.txt`: the same first hint, or none.
    #[test]
    fn small_rules_since_a_grid_find_what_the_whole_search_finds() {
        use rules::Small;
        type Whole = fn(&Grid) -> Option<Hint>;
        let rules: [(Small, Whole); 15] = [
            (Small::Locking, |g| rules::locking(g, false)),
            (Small::Naked(2), |g| rules::naked_set(g, 2)),
            (Small::Naked(3), |g| rules::naked_set(g, 3)),
            (Small::Naked(4), |g| rules::naked_set(g, 4)),
            (Small::Fish(2), |g| rules::fish(g, 2)),
            (Small::Fish(3), |g| rules::fish(g, 3)),
            (Small::Fish(4), |g| rules::fish(g, 4)),
            (Small::Hidden(2), |g| rules::hidden_set(g, 2, false)),
            (Small::Hidden(3), |g| rules::hidden_set(g, 3, false)),
            (Small::Hidden(4), |g| rules::hidden_set(g, 4, false)),
            (Small::DirectLocking, |g| rules::locking(g, true)),
            (Small::DirectHidden(2), |g| rules::hidden_set(g, 2, true)),
            (Small::DirectHidden(3), |g| rules::hidden_set(g, 3, true)),
            (Small::XyWing(false), |g| rules::xy_wing(g, false, !0)),
            (Small::XyWing(true), |g| rules::xy_wing(g, true, !0)),
        ];
        let shown = |h: Option<Hint>| h.map(|h| h.describe());
        let (mut grids, mut hints, mut passed_over) = (0, 0, 0);
        for cells in top1465_fixtures() {
            let mut g = Grid::new(&cells);
            let mut memo = Memo::default();
            for step in path(&cells).0 {
                grids += 1;
                memo.next_grid();
                for (slot, &(rule, whole)) in rules.iter().enumerate() {
                    let unchanged = memo.small_none[slot].as_ref().map_or(0, |b| {
                        g.changed_since(b).iter().filter(|&&m| m == 0).count()
                    });
                    let want = whole(&g);
                    hints += want.is_some() as usize;
                    passed_over += unchanged;
                    assert_eq!(shown(memo.small(slot, &g, rule)), shown(want), "{cells:?}");
                }
                step.apply(&mut g);
            }
        }
        // (8,647 grids, 14,723 hints, 1,677,128 of 2,334,690 regions passed over when written.)
        assert!(
            grids > 5000 && hints > 10000 && passed_over > 1_000_000,
            "{grids} grids, {hints} hints, {passed_over} regions passed over"
        );
    }
}
