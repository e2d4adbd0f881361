//! Variant puzzles made to order: killer, jigsaw, X, windoku and thermo, unique, seeded,
//! and at a level when one is asked for (judged by the variant step solver,
//! [`numpl_solve::variant::solve_within`]).
//!
//! Every kind starts from a complete grid that keeps the kind's regions (a classic grid
//! for killer and thermo; a grid filled by the variant engine from a few random seeds,
//! then relabelled, for jigsaw, X and windoku), then lays its clues over it:
//!
//! - **killer**: the grid is cut into cages of 2 to 5 orthogonally connected cells with
//!   different values (grown from random cells; up to 6 after merging, below; other sizes
//!   with [`VariantSpec::cage_cells`]), each with its sum, and no givens (with
//!   [`VariantSpec::givens`]: givens dug as below, the cages kept as grown). While
//!   the cages allow a second solution, a cage holding a cell where the two solutions
//!   differ is cut in two (a cage of one cell is a given in all but name); then cages are
//!   merged again, in random order, wherever the puzzle stays unique, so the cages end as
//!   large as uniqueness allows.
//! - **jigsaw**: irregular regions made by random swaps of cells between neighbouring
//!   boxes, each region kept connected; **X** (both diagonals) and **windoku** keep the
//!   boxes. Givens are then dug in groups tied by the symmetry, each group emptied only
//!   while the puzzle stays unique.
//! - **thermo**: thermometers traced along rising values of the classic grid (3 to 6
//!   cells, not crossing), then givens dug as above with the thermometers in place.
//!
//! Uniqueness is the variant engine's count ([`numpl_solve::variant::count`]); the tests
//! check small puzzles with an independent exhaustive counter. The same seed and index
//! give the same puzzle.
//!
//! **At a level**: every "while unique" above becomes "while the variant techniques of
//! that level and below solve it" (which proves it unique: the steps are sound), a killer's
//! cages are cut, at a cell those techniques leave open, until they do; a puzzle whose
//! hardest step is below the level asked is made again (up to [`LEVEL_TRIES`] times).
//! Without a level the puzzle is rated after it is made (`level`, `None` when the variant
//! techniques do not finish it).

use std::fmt;
use std::str::FromStr;

use numpl_core::variant::{Constraint, Variant};
use numpl_core::{Grid, Shape};
use numpl_solve::{variant as engine, Level, SolveOptions, Status};
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::{prepare_array, GenError, Symmetry};

/// The kinds of variant puzzle the generator makes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum VariantKind {
    /// Killer sudoku: cages with sums, no givens.
    Killer,
    /// Jigsaw: irregular regions instead of boxes.
    Jigsaw,
    /// X sudoku: both main diagonals hold every value once.
    X,
    /// Windoku (hyper): four extra regions.
    Windoku,
    /// Thermo sudoku: values rise along each thermometer from its bulb.
    Thermo,
}

impl VariantKind {
    /// Every kind, in the order the command line lists them.
    pub const ALL: [VariantKind; 5] = [
        VariantKind::Killer,
        VariantKind::Jigsaw,
        VariantKind::X,
        VariantKind::Windoku,
        VariantKind::Thermo,
    ];

    /// The kind's name (`killer`, `jigsaw`, `x`, `windoku`, `thermo`).
    pub fn name(self) -> &'static str {
        match self {
            VariantKind::Killer => "killer",
            VariantKind::Jigsaw => "jigsaw",
            VariantKind::X => "x",
            VariantKind::Windoku => "windoku",
            VariantKind::Thermo => "thermo",
        }
    }
}

/// A kind of variant puzzle with its options: for a killer, the size of its cages and
/// whether it has givens. `VariantKind` turns into the spec with the defaults, so
/// [`generate_variant`] takes either.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct VariantSpec {
    /// The kind.
    pub kind: VariantKind,
    /// Killer: the fewest and most cells a cage is grown to (`None`: the default mix, 2 to
    /// 5 cells, 3 most often, merged up to 6 while unique). Cages are cut where a second
    /// solution differs, so a few may end smaller; merging stops at the most.
    pub cage_cells: Option<(usize, usize)>,
    /// Killer: givens dug as for the other kinds, the cages kept as grown (no cuts or
    /// merges); `false` (the default) makes a killer of cages only.
    pub givens: bool,
}

impl VariantSpec {
    /// `kind` with the default options.
    pub fn new(kind: VariantKind) -> VariantSpec {
        VariantSpec {
            kind,
            cage_cells: None,
            givens: false,
        }
    }

    /// Killer cages grown to `min..=max` cells.
    #[must_use]
    pub fn cage_cells(mut self, cells: Option<(usize, usize)>) -> VariantSpec {
        self.cage_cells = cells;
        self
    }

    /// A killer with givens.
    #[must_use]
    pub fn givens(mut self, givens: bool) -> VariantSpec {
        self.givens = givens;
        self
    }
}

impl From<VariantKind> for VariantSpec {
    fn from(kind: VariantKind) -> VariantSpec {
        VariantSpec::new(kind)
    }
}

impl fmt::Display for VariantKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for VariantKind {
    type Err = String;

    fn from_str(s: &str) -> Result<VariantKind, String> {
        let s = s.trim();
        VariantKind::ALL
            .into_iter()
            .find(|k| k.name().eq_ignore_ascii_case(s))
            .ok_or_else(|| {
                let names: Vec<&str> = VariantKind::ALL.iter().map(|k| k.name()).collect();
                format!("unknown variant {s:?}: one of {}", names.join(", "))
            })
    }
}

/// A variant puzzle made by [`generate_variant`]: givens, rules and the one solution.
#[derive(Clone, Debug)]
pub struct GeneratedVariant {
    /// The givens (none for a killer).
    pub puzzle: Grid,
    /// The rules.
    pub variant: Variant,
    /// The solution.
    pub solution: Grid,
    /// Its level on numpl's variant scale (the hardest step of the variant techniques'
    /// solve), `None` when they do not finish it.
    pub level: Option<Level>,
}

/// Tries at a whole puzzle before giving up (a jigsaw layout without a solution, a fill
/// past its budget).
const TRIES: usize = 50;

/// Tries at a puzzle of the level asked for (one easier than asked is made again).
pub const LEVEL_TRIES: usize = 200;

/// What a puzzle must pass while it is made: one solution, or (at a level) a solve by the
/// variant techniques up to that level.
#[derive(Clone, Copy)]
struct Judge(Option<Level>);

impl Judge {
    fn keeps(self, givens: &Grid, v: &Variant) -> bool {
        match self.0 {
            None => unique(givens, v),
            Some(max) => engine::solve_within(givens, v, max).is_ok(),
        }
    }
}

/// Nodes a fill of an empty variant grid may take before it is tried again with other
/// seeds.
const FILL_BUDGET: u64 = 200_000;

/// Makes puzzle `index` of the run seeded `seed`: a `kind` puzzle of `shape`, unique, its
/// givens dug in the groups of `symmetry` (killer puzzles have no givens).
///
/// # Errors
///
/// A symmetry the shape does not allow, a kind the shape does not allow (windoku needs
/// room for its regions: boxes of at least 2x2 with a one-cell gap), or no puzzle after
/// many tries.
pub fn generate_variant(
    spec: impl Into<VariantSpec>,
    shape: Shape,
    symmetry: Symmetry,
    seed: u64,
    index: u64,
    level: Option<Level>,
) -> Result<GeneratedVariant, GenError> {
    let spec = spec.into();
    let kind = spec.kind;
    check_spec(spec, shape, symmetry)?;
    let groups = symmetry.groups(shape)?;
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    rng.set_stream(index);
    let judge = Judge(level);
    let tries = if level.is_some() { LEVEL_TRIES } else { TRIES };
    for _ in 0..tries {
        let made = match kind {
            VariantKind::Killer => killer(spec, shape, &mut rng, &groups, judge),
            VariantKind::Thermo => thermo(shape, &mut rng, &groups, judge),
            VariantKind::Jigsaw | VariantKind::X | VariantKind::Windoku => {
                regions(kind, shape, &mut rng, &groups, judge)
            }
        };
        let Some(mut made) = made else { continue };
        made.level = engine::solve_within(&made.puzzle, &made.variant, Level::Extreme).ok();
        if level.is_none() || made.level == level {
            return Ok(made);
        }
    }
    Err(GenError::Variant(match level {
        Some(l) => format!(
            "no {kind} puzzle of {}x{} at level {} after {tries} tries",
            shape.size(),
            shape.size(),
            l.name()
        ),
        None => format!(
            "no {kind} puzzle of {}x{} after {tries} tries",
            shape.size(),
            shape.size()
        ),
    }))
}

/// [`check_variant`] for a spec, with its options: killer cage sizes of at least one cell,
/// at most the side (and the smaller first); cage sizes and givens for killers only.
///
/// # Errors
///
/// What [`check_variant`] refuses, and options the kind does not take or out of range.
pub fn check_spec(spec: VariantSpec, shape: Shape, symmetry: Symmetry) -> Result<(), GenError> {
    let kind = spec.kind;
    check_variant(kind, shape, symmetry)?;
    if kind != VariantKind::Killer && (spec.cage_cells.is_some() || spec.givens) {
        return Err(GenError::Variant(format!(
            "cage sizes and givens are options of killer puzzles, not {kind}"
        )));
    }
    if let Some((lo, hi)) = spec.cage_cells {
        let n = shape.size();
        if lo == 0 || lo > hi || hi > n {
            return Err(GenError::Variant(format!(
                "killer cages of {lo} to {hi} cells: the sizes run from 1 to {n}, the smaller first"
            )));
        }
    }
    Ok(())
}

/// Whether `kind` puzzles of `shape` can be asked for with `symmetry` (what
/// [`generate_variant`] checks first, cheaply, so front ends can refuse at once).
///
/// # Errors
///
/// A symmetry the shape does not allow; windoku on a shape without room for its regions
/// (an even side: the regions sit one cell apart from the edges and each other).
pub fn check_variant(kind: VariantKind, shape: Shape, symmetry: Symmetry) -> Result<(), GenError> {
    symmetry.groups(shape)?;
    if matches!(kind, VariantKind::Killer | VariantKind::Jigsaw) && shape.size() > 9 {
        // Killer uniqueness counts and jigsaw fills of 16x16 outrun the variant engine
        // today (minutes, or no fill within its budget).
        return Err(GenError::Variant(format!(
            "{kind} puzzles are made up to 9x9 for now, not {}x{}",
            shape.size(),
            shape.size()
        )));
    }
    if kind == VariantKind::Windoku && shape.size().is_multiple_of(2) {
        return Err(GenError::Variant(format!(
            "windoku regions need an odd side with room between the boxes, not {}x{}",
            shape.size(),
            shape.size()
        )));
    }
    Ok(())
}

/// One solution or none: the engine's count of two.
fn unique(givens: &Grid, v: &Variant) -> bool {
    engine::count(givens, v, 2) == 1
}

/// A second solution beside `solution`, if there is one.
fn other_solution(givens: &Grid, v: &Variant, solution: &Grid) -> Option<Grid> {
    // Two solutions: the search returns the first it finds; the other differs.
    let out = engine::solve(givens, v, &SolveOptions::new().limit(2).budget(None));
    if out.status != Status::Multiple {
        return None;
    }
    let first = out.solution?;
    if first.values() != solution.values() {
        return Some(first);
    }
    // The first found is ours: ask again with one of its cells forbidden its value.
    for cell in 0..givens.shape().cells() {
        if givens.get(cell) != 0 {
            continue;
        }
        let mut rules = v.constraints().to_vec();
        let mut values = numpl_core::Mask::all(givens.shape().size());
        values.remove(solution.get(cell));
        rules.push(Constraint::Allowed {
            cell: cell as u16,
            values,
        });
        let Ok(narrowed) = Variant::new(v.shape(), v.boxes(), rules) else {
            continue;
        };
        let out = engine::solve(
            givens,
            &narrowed,
            &SolveOptions::new().limit(1).budget(None),
        );
        if let Some(s) = out.solution.filter(|_| out.status == Status::Solved) {
            return Some(s);
        }
    }
    None
}

/// Orthogonal neighbours of `cell`.
fn neighbours(shape: Shape, cell: usize) -> impl Iterator<Item = usize> {
    let n = shape.size();
    let (r, c) = (cell / n, cell % n);
    let mut out = Vec::with_capacity(4);
    if r > 0 {
        out.push(cell - n);
    }
    if r + 1 < n {
        out.push(cell + n);
    }
    if c > 0 {
        out.push(cell - 1);
    }
    if c + 1 < n {
        out.push(cell + 1);
    }
    out.into_iter()
}

/// Killer: cages grown over a classic grid, cut while not unique, merged while unique.
fn killer(
    spec: VariantSpec,
    shape: Shape,
    rng: &mut ChaCha8Rng,
    groups: &[Vec<u16>],
    judge: Judge,
) -> Option<GeneratedVariant> {
    let solution = prepare_array(shape, rng);
    let cells = shape.cells();
    let mut owner = vec![usize::MAX; cells];
    let mut cages: Vec<Vec<u16>> = Vec::new();
    let mut order: Vec<usize> = (0..cells).collect();
    order.shuffle(rng);
    for &start in &order {
        if owner[start] != usize::MAX {
            continue;
        }
        let target = match spec.cage_cells {
            None => *[2usize, 2, 3, 3, 3, 4, 4, 5].choose(rng)?,
            Some((lo, hi)) => rng.gen_range(lo..=hi),
        };
        let id = cages.len();
        let mut cage = vec![start as u16];
        owner[start] = id;
        while cage.len() < target {
            let mut frontier: Vec<usize> = cage
                .iter()
                .flat_map(|&c| neighbours(shape, c as usize))
                .filter(|&o| {
                    owner[o] == usize::MAX
                        && !cage
                            .iter()
                            .any(|&c| solution.get(c as usize) == solution.get(o))
                })
                .collect();
            frontier.sort_unstable();
            frontier.dedup();
            let Some(&next) = frontier.choose(rng) else {
                break;
            };
            owner[next] = id;
            cage.push(next as u16);
        }
        cages.push(cage);
    }
    let givens = Grid::empty(shape);
    let build = |cages: &[Vec<u16>]| -> Option<Variant> {
        let rules = cages
            .iter()
            .map(|cage| {
                let mut cells = cage.clone();
                cells.sort_unstable();
                Constraint::Cage {
                    sum: Some(cells.iter().map(|&c| solution.get(c as usize) as u32).sum()),
                    cells,
                }
            })
            .collect();
        Variant::new(shape, true, rules).ok()
    };
    if spec.givens {
        // Givens dug over the cages as grown (no cuts, no merges).
        let variant = build(&cages)?;
        return Some(dig(solution, variant, rng, groups, judge));
    }
    // Cut cages while another solution exists (at a level: while the techniques leave
    // cells open).
    let mut v = build(&cages)?;
    let mut cuts = 0;
    loop {
        let differ: Vec<usize> = match judge.0 {
            None => match other_solution(&givens, &v, &solution) {
                None => break,
                Some(other) => (0..cells)
                    .filter(|&c| other.get(c) != solution.get(c))
                    .collect(),
            },
            Some(max) => match engine::solve_within(&givens, &v, max) {
                Ok(_) => break,
                Err(at) => (0..cells)
                    .filter(|&c| {
                        at.get(c) == 0
                            && cages
                                .iter()
                                .any(|cg| cg.len() > 1 && cg.contains(&(c as u16)))
                    })
                    .collect(),
            },
        };
        cuts += 1;
        if cuts > cells {
            return None;
        }
        let &cell = differ.choose(rng)?;
        let k = cages.iter().position(|cg| cg.contains(&(cell as u16)))?;
        let cage = cages.swap_remove(k);
        cages.extend(split(shape, &cage, cell as u16));
        v = build(&cages)?;
    }
    // Merge neighbouring cages (different values, at most 6 cells) while unique.
    let mut pairs: Vec<(usize, usize)> = Vec::new();
    for (i, a) in cages.iter().enumerate() {
        for (j, b) in cages.iter().enumerate().skip(i + 1) {
            let touch = a
                .iter()
                .any(|&x| neighbours(shape, x as usize).any(|o| b.contains(&(o as u16))));
            if touch {
                pairs.push((i, j));
            }
        }
    }
    pairs.shuffle(rng);
    let mut alive: Vec<bool> = vec![true; cages.len()];
    for (i, j) in pairs {
        let most = spec.cage_cells.map_or(6, |(_, hi)| hi);
        if !alive[i] || !alive[j] || cages[i].len() + cages[j].len() > most {
            continue;
        }
        let clash = cages[i].iter().any(|&x| {
            cages[j]
                .iter()
                .any(|&y| solution.get(x as usize) == solution.get(y as usize))
        });
        if clash {
            continue;
        }
        let mut trial: Vec<Vec<u16>> = Vec::new();
        for (k, cg) in cages.iter().enumerate() {
            if alive[k] && k != i && k != j {
                trial.push(cg.clone());
            }
        }
        let mut merged = cages[i].clone();
        merged.extend_from_slice(&cages[j]);
        trial.push(merged.clone());
        let Some(tv) = build(&trial) else { continue };
        if judge.keeps(&givens, &tv) {
            cages[i] = merged;
            alive[j] = false;
        }
    }
    let kept: Vec<Vec<u16>> = cages
        .into_iter()
        .zip(alive)
        .filter_map(|(c, a)| a.then_some(c))
        .collect();
    let variant = build(&kept)?;
    judge.keeps(&givens, &variant).then_some(GeneratedVariant {
        puzzle: givens,
        variant,
        solution,
        level: None,
    })
}

/// Whether `cells` form one orthogonally connected piece (no cells: yes).
fn connected(shape: Shape, cells: impl IntoIterator<Item = usize>) -> bool {
    let mut inside = vec![false; shape.cells()];
    let mut count = 0;
    let mut first = None;
    for c in cells {
        inside[c] = true;
        count += 1;
        first.get_or_insert(c);
    }
    let Some(first) = first else { return true };
    let mut seen = vec![first];
    inside[first] = false;
    let mut k = 0;
    while k < seen.len() {
        for o in neighbours(shape, seen[k]) {
            if inside[o] {
                inside[o] = false;
                seen.push(o);
            }
        }
        k += 1;
    }
    seen.len() == count
}

/// A cage cut in two connected parts, `cell` alone in one of them when nothing else
/// keeps both parts connected.
fn split(shape: Shape, cage: &[u16], cell: u16) -> Vec<Vec<u16>> {
    if cage.len() == 1 {
        return vec![cage.to_vec()];
    }
    // Grow one part from `cell` to half the cage; keep the cut only if the rest is
    // connected, else take `cell` alone when the rest stays connected, else every cell
    // alone.
    let connected = |cells: &[u16]| connected(shape, cells.iter().map(|&c| c as usize));
    let mut part = vec![cell];
    while part.len() < cage.len() / 2 {
        let next = cage.iter().copied().find(|&c| {
            !part.contains(&c) && neighbours(shape, c as usize).any(|o| part.contains(&(o as u16)))
        });
        match next {
            Some(c) => part.push(c),
            None => break,
        }
    }
    let rest: Vec<u16> = cage.iter().copied().filter(|c| !part.contains(c)).collect();
    if connected(&rest) && connected(&part) {
        return vec![part, rest];
    }
    let rest: Vec<u16> = cage.iter().copied().filter(|&c| c != cell).collect();
    if connected(&rest) {
        return vec![vec![cell], rest];
    }
    cage.iter().map(|&c| vec![c]).collect()
}

/// A complete grid under `v`'s rules: a few random values placed where the rules allow,
/// the engine fills the rest, then the values are relabelled at random.
fn fill(v: &Variant, rng: &mut ChaCha8Rng) -> Option<Grid> {
    let shape = v.shape();
    let n = shape.size();
    let houses = v.houses();
    let mut givens = Grid::empty(shape);
    let mut cells: Vec<usize> = (0..shape.cells()).collect();
    cells.shuffle(rng);
    // About one cell in eight: enough for variety, few enough to leave a solution.
    for &cell in cells.iter().take((n * n / 8).max(1)) {
        let taken: Vec<u8> = houses
            .iter()
            .filter(|h| h.contains(&(cell as u16)))
            .flat_map(|h| h.iter().map(|&c| givens.get(c as usize)))
            .collect();
        let free: Vec<u8> = (1..=n as u8).filter(|x| !taken.contains(x)).collect();
        givens.set(cell, *free.choose(rng)?);
    }
    let out = engine::solve(
        &givens,
        v,
        &SolveOptions::new().limit(1).budget(Some(FILL_BUDGET)),
    );
    let grid = out.solution.filter(|_| out.status == Status::Solved)?;
    let mut labels: Vec<u8> = (1..=n as u8).collect();
    labels.shuffle(rng);
    let relabelled: Vec<u8> = grid
        .values()
        .iter()
        .map(|&x| labels[x as usize - 1])
        .collect();
    Grid::from_values(shape, relabelled).ok()
}

/// Jigsaw regions: the boxes, changed by random swaps of cells between neighbouring
/// regions that keep both connected.
fn jigsaw_regions(shape: Shape, rng: &mut ChaCha8Rng) -> Vec<Vec<u16>> {
    let n = shape.size();
    let cells = shape.cells();
    let (br, bc) = (shape.box_rows(), shape.box_cols());
    let mut region: Vec<usize> = (0..cells)
        .map(|c| (c / n / br) * (n / bc) + (c % n) / bc)
        .collect();
    let connected =
        |region: &[usize], id: usize| connected(shape, (0..cells).filter(|&c| region[c] == id));
    for _ in 0..cells * 6 {
        let a = rng.gen_range(0..cells);
        let b_candidates: Vec<usize> = neighbours(shape, a)
            .filter(|&o| region[o] != region[a])
            .collect();
        let Some(&b) = b_candidates.choose(rng) else {
            continue;
        };
        let (ra, rb) = (region[a], region[b]);
        // Swap: a joins rb and some cell of rb next to ra joins ra.
        let back: Vec<usize> = (0..cells)
            .filter(|&c| {
                region[c] == rb && c != b && neighbours(shape, c).any(|o| region[o] == ra && o != a)
            })
            .collect();
        let Some(&c) = back.choose(rng) else {
            continue;
        };
        region[a] = rb;
        region[c] = ra;
        if !(connected(&region, ra) && connected(&region, rb)) {
            region[a] = ra;
            region[c] = rb;
        }
    }
    (0..n)
        .map(|id| {
            (0..cells)
                .filter(|&c| region[c] == id)
                .map(|c| c as u16)
                .collect()
        })
        .collect()
}

/// Jigsaw, X, windoku: the rules, a complete grid under them, givens dug.
fn regions(
    kind: VariantKind,
    shape: Shape,
    rng: &mut ChaCha8Rng,
    groups: &[Vec<u16>],
    judge: Judge,
) -> Option<GeneratedVariant> {
    let variant = match kind {
        VariantKind::Jigsaw => Variant::new(
            shape,
            false,
            vec![Constraint::Jigsaw {
                regions: jigsaw_regions(shape, rng),
            }],
        ),
        VariantKind::X => Variant::new(
            shape,
            true,
            vec![
                Constraint::Diagonal { anti: false },
                Constraint::Diagonal { anti: true },
            ],
        ),
        _ => Variant::new(shape, true, vec![Constraint::Windoku]),
    }
    .ok()?;
    let solution = fill(&variant, rng)?;
    Some(dig(solution, variant, rng, groups, judge))
}

/// Thermo: thermometers along rising values of a classic grid, then givens dug.
fn thermo(
    shape: Shape,
    rng: &mut ChaCha8Rng,
    groups: &[Vec<u16>],
    judge: Judge,
) -> Option<GeneratedVariant> {
    let solution = prepare_array(shape, rng);
    let n = shape.size();
    let mut used = vec![false; shape.cells()];
    let mut rules = Vec::new();
    let mut starts: Vec<usize> = (0..shape.cells()).collect();
    starts.shuffle(rng);
    let want = n - n / 3;
    for start in starts {
        if rules.len() >= want {
            break;
        }
        if used[start] {
            continue;
        }
        let len = rng.gen_range(3..=6usize.min(n));
        let mut line = vec![start];
        while line.len() < len {
            let last = *line.last()?;
            // A king's step (diagonals too, as thermometers bend) to a higher value.
            let (r, c) = ((last / n) as isize, (last % n) as isize);
            let mut next: Vec<usize> = Vec::new();
            for dr in -1isize..=1 {
                for dc in -1isize..=1 {
                    let (rr, cc) = (r + dr, c + dc);
                    if (dr, dc) == (0, 0)
                        || rr < 0
                        || cc < 0
                        || rr >= n as isize
                        || cc >= n as isize
                    {
                        continue;
                    }
                    let o = rr as usize * n + cc as usize;
                    if !used[o] && !line.contains(&o) && solution.get(o) > solution.get(last) {
                        next.push(o);
                    }
                }
            }
            let Some(&o) = next.choose(rng) else { break };
            line.push(o);
        }
        if line.len() < 3 {
            continue;
        }
        for &c in &line {
            used[c] = true;
        }
        rules.push(Constraint::Thermo {
            cells: line.into_iter().map(|c| c as u16).collect(),
            slow: false,
        });
    }
    let variant = Variant::new(shape, true, rules).ok()?;
    Some(dig(solution, variant, rng, groups, judge))
}

/// The puzzle of `v` made by digging givens from its full grid `solution` in random order
/// of the symmetry's groups, each group left empty only while the puzzle stays unique (at
/// a level: solved by the techniques up to it, the rules read once for every try).
fn dig(
    solution: Grid,
    v: Variant,
    rng: &mut ChaCha8Rng,
    groups: &[Vec<u16>],
    judge: Judge,
) -> GeneratedVariant {
    let steps = judge.0.map(|_| engine::StepSolver::new(&v));
    let mut puzzle = solution.clone();
    let mut order: Vec<&Vec<u16>> = groups.iter().collect();
    order.shuffle(rng);
    for group in order {
        let mut trial = puzzle.clone();
        for &c in group {
            trial.set(c as usize, 0);
        }
        let keeps = match (&steps, judge.0) {
            (Some(s), Some(max)) => s.solve_within(&trial, max).is_ok(),
            _ => judge.keeps(&trial, &v),
        };
        if keeps {
            puzzle = trial;
        }
    }
    drop(steps); // borrows `v`, which the puzzle takes
    GeneratedVariant {
        puzzle,
        variant: v,
        solution,
        level: None,
    }
}
