//! The fast search against the brute-force reference, the group laws, and the text form.

use std::time::{Duration, Instant};

use numpl_canon::{canonical, canonical_brute, equivalent, try_canonical, Transform, MAX_TIES};
use numpl_core::{parse_one, Grid, ParseOptions, Shape};
use proptest::prelude::*;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

fn shape(r: usize, c: usize) -> Shape {
    Shape::new(r, c).unwrap()
}

fn line(text: &str) -> Grid {
    parse_one(text, &ParseOptions::default()).unwrap()
}

/// A random complete grid, by backtracking with random value orders, restarted with new
/// orders after a few thousand placements: a plain random fill of 12x12 or 16x16 has a
/// heavy tail (some orders take hours), restarts cut it off.
fn random_solution(shape: Shape, rng: &mut ChaCha8Rng) -> Grid {
    fn fill(g: &mut Grid, cell: usize, rng: &mut ChaCha8Rng, budget: &mut u32) -> Option<bool> {
        let n = g.size();
        if cell == n * n {
            return Some(true);
        }
        let geo = g.shape().geometry();
        let mut vals: Vec<u8> = (1..=n as u8).collect();
        vals.shuffle(rng);
        for v in vals {
            if geo.peers(cell).iter().all(|&p| g.get(p as usize) != v) {
                *budget = budget.checked_sub(1)?;
                g.set(cell, v);
                if fill(g, cell + 1, rng, budget)? {
                    return Some(true);
                }
            }
        }
        g.set(cell, 0);
        Some(false)
    }
    loop {
        let mut g = Grid::empty(shape);
        let mut budget = 20_000;
        match fill(&mut g, 0, rng, &mut budget) {
            Some(true) => return g,
            Some(false) => panic!("every shape has a solution"),
            None => continue,
        }
    }
}

/// `solution` with each cell kept with probability `keep`.
fn blank(solution: &Grid, keep: f64, rng: &mut ChaCha8Rng) -> Grid {
    let mut g = solution.clone();
    for i in 0..g.values().len() {
        if !rng.gen_bool(keep) {
            g.set(i, 0);
        }
    }
    g
}

/// Any values anywhere (repeats in units included): the search must be exact for these too.
fn random_values(shape: Shape, fill: f64, rng: &mut ChaCha8Rng) -> Grid {
    let n = shape.size();
    let cells = (0..n * n)
        .map(|_| {
            if rng.gen_bool(fill) {
                rng.gen_range(1..=n as u8)
            } else {
                0
            }
        })
        .collect();
    Grid::from_values(shape, cells).unwrap()
}

const SHAPES_SMALL: [(usize, usize); 5] = [(2, 2), (2, 3), (3, 2), (2, 4), (4, 2)];

fn check_against_brute(g: &Grid, what: &str) {
    let fast = canonical(g);
    let slow = canonical_brute(g);
    assert_eq!(
        fast.form, slow,
        "{what}: fast and brute-force forms differ for {g:?}"
    );
    assert_eq!(fast.transform.apply(g), fast.form, "{what}: transform");
}

#[test]
fn fast_matches_brute_force_on_small_shapes() {
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    for &(r, c) in &SHAPES_SMALL {
        let shape = shape(r, c);
        // The 8x8 reference enumerates 884,736 arrangements a grid: fewer cases there.
        let cases = if shape.size() == 8 { 12 } else { 150 };
        for i in 0..cases {
            let sol = random_solution(shape, &mut rng);
            let keep = [0.0, 0.1, 0.25, 0.4, 0.6, 1.0][i % 6];
            check_against_brute(&blank(&sol, keep, &mut rng), "puzzle");
            if i % 3 == 0 {
                let fill = [0.1, 0.3, 0.7, 1.0][i % 4];
                check_against_brute(&random_values(shape, fill, &mut rng), "random values");
            }
        }
    }
}

#[test]
fn fast_matches_brute_force_on_sparse_grids() {
    // Few values: columns empty but in one row, values that come back in later rows (the
    // automorphism pruning must tell these apart).
    let mut rng = ChaCha8Rng::seed_from_u64(2);
    for &(r, c) in &SHAPES_SMALL[..3] {
        for i in 0..400 {
            let fill = [0.12, 0.18, 0.25, 0.33][i % 4];
            let s = shape(r, c);
            check_against_brute(&random_values(s, fill, &mut rng), "sparse values");
            let sol = random_solution(s, &mut rng);
            check_against_brute(&blank(&sol, fill, &mut rng), "sparse puzzle");
        }
    }
}

#[test]
fn fast_matches_brute_force_on_9x9_puzzles() {
    // Two hard-coded published puzzles (a 17-clue one and top1465's first) and a full grid.
    for text in [
        ".................1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7...",
        "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
    ] {
        check_against_brute(&line(text), text);
    }
}

#[test]
fn fast_matches_brute_force_on_random_9x9() {
    // The reference's row-by-row cut keeps this to about a second in all.
    let mut rng = ChaCha8Rng::seed_from_u64(9);
    for i in 0..8 {
        let sol = random_solution(Shape::NINE, &mut rng);
        let keep = [1.0, 0.3, 0.22, 0.5, 0.05, 0.7, 0.27, 1.0][i];
        check_against_brute(&blank(&sol, keep, &mut rng), "9x9");
    }
    check_against_brute(&random_values(Shape::NINE, 0.3, &mut rng), "9x9 values");
}

#[test]
fn published_17_clue_minlex_forms_are_fixed() {
    // The 17-clue list is published in minlex form: canonical() must leave it unchanged.
    for text in [
        ".................1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7...",
        ".................1.....2.3......3.2...4....5...6.1.....3......6.7..8...952.7.....",
    ] {
        let g = line(text);
        assert_eq!(canonical(&g).form, g, "{text}");
    }
}

#[test]
fn inequivalent_puzzles_differ() {
    // Two different 17-clue puzzles; two of top1465's 18-clue puzzles that differ by one
    // given's value (2 for 6 at r7c5).
    let pairs = [
        (
            ".................1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7...",
            ".................1.....2.3......3.2...4....5...6.1.....3......6.7..8...952.7.....",
        ),
        (
            "7.8...3.....2.1...5.........4.....263...8.......1...9..9.6....4....7.5...........",
            "7.8...3.....6.1...5.........4.....263...8.......1...9..9.2....4....7.5...........",
        ),
    ];
    for (a, b) in pairs {
        let (a, b) = (line(a), line(b));
        assert_eq!(a.filled(), b.filled());
        assert_ne!(canonical(&a).form, canonical(&b).form);
        assert!(equivalent(&a, &b).is_none());
    }
    // Different clue counts.
    let a = line(pairs[0].0);
    let mut b = a.clone();
    b.set(0, 9);
    assert!(equivalent(&a, &b).is_none());
}

#[test]
fn minlex_solution_grid_starts_123456789() {
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    let sol = random_solution(Shape::NINE, &mut rng);
    let form = canonical(&sol).form;
    // Rows 1 and 2 of a minlex grid: 123456789, then 456789 and {1,2,3} in some order.
    assert_eq!(
        &form.values()[..15],
        &[1, 2, 3, 4, 5, 6, 7, 8, 9, 4, 5, 6, 7, 8, 9]
    );
    assert!(form.is_full() && form.first_conflict().is_none());
    assert_eq!(form, canonical_brute(&sol));
}

#[test]
fn empty_and_full_grids_are_fast_and_idempotent() {
    let mut rng = ChaCha8Rng::seed_from_u64(4);
    let shapes = [
        (2, 2),
        (2, 3),
        (3, 2),
        (2, 4),
        (3, 3),
        (3, 4),
        (4, 4),
        (5, 5),
        (4, 8),
        (8, 8),
    ];
    for &(r, c) in &shapes {
        let s = shape(r, c);
        let start = Instant::now();
        let empty = Grid::empty(s);
        let canon = canonical(&empty);
        assert_eq!(canon.form, empty);
        // Generous limits (shared machines): a blow-up takes minutes or runs out of memory.
        assert!(start.elapsed() < Duration::from_secs(10), "empty {s}");
        // One given, and one row of givens: still linear.
        let mut one = empty.clone();
        one.set(s.size() + 1, 2);
        let f = canonical(&one).form;
        assert_eq!(f.get(s.cells() - 1), 1);
        assert_eq!(f.filled(), 1);
        let mut row = empty.clone();
        for c in 0..s.size() {
            row.set(c, c as u8 + 1);
        }
        let f = canonical(&row).form;
        assert_eq!(canonical(&f).form, f);
        assert!(start.elapsed() < Duration::from_secs(10), "sparse {s}");
    }
    for &(r, c) in &shapes[..5] {
        let s = shape(r, c);
        let sol = random_solution(s, &mut rng);
        let start = Instant::now();
        let canon = canonical(&sol);
        assert_eq!(canon.transform.apply(&sol), canon.form);
        assert_eq!(canonical(&canon.form).form, canon.form);
        assert!(canon.form.first_conflict().is_none());
        assert!(start.elapsed() < Duration::from_secs(20), "full {s}");
    }
    // Full grids of bigger shapes may tie past the bound: then the search says so, at once
    // and within its memory, instead of running out of memory.
    for &(r, c) in &shapes[5..] {
        let s = shape(r, c);
        // The pattern solution (a random fill of 64x64 by backtracking would not end).
        let n = s.size();
        let values = (0..n * n)
            .map(|i| ((i / n % r * c + i / n / r + i % n) % n + 1) as u8)
            .collect();
        let sol = Grid::from_values(s, values).unwrap();
        assert!(sol.first_conflict().is_none());
        let start = Instant::now();
        match try_canonical(&sol, MAX_TIES) {
            Ok(canon) => assert_eq!(canon.transform.apply(&sol), canon.form),
            Err(e) => assert_eq!(e.max_ties, MAX_TIES),
        }
        assert!(start.elapsed() < Duration::from_secs(20), "full {s}");
    }
    let sol = random_solution(shape(4, 4), &mut rng);
    assert!(
        try_canonical(&sol, MAX_TIES).is_err(),
        "a full 16x16 grid ties past the bound"
    );
}

#[test]
fn solution_follows_the_puzzle() {
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    for &(r, c) in &[(3, 3), (2, 3), (2, 4), (3, 4)] {
        let s = shape(r, c);
        for _ in 0..10 {
            let sol = random_solution(s, &mut rng);
            let puzzle = blank(&sol, 0.35, &mut rng);
            let canon = canonical(&puzzle);
            let moved = canon.transform.apply(&sol);
            assert!(moved.is_full() && moved.first_conflict().is_none());
            for (i, &v) in canon.form.values().iter().enumerate() {
                assert!(v == 0 || moved.get(i) == v);
            }
        }
    }
}

#[test]
fn transform_text_form() {
    let t: Transform = "3x3 r=021354687 c=012345678 d=123456789".parse().unwrap();
    assert_eq!(t.to_string(), "3x3 r=021354687 c=012345678 d=123456789");
    assert!(!t.is_transposed());
    assert!(Transform::identity(Shape::NINE).is_identity());
    for bad in [
        "",
        "3x3",
        "3x3 r=012345678 c=012345678",
        "3x3 r=301245678 c=012345678 d=123456789", // rows leave their band
        "3x3 r=001245678 c=012345678 d=123456789", // not a permutation
        "3x3 r=012345678 c=012345678 d=023456789", // digit 0
        "2x3 t r=012345 c=012345 d=123456",        // transposing a 2x3
        "3x3 r=012345678 c=012345678 d=123456789 x",
    ] {
        assert!(bad.parse::<Transform>().is_err(), "{bad:?}");
    }
    let mut rng = ChaCha8Rng::seed_from_u64(6);
    for &(r, c) in &[(2, 2), (3, 3), (4, 4), (3, 4), (5, 6), (8, 8)] {
        let t = Transform::random(shape(r, c), &mut rng);
        let text = t.to_string();
        assert_eq!(text.parse::<Transform>().unwrap(), t, "{text}");
        assert_eq!(text.contains(','), r * c > 9);
    }
}

fn any_shape() -> impl Strategy<Value = Shape> {
    prop::sample::select(vec![
        shape(2, 2),
        shape(2, 3),
        shape(3, 2),
        shape(2, 4),
        shape(3, 3),
        shape(3, 3),
        shape(3, 4),
        shape(4, 4),
    ])
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn group_laws(s in any_shape(), seed in any::<u64>()) {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let a = Transform::random(s, &mut rng);
        let b = Transform::random(s, &mut rng);
        let g = random_values(s, 0.5, &mut rng);
        prop_assert!(a.then(&a.inverse()).is_identity());
        prop_assert!(a.inverse().then(&a).is_identity());
        prop_assert_eq!(a.then(&b).apply(&g), b.apply(&a.apply(&g)));
        prop_assert_eq!(a.inverse().apply(&a.apply(&g)), g);
        prop_assert_eq!(a.to_string().parse::<Transform>().unwrap(), a);
    }

    #[test]
    fn form_is_a_class_invariant(s in any_shape(), seed in any::<u64>(), keep in 0.0f64..1.0) {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        // Larger shapes: a sparser puzzle keeps full-grid cases to the small shapes.
        let keep = if s.size() > 9 { keep * 0.5 } else { keep };
        let sol = random_solution(s, &mut rng);
        let p = blank(&sol, keep, &mut rng);
        let t = Transform::random(s, &mut rng);
        // Dense grids of 12x12 and up may tie past the bound (then said, not computed).
        let Ok(canon) = try_canonical(&p, MAX_TIES) else {
            prop_assert!(s.size() > 9, "9x9 and below never reach the bound");
            return Ok(());
        };
        let moved = t.apply(&p);
        let (Ok(of_moved), Ok(of_form)) = (
            try_canonical(&moved, MAX_TIES),
            try_canonical(&canon.form, MAX_TIES),
        ) else {
            prop_assert!(s.size() > 9, "9x9 and below never reach the bound");
            return Ok(());
        };
        prop_assert_eq!(&canon.transform.apply(&p), &canon.form);
        prop_assert_eq!(of_moved.form, canon.form.clone());
        prop_assert_eq!(of_form.form, canon.form.clone());
        prop_assert_eq!(canon.form.filled(), p.filled());
        let e = equivalent(&p, &moved).expect("a transform's image is equivalent");
        prop_assert_eq!(e.apply(&p), moved);
    }

    #[test]
    fn form_is_invariant_for_any_values(seed in any::<u64>(), fill in 0.0f64..1.0) {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let s = shape(3, 3);
        let g = random_values(s, fill, &mut rng);
        let t = Transform::random(s, &mut rng);
        let canon = canonical(&g);
        prop_assert_eq!(&canon.transform.apply(&g), &canon.form);
        prop_assert_eq!(canonical(&t.apply(&g)).form, canon.form);
    }
}
