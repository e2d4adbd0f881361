//! `numpl canon` and `numpl dataset`: canonical forms, duplicates, rated rows. Equivalent
//! puzzles are made here by the test's own transforms (row and column permutations within
//! bands and stacks, band and stack permutations, transposition, relabelling), never by
//! numpl; the seed's solution is the one its program printed.

use super::{assert_has, json_lines, numpl, relabel, tmp_dir, write, SEED, SEED_SOLUTION};

/// A small deterministic generator (xorshift), so the cases are the same every run.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }

    /// A random permutation of 0..n.
    fn perm(&mut self, n: usize) -> Vec<usize> {
        let mut p: Vec<usize> = (0..n).collect();
        for i in (1..n).rev() {
            p.swap(i, self.below(i + 1));
        }
        p
    }

    /// A random member of the 9x9 group: result row i is source row rows[i] (bands and
    /// rows in bands permuted), likewise columns; perhaps transposed; relabelled.
    fn transform(&mut self, puzzle: &str) -> String {
        let order = |r: &mut Rng| -> Vec<usize> {
            let bands = r.perm(3);
            bands
                .iter()
                .flat_map(|&b| r.perm(3).into_iter().map(move |i| b * 3 + i))
                .collect()
        };
        let rows = order(self);
        let cols = order(self);
        let digits = self.perm(9);
        let transpose = self.below(2) == 1;
        let cells: Vec<char> = puzzle.chars().collect();
        let mut out = String::new();
        for &r in &rows {
            for &c in &cols {
                let (r, c) = if transpose { (c, r) } else { (r, c) };
                out.push(match cells[r * 9 + c] {
                    d @ '1'..='9' => (b'1' + digits[(d as u8 - b'1') as usize] as u8) as char,
                    _ => '.',
                });
            }
        }
        out
    }
}

/// `puzzle` relabelled in order of first appearance (1, 2, 3, ...): the smallest string
/// among its relabellings, which a minlex form can only be at or below.
fn first_appearance(puzzle: &str) -> String {
    let mut map = [0u8; 10];
    let mut next = b'1';
    puzzle
        .chars()
        .map(|c| match c {
            '1'..='9' => {
                let d = (c as u8 - b'0') as usize;
                if map[d] == 0 {
                    map[d] = next;
                    next += 1;
                }
                map[d] as char
            }
            _ => '0',
        })
        .collect()
}

#[test]
fn equivalent_puzzles_share_one_form_that_is_below_every_one_of_them() {
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let copies: Vec<String> = (0..60).map(|_| rng.transform(SEED)).collect();
    let input = format!("{SEED}\n{}\n", copies.join("\n"));
    let out = numpl(&["canon", "-q"], &input);
    assert_eq!(out.code, 0, "{}", out.stderr);
    let forms: Vec<&str> = out.stdout.lines().collect();
    assert_eq!(forms.len(), 61);
    assert!(forms.iter().all(|f| *f == forms[0]), "{forms:?}");
    let form = forms[0].replace('.', "0");
    for c in &copies {
        assert!(form <= first_appearance(c), "{form} above {c}");
    }
    let givens = SEED.chars().filter(|&c| c != '.').count();
    assert_eq!(form.chars().filter(|&c| c != '0').count(), givens);
    // The form's solution is the seed's solution transformed alike: the form solves
    // (one solution) to a grid equivalent to the seed's solution.
    let solved = numpl(&["solve"], &format!("{}\n", forms[0]));
    assert_eq!(solved.code, 0);
    let a = numpl(&["canon", "-q"], &format!("{SEED_SOLUTION}\n"));
    let b = numpl(&["canon", "-q"], &solved.stdout);
    assert_eq!(a.stdout, b.stdout);
    assert!(a.stdout.starts_with("123456789"), "{}", a.stdout);
}

#[test]
fn unique_keeps_the_first_of_each_class_in_order() {
    let mut rng = Rng(7);
    // A different puzzle: the seed with one given more (r1c1 = its solution's 8).
    let other = format!("8{}", &SEED[1..]);
    let lines = [
        SEED.to_string(),
        rng.transform(SEED),
        other.clone(),
        relabel(SEED, 4),
        rng.transform(&other),
        "not a puzzle".to_string(),
    ];
    let out = numpl(
        &["canon", "--unique", "-f", "json"],
        &(lines.join("\n") + "\n"),
    );
    assert_eq!(out.code, 1, "an invalid line: {}", out.stderr);
    let recs = json_lines(&out);
    let kept: Vec<u64> = recs.iter().map(|r| r["index"].as_u64().unwrap()).collect();
    assert_eq!(kept, vec![0, 2, 5]);
    assert_eq!(recs[2]["status"], "invalid");
    assert_has(
        &out.stderr,
        "numpl: 6 puzzles: 2 canonical, 3 duplicate, 0 budget, 1 invalid",
    );
    // The transform maps the puzzle to its form (its text form read by the test).
    for r in &recs[..2] {
        let t = r["transform"].as_str().unwrap();
        let field = |k: &str| -> Vec<usize> {
            let v = t.split(' ').find_map(|w| w.strip_prefix(k)).unwrap();
            v.bytes().map(|b| (b - b'0') as usize).collect()
        };
        let (rows, cols, digits) = (field("r="), field("c="), field("d="));
        let transposed = t.split(' ').any(|w| w == "t");
        let p: Vec<char> = r["puzzle"].as_str().unwrap().chars().collect();
        let mut mapped = String::new();
        for &i in &rows {
            for &j in &cols {
                let (i, j) = if transposed { (j, i) } else { (i, j) };
                mapped.push(match p[i * 9 + j] {
                    d @ '1'..='9' => (b'0' + digits[(d as u8 - b'1') as usize] as u8) as char,
                    _ => '.',
                });
            }
        }
        assert_eq!(mapped, r["canon"].as_str().unwrap(), "{t}");
    }
}

/// `backtracks`: tdoku's backtrack count (sudoku-extreme's `rating`), in CSV and JSON.
#[test]
fn dataset_has_tdokus_backtrack_count() {
    // top1465's first two and forum-hardest-1905's hardest for tdoku; the counts are what
    // tdoku's TdokuSolverDpllTriadSimd (limit 1) reports for them (docs/FORMATS.md).
    let puzzles = [
        (
            "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
            29,
        ),
        (
            "7.8...3.....2.1...5.........4.....263...8.......1...9..9.6....4....7.5...........",
            36,
        ),
        (
            "98.7..6..7..6..8....5....4.8..9..3...3..7........3...21....7....7..691.....1....8",
            520,
        ),
    ];
    let input: String = puzzles.iter().map(|(p, _)| format!("{p}\n")).collect();
    let out = numpl(&["dataset", "-q", "--threads", "2"], &input);
    assert_eq!(out.code, 0, "{}", out.stderr);
    let mut lines = out.stdout.lines();
    let header: Vec<&str> = lines.next().unwrap().split(',').collect();
    let at = header.iter().position(|&c| c == "backtracks").unwrap();
    let csv: Vec<String> = lines
        .map(|l| l.split(',').nth(at).unwrap().to_string())
        .collect();
    let json = json_lines(&numpl(&["dataset", "-q", "-f", "json"], &input));
    for (i, (p, n)) in puzzles.iter().enumerate() {
        assert_eq!(csv[i], n.to_string(), "{p}");
        assert_eq!(json[i]["backtracks"], *n, "{p}");
    }
    // A variant puzzle has other rules than tdoku's: no count.
    let variant = format!(
        r#"{{"givens":"{}","constraints":[{{"type":"cage","sum":3,"cells":["r1c1","r1c2"]}}]}}"#,
        puzzles[0].0
    );
    let json = json_lines(&numpl(
        &["dataset", "-q", "-f", "json"],
        &format!("{variant}\n"),
    ));
    assert!(json[0]["variant"].is_object() && json[0].get("backtracks").is_none());
}

#[test]
fn dataset_rows_are_rated_canonical_and_in_order() {
    let dir = tmp_dir("dataset");
    let mut rng = Rng(99);
    let copy = rng.transform(SEED);
    // Two solutions: the seed without two givens that pin a deadly pattern is not at
    // hand, so an empty 4x4 is the multiple case; a clash is invalid.
    let input = format!("{SEED}\n{copy}\n11{}\n", &SEED[2..]);
    let f = write(&dir, "in.txt", &input);
    let out = numpl(&["dataset", "--threads", "2", &f], "");
    assert_eq!(out.code, 1, "{}", out.stderr);
    let rows: Vec<Vec<&str>> = out.stdout.lines().map(|l| l.split(',').collect()).collect();
    assert_eq!(
        rows[0].join(","),
        "quizzes,solutions,status,givens,canon,nodes,guesses,backtracks,level,score,techniques"
    );
    assert_eq!(rows.len(), 4);
    assert_eq!(rows[1][0], SEED.replace('.', "0"));
    assert_eq!(rows[1][1], SEED_SOLUTION);
    let givens = SEED.chars().filter(|&c| c != '.').count();
    assert_eq!((rows[1][2], rows[1][3]), ("solved", &*givens.to_string()));
    assert_eq!(rows[1][4], rows[2][4], "equivalent puzzles, one form");
    // tdoku's backtrack count: the seed takes tdoku no guess (its driver says 0).
    assert_eq!(rows[1][7], "0");
    assert!(["easy", "medium", "hard", "unfair", "extreme"].contains(&rows[1][8]));
    // (Level and score are the rating of the puzzle as given: the human solver's path
    // depends on where things are, so equivalent puzzles may score a little apart.)
    assert!(!rows[2][9].is_empty());
    assert!(rows[1][10].contains("hidden_single:"), "{:?}", rows[1][10]);
    assert_eq!(rows[3][2], "invalid");
    assert_has(&out.stderr, "in.txt:3:");
    // --unique leaves the copy out; JSON carries the same fields.
    let out = numpl(&["dataset", "--unique", "-f", "json", &f], "");
    let recs = json_lines(&out);
    assert_eq!(recs.len(), 2);
    assert_eq!(recs[0]["givens"], givens);
    // Every open cell gets a value.
    assert!(recs[0]["nodes"].as_u64().unwrap() >= 81 - givens as u64);
    assert_eq!(
        recs[0]["canon"].as_str().unwrap().replace('.', "0"),
        rows[1][4]
    );
    assert_has(&out.stderr, "1 duplicate");
    // Several solutions: a status and no rating.
    let out = numpl(&["dataset", "-q"], &format!("{}\n", ".".repeat(16)));
    let row: Vec<&str> = out.stdout.lines().nth(1).unwrap().split(',').collect();
    // (No backtrack count for a 4x4: tdoku's count is of 9x9 puzzles.)
    assert_eq!((row[2], row[7], row[8], row[9]), ("multiple", "", "", ""));
    assert_eq!(row[4], "0".repeat(16));
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn dataset_se_adds_sudoku_explainers_columns() {
    // Two puzzles of fixtures/se/17-clue.txt, rated 4.2/1.2/1.2 and 2.6/1.2/1.2 by serate
    // 1.2.1.3 (fixtures/se/17-clue.se), then one with several solutions.
    let input = "........1........2..3..4........3.5..6....7..12..8........2........6..7...49...3.\n\
                 ................12....34........53....12...6...6.........1....7.8.......34...85..\n\
                 ................................................................................1\n";
    let out = numpl(
        &["dataset", "--se", "--test-fraction", "0.5", "--seed", "3"],
        input,
    );
    assert_eq!(out.code, 1, "{}", out.stderr);
    let rows: Vec<Vec<&str>> = out.stdout.lines().map(|l| l.split(',').collect()).collect();
    assert_eq!(
        rows[0].join(","),
        "quizzes,solutions,status,givens,canon,nodes,guesses,backtracks,level,score,\
         techniques,er,ep,ed,er_technique,split"
    );
    assert_eq!(rows.len(), 4);
    assert_eq!(rows[1][11..14], ["4.2", "1.2", "1.2"]);
    assert_eq!(rows[2][11..14], ["2.6", "1.2", "1.2"]);
    assert!(!rows[1][14].is_empty() && !rows[2][14].is_empty());
    assert_eq!(
        (rows[3][2], &rows[3][11..15]),
        ("multiple", &["", "", "", ""][..])
    );
    assert!(["train", "test"].contains(&rows[3][15]));
    // JSON carries the figures and the three techniques; without --se, none of them.
    let recs = json_lines(&numpl(&["dataset", "--se", "-f", "json"], input));
    assert_eq!(
        (recs[0]["er"].as_str(), recs[1]["ed"].as_str()),
        (Some("4.2"), Some("1.2"))
    );
    assert!(recs[0]["ep_technique"].is_string() && recs[2].get("er").is_none());
    let recs = json_lines(&numpl(&["dataset", "-f", "json"], input));
    assert!(recs[0].get("er").is_none());
}

#[test]
fn canon_and_dataset_refuse_formats_they_do_not_write() {
    for args in [
        &["canon", "-f", "svg"][..],
        &["dataset", "-f", "line"][..],
        &["dataset", "-f", "grid"][..],
    ] {
        let out = numpl(args, &format!("{SEED}\n"));
        assert_eq!(out.code, 2, "{args:?}");
        assert!(out.stdout.is_empty());
    }
}

#[test]
fn augmented_copies_are_equivalent_solved_and_seeded() {
    let input = format!("{SEED}\n{}\n", relabel(SEED, 2));
    let run = |threads: &str| {
        numpl(
            &[
                "augment",
                "--copies",
                "4",
                "--seed",
                "11",
                "--threads",
                threads,
            ],
            &input,
        )
    };
    let one = run("1");
    let two = run("2");
    assert_eq!(one.code, 0, "{}", one.stderr);
    assert_eq!(
        one.stdout, two.stdout,
        "the same copies whatever the threads"
    );
    let rows: Vec<Vec<&str>> = one
        .stdout
        .lines()
        .skip(1)
        .map(|l| l.split(',').collect())
        .collect();
    assert_eq!(rows.len(), 8);
    let copies: Vec<String> = rows.iter().map(|r| r[0].replace('0', ".")).collect();
    // Each copy is the seed's class, and its solution is the copy's solution.
    let forms = numpl(&["canon", "-q"], &(copies.join("\n") + "\n"));
    let seed_form = numpl(&["canon", "-q"], &format!("{SEED}\n")).stdout;
    assert!(forms.stdout.lines().all(|f| f == seed_form.trim()));
    let solved = numpl(&["solve", "-q"], &(copies.join("\n") + "\n"));
    let solutions: Vec<&str> = rows.iter().map(|r| r[1]).collect();
    assert_eq!(solved.stdout.lines().collect::<Vec<_>>(), solutions);
    // Another seed, other copies.
    let other = numpl(&["augment", "--copies", "4", "--seed", "12"], &input);
    assert_ne!(other.stdout, one.stdout);
}

#[test]
fn splits_keep_classes_together_and_follow_the_seed() {
    let mut rng = Rng(5);
    // Pairs of equivalent puzzles: the seed less one given, and a random copy of it.
    let givens: Vec<usize> = SEED
        .char_indices()
        .filter(|(_, c)| *c != '.')
        .map(|(i, _)| i)
        .collect();
    let mut lines = Vec::new();
    for &g in &givens {
        let mut p: Vec<char> = SEED.chars().collect();
        p[g] = '.';
        let p: String = p.into_iter().collect();
        lines.push(p.clone());
        lines.push(rng.transform(&p));
    }
    let input = lines.join("\n") + "\n";
    let split = |seed: &str| {
        let args = [
            "canon",
            "-f",
            "csv",
            "--test-fraction",
            "0.5",
            "--seed",
            seed,
            "-q",
        ];
        numpl(&args, &input)
    };
    let out = split("1");
    assert_eq!(out.code, 0, "{}", out.stderr);
    let rows: Vec<Vec<&str>> = out
        .stdout
        .lines()
        .skip(1)
        .map(|l| l.split(',').collect())
        .collect();
    assert_eq!(rows.len(), lines.len());
    for pair in rows.chunks(2) {
        assert_eq!(pair[0][1], pair[1][1], "one class");
        assert_eq!(pair[0][3], pair[1][3], "one side");
    }
    let test = rows.iter().filter(|r| r[3] == "test").count();
    assert!(test > 0 && test < rows.len(), "{test} of {}", rows.len());
    let again = split("1");
    assert_eq!(again.stdout, out.stdout);
    let other = split("2");
    assert_ne!(other.stdout, out.stdout);
    let bad = numpl(&["canon", "--test-fraction", "1.5"], &input);
    assert_eq!(bad.code, 2);
    let alone = numpl(&["canon", "--seed", "3"], &input);
    assert_eq!(alone.code, 2, "--seed needs --test-fraction");
}

/// A full 16x16 grid leaves every arrangement of columns open after its first row: the
/// search stops at its bound (status budget, a message, exit 1) instead of filling memory.
#[test]
fn a_full_big_grid_stops_at_the_bound() {
    let sym: Vec<char> = "123456789ABCDEFG".chars().collect();
    let grid: String = (0..256)
        .map(|i| {
            let (r, c) = (i / 16, i % 16);
            sym[(r % 4 * 4 + r / 4 + c) % 16]
        })
        .collect();
    let out = numpl(&["canon", "-f", "json"], &format!("{grid}\n{}\n", SEED));
    assert_eq!(out.code, 1, "{}", out.stderr);
    let recs = json_lines(&out);
    assert_eq!(recs[0]["status"], "budget");
    assert!(
        recs[0]["error"].as_str().unwrap().contains("tied"),
        "{}",
        recs[0]
    );
    assert!(
        recs[1]["canon"].is_string(),
        "the next puzzle is done as usual"
    );
    assert_has(&out.stderr, "1 canonical, 0 duplicate, 1 budget, 0 invalid");
    let out = numpl(&["dataset", "-q"], &format!("{grid}\n"));
    let row: Vec<&str> = out.stdout.lines().nth(1).unwrap().split(',').collect();
    assert_eq!((row[2], row[4]), ("solved", ""), "a row without a form");
}
