//! Grid shapes, cell positions and the unit/peer tables of each shape.

use std::collections::HashMap;
use std::fmt;
use std::str::FromStr;
use std::sync::{Mutex, OnceLock};

use crate::error::ShapeError;

/// The largest side a grid may have: one `u64` holds every value's bit.
pub const MAX_SIZE: usize = 64;

/// A cell index in reading order, `0..N*N`.
///
/// A `Cell` is only a number: which row and column it is depends on the [`Shape`]
/// ([`Shape::row_of`], [`Shape::col_of`]); [`Shape::cell`] makes one from a row and a column.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Cell(u16);

impl Cell {
    /// The cell with this index in reading order.
    #[inline]
    pub const fn new(index: u16) -> Cell {
        Cell(index)
    }

    /// The index of this cell in reading order.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The index of this cell in reading order, as stored.
    #[inline]
    pub const fn get(self) -> u16 {
        self.0
    }
}

/// A unit (house): a row, a column or a box. Units are numbered rows `0..N`,
/// columns `N..2N`, boxes `2N..3N`; [`Shape::unit_kind`] tells which.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Unit(u16);

impl Unit {
    /// The unit with this number (rows `0..N`, columns `N..2N`, boxes `2N..3N`).
    #[inline]
    pub const fn new(index: u16) -> Unit {
        Unit(index)
    }

    /// The number of this unit.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The number of this unit, as stored.
    #[inline]
    pub const fn get(self) -> u16 {
        self.0
    }
}

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
    ///
    /// # Errors
    ///
    /// [`ShapeError::BadBox`] for any other box.
    ///
    /// # Examples
    ///
    /// ```
    /// use numpl_core::Shape;
    ///
    /// let six = Shape::new(2, 3).unwrap();
    /// assert_eq!((six.size(), six.cells()), (6, 36));
    /// assert!(Shape::new(1, 9).is_err());
    /// ```
    pub fn new(box_rows: usize, box_cols: usize) -> Result<Shape, ShapeError> {
        if box_rows < 2 || box_cols < 2 || box_rows * box_cols > MAX_SIZE {
            return Err(ShapeError::BadBox { box_rows, box_cols });
        }
        Ok(Shape {
            box_rows: box_rows as u8,
            box_cols: box_cols as u8,
        })
    }

    /// The most square box shape with R <= C for a side of `n` (R as large as possible).
    ///
    /// # Errors
    ///
    /// [`ShapeError::TooLarge`] above 64, [`ShapeError::NoBoxShape`] for a side that is not
    /// R*C with R, C >= 2 (a prime, say).
    ///
    /// # Examples
    ///
    /// ```
    /// use numpl_core::Shape;
    ///
    /// assert_eq!(Shape::from_size(12).unwrap().to_string(), "3x4");
    /// assert!(Shape::from_size(7).is_err());
    /// ```
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
    ///
    /// # Panics
    ///
    /// When `row` or `col` is not below N. [`Shape::try_cell`] returns `None` instead.
    #[inline]
    pub const fn cell(self, row: usize, col: usize) -> Cell {
        match self.try_cell(row, col) {
            Some(c) => c,
            None => panic!("row or column out of range"),
        }
    }

    /// The cell at 0-based `row` and `col`, or `None` when either is not below N.
    ///
    /// ```
    /// use numpl_core::Shape;
    ///
    /// assert_eq!(Shape::NINE.try_cell(1, 3).map(|c| c.index()), Some(12));
    /// assert_eq!(Shape::NINE.try_cell(9, 0), None);
    /// ```
    #[inline]
    pub const fn try_cell(self, row: usize, col: usize) -> Option<Cell> {
        let n = self.size();
        if row < n && col < n {
            Some(Cell((row * n + col) as u16))
        } else {
            None
        }
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
        let u = unit.index();
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
    ///
    /// # Errors
    ///
    /// [`ShapeError::Unreadable`] for other text, or the error of [`Shape::new`] or
    /// [`Shape::from_size`].
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
            let cell = Cell::new(i as u16);
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
    ///
    /// # Panics
    ///
    /// When `cell` is not below N*N.
    #[inline]
    pub fn units_of(&self, cell: usize) -> [u16; 3] {
        self.cell_units[cell]
    }

    /// The N cells of a unit, in reading order.
    ///
    /// # Panics
    ///
    /// When `unit` is not below 3N.
    #[inline]
    pub fn unit(&self, unit: usize) -> &[u16] {
        let n = self.shape.size();
        &self.unit_cells[unit * n..(unit + 1) * n]
    }

    /// The peers of a cell, in increasing order.
    ///
    /// # Panics
    ///
    /// When `cell` is not below N*N.
    #[inline]
    pub fn peers(&self, cell: usize) -> &[u16] {
        &self.peers[cell * self.peer_count..(cell + 1) * self.peer_count]
    }
}
