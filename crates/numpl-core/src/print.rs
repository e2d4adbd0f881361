//! Writing puzzles: line, grid (the seed's layout) and detail (pencil marks). The seed is
//! the program numpl grew from (docs/FORMATS.md, "The seed").

use std::fmt::Write;

use crate::{Grid, Mask, Symbols};

/// The one-line form: N*N symbols, `.` for a blank.
///
/// Sizes whose values the alphabet cannot write with one character each (N > 35 with the
/// standard alphabet) are written as whitespace-separated decimal numbers, `.` for a blank;
/// the reader takes that form back as a line puzzle.
pub fn format_line(grid: &Grid, symbols: &Symbols) -> String {
    let mut s = String::with_capacity(grid.values().len() + 1);
    push_line(grid, symbols, &mut s);
    s
}

/// [`format_line`] appended to `out` (no line end), so a caller can reuse one buffer.
pub fn push_line(grid: &Grid, symbols: &Symbols, out: &mut String) {
    let n = grid.size();
    if !symbols.is_custom() && n <= 35 {
        // One ASCII byte per cell, by arithmetic the compiler vectorises (`.`, `1`-`9`,
        // then `A`-`Z` for 10-35).
        out.reserve(grid.values().len());
        for part in grid.values().chunks(128) {
            let mut buf = [0u8; 128];
            for (b, &v) in buf.iter_mut().zip(part) {
                *b = if v == 0 {
                    b'.'
                } else if v <= 9 {
                    b'0' + v
                } else {
                    b'A' - 10 + v
                };
            }
            out.push_str(std::str::from_utf8(&buf[..part.len()]).expect("ASCII"));
        }
    } else if symbols.covers(n) {
        out.extend(grid.values().iter().map(|&v| {
            if v == 0 {
                '.'
            } else {
                symbols.write(v).unwrap_or('?')
            }
        }));
    } else {
        out.reserve(grid.values().len() * 3);
        for (i, &v) in grid.values().iter().enumerate() {
            if i > 0 {
                out.push(' ');
            }
            if v == 0 {
                out.push('.');
            } else {
                let _ = write!(out, "{v}");
            }
        }
    }
}

/// The seed's grid layout: every cell right-aligned in a column of width 3, values as
/// decimal numbers (or the custom alphabet's symbols), `/` for a blank, one more space after
/// each box, and an empty line after each band. Byte for byte the seed's output for 9x9.
pub fn format_grid(grid: &Grid, symbols: &Symbols) -> String {
    let shape = grid.shape();
    let n = shape.size();
    let width = 3.max(n.to_string().len() + 1);
    let mut out = String::new();
    for r in 0..n {
        for c in 0..n {
            let v = grid.get(r * n + c);
            let text = if v == 0 {
                "/".to_string()
            } else if symbols.is_custom() {
                symbols.write(v).unwrap_or('?').to_string()
            } else {
                v.to_string()
            };
            let _ = write!(out, "{text:>width$}");
            if (c + 1) % shape.box_cols() == 0 {
                out.push(' ');
            }
        }
        out.push('\n');
        if (r + 1) % shape.box_rows() == 0 {
            out.push('\n');
        }
    }
    out
}

/// Pencil marks: every open cell drawn as an R x C mini-block with each candidate value at
/// a fixed place (value v at mini-row (v-1)/C, mini-column (v-1)%C) and `.` where a value is
/// no longer a candidate; a filled cell shows its value alone in the middle of its block.
/// `candidates` holds one mask per cell (e.g. [`Grid::candidates`]).
///
/// # Panics
///
/// When `candidates` has fewer masks than the grid has cells.
pub fn format_detail(grid: &Grid, candidates: &[Mask], symbols: &Symbols) -> String {
    let shape = grid.shape();
    let (n, br, bc) = (shape.size(), shape.box_rows(), shape.box_cols());
    let w = if symbols.covers(n) {
        1
    } else {
        n.to_string().len()
    };
    let sym = |v: u8| -> String {
        if w == 1 {
            symbols.write(v).unwrap_or('?').to_string()
        } else {
            format!("{v:>w$}")
        }
    };
    let cell_width = bc * w + (bc - 1);
    let box_width = bc * cell_width + (bc - 1) * 2;
    let rule: String = (0..br)
        .map(|_| "-".repeat(box_width + 2))
        .collect::<Vec<_>>()
        .join("+");
    let mut out = String::new();
    for r in 0..n {
        if r > 0 && r % br == 0 {
            out.push_str(rule.trim_end());
            out.push('\n');
        } else if r > 0 {
            out.push('\n');
        }
        for mini_row in 0..br {
            let mut line = String::new();
            for c in 0..n {
                if c > 0 {
                    line.push_str(if c % bc == 0 { " | " } else { "  " });
                } else {
                    line.push(' ');
                }
                let i = r * n + c;
                let v = grid.get(i);
                for mini_col in 0..bc {
                    if mini_col > 0 {
                        line.push(' ');
                    }
                    let value = (mini_row * bc + mini_col + 1) as u8;
                    if v != 0 {
                        if mini_row == br / 2 && mini_col == bc / 2 {
                            line.push_str(&sym(v));
                        } else {
                            line.push_str(&" ".repeat(w));
                        }
                    } else if candidates[i].contains(value) {
                        line.push_str(&sym(value));
                    } else {
                        line.push_str(&".".repeat(w));
                    }
                }
            }
            out.push_str(line.trim_end());
            out.push('\n');
        }
    }
    out
}
