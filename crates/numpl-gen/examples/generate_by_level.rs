//! Generates one 9x9 puzzle of each of the easier levels (and a 4x4 with no technique limit),
//! printing each with its rating.
//!
//! ```sh
//! cargo run -p numpl-gen --example generate_by_level
//! cargo run -p numpl-gen --example generate_by_level -- 7    # another seed
//! ```

use numpl_core::{format_line, Shape, Symbols};
use numpl_gen::{GenOptions, Generated, Generator, Level, MaxTechnique, Symmetry};

fn show(what: &str, g: &Generated) {
    let rating = g
        .report
        .as_ref()
        .map(|r| format!("{} ({})", r.level, r.score))
        .unwrap_or_default();
    println!(
        "{what:<8} {}  givens {:>2}  tries {:>3}  {rating}",
        format_line(&g.puzzle, &Symbols::standard()),
        g.givens(),
        g.tries
    );
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let seed = match std::env::args().nth(1) {
        Some(s) => s.parse()?,
        None => 42,
    };
    for level in [Level::Easy, Level::Medium, Level::Hard] {
        let opts = GenOptions::new(Shape::NINE).level(Some(level)).seed(seed);
        show(level.name(), &Generator::new(opts)?.generate(0)?);
    }
    let small = GenOptions::new(Shape::new(2, 2)?)
        .symmetry(Symmetry::None)
        .max_technique(MaxTechnique::None)
        .seed(seed);
    show("4x4", &Generator::new(small)?.generate(0)?);
    Ok(())
}
