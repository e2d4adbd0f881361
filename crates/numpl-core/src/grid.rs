//! The grid: N*N cells, each holding a value 1..N or 0 for blank.

use serde::{Deserialize, Serialize};

use crate::error::Conflict;
use crate::{Cell, Mask, Shape};

/// A grid of any shape: values in reading order, 0 for a blank cell.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "GridWire", into = "GridWire")]
pub struct Grid {
    shape: Shape,
    cells: Vec<u8>,
}

/// The serde form of a grid: `{"box":"3x3","cells":[0,5,...]}`.
#[derive(Serialize, Deserialize)]
struct GridWire {
    #[serde(rename = "box")]
    shape: Shape,
    cells: Vec<u8>,
}

impl From<Grid> for GridWire {
    fn from(g: Grid) -> GridWire {
        GridWire {
            shape: g.shape,
            cells: g.cells,
        }
    }
}

impl TryFrom<GridWire> for Grid {
    type Error = String;
    fn try_from(w: GridWire) -> Result<Grid, String> {
        Grid::from_values(w.shape, w.cells)
    }
}

impl Grid {
    /// An empty grid of this shape.
    pub fn empty(shape: Shape) -> Grid {
        Grid {
            shape,
            cells: vec![0; shape.cells()],
        }
    }

    /// A grid from values in reading order (0 = blank). Fails when the count is not N*N
    /// or a value is above N; does not check conflicts (see [`Grid::check`]).
    pub fn from_values(shape: Shape, cells: Vec<u8>) -> Result<Grid, String> {
        if cells.len() != shape.cells() {
            return Err(format!(
                "{} values given; a {} grid has {}",
                cells.len(),
                shape,
                shape.cells()
            ));
        }
        if let Some(i) = cells.iter().position(|&v| v as usize > shape.size()) {
            return Err(format!(
                "value {} at {} is out of range 1..{}",
                cells[i],
                shape.cell_name(Cell(i as u16)),
                shape.size()
            ));
        }
        Ok(Grid { shape, cells })
    }

    /// The shape of the grid.
    #[inline]
    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// The side N.
    #[inline]
    pub fn size(&self) -> usize {
        self.shape.size()
    }

    /// The value of a cell (index in reading order), 0 if blank.
    #[inline]
    pub fn get(&self, cell: usize) -> u8 {
        self.cells[cell]
    }

    /// Sets a cell (0 = blank). Panics if `value > N`: callers hold checked values.
    #[inline]
    pub fn set(&mut self, cell: usize, value: u8) {
        assert!(value as usize <= self.size(), "value {value} out of range");
        self.cells[cell] = value;
    }

    /// All values in reading order.
    #[inline]
    pub fn values(&self) -> &[u8] {
        &self.cells
    }

    /// The number of filled cells.
    pub fn filled(&self) -> usize {
        self.cells.iter().filter(|&&v| v != 0).count()
    }

    /// Whether every cell is filled.
    pub fn is_full(&self) -> bool {
        self.cells.iter().all(|&v| v != 0)
    }

    /// The first pair of filled cells that share a unit and a value, if any.
    pub fn first_conflict(&self) -> Option<Conflict> {
        let geo = self.shape.geometry();
        let n = self.size();
        let mut seen = vec![u16::MAX; n + 1];
        let mut best: Option<(u16, u16, u8)> = None;
        for unit in 0..geo.unit_count() {
            seen.iter_mut().for_each(|s| *s = u16::MAX);
            for &c in geo.unit(unit) {
                let v = self.cells[c as usize];
                if v == 0 {
                    continue;
                }
                let prev = seen[v as usize];
                if prev == u16::MAX {
                    seen[v as usize] = c;
                } else {
                    // Report the conflict whose second cell comes first in reading order.
                    if best.is_none_or(|(a, b, _)| (c, prev) < (b, a)) {
                        best = Some((prev, c, v));
                    }
                    break;
                }
            }
        }
        best.map(|(a, b, v)| Conflict {
            first: self.shape.cell_name(Cell(a)),
            second: self.shape.cell_name(Cell(b)),
            value: v,
        })
    }

    /// Ok when no two filled cells of a unit hold the same value.
    pub fn check(&self) -> Result<(), Conflict> {
        if !self.has_conflict() {
            return Ok(());
        }
        match self.first_conflict() {
            Some(c) => Err(c),
            None => Ok(()),
        }
    }

    /// Whether some unit holds a value twice: one pass in reading order with a mask per
    /// row, column and box, boxes found without division (no tables, no branches on
    /// values); the common answer, no conflict, costs a few nanoseconds on 9x9.
    fn has_conflict(&self) -> bool {
        let (n, br, bc) = (
            self.shape.size(),
            self.shape.box_rows(),
            self.shape.box_cols(),
        );
        let mut cols = [0u64; crate::MAX_SIZE];
        let mut boxes = [0u64; crate::MAX_SIZE];
        let mut dup = 0u64;
        for (r, row) in self.cells.chunks_exact(n).enumerate() {
            // The band's first box; boxes per band = N / C = R.
            let band = (r / br) * br;
            let mut row_mask = 0u64;
            for (bx, part) in row.chunks_exact(bc).enumerate() {
                // The box mask stays in a register across its cells of this row.
                let mut box_mask = boxes[band + bx];
                let cols = &mut cols[bx * bc..(bx + 1) * bc];
                for (col, &v) in cols.iter_mut().zip(part) {
                    let bit = if v == 0 { 0 } else { 1u64 << (v - 1) };
                    dup |= (row_mask | *col | box_mask) & bit;
                    row_mask |= bit;
                    *col |= bit;
                    box_mask |= bit;
                }
                boxes[band + bx] = box_mask;
            }
        }
        dup != 0
    }

    /// Each cell's candidates: a filled cell has its own value only; an open cell has
    /// every value not yet placed among its peers.
    pub fn candidates(&self) -> Vec<Mask> {
        let geo = self.shape.geometry();
        let all = self.shape.all_values();
        let mut used = vec![Mask::EMPTY; geo.unit_count()];
        for (i, &v) in self.cells.iter().enumerate() {
            if v != 0 {
                for u in geo.units_of(i) {
                    used[u as usize].insert(v);
                }
            }
        }
        self.cells
            .iter()
            .enumerate()
            .map(|(i, &v)| {
                if v != 0 {
                    Mask::single(v)
                } else {
                    let [a, b, c] = geo.units_of(i);
                    all - (used[a as usize] | used[b as usize] | used[c as usize])
                }
            })
            .collect()
    }

    /// Whether `self` is a complete, valid grid that keeps every given of `puzzle`.
    pub fn is_solution_of(&self, puzzle: &Grid) -> bool {
        self.shape == puzzle.shape
            && self.is_full()
            && self.first_conflict().is_none()
            && puzzle
                .cells
                .iter()
                .zip(&self.cells)
                .all(|(&p, &s)| p == 0 || p == s)
    }
}
