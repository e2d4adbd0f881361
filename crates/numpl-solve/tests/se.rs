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
