//! The 9x9 solver's lookup tables, built at compile time, and the bit tricks that go with
//! them. Band words are laid out as [`super`] describes: bit `9r + c` is row `r` of the band
//! and column `c`; a band's "mini-rows" are its nine row x box triples (bit `3r + k` of a
//! 9-bit mini-row set: row `r`, box `k`).

/// A band word with all 27 cells.
pub(super) const ALL: u32 = (1 << 27) - 1;
/// One row of a band word (9 bits).
pub(super) const LOW9: u32 = 0x1FF;

/// For a 9-bit row: bit k set when box k (columns 3k..3k+3) has a cell.
static SHRINK: [u8; 512] = {
    let mut t = [0u8; 512];
    let mut x = 0;
    while x < 512 {
        let mut k = 0;
        while k < 3 {
            if x & (7 << (3 * k)) != 0 {
                t[x] |= 1 << k;
            }
            k += 1;
        }
        x += 1;
    }
    t
};

/// For the 9-bit set of non-empty mini-rows of a band (bit 3r + k: row r, box k), the
/// mini-rows that belong to some permutation (one per row and per box); 0 when none does.
pub(super) static KEEP: [u16; 512] = {
    const PERMS: [[usize; 3]; 6] = [
        [0, 1, 2],
        [0, 2, 1],
        [1, 0, 2],
        [1, 2, 0],
        [2, 0, 1],
        [2, 1, 0],
    ];
    let mut t = [0u16; 512];
    let mut s = 0;
    while s < 512 {
        let mut keep = 0u16;
        let mut p = 0;
        while p < 6 {
            let m = (1 << PERMS[p][0]) | (1 << (3 + PERMS[p][1])) | (1 << (6 + PERMS[p][2]));
            if s & m == m {
                keep |= m as u16;
            }
            p += 1;
        }
        t[s] = keep;
        s += 1;
    }
    t
};

/// For a 9-bit set of mini-rows, its 27 cells.
static MINI_CELLS: [u32; 512] = {
    let mut t = [0u32; 512];
    let mut s = 0;
    while s < 512 {
        let mut i = 0;
        while i < 9 {
            if s & (1 << i) != 0 {
                t[s] |= 7 << (9 * (i / 3) + 3 * (i % 3));
            }
            i += 1;
        }
        s += 1;
    }
    t
};

/// For a 9-bit set of mini-rows, those alone in both their row and their box.
static ALONE: [u16; 512] = {
    let mut t = [0u16; 512];
    let mut s = 0;
    while s < 512 {
        let mut i = 0;
        while i < 9 {
            let (r, k) = (i / 3, i % 3);
            let row = 7 << (3 * r);
            let bx = (1 << k) | (1 << (3 + k)) | (1 << (6 + k));
            if s & (1 << i) != 0 && s & row == 1 << i && s & bx == 1 << i {
                t[s] |= 1 << i;
            }
            i += 1;
        }
        s += 1;
    }
    t
};

/// For the 9-bit set of a band's columns holding a digit: the cells the other two bands
/// keep (all but the columns of boxes with exactly one column).
pub(super) static OTHER_BANDS: [u32; 512] = {
    let mut t = [0u32; 512];
    let mut s = 0;
    while s < 512 {
        let mut m = ALL;
        let mut k = 0;
        while k < 3 {
            let cols = (s >> (3 * k)) & 7;
            if cols != 0 && cols & (cols - 1) == 0 {
                m &= !((cols as u32 * 0o001_001_001) << (3 * k));
            }
            k += 1;
        }
        t[s] = m;
        s += 1;
    }
    t
};

/// For the 9-bit set of a band's non-empty mini-rows (see [`shrink`]): the cells of the
/// mini-rows in some permutation ([`KEEP`] spread to cells), and the cells of those of them
/// alone in their row and box. One lookup where two would wait on each other.
pub(super) static KEEP_CELLS: [(u32, u32); 512] = {
    let mut t = [(0u32, 0u32); 512];
    let mut s = 0;
    while s < 512 {
        let keep = KEEP[s] as usize;
        t[s] = (MINI_CELLS[keep], MINI_CELLS[ALONE[keep] as usize]);
        s += 1;
    }
    t
};

/// A byte's eight bits as eight bytes (bit k to the low bit of byte k).
pub(super) static SPREAD: [u64; 256] = {
    let mut t = [0u64; 256];
    let mut x = 0;
    while x < 256 {
        let mut k = 0;
        while k < 8 {
            if x & (1 << k) != 0 {
                t[x] |= 1 << (8 * k);
            }
            k += 1;
        }
        x += 1;
    }
    t
};

/// For a band bit: the band's cells outside its row and box, plus the cell itself.
pub(super) static KEEP_PEERS: [u32; 27] = {
    let mut t = [0u32; 27];
    let mut p = 0;
    while p < 27 {
        let (r, c) = (p / 9, p % 9);
        let mut q = 0;
        while q < 27 {
            let (r2, c2) = (q / 9, q % 9);
            if q == p || (r2 != r && c2 / 3 != c / 3) {
                t[p] |= 1 << q;
            }
            q += 1;
        }
        p += 1;
    }
    t
};

/// For a band bit: its peers inside the band (row and box) and its column's three bits.
pub(super) static PEERS_IN_BAND: [(u32, u32); 27] = {
    let mut t = [(0u32, 0u32); 27];
    let mut p = 0;
    while p < 27 {
        t[p] = (!KEEP_PEERS[p] & ALL, 0o001_001_001 << (p % 9));
        p += 1;
    }
    t
};

/// For a subband `9b + d`: its band b and the same digit's subbands in the other bands.
pub(super) static BAND_OF: [(u8, u8, u8); 27] = {
    let mut t = [(0u8, 0u8, 0u8); 27];
    let mut i = 0;
    while i < 27 {
        let (b, d) = (i / 9, i % 9);
        t[i] = (
            b as u8,
            (9 * ((b + 1) % 3) + d) as u8,
            (9 * ((b + 2) % 3) + d) as u8,
        );
        i += 1;
    }
    t
};

/// A band word's non-empty mini-rows as 9 bits (bit 3r + k: row r, box k), by three
/// [`SHRINK`] lookups. The final `& 0x1FF` (here and in the PEXT version, see
/// [`super::state::MiniRows`])
/// changes nothing but shows the compiler that indexing a 512-entry table needs no bounds
/// check.
#[inline(always)]
pub(super) fn shrink(a: u32) -> usize {
    (SHRINK[(a & LOW9) as usize] as usize
        | (SHRINK[((a >> 9) & LOW9) as usize] as usize) << 3
        | (SHRINK[((a >> 18) & LOW9) as usize] as usize) << 6)
        & 0x1FF
}

/// The cells of `a` with no other cell of `a` in their mini-row (a few shifts, no lookup).
#[inline(always)]
pub(super) fn single_in_mini_row(a: u32) -> u32 {
    let down = ((a >> 1) & 0o333_333_333) | ((a >> 2) & 0o111_111_111);
    let up = ((a << 1) & 0o666_666_666) | ((a << 2) & 0o444_444_444);
    a & !(down | up)
}

/// 1 when `x` is not 0, for `x` below 2^27 (no compare, no flags).
#[inline(always)]
pub(super) fn nonzero(x: u32) -> u32 {
    (x + ALL) >> 27
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn band_tables() {
        assert_eq!(KEEP[0x1FF], 0x1FF);
        // The diagonal of mini-rows is the only permutation: only it is kept.
        assert_eq!(KEEP[0b100_010_001 | 0b000_000_010], 0b100_010_001);
        // Row 2 has no mini-row, or box 2 none: no permutation.
        assert_eq!(KEEP[0b000_111_111], 0);
        assert_eq!(KEEP[0b011_011_011], 0);
        assert_eq!(MINI_CELLS[0b100_010_001], 7 | 7 << 12 | 7 << 24);
        assert_eq!(SHRINK[0b100_000_001], 0b101);
        // Mini-row (0, 0) is alone in row 0 and box 0; (1, 1) shares box 1 with (2, 1).
        assert_eq!(ALONE[0b010_010_001], 0b000_000_001);
        // Box 0 has column 1 only, box 1 columns 3 and 5, box 2 nothing.
        assert_eq!(OTHER_BANDS[0b000_101_010], ALL & !(0o001_001_001 << 1));
        assert_eq!(KEEP_PEERS[0].count_ones(), 27 - 8 - 6);
        // Row 0: cells 0 and 2 share a mini-row, cell 4 is alone in its; row 1: cell 15.
        assert_eq!(
            single_in_mini_row(0b101 | 1 << 4 | 1 << 15),
            1 << 4 | 1 << 15
        );
        assert_eq!(single_in_mini_row(ALL), 0);
        assert_eq!(KEEP_PEERS[0] & 1, 1);
    }
}
