//! Every value of the libraries' option structs that this crate builds (`ParseOptions`,
//! `SolveOptions`, `GenOptions`) is built here and nowhere else, through their builders.

use numpl_core::{InputFormat, ParseOptions, Shape, Symbols};
use numpl_gen::{GenOptions, Level, MaxTechnique, Symmetry, Technique};
use numpl_solve::SolveOptions;

/// How a puzzle string is read: `input` (line, grid, or decided from the text), the standard
/// symbols, and the box shape when one was given.
pub(crate) fn parse(input: InputFormat, shape: Option<Shape>) -> ParseOptions {
    ParseOptions::new()
        .input(input)
        .shape(shape)
        .symbols(Symbols::standard())
}

/// `solve`'s options: `first` stops at the first solution (no uniqueness check), `budget`
/// bounds the search in nodes.
pub(crate) fn solve(first: bool, budget: Option<u64>) -> SolveOptions {
    SolveOptions::new()
        .limit(if first { 1 } else { 2 })
        .budget(budget)
}

/// The human solver's solve (`rate`, `hint`, `explain`): up to two solutions, the default
/// budget, with `techniques` turned on or off (`enable`, `disable`).
pub(crate) fn human(techniques: &[(Technique, bool)]) -> SolveOptions {
    techniques
        .iter()
        .fold(SolveOptions::default(), |o, &(t, on)| o.enable(t, on))
}

/// `rate`'s solve: [`human`]'s, stopping once the level is certain with `level_only`
/// (`numpl rate --level-only`).
pub(crate) fn rating(techniques: &[(Technique, bool)], level_only: bool) -> SolveOptions {
    human(techniques).level_only(level_only)
}

/// What `generate` asks of the generator, already checked one by one by the caller.
pub(crate) struct Gen {
    pub(crate) shape: Shape,
    pub(crate) symmetry: Symmetry,
    pub(crate) max_technique: MaxTechnique,
    pub(crate) level: Option<Level>,
    pub(crate) require: Option<Technique>,
    pub(crate) max_tries: u32,
    pub(crate) seed: u64,
    pub(crate) techniques: Vec<(Technique, bool)>,
}

/// The generator's options; every puzzle is rated (the records carry the rating, as the
/// CLI's JSON records do).
pub(crate) fn generate(g: Gen) -> GenOptions {
    g.techniques
        .iter()
        .fold(GenOptions::new(g.shape), |o, &(t, on)| o.enable(t, on))
        .symmetry(g.symmetry)
        .max_technique(g.max_technique)
        .level(g.level)
        .require(g.require)
        .max_tries(g.max_tries)
        .seed(g.seed)
        .rate(true)
}
