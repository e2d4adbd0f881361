//! Positions (puzzles with pencil marks) through every command. Expectations are worked
//! out by hand from the seed's puzzle and the solution its program printed.

use super::*;

/// The seed's pencil marks as `numpl show --format detail` prints them, with r1c1's
/// block (its first six columns on the first three lines: ` 1 . 3`, ` 4 . 6`, ` . 8 .`)
/// replaced by `block`, three lines of six characters.
fn seed_detail_with_r1c1(block: [&str; 3]) -> String {
    let out = numpl(&["show", "-q", "--format", "detail"], SEED);
    assert_eq!(out.code, 0);
    let mut lines: Vec<String> = out.stdout.lines().map(String::from).collect();
    assert_eq!(&lines[0][..6], " 1 . 3", "r1c1 may hold 1, 3, 4, 6 and 8");
    assert_eq!(&lines[1][..6], " 4 . 6");
    assert_eq!(&lines[2][..6], " . 8 .");
    for (k, b) in block.iter().enumerate() {
        lines[k].replace_range(..6, b);
    }
    lines.join("\n") + "\n"
}

/// The seed's candidates as a 729-symbol line, each cell's nine places written by hand
/// from the seed: a given is its value alone in its place.
fn seed_position_line() -> String {
    let out = numpl(&["show", "-q", "--format", "detail"], SEED);
    let back = numpl(&["show", "-q", "--format", "line"], &out.stdout);
    let line = back.stdout.trim_end().to_string();
    assert_eq!(line.len(), 729);
    // r1c1: 1 3 4 6 8; r1c2 the given 2; r1c3: 1 3 4 5 6 8.
    assert_eq!(&line[..27], "1.34.6.8..2.......1.3456.8.");
    line
}

#[test]
fn the_detail_grid_reads_back_as_the_same_position() {
    let d = numpl(&["show", "-q", "--format", "detail"], SEED).stdout;
    // Read back (format found from the layout, output in the format read): the same.
    let again = numpl(&["show", "-q"], &d);
    assert_eq!(again.code, 0);
    assert_eq!(again.stdout, d);
    // Forced, too.
    let forced = numpl(&["show", "-q", "--input", "detail"], &d);
    assert_eq!(forced.stdout, d);
    // The grid format cannot hold marks: a position is shown with them.
    let grid = numpl(&["show", "-q", "--format", "grid"], &d);
    assert_eq!(grid.stdout, d);
}

/// The hint starts from the player's marks: with r1c1 cut to 8, the first naked single
/// is r1c1 = 8; the bare puzzle's is r8c8 = 4 (row 8 holds 5 8 3 9, column 8 holds 7 1
/// 2 6, box 9 holds 9 6: only 4 is left).
#[test]
fn hint_from_a_position_differs_from_the_bare_puzzle() {
    let bare = numpl(&["hint"], SEED);
    assert_eq!(
        bare.stdout,
        format!("{SEED}: Naked Single: r8c8 = 4 (only candidate left)\n")
    );
    let pos = seed_detail_with_r1c1([" . . .", " . . .", " . 8 ."]);
    let hint = numpl(&["hint"], &pos);
    assert_eq!(hint.code, 0, "{}", hint.stderr);
    let (puzzle, step) = hint.stdout.split_once(": ").unwrap();
    assert_eq!(puzzle.len(), 729, "the position line");
    assert!(puzzle.starts_with(".......8..2......."), "{puzzle}");
    assert_eq!(step, "Naked Single: r1c1 = 8 (only candidate left)\n");
    // explain starts the same way and ends solved; rate rates the position.
    let explain = numpl(&["explain"], &pos);
    assert_has(
        &explain.stdout,
        "   1. Naked Single: r1c1 = 8 (only candidate left)\n",
    );
    assert_has(&explain.stdout, "solved after");
    let rate = numpl(&["rate", "--format", "json"], &pos);
    let r = &json_lines(&rate)[0];
    assert_eq!(r["status"], "solved");
    assert_eq!(r["solution"], SEED_SOLUTION);
    assert_eq!(r["puzzle"].as_str().unwrap().len(), 729);
    // solve respects the marks and finds the seed's solution.
    let solve = numpl(&["solve", "--format", "line"], &pos);
    assert_eq!(solve.stdout, format!("{SEED_SOLUTION}\n"));
}

/// r1c1 holds 8 in the seed's solution: marks without it leave no solution, for every
/// algorithm, though the bare puzzle has one.
#[test]
fn a_position_that_lost_the_true_candidate_is_unsolvable() {
    let pos = seed_detail_with_r1c1([" 1 . 3", " 4 . 6", " . . ."]);
    for algo in ["fast", "full", "human"] {
        let out = numpl(&["solve", "--format", "line", "--algo", algo], &pos);
        assert_eq!(out.code, 1, "{algo}");
        let status = out.stdout.trim_end();
        if algo == "human" {
            assert_ne!(status, SEED_SOLUTION);
        } else {
            assert_eq!(status, "unsolvable", "{algo}");
        }
    }
    let line = numpl(&["show", "-q", "--format", "line"], &pos).stdout;
    let out = numpl(&["solve", "--format", "json"], &line);
    assert_eq!(json_lines(&out)[0]["status"], "unsolvable");
}

#[test]
fn a_729_line_is_read_everywhere() {
    let line = seed_position_line();
    let solve = numpl(&["solve"], &line);
    assert_eq!(solve.stdout, format!("{SEED_SOLUTION}\n"));
    // No givens: the seed's givens are cells with one candidate, placed as naked singles.
    let explain = numpl(&["explain", "--format", "json"], &line);
    let rec = &json_lines(&explain)[0];
    assert_eq!(rec["puzzle"], line.as_str());
    assert_eq!(rec["status"], "solved");
    assert_eq!(
        rec["steps"][0],
        "Naked Single: r1c2 = 2 (only candidate left)"
    );
    // CSV keeps the position line, `0` for a blank.
    let csv = numpl(&["solve", "--format", "csv"], &line);
    assert_eq!(
        csv.stdout,
        format!(
            "quizzes,solutions,status\n{},{SEED_SOLUTION},solved\n",
            line.replace('.', "0")
        )
    );
    // And the CSV field reads back as the position.
    let back = numpl(&["show", "-q", "--format", "line"], &csv.stdout);
    assert_eq!(back.stdout, format!("{line}\n"));
}

/// A file of puzzles and positions, one of them broken: one record each, in order.
#[test]
fn batches_mix_puzzles_and_positions_in_order() {
    let line = seed_position_line();
    // r2c3 (cell 11, symbols 100-108) without any candidate.
    let mut broken = line.clone();
    broken.replace_range(99..108, ".........");
    let relabelled = relabel(SEED, 1);
    let text = format!("{SEED}\n{line}\n{broken}\n{relabelled}\n{line}\n");
    for threads in ["1", "2"] {
        let out = numpl(&["solve", "--format", "json", "--threads", threads], &text);
        assert_eq!(out.code, 1);
        let recs = json_lines(&out);
        let got: Vec<(&str, u64)> = recs
            .iter()
            .map(|r| (r["status"].as_str().unwrap(), r["line"].as_u64().unwrap()))
            .collect();
        assert_eq!(
            got,
            [
                ("solved", 1),
                ("solved", 2),
                ("invalid", 3),
                ("solved", 4),
                ("solved", 5)
            ]
        );
        assert_eq!(
            recs[2]["error"],
            "<stdin>:3: r2c3 has no candidate (an open cell of a position needs at least one)"
        );
        assert_eq!(recs[3]["solution"], relabel(SEED_SOLUTION, 1));
        assert_has(
            &out.stderr,
            "<stdin>:3: r2c3 has no candidate (an open cell of a position needs at least one)",
        );
    }
}

#[test]
fn a_misplaced_mark_in_a_detail_grid_names_line_column_and_cell() {
    // A 2 in the place of 3 in r1c1's first line.
    let pos = seed_detail_with_r1c1([" 1 . 2", " 4 . 6", " . 8 ."]);
    let out = numpl(&["solve"], &pos);
    assert_eq!(out.code, 1);
    assert_has(
        &out.stderr,
        "<stdin>:1: r1c1: `2` at column 6 is in place 3 of the cell, which holds `3` or a blank",
    );
}

/// A sheet draws givens only: a position is refused with its place, and no PDF written.
#[test]
fn print_refuses_positions() {
    let dir = tmp_dir("print-position");
    let line = seed_position_line();
    let input = write(&dir, "p.txt", &format!("{SEED}\n{line}\n"));
    let pdf = dir.join("s.pdf");
    let out = numpl(&["print", &input, "--out", pdf.to_str().unwrap()], "");
    assert_eq!(out.code, 1);
    assert_has(
        &out.stderr,
        "p.txt:2: puzzle 2 is a position with pencil marks",
    );
    assert!(!pdf.exists());
}

/// The pencil-mark grid of a puzzle is the position of its givens with every candidate
/// they allow: solving, rating and hinting it gives what the puzzle gives.
#[test]
fn the_detail_of_a_puzzle_rates_and_hints_like_the_puzzle() {
    let famous = fixture("9x9/famous.txt");
    let detail = numpl(&["show", "-q", "--format", "detail", &famous], "").stdout;
    // Each record without the puzzle in front of it (`rate`: up to the first space,
    // `hint`: up to `: `; `solve` writes the solution alone).
    let tails = |out: Out, sep: Option<&str>| -> Vec<String> {
        out.stdout
            .lines()
            .map(|l| match sep {
                Some(sep) => l.split_once(sep).map_or(l, |x| x.1).to_string(),
                None => l.to_string(),
            })
            .collect()
    };
    for (command, sep) in [("rate", Some(" ")), ("hint", Some(": ")), ("solve", None)] {
        let bare = tails(numpl(&["-q", command, "-f", "line", &famous], ""), sep);
        let pos = tails(numpl(&["-q", command, "-f", "line"], &detail), sep);
        assert_eq!(bare.len(), 7, "{command}");
        assert_eq!(pos, bare, "{command}");
    }
}
