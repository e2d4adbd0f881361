//! Variant generation (`generate_variant`): every puzzle's solution keeps its rules
//! (checked by `Variant::violation`, not the engine), its givens are the solution's, the
//! same seed makes the same puzzle, and on 4x4 the one solution is counted by an
//! independent exhaustive count over every Latin square of order 4 (not the engine that
//! judged uniqueness while generating).

use numpl_core::{Grid, Shape};
use numpl_gen::{generate_variant, Symmetry, VariantKind};

/// Every Latin square of order 4 (576), as grids.
fn latin_squares_4() -> Vec<Grid> {
    let perms: Vec<[u8; 4]> = {
        let mut out = Vec::new();
        for a in 1..=4u8 {
            for b in 1..=4u8 {
                for c in 1..=4u8 {
                    for d in 1..=4u8 {
                        let row = [a, b, c, d];
                        let mut seen = [false; 5];
                        if row
                            .iter()
                            .all(|&x| !std::mem::replace(&mut seen[x as usize], true))
                        {
                            out.push(row);
                        }
                    }
                }
            }
        }
        out
    };
    let mut squares = Vec::new();
    for r0 in &perms {
        for r1 in &perms {
            for r2 in &perms {
                for r3 in &perms {
                    let rows = [r0, r1, r2, r3];
                    let cols_ok = (0..4).all(|c| {
                        let mut seen = [false; 5];
                        rows.iter()
                            .all(|r| !std::mem::replace(&mut seen[r[c] as usize], true))
                    });
                    if cols_ok {
                        let cells: Vec<u8> = rows.iter().flat_map(|r| r.iter().copied()).collect();
                        squares.push(Grid::from_values(Shape::new(2, 2).unwrap(), cells).unwrap());
                    }
                }
            }
        }
    }
    squares
}

#[test]
fn small_variants_have_one_solution_by_an_independent_count() {
    let squares = latin_squares_4();
    assert_eq!(squares.len(), 576);
    let four = Shape::new(2, 2).unwrap();
    for kind in [
        VariantKind::Killer,
        VariantKind::Jigsaw,
        VariantKind::X,
        VariantKind::Thermo,
    ] {
        for index in 0..6 {
            let g = generate_variant(kind, four, Symmetry::None, 11, index).unwrap();
            let fits: Vec<&Grid> = squares
                .iter()
                .filter(|s| {
                    (0..16).all(|c| g.puzzle.get(c) == 0 || g.puzzle.get(c) == s.get(c))
                        && g.variant.violation(s).is_none()
                })
                .collect();
            assert_eq!(
                fits.len(),
                1,
                "{kind} {index}: {}",
                g.variant.to_json(&g.puzzle)
            );
            assert_eq!(fits[0].values(), g.solution.values(), "{kind} {index}");
        }
    }
}

#[test]
fn nine_by_nine_variants_keep_their_rules_and_repeat_by_seed() {
    for kind in VariantKind::ALL {
        for index in 0..3 {
            let g = generate_variant(kind, Shape::NINE, Symmetry::Point, 5, index).unwrap();
            assert_eq!(g.variant.violation(&g.solution), None, "{kind}");
            for c in 0..81 {
                let v = g.puzzle.get(c);
                assert!(
                    v == 0 || v == g.solution.get(c),
                    "{kind}: a given off the solution"
                );
            }
            if kind == VariantKind::Killer {
                assert_eq!(g.puzzle.filled(), 0, "killers have no givens");
                assert!(g.variant.constraints().len() >= 9);
            } else {
                assert!(
                    Symmetry::Point.holds_for(&g.puzzle),
                    "{kind}: givens symmetric"
                );
                assert!(
                    g.puzzle.filled() < 40,
                    "{kind}: dug ({})",
                    g.puzzle.filled()
                );
            }
            assert_eq!(
                numpl_solve::variant::count(&g.puzzle, &g.variant, 2),
                1,
                "{kind} {index}"
            );
            let again = generate_variant(kind, Shape::NINE, Symmetry::Point, 5, index).unwrap();
            assert_eq!(
                again.variant.to_json(&again.puzzle),
                g.variant.to_json(&g.puzzle),
                "{kind}: the same seed and index, the same puzzle"
            );
        }
        let other = generate_variant(kind, Shape::NINE, Symmetry::Point, 6, 0).unwrap();
        let first = generate_variant(kind, Shape::NINE, Symmetry::Point, 5, 0).unwrap();
        assert_ne!(
            other.variant.to_json(&other.puzzle),
            first.variant.to_json(&first.puzzle),
            "{kind}: another seed, another puzzle"
        );
    }
}

#[test]
fn a_kind_the_shape_cannot_hold_is_refused_in_words() {
    let err = generate_variant(
        VariantKind::Windoku,
        Shape::new(2, 2).unwrap(),
        Symmetry::None,
        1,
        0,
    )
    .unwrap_err();
    assert!(err.to_string().contains("windoku"), "{err}");
    assert_eq!("Killer".parse::<VariantKind>(), Ok(VariantKind::Killer));
    assert!("kakuro"
        .parse::<VariantKind>()
        .unwrap_err()
        .contains("killer, jigsaw"));
}
