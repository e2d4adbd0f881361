//! What a picture shows, before it is drawn: the values (givens apart from placed values),
//! pencil marks, and the highlights of a step (cells by role, candidates placed or
//! eliminated, chain links), with a caption.

use numpl_core::variant::Variant;
use numpl_core::{Cell, Grid, Mask, Shape, Unit, UnitKind};
use numpl_solve::{Board, Step, Technique};

/// The role of a highlighted cell, written as `data-role` on the cell's element.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum CellRole {
    /// A cell of the pattern (a subset, the base cells of a fish, a rectangle).
    Pattern,
    /// The pivot of a wing.
    Pivot,
    /// A pincer (wing) of a wing.
    Pincer,
    /// A fin of a finned or sashimi fish, or another extra cell of a pattern.
    Fin,
    /// A cell on a chain, or coloured by a colouring technique.
    Chain,
    /// A cell of the first set of cells (ALS A, Sue de Coq's intersection).
    SetA,
    /// A cell of the second set.
    SetB,
    /// A cell of the third set.
    SetC,
}

impl CellRole {
    /// The name used in `data-role`.
    pub const fn name(self) -> &'static str {
        match self {
            CellRole::Pattern => "pattern",
            CellRole::Pivot => "pivot",
            CellRole::Pincer => "pincer",
            CellRole::Fin => "fin",
            CellRole::Chain => "chain",
            CellRole::SetA => "set-a",
            CellRole::SetB => "set-b",
            CellRole::SetC => "set-c",
        }
    }
}

/// The role of a highlighted candidate, written as `data-role` on its mark.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum MarkRole {
    /// The step places this value.
    Placed,
    /// The step removes this candidate.
    Eliminated,
    /// A candidate of the pattern.
    Pattern,
    /// A candidate in a fin.
    Fin,
    /// A chain node the chain makes true (or a colouring's first colour).
    On,
    /// A chain node the chain makes false (or a colouring's second colour).
    Off,
}

impl MarkRole {
    /// The name used in `data-role`.
    pub const fn name(self) -> &'static str {
        match self {
            MarkRole::Placed => "placed",
            MarkRole::Eliminated => "eliminated",
            MarkRole::Pattern => "pattern",
            MarkRole::Fin => "fin",
            MarkRole::On => "on",
            MarkRole::Off => "off",
        }
    }
}

/// The role of a shaded unit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum HouseRole {
    /// The unit a single or subset works in; the base units of a fish.
    Base,
    /// The cover units of a fish; the second unit of locked candidates.
    Cover,
}

impl HouseRole {
    /// The name used in the SVG's class (`h-base`, `h-cover`) without its prefix.
    pub const fn name(self) -> &'static str {
        match self {
            HouseRole::Base => "base",
            HouseRole::Cover => "cover",
        }
    }
}

/// A link between two candidates of a chain: strong (`=`, drawn solid) or weak (`-`,
/// dashed).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Link {
    /// Where it starts: a cell and a value.
    pub from: (Cell, u8),
    /// Where it ends.
    pub to: (Cell, u8),
    /// True for a strong link.
    pub strong: bool,
}

/// A grid to draw, with everything it shows. Build one with [`Picture::new`] and the
/// builder methods, or [`Picture::of_step`]; draw it with [`Picture::to_svg`].
#[derive(Clone, Debug)]
pub struct Picture {
    pub(crate) shape: Shape,
    pub(crate) values: Vec<u8>,
    pub(crate) givens: Vec<bool>,
    pub(crate) candidates: Option<Vec<Mask>>,
    pub(crate) cell_roles: Vec<Option<CellRole>>,
    pub(crate) houses: Vec<Option<HouseRole>>,
    pub(crate) marks: Vec<(Cell, u8, MarkRole)>,
    pub(crate) links: Vec<Link>,
    pub(crate) caption: Option<String>,
    pub(crate) variant: Option<Variant>,
}

impl Picture {
    /// A picture of `grid`: every value in it is a given.
    pub fn new(grid: &Grid) -> Picture {
        let values = grid.values().to_vec();
        let n = values.len();
        Picture {
            shape: grid.shape(),
            givens: values.iter().map(|&v| v != 0).collect(),
            values,
            candidates: None,
            cell_roles: vec![None; n],
            houses: vec![None; n],
            marks: Vec::new(),
            links: Vec::new(),
            caption: None,
            variant: None,
        }
    }

    /// Draws a variant puzzle's constraints (cages, thermometers, arrows, dots, lines,
    /// regions, outside clues) as SudokuPad does, and names the rules no shape shows in
    /// the caption. A variant of another shape than the grid's is ignored.
    pub fn with_variant(mut self, variant: &Variant) -> Picture {
        if variant.shape() == self.shape {
            self.variant = Some(variant.clone());
        }
        self
    }

    /// The variant whose constraints the picture draws, if any.
    pub fn variant(&self) -> Option<&Variant> {
        self.variant.as_ref()
    }

    /// Shows `grid`'s values (a solution, or a position part of the way), with the values
    /// of `puzzle` as givens and the others as placed values. The grids must have one shape.
    pub fn with_values(mut self, puzzle: &Grid, grid: &Grid) -> Picture {
        if grid.shape() == self.shape && puzzle.shape() == self.shape {
            self.values = grid.values().to_vec();
            self.givens = puzzle.values().iter().map(|&v| v != 0).collect();
        }
        self
    }

    /// Draws pencil marks in open cells: one mask per cell (e.g. [`Grid::candidates`] or
    /// [`Board::candidates`]); filled cells show their value whatever their mask.
    pub fn with_candidates(mut self, candidates: &[Mask]) -> Picture {
        if candidates.len() == self.values.len() {
            self.candidates = Some(candidates.to_vec());
        }
        self
    }

    /// A caption under the grid (wrapped to the grid's width).
    pub fn with_caption(mut self, caption: impl Into<String>) -> Picture {
        self.caption = Some(caption.into());
        self
    }

    /// Gives a cell a role (drawn as its background colour).
    pub fn mark_cell(mut self, cell: Cell, role: CellRole) -> Picture {
        self.set_cell(cell, role);
        self
    }

    /// Highlights candidate `value` of `cell`.
    pub fn mark_candidate(mut self, cell: Cell, value: u8, role: MarkRole) -> Picture {
        self.set_mark(cell, value, role);
        self
    }

    /// Shades every cell of `unit` that has no role of its own.
    pub fn shade_unit(mut self, unit: Unit, role: HouseRole) -> Picture {
        self.shade(unit, role);
        self
    }

    /// Draws a link between two candidates.
    pub fn link(mut self, link: Link) -> Picture {
        self.links.push(link);
        self
    }

    /// The role of `cell`, if the picture highlights it (what `data-role` says).
    pub fn cell_role(&self, cell: Cell) -> Option<CellRole> {
        self.cell_roles.get(cell.index()).copied().flatten()
    }

    /// The shading of `cell`'s house, if any (a cell with a role of its own has none).
    pub fn house_role(&self, cell: Cell) -> Option<HouseRole> {
        self.houses.get(cell.index()).copied().flatten()
    }

    /// The highlighted candidates: (cell, value, role), in the order they were set.
    pub fn mark_roles(&self) -> &[(Cell, u8, MarkRole)] {
        &self.marks
    }

    /// The picture of a step as a player sees it before taking it: `puzzle` gives the
    /// givens, `board` the position (values and candidates) before the step, and the
    /// step's cells, candidates and links are coloured by role. The caption is the step's
    /// sentence ([`Step::describe`]).
    pub fn of_step(puzzle: &Grid, board: &Board, step: &Step) -> Picture {
        let grid = board.grid();
        let mut p = Picture::new(puzzle)
            .with_values(puzzle, &grid)
            .with_candidates(&board.candidates())
            .with_caption(step.describe(board.shape()));
        p.highlight(step, board);
        p
    }

    /// A step given by its parts (a variant step, whose techniques this crate does not
    /// know): `cells` shaded as the pattern, `placements` and `eliminations` marked as a
    /// classic step's are (placed, eliminated), over the candidates set before.
    pub fn with_pattern(
        mut self,
        cells: &[Cell],
        placements: &[(Cell, u8)],
        eliminations: &[(Cell, u8)],
    ) -> Picture {
        for &c in cells {
            self.add_cell(c, CellRole::Pattern);
        }
        for &(c, v) in placements {
            self.set_cell(c, CellRole::Pattern);
            self.set_mark(c, v, MarkRole::Placed);
        }
        for &(c, v) in eliminations {
            self.set_mark(c, v, MarkRole::Eliminated);
        }
        self
    }

    fn in_range(&self, cell: Cell) -> bool {
        cell.index() < self.values.len()
    }

    fn set_cell(&mut self, cell: Cell, role: CellRole) {
        if self.in_range(cell) {
            self.cell_roles[cell.index()] = Some(role);
        }
    }

    /// Sets a cell's role unless it has one already.
    fn add_cell(&mut self, cell: Cell, role: CellRole) {
        if self.in_range(cell) && self.cell_roles[cell.index()].is_none() {
            self.cell_roles[cell.index()] = Some(role);
        }
    }

    fn set_mark(&mut self, cell: Cell, value: u8, role: MarkRole) {
        if !self.in_range(cell) || value == 0 || value as usize > self.shape.size() {
            return;
        }
        match self
            .marks
            .iter_mut()
            .find(|(c, v, _)| *c == cell && *v == value)
        {
            Some(m) => m.2 = role,
            None => self.marks.push((cell, value, role)),
        }
    }

    /// Marks `values` in `cell` where the board has them as candidates.
    fn mark_values(&mut self, board: &Board, cell: Cell, values: Mask, role: MarkRole) {
        let have = board.candidates_of(cell);
        for v in values.iter() {
            if have.contains(v) {
                self.set_mark(cell, v, role);
            }
        }
    }

    fn shade(&mut self, unit: Unit, role: HouseRole) {
        let geo = self.shape.geometry();
        let n = self.shape.size();
        // The unit's number by its kind (rows, then columns, then boxes), through core's
        // accessor rather than its field.
        let u = match self.shape.unit_kind(unit) {
            UnitKind::Row(i) => i,
            UnitKind::Col(i) => n + i,
            UnitKind::Box(i) => 2 * n + i,
        };
        if u >= geo.unit_count() {
            return;
        }
        for &c in geo.unit(u) {
            let slot = &mut self.houses[c as usize];
            if slot.is_none() {
                *slot = Some(role);
            }
        }
    }

    fn chain_links(&mut self, nodes: &[(Cell, u8)], strong: &[bool]) {
        for (i, w) in nodes.windows(2).enumerate() {
            self.links.push(Link {
                from: w[0],
                to: w[1],
                strong: strong.get(i).copied().unwrap_or(false),
            });
        }
    }

    /// Colours the pattern of `step` by role. Conclusions are marked last, so a candidate
    /// the step removes always shows as eliminated.
    fn highlight(&mut self, step: &Step, board: &Board) {
        use Technique::*;
        let values = step.values;
        let cells = step.cells.clone();
        let units = step.units.clone();
        match step.technique {
            FullHouse | NakedSingle | HiddenSingle => {
                if let Some(&u) = units.first() {
                    self.shade(u, HouseRole::Base);
                }
                for &(c, _) in &step.placements {
                    self.set_cell(c, CellRole::Pattern);
                }
            }
            LockedCandidatesPointing | LockedCandidatesClaiming => {
                if let Some(&u) = units.first() {
                    self.shade(u, HouseRole::Base);
                }
                if let Some(&u) = units.get(1) {
                    self.shade(u, HouseRole::Cover);
                }
                for &c in &cells {
                    self.set_cell(c, CellRole::Pattern);
                    self.mark_values(board, c, values, MarkRole::Pattern);
                }
            }
            KrakenFish => {
                let k = units.len() / 2;
                for (i, &u) in units.iter().enumerate() {
                    self.shade(
                        u,
                        if i < k {
                            HouseRole::Base
                        } else {
                            HouseRole::Cover
                        },
                    );
                }
                for &c in &cells {
                    self.set_cell(c, CellRole::Pattern);
                    self.mark_values(board, c, values, MarkRole::Pattern);
                }
                for &c in &step.extra {
                    self.set_cell(c, CellRole::Fin);
                    self.mark_values(board, c, values, MarkRole::Fin);
                }
            }
            Fish(k) | FinnedFish(k) | SashimiFish(k) | FrankenFish(k) | FinnedFrankenFish(k)
            | MutantFish(k) | FinnedMutantFish(k) => {
                let k = k as usize;
                for (i, &u) in units.iter().enumerate() {
                    let role = if i < k {
                        HouseRole::Base
                    } else {
                        HouseRole::Cover
                    };
                    self.shade(u, role);
                }
                for &c in &cells {
                    self.set_cell(c, CellRole::Pattern);
                    self.mark_values(board, c, values, MarkRole::Pattern);
                }
                for &c in &step.extra {
                    self.set_cell(c, CellRole::Fin);
                    self.mark_values(board, c, values, MarkRole::Fin);
                }
            }
            XyWing | XyzWing => {
                for (i, &c) in cells.iter().enumerate() {
                    let role = if i == 0 {
                        CellRole::Pivot
                    } else {
                        CellRole::Pincer
                    };
                    self.set_cell(c, role);
                    self.mark_values(board, c, values, MarkRole::Pattern);
                }
            }
            WWing if cells.len() >= 4 => {
                // a - e0 = e1 - c on the value x the step does not remove.
                let y = step.eliminations.first().map(|&(_, v)| v);
                let x = values.iter().find(|&v| Some(v) != y).unwrap_or(0);
                for &c in &cells[..2] {
                    self.set_cell(c, CellRole::Pincer);
                    self.mark_values(board, c, values, MarkRole::Pattern);
                }
                for &c in &cells[2..4] {
                    self.set_cell(c, CellRole::Chain);
                    self.mark_values(board, c, Mask::single(x), MarkRole::On);
                }
                let nodes = [(cells[0], x), (cells[2], x), (cells[3], x), (cells[1], x)];
                self.chain_links(&nodes, &[false, true, false]);
            }
            Skyscraper | TwoStringKite if cells.len() >= 4 => {
                let v = values.first().unwrap_or(0);
                // Skyscraper cells: base1, end1, base2, end2 (end1 = base1 - base2 = end2);
                // kite: row end, row inner, column inner, column end.
                let order = if step.technique == Skyscraper {
                    [1, 0, 2, 3]
                } else {
                    [0, 1, 2, 3]
                };
                for &u in &units {
                    self.shade(u, HouseRole::Base);
                }
                let nodes: Vec<(Cell, u8)> = order.iter().map(|&i| (cells[i], v)).collect();
                for (i, &(c, _)) in nodes.iter().enumerate() {
                    self.set_cell(c, CellRole::Chain);
                    let role = if i % 2 == 0 {
                        MarkRole::Off
                    } else {
                        MarkRole::On
                    };
                    self.set_mark(c, v, role);
                }
                self.chain_links(&nodes, &[true, false, true]);
            }
            SimpleColors | MultiColors => {
                for &c in &cells {
                    self.set_cell(c, CellRole::Chain);
                    self.mark_values(board, c, values, MarkRole::On);
                }
                for &c in &step.extra {
                    self.set_cell(c, CellRole::Chain);
                    self.mark_values(board, c, values, MarkRole::Off);
                }
            }
            SueDeCoq | AlsXz | AlsXyWing | AlsXyChain | DeathBlossom => {
                let roles = [CellRole::SetA, CellRole::SetB, CellRole::SetC];
                if step.technique == DeathBlossom {
                    for &c in &step.extra {
                        self.set_cell(c, CellRole::Pivot);
                        self.mark_values(board, c, board.candidates_of(c), MarkRole::Pattern);
                    }
                }
                for (i, (group, m)) in step.groups.iter().enumerate() {
                    for &c in group {
                        self.add_cell(c, roles[i % 3]);
                        self.mark_values(board, c, *m, MarkRole::Pattern);
                    }
                }
                for &u in &units {
                    self.shade(u, HouseRole::Base);
                }
            }
            _ => {
                for &u in &units {
                    self.shade(u, HouseRole::Base);
                }
                if step.chain.is_empty() {
                    for (i, &c) in cells.iter().enumerate() {
                        self.set_cell(c, CellRole::Pattern);
                        let m = step
                            .cell_candidates
                            .get(i)
                            .copied()
                            .filter(|_| values.is_empty())
                            .unwrap_or(values);
                        self.mark_values(board, c, m, MarkRole::Pattern);
                    }
                }
                for &c in &step.extra {
                    self.add_cell(c, CellRole::Fin);
                    self.mark_values(board, c, values, MarkRole::Fin);
                }
            }
        }
        // A forcing chain or net has several branches, each linked from its premise; a
        // kraken fish has a chain from each fin: each is drawn on its own.
        for branch in step.chain_branches() {
            let mut nodes = Vec::with_capacity(branch.len());
            let mut strong = Vec::with_capacity(branch.len());
            for (i, node) in branch.iter().enumerate() {
                let role = if node.on { MarkRole::On } else { MarkRole::Off };
                for &c in std::iter::once(&node.cell).chain(&node.group) {
                    self.add_cell(c, CellRole::Chain);
                    self.set_mark(c, node.value, role);
                }
                nodes.push((node.cell, node.value));
                if i > 0 {
                    strong.push(node.on);
                }
            }
            self.chain_links(&nodes, &strong);
        }
        for &(c, v) in &step.placements {
            self.set_mark(c, v, MarkRole::Placed);
        }
        for &(c, v) in &step.eliminations {
            self.set_mark(c, v, MarkRole::Eliminated);
        }
    }
}
