//! Cell sets as bit sets of `u64` words (member `i`: bit `i % 64` of word `i / 64`), the
//! one representation the finders share: [`CellSet`] when the width is known at compile
//! time (a `[u64; W]`), a slice of words otherwise (`w = cells.div_ceil(64)` words per
//! set, often many sets in one flat `Vec<u64>`).

/// A set of cells, `W` words (member `i`: bit `i % 64` of word `i / 64`), when the width
/// is known at compile time.
pub(crate) type CellSet<const W: usize> = [u64; W];

/// Adds cell `c` to `s`.
#[inline]
pub(crate) fn add<const W: usize>(s: &mut CellSet<W>, c: usize) {
    s[c / 64] |= 1 << (c % 64);
}

/// Whether `s` holds cell `c`.
#[inline]
pub(crate) fn has<const W: usize>(s: &CellSet<W>, c: usize) -> bool {
    s[c / 64] >> (c % 64) & 1 != 0
}

/// The cells in both `a` and `b`.
#[inline]
pub(crate) fn and<const W: usize>(a: &CellSet<W>, b: &CellSet<W>) -> CellSet<W> {
    std::array::from_fn(|i| a[i] & b[i])
}

/// Calls `f` with each member of `s`, in increasing order (as [`members`] lists them,
/// in a plain loop).
#[inline(always)]
pub(crate) fn each<const W: usize>(s: &CellSet<W>, mut f: impl FnMut(usize)) {
    for (i, &w) in s.iter().enumerate() {
        let mut w = w;
        while w != 0 {
            f(i * 64 + w.trailing_zeros() as usize);
            w &= w - 1;
        }
    }
}

/// The single cell of `s`, if it has exactly one.
#[inline]
pub(crate) fn lone<const W: usize>(s: &CellSet<W>) -> Option<usize> {
    let mut found = None;
    for (i, &w) in s.iter().enumerate() {
        if w == 0 {
            continue;
        }
        if found.is_some() || w & (w - 1) != 0 {
            return None;
        }
        found = Some(i * 64 + w.trailing_zeros() as usize);
    }
    found
}

/// Whether the set of words `s` holds cell `c`.
#[inline]
pub(crate) fn bit(s: &[u64], c: usize) -> bool {
    s[c / 64] >> (c % 64) & 1 != 0
}

/// Adds cell `c` to the set of words `s`.
#[inline]
pub(crate) fn set_bit(s: &mut [u64], c: usize) {
    s[c / 64] |= 1 << (c % 64);
}

/// Whether the set of words `s` is empty.
pub(crate) fn is_empty(s: &[u64]) -> bool {
    s.iter().all(|&x| x == 0)
}

/// How many cells the set of words `s` holds.
pub(crate) fn count(s: &[u64]) -> usize {
    s.iter().map(|x| x.count_ones() as usize).sum()
}

/// Whether two sets of `w` words share a bit.
#[inline]
pub(crate) fn meets(a: &[u64], b: &[u64]) -> bool {
    a.iter().zip(b).any(|(x, y)| x & y != 0)
}

/// Whether `a` is a subset of `b`.
#[inline]
pub(crate) fn within(a: &[u64], b: &[u64]) -> bool {
    a.iter().zip(b).all(|(x, y)| x & !y == 0)
}

/// How many members a cell set has: none, one (which), or more ([`lone_of`]).
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Lone {
    None,
    One(usize),
    Many,
}

/// How many members the cell set of `words` words, word `i` given by `word(i)`, has
/// (no population count: a word with one member is a power of two).
#[inline(always)]
pub(crate) fn lone_of(words: usize, word: impl Fn(usize) -> u64) -> Lone {
    let mut found = Lone::None;
    for i in 0..words {
        let r = word(i);
        if r != 0 {
            if found != Lone::None || r & (r - 1) != 0 {
                return Lone::Many;
            }
            found = Lone::One(i * 64 + r.trailing_zeros() as usize);
        }
    }
    found
}

/// The members of a cell set, in increasing order.
#[inline]
pub(crate) fn each_bit(words: impl Iterator<Item = u64>, mut f: impl FnMut(usize)) {
    for (i, mut w) in words.enumerate() {
        while w != 0 {
            f(i * 64 + w.trailing_zeros() as usize);
            w &= w - 1;
        }
    }
}

/// The members of a cell set (`u64` words, bit `i % 64` of word `i / 64` for member `i`),
/// in increasing order.
pub(crate) fn members(s: &[u64]) -> Members<'_> {
    Members {
        rest: s.get(1..).unwrap_or(&[]),
        base: 0,
        word: s.first().copied().unwrap_or(0),
    }
}

/// The iterator of [`members`]: a plain loop over the words (a `flat_map` of per-word
/// iterators costs more than the work in most loops over a set).
pub(crate) struct Members<'a> {
    /// The words after the current one.
    rest: &'a [u64],
    /// The first member the current word stands for.
    base: usize,
    /// The current word's members not yet given.
    word: u64,
}

impl Iterator for Members<'_> {
    type Item = usize;

    #[inline]
    fn next(&mut self) -> Option<usize> {
        while self.word == 0 {
            let (&w, rest) = self.rest.split_first()?;
            self.rest = rest;
            self.word = w;
            self.base += 64;
        }
        let t = self.word.trailing_zeros() as usize;
        self.word &= self.word - 1;
        Some(self.base + t)
    }
}
