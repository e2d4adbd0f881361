//! Sandwich clues: in the row or column, the values between the 1 and the N add up to
//! the clue. Every placement of the 1 and the N the candidates allow is tried: it stands
//! if the cells between can hold different values adding up to the sum (one of the sets
//! of that many values of 2..N-1 that do, each within the cells' candidates); the cells
//! between keep the values of the sets left, the cells outside lose the values every such
//! set holds, and each cell keeps what some standing placement lets it hold. (Grids over
//! 16x16 keep the bounds of the cells between instead of listing the sets.)

use numpl_core::variant::Line;

use super::Builder;
use crate::variant::engine::{Bits, Contradiction, Prop, State};

/// The biggest side whose sets of values are listed (2^14 subsets of 2..15).
const LISTED: usize = 16;

pub(super) fn compile(b: &mut Builder<'_>, sum: u32, line: Line) {
    let cells = line.cells(b.variant.shape());
    b.prop(Sandwich::new(cells, sum, b.n));
}

struct Sandwich {
    cells: Vec<u16>,
    sum: i64,
    n: usize,
    /// `sets[k]`: the sets of `k` different values of 2..n-1 adding up to the sum (empty
    /// over [`LISTED`]: the bounds then).
    sets: Vec<Vec<Bits>>,
}

impl Sandwich {
    fn new(cells: Vec<u16>, sum: u32, n: usize) -> Sandwich {
        let mut sets: Vec<Vec<Bits>> = Vec::new();
        if (3..=LISTED).contains(&n) {
            sets = vec![Vec::new(); n - 1];
            // The values 2..n-1 are bits 1..n-2.
            for subset in 0u64..1 << (n - 2) {
                let set = subset << 1;
                let total: u32 = (0..n as u32)
                    .filter(|v| set >> v & 1 != 0)
                    .map(|v| v + 1)
                    .sum();
                if total == sum {
                    sets[set.count_ones() as usize].push(set);
                }
            }
        }
        Sandwich {
            cells,
            sum: sum as i64,
            n,
            sets,
        }
    }
}

impl Prop for Sandwich {
    fn watches(&self) -> &[u16] {
        &self.cells
    }

    fn run(&self, st: &mut State) -> Result<(), Contradiction> {
        let n = self.n;
        let one = 1u64;
        let top = 1u64 << (n - 1);
        let crust = one | top;
        let m: Vec<u64> = self.cells.iter().map(|&c| st.get(c)).collect();
        let mut keep = vec![0u64; n];
        let mut any = false;
        for i in 0..n {
            if m[i] & one == 0 {
                continue;
            }
            for j in 0..n {
                if i == j || m[j] & top == 0 {
                    continue;
                }
                let (a, b) = (i.min(j), i.max(j));
                let inner: Vec<u64> = (a + 1..b).map(|x| m[x] & !crust).collect();
                if inner.contains(&0) {
                    continue;
                }
                if !self.sets.is_empty() {
                    let union = inner.iter().fold(0, |u, &x| u | x);
                    let (mut fits, mut allowed, mut must) = (false, 0 as Bits, !0 as Bits);
                    for &set in &self.sets[inner.len()] {
                        if set & !union == 0 && inner.iter().all(|&x| x & set != 0) {
                            fits = true;
                            allowed |= set;
                            must &= set;
                        }
                    }
                    if !fits {
                        continue;
                    }
                    any = true;
                    keep[i] |= one;
                    keep[j] |= top;
                    for (x, &mx) in (a + 1..b).zip(&inner) {
                        keep[x] |= mx & allowed;
                    }
                    for x in (0..a).chain(b + 1..n) {
                        keep[x] |= m[x] & !crust & !must;
                    }
                    continue;
                }
                let lo: i64 = inner.iter().map(|&x| x.trailing_zeros() as i64 + 1).sum();
                let hi: i64 = inner.iter().map(|&x| 64 - x.leading_zeros() as i64).sum();
                if self.sum < lo || self.sum > hi {
                    continue;
                }
                any = true;
                keep[i] |= one;
                keep[j] |= top;
                for (x, &mx) in (a + 1..b).zip(&inner) {
                    let (xl, xh) = (
                        mx.trailing_zeros() as i64 + 1,
                        64 - mx.leading_zeros() as i64,
                    );
                    let (want_lo, want_hi) = (self.sum - (hi - xh), self.sum - (lo - xl));
                    let mut bits = mx;
                    while bits != 0 {
                        let v = bits.trailing_zeros() as i64 + 1;
                        if v >= want_lo && v <= want_hi {
                            keep[x] |= bits & bits.wrapping_neg();
                        }
                        bits &= bits - 1;
                    }
                }
                for x in (0..a).chain(b + 1..n) {
                    keep[x] |= m[x] & !crust;
                }
            }
        }
        if !any {
            return Err(Contradiction);
        }
        for (x, &c) in self.cells.iter().enumerate() {
            st.restrict(c, keep[x])?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_cells_between_hold_different_values() {
        let row: Vec<u16> = (0..9).collect();
        let all: Bits = 0x1ff;
        let (one, nine) = (1 as Bits, 1 << 8);
        let o = all & !one & !nine;
        // 1 first and 9 fifth: three cells between, at least 2 + 3 + 4 = 9, never 7
        // (their bounds alone, 2 + 2 + 2, allow it).
        let mut cells = vec![one, o, o, o, nine, o, o, o, o];
        assert!(Sandwich::new(row.clone(), 7, 9)
            .run(&mut State::of(cells.clone()))
            .is_err());
        // 9 = 2 + 3 + 4 only: the three keep 2, 3 and 4, the four cells outside lose them.
        let mut st = State::of(cells.clone());
        Sandwich::new(row.clone(), 9, 9).run(&mut st).unwrap();
        let (mid, rest) = (0b1110 as Bits, all & !one & !nine & !0b1110);
        assert_eq!(
            st.cells,
            vec![one, mid, mid, mid, nine, rest, rest, rest, rest]
        );
        // With the 1 and the 9 free, a clue of 0 puts them side by side: no cell between
        // two cells of theirs, so with the 1 in the middle cell, the 9 is next to it.
        cells = vec![all & !one & !nine; 9];
        cells[4] = one;
        cells[3] |= nine;
        cells[5] |= nine;
        cells[0] |= nine;
        let mut st = State::of(cells);
        Sandwich::new(row, 0, 9).run(&mut st).unwrap();
        assert_eq!(st.cells[0] & nine, 0);
        assert_eq!(st.cells[3] & nine, nine);
        assert_eq!(st.cells[5] & nine, nine);
    }
}
