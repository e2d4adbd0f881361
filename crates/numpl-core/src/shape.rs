//! Grid shapes, cell positions and the unit/peer tables of each shape.

use std::collections::HashMap;
use std::fmt;
use std::str::FromStr;
use std::sync::{Mutex, OnceLock};

use crate::error::ShapeError;

/// The largest side a grid may have (CONTRACT §1): one `u64` holds every value's bit.
pub const MAX_SIZE: usize = 64;

/// A cell index in reading order, `0..N*N`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Cell(pub u16);

impl Cell {
    /// The index of this cell in reading order.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }
}

/// A unit (house): a row, a column or a box. Units are numbered rows `0..N`,
/// columns `N..2N`, boxes `2N..3N`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Unit(pub u16);

/// What kind of unit a [`Unit`] is, with its 0-based index among its kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum UnitKind {
    /// The row with this 0-based index.
    Row(usize),
    /// The column with this 0-based index.
    Col(usize),
    /// The box with this 0-based index (reading order of boxes).
    Box(usize),
}

/// The shape of a grid: N x N cells in boxes of R rows x C columns, N = R*C.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Shape {
    box_rows: u8,
    box_cols: u8,
}

impl Shape {
    /// The classic 9x9 grid with 3x3 boxes.
    pub const NINE: Shape = Shape {
        box_rows: 3,
        box_cols: 3,
    };

    /// A shape with boxes of `box_rows` x `box_cols` (both at least 2, product at most 64).
    pub fn new(box_rows: usize, box_cols: usize) -> Result<Shape, ShapeError> {
        if box_rows < 2 || box_cols < 2 || box_rows * box_cols > MAX_SIZE {
            return Err(ShapeError::BadBox { box_rows, box_cols });
        }
        Ok(Shape {
            box_rows: box_rows as u8,
            box_cols: box_cols as u8,
        })
    }

    /// The most square box shape with R <= C for a side of `n` (CONTRACT §1).
    pub fn from_size(n: usize) -> Result<Shape, ShapeError> {
        if n > MAX_SIZE {
            return Err(ShapeError::TooLarge { size: n });
        }
        let mut best = None;
        let mut r = 2;
        while r * r <= n {
            if n.is_multiple_of(r) && n / r >= 2 {
                best = Some(r);
            }
            r += 1;
        }
        match best {
            Some(r) => Shape::new(r, n / r),
            None => Err(ShapeError::NoBoxShape { size: n }),
        }
    }

    /// The side N of the grid.
    #[inline]
    pub const fn size(self) -> usize {
        self.box_rows as usize * self.box_cols as usize
    }

    /// The number of cells, N*N.
    #[inline]
    pub const fn cells(self) -> usize {
        self.size() * self.size()
    }

    /// Rows per box (R).
    #[inline]
    pub const fn box_rows(self) -> usize {
        self.box_rows as usize
    }

    /// Columns per box (C).
    #[inline]
    pub const fn box_cols(self) -> usize {
        self.box_cols as usize
    }

    /// A mask with every value of this shape: bits `0..N`.
    #[inline]
    pub const fn all_values(self) -> crate::Mask {
        crate::Mask::all(self.size())
    }

    /// The cell at 0-based `row` and `col`.
    #[inline]
    pub const fn cell(self, row: usize, col: usize) -> Cell {
        Cell((row * self.size() + col) as u16)
    }

    /// The 0-based row of a cell.
    #[inline]
    pub const fn row_of(self, cell: Cell) -> usize {
        cell.index() / self.size()
    }

    /// The 0-based column of a cell.
    #[inline]
    pub const fn col_of(self, cell: Cell) -> usize {
        cell.index() % self.size()
    }

    /// The 0-based box of a cell, boxes numbered in reading order.
    #[inline]
    pub const fn box_of(self, cell: Cell) -> usize {
        let (r, c) = (self.row_of(cell), self.col_of(cell));
        (r / self.box_rows()) * self.box_rows() + c / self.box_cols()
    }

    /// The name of a cell in r1c1 notation (1-based), as every message uses it.
    pub fn cell_name(self, cell: Cell) -> String {
        format!("r{}c{}", self.row_of(cell) + 1, self.col_of(cell) + 1)
    }

    /// What kind of unit `unit` is.
    pub fn unit_kind(self, unit: Unit) -> UnitKind {
        let n = self.size();
        let u = unit.0 as usize;
        match u / n {
            0 => UnitKind::Row(u),
            1 => UnitKind::Col(u - n),
            _ => UnitKind::Box(u - 2 * n),
        }
    }

    /// The name of a unit as players say it: `row 3`, `column 5`, `box 7` (1-based).
    pub fn unit_name(self, unit: Unit) -> String {
        match self.unit_kind(unit) {
            UnitKind::Row(i) => format!("row {}", i + 1),
            UnitKind::Col(i) => format!("column {}", i + 1),
            UnitKind::Box(i) => format!("box {}", i + 1),
        }
    }

    /// The unit and peer tables of this shape, computed once per shape and shared.
    pub fn geometry(self) -> &'static Geometry {
        thread_local! {
            static LAST: std::cell::Cell<Option<(Shape, &'static Geometry)>> =
                const { std::cell::Cell::new(None) };
        }
        if let Some((shape, geo)) = LAST.with(|l| l.get()) {
            if shape == self {
                return geo;
            }
        }
        let geo = self.shared_geometry();
        LAST.with(|l| l.set(Some((self, geo))));
        geo
    }

    fn shared_geometry(self) -> &'static Geometry {
        static CACHE: OnceLock<Mutex<HashMap<Shape, &'static Geometry>>> = OnceLock::new();
        let cache = CACHE.get_or_init(Default::default);
        let mut map = cache.lock().unwrap_or_else(|e| e.into_inner());
        map.entry(self)
            .or_insert_with(|| Box::leak(Box::new(Geometry::new(self))))
    }
}

impl fmt::Display for Shape {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}x{}", self.box_rows, self.box_cols)
    }
}

impl FromStr for Shape {
    type Err = ShapeError;

    /// `RxC` (a box shape, e.g. `2x3`) or a plain size `N` (e.g. `16`).
    fn from_str(s: &str) -> Result<Shape, ShapeError> {
        let s = s.trim();
        let bad = || ShapeError::Unreadable {
            text: s.to_string(),
        };
        if let Some((r, c)) = s.split_once(['x', 'X']) {
            let r = r.trim().parse().map_err(|_| bad())?;
            let c = c.trim().parse().map_err(|_| bad())?;
            Shape::new(r, c)
        } else {
            Shape::from_size(s.parse().map_err(|_| bad())?)
        }
    }
}

impl serde::Serialize for Shape {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> serde::Deserialize<'de> for Shape {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Shape, D::Error> {
        let s = String::deserialize(d)?;
        s.parse().map_err(serde::de::Error::custom)
    }
}

/// The tables of one shape: each cell's row, column and box, the cells of every unit,
/// and each cell's peers (the other cells sharing a unit with it).
#[derive(Debug)]
pub struct Geometry {
    shape: Shape,
    cell_units: Vec<[u16; 3]>,
    unit_cells: Vec<u16>,
    peers: Vec<u16>,
    peer_count: usize,
}

impl Geometry {
    fn new(shape: Shape) -> Geometry {
        let n = shape.size();
        let cells = shape.cells();
        let mut cell_units = Vec::with_capacity(cells);
        let mut unit_cells = vec![Vec::with_capacity(n); 3 * n];
        for i in 0..cells {
            let cell = Cell(i as u16);
            let units = [
                shape.row_of(cell),
                n + shape.col_of(cell),
                2 * n + shape.box_of(cell),
            ];
            for &u in &units {
                unit_cells[u].push(i as u16);
            }
            cell_units.push(units.map(|u| u as u16));
        }
        let peer_count = 3 * n - shape.box_rows() - shape.box_cols() - 1;
        let mut peers = Vec::with_capacity(cells * peer_count);
        for (i, units) in cell_units.iter().enumerate() {
            let mut mine: Vec<u16> = units
                .iter()
                .flat_map(|&u| unit_cells[u as usize].iter().copied())
                .filter(|&p| p as usize != i)
                .collect();
            mine.sort_unstable();
            mine.dedup();
            debug_assert_eq!(mine.len(), peer_count);
            peers.extend(mine);
        }
        Geometry {
            shape,
            cell_units,
            unit_cells: unit_cells.into_iter().flatten().collect(),
            peers,
            peer_count,
        }
    }

    /// The shape these tables describe.
    #[inline]
    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// The number of units, 3N.
    #[inline]
    pub fn unit_count(&self) -> usize {
        3 * self.shape.size()
    }

    /// The three units of a cell: its row, its column and its box (as unit numbers).
    #[inline]
    pub fn units_of(&self, cell: usize) -> [u16; 3] {
        self.cell_units[cell]
    }

    /// The N cells of a unit, in reading order.
    #[inline]
    pub fn unit(&self, unit: usize) -> &[u16] {
        let n = self.shape.size();
        &self.unit_cells[unit * n..(unit + 1) * n]
    }

    /// The peers of a cell, in increasing order.
    #[inline]
    pub fn peers(&self, cell: usize) -> &[u16] {
        &self.peers[cell * self.peer_count..(cell + 1) * self.peer_count]
    }
}
