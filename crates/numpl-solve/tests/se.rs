//! Sudoku Explainer's scale against serate 1.2.1.3's own answers (`fixtures/se/`): every
//! puzzle of `se-sample` (but the two that need nested forcing chains: seconds each, left to
//! `cargo xtask regress`) and `top1465-a` gets serate's ER, EP and ED exactly.

use numpl_solve::se::{format_tenths, rate};

/// Checks every puzzle of fixture `name` whose serate ER is below `below` (tenths).
fn check(name: &str, below: u32) {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../fixtures/se/");
    let read = |ext: &str| {
        std::fs::read_to_string(format!("{dir}{name}.{ext}"))
            .unwrap()
            .lines()
            .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
            .map(String::from)
            .collect::<Vec<_>>()
    };
    let puzzles = read("txt");
    let want = read("se");
    assert_eq!(puzzles.len(), want.len());
    let mut wrong = Vec::new();
    let mut checked = 0;
    for (p, w) in puzzles.iter().zip(&want) {
        let er: f64 = w.split('/').next().unwrap().parse().unwrap();
        if (er * 10.0).round() as u32 >= below {
            continue;
        }
        checked += 1;
        let mut cells = [0u8; 81];
        for (i, b) in p.bytes().take(81).enumerate() {
            cells[i] = if b.is_ascii_digit() { b - b'0' } else { 0 };
        }
        match rate(&cells) {
            Ok(r) => {
                let got = format!(
                    "{}/{}/{}",
                    format_tenths(r.er),
                    format_tenths(r.ep),
                    format_tenths(r.ed)
                );
                if &got != w {
                    wrong.push(format!("{p}: serate {w}, numpl {got}"));
                }
            }
            Err(e) => wrong.push(format!("{p}: serate {w}, numpl {e:?}")),
        }
    }
    assert!(
        wrong.is_empty(),
        "{name}: {} differ:\n{}",
        wrong.len(),
        wrong.join("\n")
    );
    assert!(checked > 0);
}

#[test]
fn se_sample_matches_serate() {
    // Two of the 128 need nested forcing chains (serate: 11.6 and 10.7).
    check("se-sample", 95);
}

#[test]
fn top1465_sample_matches_serate() {
    check("top1465-a", 200);
}

#[test]
fn a_hard_step_is_named() {
    // se-sample's first puzzle: serate's ER 7.5 comes from an aligned triplet exclusion.
    let p = "..21....8.68....4.71...9...8..2.17......6......59.8..3...6...17.7....83.2....79..";
    let mut cells = [0u8; 81];
    for (i, b) in p.bytes().enumerate() {
        cells[i] = if b.is_ascii_digit() { b - b'0' } else { 0 };
    }
    let r = rate(&cells).unwrap();
    assert_eq!((r.er, r.ep, r.ed), (75, 12, 12));
    assert_eq!(r.er_technique, "Aligned Triplet Exclusion");
    assert_eq!(r.ed_technique, "Hidden Single");
}

/// `explain_se` and `hint_se`: the rating is `rate_se`'s, ER is the hardest step's
/// difficulty, every step agrees with the solution (a placement is the solution's value,
/// no removal takes it), and the hint is the path's first step.
#[test]
fn explained_steps_agree_with_the_solution_and_the_rating() {
    use numpl_core::{parse_first, ParseOptions};
    use numpl_solve::{puzzle, SolveOptions, Status};
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../fixtures/se/");
    let text = std::fs::read_to_string(format!("{dir}se-sample.txt")).unwrap();
    let rates = std::fs::read_to_string(format!("{dir}se-sample.se")).unwrap();
    let lines = |t: &str| -> Vec<String> {
        t.lines()
            .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
            .map(String::from)
            .collect()
    };
    let opts = SolveOptions::default();
    let mut checked = 0;
    for (p, want) in lines(&text).iter().zip(lines(&rates)).step_by(4) {
        let er: f64 = want.split('/').next().unwrap().parse().unwrap();
        if er >= 9.0 {
            continue;
        }
        let parsed = parse_first(p, &ParseOptions::default()).unwrap();
        let out = puzzle::explain_se(&parsed, &opts);
        assert_eq!(out.rated, puzzle::rate_se(&parsed, &opts), "{p}");
        let r = out.rated.rating.as_ref().unwrap();
        let got = format!(
            "{}/{}/{}",
            format_tenths(r.er),
            format_tenths(r.ep),
            format_tenths(r.ed)
        );
        assert_eq!(&got, &want, "{p}");
        assert_eq!(out.steps.iter().map(|h| h.tenths()).max(), Some(r.er));
        let solution = out.rated.solution.as_ref().unwrap().values().to_vec();
        for h in &out.steps {
            if let Some((c, v)) = h.place {
                assert_eq!(solution[c as usize], v, "{p}: {}", h.describe());
            }
            for &(c, m) in &h.removals {
                assert_eq!(m >> solution[c as usize] & 1, 0, "{p}: {}", h.describe());
            }
        }
        let hint = puzzle::hint_se(&parsed, &opts).unwrap();
        assert_eq!(hint.describe(), out.steps[0].describe());
        checked += 1;
    }
    assert!(checked >= 10, "{checked}");

    // Words: the name, SE's difficulty, what is placed or removed.
    let p = "..971..6.7..3..4...65...7.3....5..242..9.3..115..2....9.1...64...4..6..7.7..491..";
    let parsed = parse_first(p, &ParseOptions::default()).unwrap();
    let out = puzzle::explain_se(&parsed, &opts);
    assert_eq!(out.steps[0].describe(), "Hidden Single (1.2): r2c2 = 1");
    assert!(out
        .steps
        .iter()
        .any(|h| h.describe() == "Pointing (2.6) => r7c6 <> 5"));

    // No step: a full grid is solved; several solutions; another shape; a variant.
    let full = puzzle::explain_se(&parsed, &opts).rated.solution.unwrap();
    let full: String = full
        .values()
        .iter()
        .map(|&v| char::from(b'0' + v))
        .collect();
    let full = parse_first(&full, &ParseOptions::default()).unwrap();
    assert_eq!(puzzle::hint_se(&full, &opts).unwrap_err(), Status::Solved);
    let empty = parse_first(&".".repeat(81), &ParseOptions::default()).unwrap();
    assert_eq!(
        puzzle::hint_se(&empty, &opts).unwrap_err(),
        Status::Multiple
    );
    assert!(puzzle::explain_se(&empty, &opts).steps.is_empty());
    let four = parse_first("123.341221434321", &ParseOptions::default()).unwrap();
    assert_eq!(puzzle::hint_se(&four, &opts).unwrap_err(), Status::Stuck);
    let x = format!(r#"{{"box":"3x3","givens":"{p}","constraints":[{{"type":"diagonal"}}]}}"#);
    let x = parse_first(&x, &ParseOptions::default()).unwrap();
    assert!(x.variant().is_some());
    let rated = puzzle::rate_se(&x, &opts);
    assert_eq!(rated.status, Status::Stuck);
    assert!(rated.error.unwrap().contains("not variants"));
}
