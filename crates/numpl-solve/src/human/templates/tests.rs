use super::*;
use crate::human::{memo::Memo, HumanSolver};
use numpl_core::{parse_one, ParseOptions};

/// Every template of `v` by brute force: the union of their cells, per row.
fn union_by_brute_force(b: &Board, v: u8) -> Vec<u64> {
    struct Brute<'a> {
        b: &'a Board,
        v: u8,
        path: Vec<usize>,
        out: Vec<u64>,
    }
    impl Brute<'_> {
        fn go(&mut self, r: usize, cols: u64, boxes: u64) {
            let b = self.b;
            let n = b.n;
            if r == n {
                for (row, &col) in self.path.iter().enumerate() {
                    self.out[row] |= 1 << col;
                }
                return;
            }
            let placed = (0..n).find(|&c| b.values[r * n + c] == self.v);
            for col in 0..n {
                let c = r * n + col;
                let bx = b.geo.units_of(c)[2];
                let ok = match placed {
                    Some(p) => p == col,
                    None => b.cands[c] >> (self.v - 1) & 1 != 0,
                };
                if !ok || cols >> col & 1 != 0 || boxes >> bx & 1 != 0 {
                    continue;
                }
                self.path.push(col);
                self.go(r + 1, cols | 1 << col, boxes | 1 << bx);
                self.path.pop();
            }
        }
    }
    let mut t = Brute {
        b,
        v,
        path: Vec::new(),
        out: vec![0; b.n],
    };
    t.go(0, 0, 0);
    t.out
}

fn cands_of(b: &Board, v: u8) -> Vec<u64> {
    let n = b.n;
    let mut out = vec![0; n];
    for (c, &m) in b.cands.iter().enumerate() {
        if m >> (v - 1) & 1 != 0 {
            out[c / n] |= 1 << (c % n);
        }
    }
    out
}

/// Boards along the solves of a few puzzles (9x9 and 6x6), every value: the
/// candidates the search finds in no template are exactly those brute force finds in
/// none.
#[test]
fn agrees_with_every_template_listed() {
    let (mut fits, mut not) = (0, 0);
    for p in PUZZLES {
        let grid = parse_one(p, &ParseOptions::default()).unwrap();
        let report = HumanSolver::new().solve(&grid);
        let mut b = Board::new(&grid);
        let mut kept: Vec<Kept> = (0..b.n).map(|_| Kept::default()).collect();
        for step in &report.steps {
            for v in 1..=b.n as u8 {
                let union = union_by_brute_force(&b, v);
                let want: Vec<u64> = cands_of(&b, v)
                    .iter()
                    .zip(&union)
                    .map(|(c, u)| c & !u)
                    .collect();
                // With the templates kept along the solve, and from scratch.
                let got = lone_candidates(&b, v, &mut kept[v as usize - 1]);
                assert_eq!(got.as_ref(), Some(&want), "{p} value {v}");
                let fresh = lone_candidates(&b, v, &mut Kept::default());
                assert_eq!(fresh, got, "{p} value {v}");
                let got = got.unwrap();
                if got.iter().all(|&m| m == 0) {
                    fits += 1;
                } else {
                    not += 1;
                }
            }
            b.apply(step);
        }
    }
    // Both answers were met.
    assert!(fits > 100 && not > 10, "fits {fits}, not {not}");
}

/// Along solves, the memo searches a value's templates again only when its positions
/// changed since the last board (its stamp did), and every answer it gives is the
/// one a fresh search gives.
#[test]
fn unchanged_positions_give_the_last_answer() {
    let (mut again, mut searched) = (0, 0);
    for p in PUZZLES {
        let grid = parse_one(p, &ParseOptions::default()).unwrap();
        let report = HumanSolver::new().solve(&grid);
        let mut b = Board::new(&grid);
        let mut memo = Memo::default();
        let mut last: Vec<Option<(Vec<u64>, Vec<u8>)>> = vec![None; b.n];
        for step in &report.steps {
            for v in 1..=b.n as u8 {
                let k = v as usize - 1;
                let places: Vec<u8> = b.values.iter().map(|&x| u8::from(x == v)).collect();
                let now = (cands_of(&b, v), places);
                let same = last[k].as_ref() == Some(&now);
                let before = memo.lone_searches;
                let got = memo.lone(&b, v).map(<[u64]>::to_vec);
                assert_eq!(memo.lone_searches - before, usize::from(!same), "{p} {v}");
                assert_eq!(got, lone_candidates(&b, v, &mut Kept::default()));
                // Asked twice on one board: the same answer, no search.
                assert_eq!(memo.lone(&b, v).map(<[u64]>::to_vec), got);
                assert_eq!(memo.lone_searches - before, usize::from(!same));
                again += usize::from(same);
                searched += usize::from(!same);
                last[k] = Some(now);
            }
            b.apply(step);
        }
    }
    assert!(
        again > 100 && searched > 100,
        "again {again}, searched {searched}"
    );
}

/// The law the skipping relies on: on boards along hard solves, every single-digit
/// technique finds the same with the skipping as without it, and whatever it finds
/// without it removes candidates that lie in no template.
#[test]
fn single_digit_techniques_remove_only_lone_candidates() {
    use crate::human::{find, Technique::*};
    let techniques = [
        Fish(2),
        Fish(3),
        Fish(4),
        Skyscraper,
        TwoStringKite,
        TurbotFish,
        EmptyRectangle,
        FinnedFish(2),
        FinnedFish(3),
        FinnedFish(4),
        SashimiFish(2),
        SashimiFish(3),
        SashimiFish(4),
        SimpleColors,
        MultiColors,
        XChain,
        FrankenFish(2),
        FrankenFish(3),
        FinnedFrankenFish(2),
        FinnedFrankenFish(3),
        MutantFish(2),
        FinnedMutantFish(2),
    ];
    let mut found = 0;
    for p in PUZZLES {
        let grid = parse_one(p, &ParseOptions::default()).unwrap();
        let report = HumanSolver::new().solve(&grid);
        let mut b = Board::new(&grid);
        for step in &report.steps {
            for t in techniques {
                let mut plain = Memo::default();
                plain.no_template_skip = true;
                let without = find(t, &b, &mut plain);
                let with = find(t, &b, &mut Memo::default());
                assert_eq!(with, without, "{p} {t:?}");
                if let Some(s) = without {
                    found += 1;
                    let n = b.n;
                    for &(c, v) in &s.eliminations {
                        let (r, col) = (c.index() / n, c.index() % n);
                        let lone = lone_candidates(&b, v, &mut Kept::default()).unwrap();
                        assert!(lone[r] >> col & 1 != 0, "{p} {t:?} removes {v}");
                    }
                }
            }
            b.apply(step);
        }
    }
    assert!(found > 20, "only {found} steps found");
}

const PUZZLES: [&str; 4] = [
    // Easter Monster, two top1465 puzzles, a 6x6.
    "1.......2.9.4...5...6...7...5.9.3.......7.......85..4.7.....6...3...9.8...2.....1",
    "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
    "7.8...3.....2.1...5.........4.....263...8.......1...9..9.6....4....7.5...........",
    "...2...3.5..3...4..2...6..4.2...3...",
];
