//! Variant generation (`generate_variant`): every puzzle's solution keeps its rules
//! (checked by `Variant::violation`, not the engine), its givens are the solution's, the
//! same seed makes the same puzzle, and on 4x4 the one solution is counted by an
//! independent exhaustive count over every Latin square of order 4 (not the engine that
//! judged uniqueness while generating).

use numpl_core::{Grid, Shape};
use numpl_gen::{generate_variant, Symmetry, VariantKind};
use numpl_solve::{variant, Level, Status};

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
        // Without a level, and at each level (judged by the variant techniques).
        for (index, level) in (0..9).zip([
            None,
            None,
            None,
            Some(Level::Easy),
            Some(Level::Easy),
            Some(Level::Medium),
            None,
            Some(Level::Easy),
            None,
        ]) {
            let Ok(g) = generate_variant(kind, four, Symmetry::None, 11, index, level) else {
                // A 4x4 kind may have no medium puzzle: said, never a wrong one.
                assert!(level.is_some(), "{kind} {index}");
                continue;
            };
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
            let g = generate_variant(kind, Shape::NINE, Symmetry::Point, 5, index, None).unwrap();
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
            let again =
                generate_variant(kind, Shape::NINE, Symmetry::Point, 5, index, None).unwrap();
            assert_eq!(
                again.variant.to_json(&again.puzzle),
                g.variant.to_json(&g.puzzle),
                "{kind}: the same seed and index, the same puzzle"
            );
        }
        let other = generate_variant(kind, Shape::NINE, Symmetry::Point, 6, 0, None).unwrap();
        let first = generate_variant(kind, Shape::NINE, Symmetry::Point, 5, 0, None).unwrap();
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
        None,
    )
    .unwrap_err();
    assert!(err.to_string().contains("windoku"), "{err}");
    assert_eq!("Killer".parse::<VariantKind>(), Ok(VariantKind::Killer));
    assert!("kakuro"
        .parse::<VariantKind>()
        .unwrap_err()
        .contains("killer, jigsaw"));
}

/// At each level of numpl's variant scale: the puzzle made is rated at exactly that level
/// by the variant step solver, its rating finishes it, and every step agrees with the
/// solution (no placement off it, no elimination of its value): the soundness sweep over
/// generated puzzles of every kind.
#[test]
fn levels_are_met_and_every_step_agrees_with_the_solution() {
    for kind in [
        VariantKind::Killer,
        VariantKind::Jigsaw,
        VariantKind::X,
        VariantKind::Windoku,
        VariantKind::Thermo,
    ] {
        for (index, level) in [(0, Level::Easy), (1, Level::Medium), (2, Level::Medium)] {
            let g = generate_variant(kind, Shape::NINE, Symmetry::None, 21, index, Some(level))
                .unwrap();
            assert_eq!(g.level, Some(level), "{kind} {index}");
            let rated = variant::rate(&g.puzzle, &g.variant, &Default::default());
            assert_eq!(rated.status, Status::Solved, "{kind} {index}");
            assert_eq!(rated.level, Some(level), "{kind} {index}");
            assert_eq!(
                rated.solution.as_ref().map(|s| s.values()),
                Some(g.solution.values())
            );
            for s in &rated.steps {
                for &(c, x) in &s.placements {
                    assert_eq!(g.solution.get(c.index()), x, "{kind} {index}: {s:?}");
                }
                for &(c, x) in &s.eliminations {
                    assert_ne!(g.solution.get(c.index()), x, "{kind} {index}: {s:?}");
                }
            }
        }
    }
    // Unlevelled puzzles (dug as far as uniqueness allows, often beyond the variant
    // techniques): the steps taken before they stop agree too.
    for kind in [
        VariantKind::Killer,
        VariantKind::Jigsaw,
        VariantKind::Thermo,
    ] {
        for index in 0..3 {
            let g = generate_variant(kind, Shape::NINE, Symmetry::Point, 8, index, None).unwrap();
            let rated = variant::rate(&g.puzzle, &g.variant, &Default::default());
            assert!(matches!(rated.status, Status::Solved | Status::Stuck));
            assert_eq!(rated.level.is_some(), g.level.is_some(), "{kind} {index}");
            for s in &rated.steps {
                for &(c, x) in &s.placements {
                    assert_eq!(g.solution.get(c.index()), x, "{kind} {index}: {s:?}");
                }
                for &(c, x) in &s.eliminations {
                    assert_ne!(g.solution.get(c.index()), x, "{kind} {index}: {s:?}");
                }
            }
        }
    }
}

/// Killer options: cages grown to the sizes asked never exceed the most (cuts may make
/// smaller ones); with givens, the cages are kept as grown and givens make the puzzle
/// unique (4x4: by the independent count); the options are refused for other kinds.
#[test]
fn killer_cage_sizes_and_givens() {
    use numpl_core::variant::Constraint;
    use numpl_gen::VariantSpec;
    let cages = |v: &numpl_core::variant::Variant| -> Vec<usize> {
        v.constraints()
            .iter()
            .filter_map(|c| match c {
                Constraint::Cage { cells, .. } => Some(cells.len()),
                _ => None,
            })
            .collect()
    };
    for index in 0..3 {
        let spec = VariantSpec::new(VariantKind::Killer).cage_cells(Some((2, 3)));
        let g = generate_variant(spec, Shape::NINE, Symmetry::None, 4, index, None).unwrap();
        let sizes = cages(&g.variant);
        assert!(sizes.iter().all(|&k| k <= 3), "{sizes:?}");
        assert!(
            sizes.iter().filter(|&&k| k >= 2).count() * 2 > sizes.len(),
            "{sizes:?}"
        );
        assert_eq!(g.puzzle.filled(), 0);
        let with = spec.cage_cells(Some((4, 5))).givens(true);
        let g = generate_variant(
            with,
            Shape::NINE,
            Symmetry::Point,
            4,
            index,
            Some(Level::Easy),
        )
        .unwrap();
        assert!(g.puzzle.filled() > 0);
        assert_eq!(g.level, Some(Level::Easy));
        assert_eq!(variant::count(&g.puzzle, &g.variant, 2), 1);
    }
    // 4x4 killers with givens: one solution by the independent count.
    let squares = latin_squares_4();
    let four = Shape::new(2, 2).unwrap();
    for index in 0..4 {
        let spec = VariantSpec::new(VariantKind::Killer)
            .cage_cells(Some((3, 4)))
            .givens(true);
        let g = generate_variant(spec, four, Symmetry::None, 7, index, None).unwrap();
        let fits = squares
            .iter()
            .filter(|s| {
                (0..16).all(|c| g.puzzle.get(c) == 0 || g.puzzle.get(c) == s.get(c))
                    && g.variant.violation(s).is_none()
            })
            .count();
        assert_eq!(fits, 1, "{}", g.variant.to_json(&g.puzzle));
    }
    for (spec, says) in [
        (
            VariantSpec::new(VariantKind::Jigsaw).givens(true),
            "options of killer",
        ),
        (
            VariantSpec::new(VariantKind::Killer).cage_cells(Some((3, 2))),
            "the smaller first",
        ),
        (
            VariantSpec::new(VariantKind::Killer).cage_cells(Some((0, 2))),
            "from 1 to 9",
        ),
        (
            VariantSpec::new(VariantKind::Killer).cage_cells(Some((2, 10))),
            "from 1 to 9",
        ),
    ] {
        let e = generate_variant(spec, Shape::NINE, Symmetry::None, 1, 0, None).unwrap_err();
        assert!(e.to_string().contains(says), "{e}");
    }
}
