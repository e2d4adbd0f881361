//! The generator with arbitrary options (small shapes, any symmetry, technique limit, level,
//! required technique, seed, index, a few tries, rating on or off): either the typed error
//! the options call for, or a puzzle that
//! - has exactly one solution, the one reported (checked here, not by numpl's own code);
//! - follows the symmetry asked for;
//! - has a rating when one was asked for (or a level or technique), at the level asked for
//!   and using the technique required, solved by the human solver within the technique
//!   limit;
//! - comes out the same when made again from the same seed and index.
//!
//! Never a panic.
#![no_main]

use arbitrary::{Arbitrary, Unstructured};
use libfuzzer_sys::fuzz_target;
use numpl_core::Shape;
use numpl_fuzz::is_solution;
use numpl_gen::{GenError, GenOptions, Generator, Level, MaxTechnique, Symmetry, Technique};
use numpl_solve::{count_solutions, HumanStatus};

#[derive(Arbitrary, Debug)]
struct Case {
    shape: u8,
    symmetry: u8,
    /// 0: none, 1: all, else a technique.
    max_technique: (u8, u16),
    level: Option<u8>,
    require: Option<u16>,
    max_tries: u8,
    seed: u64,
    index: u8,
    rate: bool,
}

/// Techniques to choose from: those of 16x16 (so also tuples and fish too big for the shape).
fn technique(k: u16) -> Technique {
    let all = Technique::all_for(16);
    all[k as usize % all.len()]
}

fuzz_target!(|data: &[u8]| {
    let Ok(case) = Case::arbitrary(&mut Unstructured::new(data)) else {
        return;
    };
    let (r, c) = [(2, 2), (2, 3), (3, 2), (2, 4), (4, 2), (3, 3)][case.shape as usize % 6];
    let shape = Shape::new(r, c).unwrap();
    let symmetry = Symmetry::ALL[case.symmetry as usize % Symmetry::ALL.len()];
    let max_technique = match case.max_technique.0 % 4 {
        0 => MaxTechnique::None,
        1 => MaxTechnique::All,
        _ => MaxTechnique::Upto(technique(case.max_technique.1)),
    };
    let opts = GenOptions::new(shape)
        .symmetry(symmetry)
        .max_technique(max_technique)
        .level(
            case.level
                .map(|l| Level::ALL[l as usize % Level::ALL.len()]),
        )
        .require(case.require.map(technique))
        .max_tries((case.max_tries % 4) as u32)
        .seed(case.seed)
        .rate(case.rate);
    let gen = match Generator::new(opts.clone()) {
        Ok(g) => {
            assert!(symmetry.check(shape).is_ok());
            g
        }
        Err(GenError::SymmetryNeedsSquareBoxes { .. }) => {
            assert!(symmetry.needs_square_boxes() && r != c);
            return;
        }
        // Options that contradict each other are refused at once, each for its reason.
        Err(GenError::NoTries) => {
            assert_eq!(opts.max_tries, 0);
            return;
        }
        Err(GenError::RequireAboveMax {
            require,
            max_technique,
        }) => {
            assert_eq!(opts.max_technique, MaxTechnique::Upto(max_technique));
            assert!(Some(require) == opts.require && require > max_technique);
            return;
        }
        Err(GenError::LevelAboveMax {
            level,
            max_technique,
        }) => {
            assert_eq!(opts.max_technique, MaxTechnique::Upto(max_technique));
            assert!(Some(level) == opts.level && max_technique.level() < level);
            return;
        }
        Err(GenError::RequireAboveLevel { require, level }) => {
            assert!(Some(require) == opts.require && Some(level) == opts.level);
            assert!(require.level() > level);
            return;
        }
        // A required technique that is off (by default, as HoDoKu leaves kraken fish and a
        // few others, since these options turn none on) can never be used.
        Err(GenError::RequireDisabled { require }) => {
            assert!(Some(require) == opts.require && !require.on_by_default());
            return;
        }
        Err(e) => panic!("Generator::new: unexpected error {e:?}"),
    };
    let targeted = opts.level.is_some() || opts.require.is_some();
    let index = case.index as u64;
    let made = match gen.generate(index) {
        Ok(m) => m,
        Err(GenError::NotReached { tries, .. }) => {
            assert!(
                targeted,
                "NotReached without a level or technique asked for"
            );
            assert_eq!(tries, opts.max_tries);
            return;
        }
        Err(e) => panic!("generate: unexpected error {e:?}"),
    };
    let p = &made.puzzle;
    assert_eq!(p.shape(), shape);
    assert!(
        is_solution(&made.solution, p),
        "the solution reported is not one"
    );
    assert_eq!(count_solutions(p, 2), 1, "not uniquely solvable");
    assert!(symmetry.holds_for(p), "givens do not follow {symmetry}");
    assert_eq!(made.symmetry, symmetry);
    assert_eq!((made.seed, made.index), (opts.seed, index));
    assert!(made.tries >= 1 && made.tries <= opts.max_tries);
    if !targeted {
        assert_eq!(made.tries, 1);
    }
    if opts.rate || targeted {
        let report = made.report.as_ref().expect("a rating was asked for");
        if let Some(level) = opts.level {
            assert_eq!(report.level, level);
        }
        if let Some(t) = opts.require {
            assert!(report.counts.contains_key(&t), "{t} not used");
        }
        if targeted || max_technique != MaxTechnique::None {
            assert_eq!(
                report.status,
                HumanStatus::Solved,
                "human solver did not finish"
            );
        }
        if report.status == HumanStatus::Solved {
            assert_eq!(&report.grid, &made.solution);
        }
        if let MaxTechnique::Upto(limit) = gen.digging_limit() {
            if let Some(hardest) = report.counts.keys().max() {
                assert!(*hardest <= limit, "{hardest} used, limit {limit}");
            }
        }
    }
    // The same again from (seed, index).
    let again = gen.generate(index).expect("made once, made again");
    assert_eq!(&again.puzzle, p, "not reproducible");
    assert_eq!(again.solution, made.solution);
});
