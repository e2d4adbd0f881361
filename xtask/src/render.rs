//! Pictures: `svg2png` to look at them, `renderbench` to time them.
//!
//! `cargo run -p xtask -- svg2png FILE.svg ... [--scale S]` writes `FILE.png` beside each
//! SVG, drawn by resvg with the font numpl's PDF sheets embed (Liberation Sans), so the
//! pixels need no system font.
//!
//! `cargo run --release -p xtask -- renderbench [--rounds R]` (one thread) times:
//! - the SVG of a 9x9 step: every step of the seed's sample (fixtures/seed/sample.txt; the
//!   seed is the program numpl grew from, docs/FORMATS.md "The seed") and of a few harder 9x9
//!   puzzles, each drawn as [`Picture::of_step`] + [`Picture::to_svg`] with labels and
//!   pencil marks (the position and step are made beforehand, not timed);
//! - a 100-puzzle PDF sheet with solutions: 100 generated 9x9 puzzles (seed 12, made
//!   beforehand), then what `numpl print --solutions` does with them on one core: solve
//!   each with `fast` (the solution), rate it with `human` (level and score), and
//!   [`sheet_pdf`] at 4 a page; the sheet alone is timed too.
//!
//! Measured 2026-12-01 on a shared 2-core machine (`taskset -c 0`, load
//! about 2.5), best of 5 rounds: a 9x9 step SVG 61 us (206 steps, 24 KB each); the
//! 100-puzzle sheet with solutions 0.127 s, of which `sheet_pdf` 0.104 s (140 KB, 30
//! pages). Under heavier load (about 5): 122 us and 0.257 s.

use std::time::{Duration, Instant};

use numpl_core::{parse_one, Grid, ParseOptions};
use numpl_gen::{GenOptions, Generator};
use numpl_render::{sheet_pdf, Picture, SheetOptions, SheetPuzzle, SvgOptions};
use numpl_solve::{solve, Algorithm, Board, HumanSolver, SolveOptions, Status, Step};

/// `svg2png FILE ... [--scale S]`.
pub(crate) fn svg2png(args: &crate::Svg2pngArgs) -> Result<(), String> {
    let scale = args.scale;
    let mut opt = resvg::usvg::Options::default();
    opt.fontdb_mut()
        .load_font_data(numpl_render::FONT_REGULAR.to_vec());
    opt.fontdb_mut()
        .load_font_data(numpl_render::FONT_BOLD.to_vec());
    for f in &args.files {
        let text = std::fs::read_to_string(f).map_err(|e| format!("{f}: {e}"))?;
        let tree = resvg::usvg::Tree::from_str(&text, &opt).map_err(|e| format!("{f}: {e}"))?;
        let size = tree.size();
        let (w, h) = (
            (size.width() * scale).ceil() as u32,
            (size.height() * scale).ceil() as u32,
        );
        let mut pixmap = resvg::tiny_skia::Pixmap::new(w, h).ok_or("empty picture")?;
        resvg::render(
            &tree,
            resvg::tiny_skia::Transform::from_scale(scale, scale),
            &mut pixmap.as_mut(),
        );
        let out = f.strip_suffix(".svg").unwrap_or(f).to_string() + ".png";
        pixmap.save_png(&out).map_err(|e| format!("{out}: {e}"))?;
        println!("{out} ({w}x{h})");
    }
    Ok(())
}

const NINES: [&str; 3] = [
    ".2.....7.9..1.2..8....8.....5.....1...7.9.5...6.....2.....4....5..8.3..9.1.....6.",
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
    "52...6.........7.13...........4..8..6......5...........418.........3..2...87.....",
];

/// `renderbench [--rounds R]`.
pub(crate) fn renderbench(args: &crate::RenderbenchArgs) -> Result<(), String> {
    let rounds = args.rounds.max(1);
    // Every step of the 9x9 puzzles with the position before it.
    let mut cases: Vec<(Grid, Board, Step)> = Vec::new();
    for s in NINES {
        let g = parse_one(s, &ParseOptions::default()).map_err(|e| e.to_string())?;
        let report = HumanSolver::new().solve(&g);
        let mut b = Board::new(&g);
        for st in report.steps {
            cases.push((g.clone(), b.clone(), st.clone()));
            b.apply(&st);
        }
    }
    let opts = SvgOptions::new().labels(true);
    let mut best_step = Duration::MAX;
    let mut bytes = 0;
    for _ in 0..rounds {
        let t = Instant::now();
        for _ in 0..20 {
            for (g, b, st) in &cases {
                bytes += Picture::of_step(g, b, st).to_svg(&opts).len();
            }
        }
        best_step = best_step.min(t.elapsed() / (20 * cases.len() as u32));
    }
    println!(
        "9x9 step SVG: {:.1} us a picture ({} steps, {} bytes on average), best of {rounds}",
        best_step.as_secs_f64() * 1e6,
        cases.len(),
        bytes / (rounds * 20 * cases.len())
    );

    let generator = Generator::new(GenOptions::default().seed(12)).map_err(|e| e.to_string())?;
    let grids: Vec<Grid> = (0..100)
        .map(|i| generator.generate(i).map(|g| g.puzzle))
        .collect::<Result<_, _>>()
        .map_err(|e| e.to_string())?;
    let sheet = SheetOptions::new().per_page(4).solutions(true);
    let (mut best_all, mut best_pdf, mut size) = (Duration::MAX, Duration::MAX, 0);
    for _ in 0..rounds {
        let t = Instant::now();
        let puzzles: Vec<SheetPuzzle> = grids
            .iter()
            .enumerate()
            .map(|(i, g)| {
                let out = solve(g, Algorithm::Fast, &SolveOptions::default());
                let mut p = SheetPuzzle::new(i as u64 + 1, g.clone())
                    .with_solution(out.solution.expect("generated puzzles solve"));
                let r = solve(g, Algorithm::Human, &SolveOptions::default());
                if let (Status::Solved, Some(r)) = (r.status, r.report) {
                    p = p.with_rating(r.level, r.score);
                }
                p
            })
            .collect();
        let t_pdf = Instant::now();
        let pdf = sheet_pdf(&puzzles, &sheet).map_err(|e| e.to_string())?;
        best_pdf = best_pdf.min(t_pdf.elapsed());
        best_all = best_all.min(t.elapsed());
        size = pdf.len();
    }
    println!(
        "100-puzzle 9x9 PDF with solutions: {:.3} s (sheet alone {:.3} s, {} KB), best of {rounds}",
        best_all.as_secs_f64(),
        best_pdf.as_secs_f64(),
        size / 1024
    );
    Ok(())
}
