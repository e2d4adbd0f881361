//! The candidate grid as Sudoku Explainer models it: 81 cells (index `y * 9 + x`, `x` the
//! column), each with a value (0 for empty) and a mask of candidates (bit `v` for value
//! `v`, 1..=9), and its 27 regions numbered by type in SE's order of region types:
//! blocks 0..9, rows 9..18, columns 18..27. Every iteration order below (cells of a
//! region, the cells a cell sees) is SE's, since which step it finds first depends on it.

use std::sync::OnceLock;

/// Region types, SE's `getRegionTypes()` order.
pub(super) const BLOCK: usize = 0;
pub(super) const ROW: usize = 1;
pub(super) const COLUMN: usize = 2;

pub(super) struct Tables {
    /// `region[r][i]`: the `i`-th cell of region `r` (blocks in reading order).
    pub(super) region: [[u8; 9]; 27],
    /// `of[c][t]`: the region of type `t` that holds cell `c`.
    pub(super) of: [[u8; 3]; 81],
    /// `index_in[c][t]`: the index of cell `c` within its region of type `t`.
    pub(super) index_in: [[u8; 3]; 81],
    /// `house[c]`: the 20 cells cell `c` sees, in SE's order (block, row, column; first
    /// occurrence kept).
    pub(super) house: [[u8; 20]; 81],
    /// `sees[c]`: the cells of `house[c]` as a 128-bit set.
    pub(super) sees: [u128; 81],
    /// `parts[c][t]`: the cells of `c`'s region of type `t` that `c`'s regions of the
    /// types before it do not hold, less `c`: the cells `c` sees, in SE's house order
    /// by type (block, then the rest of the row, then the rest of the column).
    pub(super) parts: [[u128; 3]; 81],
    /// `members[r]`: the cells of region `r` as a set.
    pub(super) members: [u128; 27],
    /// `regions_of[c][t]`: the cells of `c`'s region of type `t` as a set
    /// (`members[of[c][t]]`, one look-up where the chains ask it at every implication).
    pub(super) regions_of: [[u128; 3]; 81],
    /// `shared[a][b]`: the indexes (in region `a`) of the cells region `a` shares with
    /// region `b`.
    pub(super) shared: [[u16; 27]; 27],
}

pub(super) fn tables() -> &'static Tables {
    static T: OnceLock<Tables> = OnceLock::new();
    T.get_or_init(|| {
        let mut t = Tables {
            region: [[0; 9]; 27],
            of: [[0; 3]; 81],
            index_in: [[0; 3]; 81],
            house: [[0; 20]; 81],
            sees: [0; 81],
            parts: [[0; 3]; 81],
            members: [0; 27],
            regions_of: [[0; 3]; 81],
            shared: [[0; 27]; 27],
        };
        for n in 0..9 {
            for i in 0..9 {
                let block = (n / 3 * 3 + i / 3) * 9 + (n % 3 * 3 + i % 3);
                let row = n * 9 + i;
                let col = i * 9 + n;
                for (ty, c) in [(BLOCK, block), (ROW, row), (COLUMN, col)] {
                    let r = ty * 9 + n;
                    t.region[r][i] = c as u8;
                    t.of[c][ty] = r as u8;
                    t.index_in[c][ty] = i as u8;
                    t.members[r] |= 1u128 << c;
                }
            }
        }
        for c in 0..81 {
            let mut k = 0;
            let mut seen = 0u128;
            for ty in 0..3 {
                for &o in &t.region[t.of[c][ty] as usize] {
                    if o as usize != c && seen & (1u128 << o) == 0 {
                        seen |= 1u128 << o;
                        t.house[c][k] = o;
                        k += 1;
                    }
                }
            }
            t.sees[c] = seen;
            let mut before = 1u128 << c;
            for ty in 0..3 {
                let m = t.members[t.of[c][ty] as usize];
                t.parts[c][ty] = m & !before;
                before |= m;
            }
        }
        for c in 0..81 {
            for ty in 0..3 {
                t.regions_of[c][ty] = t.members[t.of[c][ty] as usize];
            }
        }
        for a in 0..27 {
            for b in 0..27 {
                for (i, &c) in t.region[a].iter().enumerate() {
                    if t.members[b] >> c & 1 != 0 {
                        t.shared[a][b] |= 1 << i;
                    }
                }
            }
        }
        t
    })
}

/// Whether region `a` crosses region `b` (they share a cell).
pub(super) fn crosses(a: usize, b: usize) -> bool {
    let t = tables();
    t.members[a] & t.members[b] != 0
}

/// SE's grid: each cell's value and candidates, and (kept with them) each region's
/// positions of each value.
///
/// The fields are read directly but changed only through [`Grid::remove`] and
/// [`Grid::place`], which keep `pos` in step with `cand`.
#[derive(Clone, PartialEq, Eq)]
pub(super) struct Grid {
    pub(super) value: [u8; 81],
    pub(super) cand: [u16; 81],
    /// `pos[r][v]`: the positions (indexes within region `r`) of the cells with candidate
    /// `v`, as [`Grid::positions`] answers: kept as candidates go rather than gathered
    /// from nine cells at each question (the chains ask it at every implication).
    pos: [[u16; 10]; 27],
    /// `with[v]`: the cells with candidate `v`, as a set (bit `c` for cell `c`), as
    /// [`Grid::cells_with`] answers: kept with `pos`, for the chains' "this value off in
    /// every cell it sees", a few mask operations where the regions' positions are walked
    /// one by one.
    with: [u128; 10],
}

impl Grid {
    /// The grid of a puzzle (`0` empty), with every empty cell's candidates as SE
    /// rebuilds them: all values, less those of the givens it sees.
    pub(super) fn new(cells: &[u8; 81]) -> Grid {
        let t = tables();
        let mut g = Grid {
            value: *cells,
            cand: [0; 81],
            pos: [[0; 10]; 27],
            with: [0; 10],
        };
        for (c, &v) in cells.iter().enumerate() {
            if v == 0 {
                g.cand[c] = 0x3fe;
            }
        }
        for (c, &v) in cells.iter().enumerate() {
            if v != 0 {
                for &o in &t.house[c] {
                    g.cand[o as usize] &= !(1 << v);
                }
            }
        }
        for (c, &m) in g.cand.iter().enumerate() {
            for (v, with) in g.with.iter_mut().enumerate() {
                if m >> v & 1 != 0 {
                    *with |= 1u128 << c;
                }
            }
        }
        for (r, pos) in g.pos.iter_mut().enumerate() {
            for (i, &c) in t.region[r].iter().enumerate() {
                let mut m = g.cand[c as usize];
                while m != 0 {
                    pos[m.trailing_zeros() as usize] |= 1 << i;
                    m &= m - 1;
                }
            }
        }
        g
    }

    /// Removes the candidates `m` from cell `c`.
    pub(super) fn remove(&mut self, c: usize, m: u16) {
        let mut gone = self.cand[c] & m;
        if gone == 0 {
            return;
        }
        self.cand[c] &= !m;
        let t = tables();
        let (of, at) = (&t.of[c], &t.index_in[c]);
        while gone != 0 {
            let v = gone.trailing_zeros() as usize;
            gone &= gone - 1;
            self.with[v] &= !(1u128 << c);
            for ty in 0..3 {
                self.pos[of[ty] as usize][v] &= !(1 << at[ty]);
            }
        }
    }

    /// How many candidates cell `c` has (read from a table: `count_ones` is a dozen
    /// instructions on the build's baseline target, and the rules ask it of every cell).
    pub(super) fn count(&self, c: usize) -> u32 {
        ones(self.cand[c] as u32)
    }

    pub(super) fn has(&self, c: usize, v: usize) -> bool {
        self.cand[c] >> v & 1 != 0
    }

    /// The positions (indexes within the region) of value `v` in region `r`.
    pub(super) fn positions(&self, r: usize, v: usize) -> u16 {
        self.pos[r][v]
    }

    /// The cells with candidate `v`, as a set (bit `c` for cell `c`).
    pub(super) fn cells_with(&self, v: usize) -> u128 {
        self.with[v]
    }

    /// The values (bit `v`) whose positions changed in each region since `before`, a
    /// grid this one came from by removing candidates and placing values.
    pub(super) fn changed_since(&self, before: &Grid) -> [u16; 27] {
        std::array::from_fn(|r| {
            let (now, then) = (&self.pos[r], &before.pos[r]);
            (1..10).fold(0, |m, v| m | ((now[v] != then[v]) as u16) << v)
        })
    }

    /// The cells (bit `c`) whose candidates changed since `before`.
    pub(super) fn cells_changed_since(&self, before: &Grid) -> u128 {
        (0..81).fold(0, |m, c| {
            m | ((self.cand[c] != before.cand[c]) as u128) << c
        })
    }

    /// [`Grid::positions`] of every value (index 1..=9) of region `r`.
    pub(super) fn all_positions(&self, r: usize) -> [u16; 10] {
        self.pos[r]
    }

    pub(super) fn empty_count(&self, r: usize) -> u32 {
        tables().region[r]
            .iter()
            .filter(|&&c| self.value[c as usize] == 0)
            .count() as u32
    }

    /// Places `v` in `c` and removes `v` from every cell `c` sees (SE's
    /// `setValueAndCancel`).
    pub(super) fn place(&mut self, c: usize, v: usize) {
        let t = tables();
        self.value[c] = v as u8;
        self.remove(c, self.cand[c]);
        for &o in &t.house[c] {
            self.remove(o as usize, 1 << v);
        }
    }

    pub(super) fn solved(&self) -> bool {
        self.value.iter().all(|&v| v != 0)
    }
}

/// The number of bits of `m`, a mask of at most 10 bits (a cell's candidates, a
/// region's positions), from [`COUNTS`]: `count_ones` is a dozen instructions on the
/// build's baseline target.
pub(super) fn ones(m: u32) -> u32 {
    debug_assert!(m < 1024);
    COUNTS[m as usize & 0x3ff] as u32
}

/// The number of bits of each 10-bit mask (a cell's candidates, a region's positions).
pub(super) static COUNTS: [u8; 1024] = {
    let mut t = [0u8; 1024];
    let mut m = 0;
    while m < 1024 {
        t[m] = (m as u32).count_ones() as u8;
        m += 1;
    }
    t
};

/// Whether `m` has two bits set or more, without counting them.
pub(super) fn several(m: u128) -> bool {
    m & m.wrapping_sub(1) != 0
}

/// Whether `m` has exactly two bits set, without counting them: the build's baseline
/// target has no population count instruction (`count_ones` is a dozen instructions),
/// and the chains ask this of a cell and three regions at every implication.
pub(super) fn two(m: u16) -> bool {
    let rest = m & m.wrapping_sub(1);
    rest != 0 && rest & (rest - 1) == 0
}

/// The `k`-subsets of `0..n` as bit masks in increasing numeric order (SE's
/// `Permutations`).
pub(super) fn combinations(k: u32, n: u32) -> impl Iterator<Item = u32> {
    let last = if k == 0 {
        0
    } else {
        ((1u32 << k) - 1) << (n - k)
    };
    let mut next = if k <= n { Some((1u32 << k) - 1) } else { None };
    std::iter::from_fn(move || {
        let cur = next?;
        next = if cur == last || k == 0 {
            None
        } else {
            let smallest = cur & cur.wrapping_neg();
            let ripple = cur + smallest;
            let ones = ((cur ^ ripple) >> 2) / smallest;
            Some(ripple | ones)
        };
        Some(cur)
    })
}

/// The `k`-subsets of the set bits of `set` as bit masks, in increasing numeric order:
/// those of [`combinations`]`(k, 9)` within `set`, in the same order (each is a
/// combination of `set`'s bits by index, spread onto them; spreading keeps the order).
/// `k` is at most the number of bits of `set`, as [`combinations`] wants `k <= n`.
pub(super) fn combinations_within(k: u32, set: u32) -> impl Iterator<Item = u32> {
    combinations(k, set.count_ones()).map(move |m| {
        let (mut out, mut rest, mut i) = (0u32, set, 0);
        while rest != 0 {
            let b = rest & rest.wrapping_neg();
            rest &= rest - 1;
            if m >> i & 1 != 0 {
                out |= b;
            }
            i += 1;
        }
        out
    })
}

/// The pairs `(n1, n2)` with `n1 < n2 < n`, in SE's `Twomutations` order: `(0,1), (0,2),
/// (1,2), (0,3), ...`.
/// (Aligned exclusion walks them as two nested loops; this is the order's statement.)
#[cfg(test)]
pub(super) fn pairs(n: usize) -> impl Iterator<Item = (usize, usize)> {
    (1..n).flat_map(|b| (0..b).map(move |a| (a, b)))
}

pub(super) fn bits(m: u32) -> impl Iterator<Item = usize> {
    let mut m = m;
    std::iter::from_fn(move || {
        if m == 0 {
            None
        } else {
            let b = m.trailing_zeros() as usize;
            m &= m - 1;
            Some(b)
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn combinations_in_gosper_order() {
        let all: Vec<u32> = combinations(2, 4).collect();
        assert_eq!(all, vec![0b0011, 0b0101, 0b0110, 0b1001, 0b1010, 0b1100]);
        assert_eq!(combinations(3, 9).count(), 84);
        assert_eq!(combinations(1, 1).collect::<Vec<_>>(), vec![1]);
    }

    #[test]
    fn combinations_within_a_set_in_order() {
        for set in [0x1ffu32, 0b1_0110_1001, 0b11, 0b1000_0001] {
            for k in 1..=set.count_ones().min(4) {
                let all: Vec<u32> = combinations(k, 9).filter(|m| m & !set == 0).collect();
                assert_eq!(combinations_within(k, set).collect::<Vec<_>>(), all);
            }
        }
    }

    #[test]
    fn two_bits() {
        for m in 0..=u16::MAX {
            assert_eq!(two(m), m.count_ones() == 2);
        }
    }

    #[test]
    fn pairs_in_twomutation_order() {
        let all: Vec<_> = pairs(4).collect();
        assert_eq!(all, vec![(0, 1), (0, 2), (1, 2), (0, 3), (1, 3), (2, 3)]);
    }

    #[test]
    fn house_order() {
        let t = tables();
        // r1c1: its block's other cells first, then the row's, then the column's.
        assert_eq!(&t.house[0][..8], &[1, 2, 9, 10, 11, 18, 19, 20]);
        assert_eq!(&t.house[0][8..14], &[3, 4, 5, 6, 7, 8]);
        assert_eq!(&t.house[0][14..], &[27, 36, 45, 54, 63, 72]);
    }
}
