//! [`Transform`]: one member of a shape's symmetry group, its composition, inverse, random
//! draw and text form.

use std::fmt;
use std::str::FromStr;

use numpl_core::{Grid, Shape};
use rand::seq::SliceRandom;
use rand::Rng;

/// One member of the symmetry group of a [`Shape`] with boxes of R x C: an optional
/// transposition (only when R == C), a row permutation that keeps bands (R rows) together,
/// a column permutation that keeps stacks (C columns) together, and a relabelling of the
/// values 1..=N. Blank cells stay blank.
///
/// [`Transform::apply`] reads the grid transposed first when [`Transform::is_transposed`],
/// then result cell (r, c) takes the value `digits[v - 1]` of source cell
/// (`rows[r]`, `cols[c]`).
///
/// The text form (`Display`, `FromStr`) is `RxC [t] r=ROWS c=COLS d=DIGITS`: the box shape,
/// `t` when transposed, the 0-based source row of each result row, the 0-based source
/// column of each result column, and the new value of each value 1..=N. Up to N = 9 each
/// list is one character per entry (`r=012345678`); above, comma-separated decimals
/// (`r=0,1,2,...,15`). `FromStr` takes either list form for any N.
///
/// ```
/// use numpl_canon::Transform;
/// use numpl_core::{Grid, Shape};
///
/// let t: Transform = "3x3 t r=102345678 c=012345678 d=213456789".parse().unwrap();
/// assert_eq!(t.to_string(), "3x3 t r=102345678 c=012345678 d=213456789");
/// let mut grid = Grid::empty(Shape::NINE);
/// grid.set(1, 1); // r1c2
/// let image = t.apply(&grid);
/// // Transposed: r2c1; row 0 and 1 swapped: r1c1; value 1 became 2.
/// assert_eq!(image.get(0), 2);
/// assert_eq!(t.inverse().apply(&image), grid);
/// assert!(t.then(&t.inverse()).is_identity());
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Transform {
    shape: Shape,
    transpose: bool,
    rows: Vec<u8>,
    cols: Vec<u8>,
    /// Index 0 is 0 (a blank stays blank); index v is v's new value.
    digits: Vec<u8>,
}

/// Why a [`Transform`] could not be built or read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TransformError(String);

impl fmt::Display for TransformError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for TransformError {}

fn err<T>(msg: impl Into<String>) -> Result<T, TransformError> {
    Err(TransformError(msg.into()))
}

/// Whether `perm` is a permutation of 0..n whose blocks of `block` entries each come from
/// one source block.
fn check_banded(perm: &[u8], n: usize, block: usize, what: &str) -> Result<(), TransformError> {
    if perm.len() != n {
        return err(format!("{what}: {} entries, expected {n}", perm.len()));
    }
    let mut seen = vec![false; n];
    for &p in perm {
        let p = p as usize;
        if p >= n || seen[p] {
            return err(format!("{what}: not a permutation of 0..{n}"));
        }
        seen[p] = true;
    }
    for chunk in perm.chunks(block) {
        let b = chunk[0] as usize / block;
        if chunk.iter().any(|&p| p as usize / block != b) {
            return err(format!(
                "{what}: each group of {block} must come from one group of {block}"
            ));
        }
    }
    Ok(())
}

fn invert(perm: &[u8]) -> Vec<u8> {
    let mut inv = vec![0u8; perm.len()];
    for (i, &p) in perm.iter().enumerate() {
        inv[p as usize] = i as u8;
    }
    inv
}

fn random_banded<R: Rng + ?Sized>(n: usize, block: usize, rng: &mut R) -> Vec<u8> {
    let mut blocks: Vec<usize> = (0..n / block).collect();
    blocks.shuffle(rng);
    let mut out = Vec::with_capacity(n);
    for b in blocks {
        let mut inner: Vec<u8> = (0..block).map(|i| (b * block + i) as u8).collect();
        inner.shuffle(rng);
        out.extend(inner);
    }
    out
}

impl Transform {
    /// A transform from its parts: `digits[v - 1]` is the new value of v.
    ///
    /// # Errors
    ///
    /// When `transpose` is set on a shape with R != C, `rows` is not a permutation of 0..N
    /// that keeps bands together, `cols` one that keeps stacks together, or `digits` not a
    /// permutation of 1..=N.
    pub fn new(
        shape: Shape,
        transpose: bool,
        rows: Vec<u8>,
        cols: Vec<u8>,
        digits: &[u8],
    ) -> Result<Transform, TransformError> {
        let n = shape.size();
        if transpose && shape.box_rows() != shape.box_cols() {
            return err(format!("a {shape} grid cannot be transposed"));
        }
        check_banded(&rows, n, shape.box_rows(), "rows")?;
        check_banded(&cols, n, shape.box_cols(), "columns")?;
        if digits.len() != n {
            return err(format!("digits: {} entries, expected {n}", digits.len()));
        }
        let mut seen = vec![false; n + 1];
        for &d in digits {
            if d == 0 || d as usize > n || seen[d as usize] {
                return err(format!("digits: not a permutation of 1..={n}"));
            }
            seen[d as usize] = true;
        }
        let mut all = Vec::with_capacity(n + 1);
        all.push(0);
        all.extend_from_slice(digits);
        Ok(Transform {
            shape,
            transpose,
            rows,
            cols,
            digits: all,
        })
    }

    /// Internal constructor from checked parts (`digits` with its leading 0).
    pub(crate) fn from_parts(
        shape: Shape,
        transpose: bool,
        rows: Vec<u8>,
        cols: Vec<u8>,
        digits: Vec<u8>,
    ) -> Transform {
        debug_assert!(
            Transform::new(shape, transpose, rows.clone(), cols.clone(), &digits[1..]).is_ok()
        );
        Transform {
            shape,
            transpose,
            rows,
            cols,
            digits,
        }
    }

    /// The identity of `shape`'s group.
    pub fn identity(shape: Shape) -> Transform {
        let n = shape.size();
        let ids: Vec<u8> = (0..n as u8).collect();
        Transform {
            shape,
            transpose: false,
            rows: ids.clone(),
            cols: ids,
            digits: (0..=n as u8).collect(),
        }
    }

    /// A member of `shape`'s group drawn uniformly (for data set augmentation).
    pub fn random<R: Rng + ?Sized>(shape: Shape, rng: &mut R) -> Transform {
        let n = shape.size();
        let transpose = shape.box_rows() == shape.box_cols() && rng.gen_bool(0.5);
        let rows = random_banded(n, shape.box_rows(), rng);
        let cols = random_banded(n, shape.box_cols(), rng);
        let mut digits: Vec<u8> = (1..=n as u8).collect();
        digits.shuffle(rng);
        digits.insert(0, 0);
        Transform {
            shape,
            transpose,
            rows,
            cols,
            digits,
        }
    }

    /// The shape whose group this transform belongs to.
    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// Whether the grid is transposed before rows and columns are permuted.
    pub fn is_transposed(&self) -> bool {
        self.transpose
    }

    /// The source row (of the grid, transposed when [`Transform::is_transposed`]) of each
    /// result row.
    pub fn rows(&self) -> &[u8] {
        &self.rows
    }

    /// The source column of each result column.
    pub fn cols(&self) -> &[u8] {
        &self.cols
    }

    /// The new value of each value 1..=N (`digits()[v - 1]`).
    pub fn digits(&self) -> &[u8] {
        &self.digits[1..]
    }

    /// Whether this is the identity.
    pub fn is_identity(&self) -> bool {
        *self == Transform::identity(self.shape)
    }

    /// The grid this transform makes of `grid` (a puzzle, a solution or a position's
    /// values: the same transform maps a puzzle and its solution alike).
    ///
    /// # Panics
    ///
    /// When `grid`'s shape is not this transform's.
    pub fn apply(&self, grid: &Grid) -> Grid {
        assert_eq!(grid.shape(), self.shape, "transform of another shape");
        let n = self.shape.size();
        let src = grid.values();
        let mut out = Vec::with_capacity(n * n);
        for &r in &self.rows {
            let r = r as usize;
            if self.transpose {
                out.extend(
                    self.cols
                        .iter()
                        .map(|&c| self.digits[src[c as usize * n + r] as usize]),
                );
            } else {
                let row = &src[r * n..r * n + n];
                out.extend(
                    self.cols
                        .iter()
                        .map(|&c| self.digits[row[c as usize] as usize]),
                );
            }
        }
        Grid::from_values(self.shape, out).expect("a permutation keeps values in range")
    }

    /// The transform that applies `self`, then `next`: `a.then(&b).apply(g) ==
    /// b.apply(&a.apply(g))`.
    ///
    /// # Panics
    ///
    /// When the shapes differ.
    pub fn then(&self, next: &Transform) -> Transform {
        assert_eq!(self.shape, next.shape, "transforms of different shapes");
        let (rows, cols) = if next.transpose {
            (
                next.rows.iter().map(|&r| self.cols[r as usize]).collect(),
                next.cols.iter().map(|&c| self.rows[c as usize]).collect(),
            )
        } else {
            (
                next.rows.iter().map(|&r| self.rows[r as usize]).collect(),
                next.cols.iter().map(|&c| self.cols[c as usize]).collect(),
            )
        };
        Transform {
            shape: self.shape,
            transpose: self.transpose != next.transpose,
            rows,
            cols,
            digits: self
                .digits
                .iter()
                .map(|&d| next.digits[d as usize])
                .collect(),
        }
    }

    /// The transform that undoes this one.
    pub fn inverse(&self) -> Transform {
        let (rows, cols) = if self.transpose {
            (invert(&self.cols), invert(&self.rows))
        } else {
            (invert(&self.rows), invert(&self.cols))
        };
        Transform {
            shape: self.shape,
            transpose: self.transpose,
            rows,
            cols,
            digits: invert(&self.digits),
        }
    }
}

fn write_list(f: &mut fmt::Formatter<'_>, list: &[u8], compact: bool) -> fmt::Result {
    for (i, v) in list.iter().enumerate() {
        if compact || i == 0 {
            write!(f, "{v}")?;
        } else {
            write!(f, ",{v}")?;
        }
    }
    Ok(())
}

impl fmt::Display for Transform {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let compact = self.shape.size() <= 9;
        write!(f, "{}", self.shape)?;
        if self.transpose {
            f.write_str(" t")?;
        }
        f.write_str(" r=")?;
        write_list(f, &self.rows, compact)?;
        f.write_str(" c=")?;
        write_list(f, &self.cols, compact)?;
        f.write_str(" d=")?;
        write_list(f, self.digits(), compact)
    }
}

fn parse_list(text: &str, what: &str) -> Result<Vec<u8>, TransformError> {
    if text.contains(',') {
        text.split(',')
            .map(|p| {
                p.trim()
                    .parse::<u8>()
                    .map_err(|_| TransformError(format!("{what}: bad number {p:?}")))
            })
            .collect()
    } else {
        text.chars()
            .map(|c| {
                c.to_digit(10)
                    .map(|d| d as u8)
                    .ok_or_else(|| TransformError(format!("{what}: bad digit {c:?}")))
            })
            .collect()
    }
}

impl FromStr for Transform {
    type Err = TransformError;

    /// Reads the text form that `Display` writes (see [`Transform`]).
    fn from_str(s: &str) -> Result<Transform, TransformError> {
        let mut words = s.split_whitespace();
        let shape: Shape = match words.next() {
            Some(w) => w
                .parse()
                .map_err(|e| TransformError(format!("shape {w:?}: {e}")))?,
            None => return err("empty transform"),
        };
        let (mut transpose, mut rows, mut cols, mut digits) = (false, None, None, None);
        for w in words {
            if w == "t" && !transpose && rows.is_none() {
                transpose = true;
            } else if let Some(v) = w.strip_prefix("r=").filter(|_| rows.is_none()) {
                rows = Some(parse_list(v, "rows")?);
            } else if let Some(v) = w.strip_prefix("c=").filter(|_| cols.is_none()) {
                cols = Some(parse_list(v, "columns")?);
            } else if let Some(v) = w.strip_prefix("d=").filter(|_| digits.is_none()) {
                digits = Some(parse_list(v, "digits")?);
            } else {
                return err(format!("unexpected {w:?} in a transform"));
            }
        }
        match (rows, cols, digits) {
            (Some(r), Some(c), Some(d)) => Transform::new(shape, transpose, r, c, &d),
            _ => err("a transform needs r=, c= and d="),
        }
    }
}
