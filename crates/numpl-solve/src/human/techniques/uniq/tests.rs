use super::*;
use crate::human::tests::{positions, HARD_SIX};

/// Unique rectangles the plain way: every rectangle of open cells, rows first.
fn unique_rectangle_plain(b: &Board) -> Option<Step> {
    let n = b.n;
    for r1 in 0..n {
        for r2 in r1 + 1..n {
            for c1 in 0..n {
                for c2 in c1 + 1..n {
                    let cells = [r1 * n + c1, r1 * n + c2, r2 * n + c1, r2 * n + c2];
                    if let Some(step) = rectangle(b, cells) {
                        return Some(step);
                    }
                }
            }
        }
    }
    None
}

/// Hidden rectangles the plain way: every opposite corner of every bivalue cell
/// (each tested by [`hidden_rectangle_at`], as the finder does).
fn hidden_rectangle_plain(b: &Board) -> Option<Step> {
    let n = b.n;
    for e in 0..b.cands.len() {
        if count(b.cands[e]) != 2 {
            continue;
        }
        let (er, ec) = (b.row(e), b.col(e));
        for dr in (0..n).filter(|&r| r != er) {
            for dc in (0..n).filter(|&c| c != ec) {
                if let Some(step) = hidden_rectangle_at(b, e, dr, dc) {
                    return Some(step);
                }
            }
        }
    }
    None
}

/// On positions along hard solves, the searches that try only rectangles whose
/// cells share two values find what a search of every rectangle finds.
#[test]
fn rectangle_prefilters_find_what_every_rectangle_finds() {
    let (mut ur, mut hr) = (0, 0);
    for p in HARD_SIX {
        for b in positions(p) {
            let got = unique_rectangle(&b);
            assert_eq!(got, unique_rectangle_plain(&b), "{p}");
            ur += usize::from(got.is_some());
            let got = hidden_rectangle(&b);
            assert_eq!(got, hidden_rectangle_plain(&b), "{p}");
            hr += usize::from(got.is_some());
        }
    }
    assert!(ur > 0 && hr > 0, "{ur} {hr}");
}
