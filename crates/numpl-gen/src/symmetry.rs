//! Symmetries of the pattern of givens (the `--symmetry` names) and the groups of cells
//! they tie together.

use std::fmt;
use std::str::FromStr;

use numpl_core::{Grid, Shape};

use crate::GenError;

/// A map of (row, column) for side n: one generator of a symmetry group.
type CellMap = fn(usize, usize, usize) -> (usize, usize);

/// A symmetry of the pattern of givens: a cell is blank exactly when its images are.
///
/// Rows and columns are 0-based below, `n` is the side of the grid.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub enum Symmetry {
    /// No symmetry: cells are dug one by one.
    None,
    /// Half-turn about the centre: (r, c) and (n-1-r, n-1-c). The default.
    #[default]
    Point,
    /// Mirror across the horizontal centre line: (r, c) and (n-1-r, c).
    Horizontal,
    /// Mirror across the vertical centre line: (r, c) and (r, n-1-c).
    Vertical,
    /// Mirror across the main diagonal: (r, c) and (c, r). Square boxes only.
    Diagonal,
    /// Mirror across the anti-diagonal: (r, c) and (n-1-c, n-1-r). Square boxes only.
    Antidiagonal,
    /// Quarter turns: (r, c), (c, n-1-r), (n-1-r, n-1-c), (n-1-c, r). Square boxes only.
    Rot90,
    /// Every symmetry of the square (quarter turns and the four mirrors). Square boxes only.
    Dihedral,
}

impl Symmetry {
    /// Every symmetry, in the order the command line documents them.
    pub const ALL: [Symmetry; 8] = [
        Symmetry::None,
        Symmetry::Point,
        Symmetry::Horizontal,
        Symmetry::Vertical,
        Symmetry::Diagonal,
        Symmetry::Antidiagonal,
        Symmetry::Rot90,
        Symmetry::Dihedral,
    ];

    /// The symmetry called `name` ([`Symmetry::name`]; any case, surrounding blanks
    /// ignored).
    pub fn from_name(name: &str) -> Option<Symmetry> {
        let name = name.trim();
        Symmetry::ALL
            .into_iter()
            .find(|x| x.name().eq_ignore_ascii_case(name))
    }

    /// The name used on the command line and in JSON.
    pub const fn name(self) -> &'static str {
        match self {
            Symmetry::None => "none",
            Symmetry::Point => "point",
            Symmetry::Horizontal => "horizontal",
            Symmetry::Vertical => "vertical",
            Symmetry::Diagonal => "diagonal",
            Symmetry::Antidiagonal => "antidiagonal",
            Symmetry::Rot90 => "rot90",
            Symmetry::Dihedral => "dihedral",
        }
    }

    /// Whether this symmetry swaps rows with columns, which numpl allows only when boxes are
    /// square (R == C): otherwise the image of a box is not a box.
    pub const fn needs_square_boxes(self) -> bool {
        matches!(
            self,
            Symmetry::Diagonal | Symmetry::Antidiagonal | Symmetry::Rot90 | Symmetry::Dihedral
        )
    }

    /// Ok when this symmetry may be used with `shape`.
    ///
    /// # Errors
    ///
    /// [`GenError::SymmetryNeedsSquareBoxes`] for a symmetry that swaps rows and columns
    /// with boxes that are not square.
    pub fn check(self, shape: Shape) -> Result<(), GenError> {
        if self.needs_square_boxes() && shape.box_rows() != shape.box_cols() {
            return Err(GenError::SymmetryNeedsSquareBoxes {
                symmetry: self,
                shape,
            });
        }
        Ok(())
    }

    /// The maps generating this symmetry's group, as functions of (r, c) for side `n`.
    fn generators(self) -> &'static [CellMap] {
        fn point(r: usize, c: usize, n: usize) -> (usize, usize) {
            (n - 1 - r, n - 1 - c)
        }
        fn horizontal(r: usize, c: usize, n: usize) -> (usize, usize) {
            (n - 1 - r, c)
        }
        fn vertical(r: usize, c: usize, n: usize) -> (usize, usize) {
            (r, n - 1 - c)
        }
        fn diagonal(r: usize, c: usize, _: usize) -> (usize, usize) {
            (c, r)
        }
        fn antidiagonal(r: usize, c: usize, n: usize) -> (usize, usize) {
            (n - 1 - c, n - 1 - r)
        }
        fn rot90(r: usize, c: usize, n: usize) -> (usize, usize) {
            (c, n - 1 - r)
        }
        match self {
            Symmetry::None => &[],
            Symmetry::Point => &[point],
            Symmetry::Horizontal => &[horizontal],
            Symmetry::Vertical => &[vertical],
            Symmetry::Diagonal => &[diagonal],
            Symmetry::Antidiagonal => &[antidiagonal],
            Symmetry::Rot90 => &[rot90],
            Symmetry::Dihedral => &[rot90, diagonal],
        }
    }

    /// The groups of cells (indices in reading order) this symmetry ties together: each cell is
    /// in exactly one group, and a symmetric pattern is a union of groups. Groups come in
    /// reading order of their first cell, each sorted.
    ///
    /// # Errors
    ///
    /// As [`Symmetry::check`].
    ///
    /// # Examples
    ///
    /// ```
    /// use numpl_core::Shape;
    /// use numpl_gen::Symmetry;
    ///
    /// let groups = Symmetry::Point.groups(Shape::NINE).unwrap();
    /// assert_eq!(groups.len(), 41); // 40 pairs and the centre
    /// assert_eq!(groups[0], [0, 80]);
    /// ```
    pub fn groups(self, shape: Shape) -> Result<Vec<Vec<u16>>, GenError> {
        self.check(shape)?;
        let n = shape.size();
        let gens = self.generators();
        let mut seen = vec![false; shape.cells()];
        let mut groups = Vec::new();
        for start in 0..shape.cells() {
            if seen[start] {
                continue;
            }
            seen[start] = true;
            let mut group = vec![start as u16];
            let mut k = 0;
            while k < group.len() {
                let cell = group[k] as usize;
                for g in gens {
                    let (r, c) = g(cell / n, cell % n, n);
                    let image = r * n + c;
                    if !seen[image] {
                        seen[image] = true;
                        group.push(image as u16);
                    }
                }
                k += 1;
            }
            group.sort_unstable();
            groups.push(group);
        }
        Ok(groups)
    }

    /// Whether the blanks of `grid` follow this symmetry (a cell is blank exactly when its
    /// images are). False for a symmetry the grid's shape does not allow.
    pub fn holds_for(self, grid: &Grid) -> bool {
        let shape = grid.shape();
        if self.check(shape).is_err() {
            return false;
        }
        let n = shape.size();
        let v = grid.values();
        (0..shape.cells()).all(|cell| {
            self.generators().iter().all(|g| {
                let (r, c) = g(cell / n, cell % n, n);
                (v[cell] == 0) == (v[r * n + c] == 0)
            })
        })
    }
}

impl FromStr for Symmetry {
    type Err = GenError;

    /// A symmetry's name ([`Symmetry::name`]), in any case.
    ///
    /// # Errors
    ///
    /// [`GenError::UnknownSymmetry`] for any other text.
    fn from_str(s: &str) -> Result<Symmetry, GenError> {
        Symmetry::from_name(s).ok_or_else(|| GenError::UnknownSymmetry(s.to_string()))
    }
}

impl fmt::Display for Symmetry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}
