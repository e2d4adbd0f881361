//! The grid: N*N cells, each holding a value 1..N or 0 for blank.

use serde::{Deserialize, Serialize};

use crate::error::{Conflict, GridError};
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
    type Error = GridError;
    fn try_from(w: GridWire) -> Result<Grid, GridError> {
        Grid::from_values(w.shape, w.cells)
    }
}

/// A value's bit in a mask (value v is bit v - 1); none for a blank.
static BIT: [u64; crate::MAX_SIZE + 1] = {
    let mut t = [0u64; crate::MAX_SIZE + 1];
    let mut v = 1;
    while v <= crate::MAX_SIZE {
        t[v] = 1 << (v - 1);
        v += 1;
    }
    t
};

impl Grid {
    /// An empty grid of this shape.
    pub fn empty(shape: Shape) -> Grid {
        Grid {
            shape,
            cells: vec![0; shape.cells()],
        }
    }

    /// A grid from values in reading order (0 = blank). Does not check conflicts (see
    /// [`Grid::check`]).
    ///
    /// # Errors
    ///
    /// [`GridError::Count`] when there are not N*N values, [`GridError::OutOfRange`] when a
    /// value is above N.
    ///
    /// # Examples
    ///
    /// ```
    /// use numpl_core::{Grid, GridError, Shape};
    ///
    /// let shape = Shape::new(2, 2).unwrap();
    /// let grid = Grid::from_values(shape, vec![0; 16]).unwrap();
    /// assert_eq!(grid.filled(), 0);
    /// let err = Grid::from_values(shape, vec![5; 16]).unwrap_err();
    /// assert!(matches!(err, GridError::OutOfRange { value: 5, .. }));
    /// assert_eq!(err.to_string(), "value 5 at r1c1 is out of range 1..4");
    /// ```
    pub fn from_values(shape: Shape, cells: Vec<u8>) -> Result<Grid, GridError> {
        if cells.len() != shape.cells() {
            return Err(GridError::Count {
                found: cells.len(),
                shape,
                expected: shape.cells(),
            });
        }
        // The maximum first (a loop without early exit, vectorised): values are almost
        // always in range.
        let max = cells.iter().copied().fold(0, u8::max);
        if max as usize <= shape.size() {
            return Ok(Grid { shape, cells });
        }
        if let Some(i) = cells.iter().position(|&v| v as usize > shape.size()) {
            return Err(GridError::OutOfRange {
                value: cells[i],
                cell: Cell::new(i as u16),
                shape,
            });
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
    ///
    /// # Panics
    ///
    /// When `cell` is not below N*N ([`Grid::values`]`.get(cell)` does not panic).
    #[inline]
    pub fn get(&self, cell: usize) -> u8 {
        self.cells[cell]
    }

    /// Sets a cell (index in reading order) to `value` (0 = blank).
    ///
    /// # Panics
    ///
    /// When `cell` is not below N*N or `value` is above N; [`Grid::try_set`] returns an
    /// error instead.
    #[inline]
    pub fn set(&mut self, cell: usize, value: u8) {
        assert!(value as usize <= self.size(), "value {value} out of range");
        self.cells[cell] = value;
    }

    /// Sets a cell (index in reading order) to `value` (0 = blank).
    ///
    /// # Errors
    ///
    /// [`GridError::NoSuchCell`] when `cell` is not below N*N, [`GridError::OutOfRange`]
    /// when `value` is above N; the grid is left as it was.
    ///
    /// # Examples
    ///
    /// ```
    /// use numpl_core::{Grid, Shape};
    ///
    /// let mut grid = Grid::empty(Shape::NINE);
    /// grid.try_set(80, 9).unwrap();
    /// assert_eq!(grid.get(80), 9);
    /// assert!(grid.try_set(81, 1).is_err());
    /// assert!(grid.try_set(0, 10).is_err());
    /// ```
    pub fn try_set(&mut self, cell: usize, value: u8) -> Result<(), GridError> {
        let shape = self.shape;
        let slot = self
            .cells
            .get_mut(cell)
            .ok_or(GridError::NoSuchCell { index: cell, shape })?;
        if value as usize > shape.size() {
            return Err(GridError::OutOfRange {
                value,
                cell: Cell::new(cell as u16),
                shape,
            });
        }
        *slot = value;
        Ok(())
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
        best.map(|(a, b, v)| Conflict::new(self.shape, Cell::new(a), Cell::new(b), v))
    }

    /// Ok when no two filled cells of a unit hold the same value.
    ///
    /// # Errors
    ///
    /// The first [`Conflict`] ([`Grid::first_conflict`]) when there is one.
    pub fn check(&self) -> Result<(), Conflict> {
        if !self.has_conflict() {
            return Ok(());
        }
        match self.first_conflict() {
            Some(c) => Err(c),
            None => Ok(()),
        }
    }

    /// Whether some unit holds a value twice. One pass in reading order ORs each value's
    /// bit into its row's, column's and box's mask (boxes found without division, bits
    /// from a table, no branches); a unit holds no value twice exactly when its mask has
    /// as many bits as it has filled cells, so the grid has no conflict exactly when the
    /// masks' bits add up to three per filled cell.
    fn has_conflict(&self) -> bool {
        if let Ok(cells) = <&[u8; 81]>::try_from(&self.cells[..]) {
            if self.shape == Shape::NINE {
                return has_conflict_nine(cells);
            }
        }
        let (n, br, bc) = (
            self.shape.size(),
            self.shape.box_rows(),
            self.shape.box_cols(),
        );
        let mut cols = [0u64; crate::MAX_SIZE];
        let mut boxes = [0u64; crate::MAX_SIZE];
        let mut bits = 0u32;
        for (r, row) in self.cells.chunks_exact(n).enumerate() {
            // The band's first box; boxes per band = N / C = R.
            let band = (r / br) * br;
            let mut row_mask = 0u64;
            for (bx, part) in row.chunks_exact(bc).enumerate() {
                let mut box_mask = boxes[band + bx];
                let cols = &mut cols[bx * bc..(bx + 1) * bc];
                for (col, &v) in cols.iter_mut().zip(part) {
                    let bit = BIT[v as usize];
                    row_mask |= bit;
                    *col |= bit;
                    box_mask |= bit;
                }
                boxes[band + bx] = box_mask;
            }
            bits += row_mask.count_ones();
        }
        for m in cols[..n].iter().chain(&boxes[..n]) {
            bits += m.count_ones();
        }
        bits as usize != 3 * self.filled()
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

/// [`Grid::has_conflict`] for 9x9, unrolled by the compiler: a unit holds no value twice
/// exactly when the OR of its values' bits equals their sum (bits are powers of two), so
/// the grid has no conflict exactly when the ORs of all 27 units add up to three times the
/// sum of every cell's bit. No popcount, no branch, no table.
fn has_conflict_nine(cells: &[u8; 81]) -> bool {
    let mut cols = [0u32; 9];
    let mut boxes = [0u32; 9];
    let (mut sum, mut ors) = (0u32, 0u32);
    for r in 0..9 {
        let mut row = 0u32;
        for c in 0..9 {
            // Value v is bit v - 1; a blank (0) is no bit.
            let bit = (1u32 << cells[r * 9 + c]) >> 1;
            sum += bit;
            row |= bit;
            cols[c] |= bit;
            boxes[r / 3 * 3 + c / 3] |= bit;
        }
        ors += row;
    }
    ors += cols.iter().sum::<u32>() + boxes.iter().sum::<u32>();
    ors != 3 * sum
}
