//! numpl-record: the one wire record of numpl.
//!
//! Every answer about one puzzle that leaves numpl as data (a line of `numpl ... --format
//! json`, a response of the web API, a dict in Python, the regression run's comparison) is
//! a [`Record`], built here and only here, from what the libraries return: a parsed puzzle
//! ([`Record::of_parsed`]), an [`Outcome`] ([`Record::outcome`]), a hint
//! ([`Record::hint`]), a count ([`Record::count`]), a puzzle that could not be read
//! ([`Record::invalid`]) or a generated puzzle ([`Record::generated`],
//! [`Record::not_generated`]). Front ends add only what is theirs: where the puzzle came
//! from ([`Record::at`]) and how long the work took ([`Record::micros`]).
//!
//! The fields, their order and their meaning are listed in docs/FORMATS.md ("Records"); a
//! field that does not apply is left out. [`Record::fields`] lists the fields that are
//! set, in that order, as typed [`Value`]s (what Python turns into a dict); the JSON is
//! the same list (`serde`).
//!
//! To add a field: one line in the `record!` list below (its place is its place in the
//! JSON), set it in the builder that knows it, and document it in docs/FORMATS.md. Every
//! front end then has it.
//!
//! ```
//! use numpl_core::{parse_first, ParseOptions, Symbols};
//! use numpl_record::Record;
//! use numpl_solve::{puzzle, Algorithm, SolveOptions};
//!
//! let seed = ".2.....7.9..1.2..8....8.....5.....1...7.9.5...6.....2.....4....5..8.3..9.1.....6.";
//! let p = parse_first(seed, &ParseOptions::default()).unwrap();
//! let out = puzzle::rate(&p, None, &SolveOptions::default());
//! let sym = Symbols::standard();
//! let rec = Record::of_parsed(&p, &sym).outcome(&out, Algorithm::Human, &sym).at(0);
//! let json = rec.to_json();
//! assert!(json.starts_with(r#"{"index":0,"size":9,"box":"3x3","puzzle":".2.."#));
//! assert!(json.contains(r#""status":"solved""#) && json.contains(r#""level":"#));
//! ```

#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod dataset;

use std::borrow::Cow;
use std::collections::BTreeMap;

use numpl_canon::{Canonical, Transform};
use numpl_core::{format_line, format_position_line, Grid, Parsed, Shape, Symbols};
use numpl_gen::{GenError, GenOptions, Generated};
use numpl_solve::{Algorithm, HumanReport, Outcome, Status, Step, Technique};
use serde::ser::{SerializeMap, Serializer};
use serde::Serialize;

/// One field's value, as [`Record::fields`] lists it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Value<'r> {
    /// A count, an index, a size, a seed.
    Int(u64),
    /// A word or a line.
    Str(&'r str),
    /// A yes or no.
    Bool(bool),
    /// Technique counts, in order of difficulty (a JSON object, a Python dict).
    Counts(&'r Techniques),
    /// A list of texts (`steps`).
    List(&'r [String]),
    /// A JSON object (`variant`: a variant puzzle's rules).
    Json(&'r serde_json::Value),
}

/// A field type of the record: how it is listed in [`Record::fields`].
trait AsValue {
    fn as_value(&self) -> Value<'_>;
}

impl AsValue for u64 {
    fn as_value(&self) -> Value<'_> {
        Value::Int(*self)
    }
}

impl AsValue for usize {
    fn as_value(&self) -> Value<'_> {
        Value::Int(*self as u64)
    }
}

impl AsValue for u32 {
    fn as_value(&self) -> Value<'_> {
        Value::Int(u64::from(*self))
    }
}

impl AsValue for bool {
    fn as_value(&self) -> Value<'_> {
        Value::Bool(*self)
    }
}

impl AsValue for String {
    fn as_value(&self) -> Value<'_> {
        Value::Str(self)
    }
}

impl AsValue for &'static str {
    fn as_value(&self) -> Value<'_> {
        Value::Str(self)
    }
}

impl AsValue for Techniques {
    fn as_value(&self) -> Value<'_> {
        Value::Counts(self)
    }
}

impl AsValue for Vec<String> {
    fn as_value(&self) -> Value<'_> {
        Value::List(self)
    }
}

impl AsValue for serde_json::Value {
    fn as_value(&self) -> Value<'_> {
        Value::Json(self)
    }
}

/// Declares [`Record`] from one list of fields: each is optional and left out when `None`;
/// the list's order is the JSON's order and [`Record::fields`]' order.
macro_rules! record {
    ($($(#[$meta:meta])* $name:ident $wire:literal : $ty:ty,)*) => {
        /// One record: a solve, a rating, a hint, an explanation, a count or a generated
        /// puzzle. Every field is optional and left out of the JSON when `None`; build it
        /// with the methods below.
        #[derive(Serialize, Default, Debug, Clone, PartialEq, Eq)]
        #[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
        #[non_exhaustive]
        pub struct Record {
            $(
                $(#[$meta])*
                #[serde(rename = $wire, skip_serializing_if = "Option::is_none")]
                pub $name: Option<$ty>,
            )*
        }

        impl Record {
            /// The fields that are set, in the record's order, with their JSON names.
            pub fn fields(&self) -> Vec<(&'static str, Value<'_>)> {
                let mut out = Vec::new();
                $(
                    if let Some(v) = &self.$name {
                        out.push(($wire, v.as_value()));
                    }
                )*
                out
            }
        }
    };
}

record! {
    /// 0-based position in the input (for a generated puzzle: its number in the run).
    index "index": u64,
    /// The input line the puzzle starts on (1-based).
    line "line": usize,
    /// The input file (`-` for stdin).
    file "file": String,
    /// N, the side of the grid.
    size "size": usize,
    /// The box shape `RxC`.
    shape "box": String,
    /// The puzzle in line form (a position: its N*N*N-symbol position line; a variant
    /// puzzle: its givens).
    puzzle "puzzle": String,
    /// A variant puzzle's rules: numpl's variant record (`boxes`, `constraints`; see
    /// docs/FORMATS.md "Variant puzzles"), the same object it reads.
    #[cfg_attr(feature = "openapi", schema(value_type = Option<Object>))]
    variant "variant": serde_json::Value,
    /// `solved`, `multiple`, `unsolvable`, `stuck`, `budget` or `invalid`.
    status "status": &'static str,
    /// Solutions counted, up to the limit asked for (a count).
    count "count": usize,
    /// The solution (`solved`; one of them for `multiple`).
    solution "solution": String,
    /// Where the human solver stopped (`stuck`), in line form.
    grid "grid": String,
    /// The algorithm.
    algo "algo": &'static str,
    /// Search guesses (the search algorithms).
    guesses "guesses": u64,
    /// Search nodes: values placed (the search algorithms).
    nodes "nodes": u64,
    /// `dataset`, 9x9: tdoku's backtrack count, the guesses tdoku's solver makes to solve the
    /// puzzle as given (sudoku-extreme's `rating`; [`numpl_solve::backtracks`]).
    backtracks "backtracks": u64,
    /// Microseconds of work.
    micros "micros": u64,
    /// Technique counts, in order of difficulty.
    #[cfg_attr(feature = "openapi", schema(value_type = Option<BTreeMap<String, u32>>))]
    techniques "techniques": Techniques,
    /// HoDoKu's level.
    level "level": &'static str,
    /// The human solver's score.
    score "score": u64,
    /// Sudoku Explainer's rating (`rate --scale se`): ER, the hardest step of its path
    /// (`"7.5"`).
    er "er": String,
    /// Sudoku Explainer's EP: the hardest step up to the first placement.
    ep "ep": String,
    /// Sudoku Explainer's ED: the first step's difficulty.
    ed "ed": String,
    /// The technique of the step that set ER.
    er_technique "er_technique": String,
    /// The technique of the step that set EP.
    ep_technique "ep_technique": String,
    /// The technique of the step that set ED.
    ed_technique "ed_technique": String,
    /// Why the puzzle is invalid, or why the work stopped.
    error "error": String,
    /// `hint`: the next step, described.
    hint "hint": String,
    /// `explain`: every step, described.
    steps "steps": Vec<String>,
    /// A generated puzzle: the number of givens.
    givens "givens": usize,
    /// A generated puzzle: the symmetry of the givens.
    symmetry "symmetry": &'static str,
    /// A generated puzzle: the run's seed (with `index`, it makes the puzzle again).
    seed "seed": u64,
    /// A generated puzzle: grids dug to find one with the level or technique asked for.
    tries "tries": u32,
    /// A generated puzzle: whether no given can be removed (false when a search budget ran
    /// out).
    minimal "minimal": bool,
    /// The puzzle's minlex form (`canon`, `dataset`), in line form.
    canon "canon": String,
    /// The transform that maps the puzzle to its minlex form (numpl-canon's text form).
    transform "transform": String,
    /// `--test-fraction`: the side of the split the puzzle's class is on (`train`, `test`).
    split "split": &'static str,
}

/// Technique counts, in order of difficulty: a JSON object `{"hidden_single": 23, ...}`.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Techniques(pub Vec<(Cow<'static, str>, u32)>);

impl Techniques {
    /// The counts of a human solver's report.
    pub fn of(counts: &BTreeMap<Technique, u32>) -> Techniques {
        Techniques(counts.iter().map(|(t, n)| (t.name(), *n)).collect())
    }
}

impl Serialize for Techniques {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut m = s.serialize_map(Some(self.0.len()))?;
        for (t, n) in &self.0 {
            m.serialize_entry(t, n)?;
        }
        m.end()
    }
}

impl Record {
    /// An empty record.
    pub fn new() -> Record {
        Record::default()
    }

    /// The record of a puzzle as it was read: `size`, `box` and `puzzle` (a position's
    /// position line, which reads back as the same position).
    pub fn of_parsed(p: &Parsed, symbols: &Symbols) -> Record {
        let puzzle = match p.marks() {
            Some(marks) => format_position_line(p.grid(), marks, symbols),
            None => format_line(p.grid(), symbols),
        };
        let variant = p.variant().and_then(|v| {
            let mut rules: serde_json::Value = serde_json::from_str(&v.to_json(p.grid())).ok()?;
            // The givens and the shape are the record's `puzzle` and `box` already.
            if let Some(o) = rules.as_object_mut() {
                o.remove("givens");
                o.remove("box");
            }
            Some(rules)
        });
        Record {
            puzzle: Some(puzzle),
            variant,
            ..Record::of_shape(p.grid().shape())
        }
    }

    /// `size` and `box` alone.
    fn of_shape(shape: Shape) -> Record {
        Record {
            size: Some(shape.size()),
            shape: Some(shape.to_string()),
            ..Record::default()
        }
    }

    /// Where the puzzle came from: its index in the input (or the run).
    #[must_use]
    pub fn at(mut self, index: u64) -> Record {
        self.index = Some(index);
        self
    }

    /// Where the puzzle came from: its file (`None`: not from a file) and first line.
    #[must_use]
    pub fn from_line(mut self, file: Option<&str>, line: usize) -> Record {
        self.file = file.map(str::to_string);
        self.line = Some(line);
        self
    }

    /// How long the work took.
    #[must_use]
    pub fn micros(mut self, micros: u64) -> Record {
        self.micros = Some(micros);
        self
    }

    /// What a solve with `algo` found: `status`, `solution` or the `grid` where the human
    /// solver stopped, `algo`, the search's `guesses` and `nodes` (not for `human`), the
    /// techniques used, the rating ([`Outcome::rating`]: none for `multiple` and
    /// `unsolvable`), and for `budget` an `error` saying the search ran out (the nodes it
    /// visited are its budget).
    #[must_use]
    pub fn outcome(mut self, out: &Outcome, algo: Algorithm, symbols: &Symbols) -> Record {
        let line = |g: &Grid| format_line(g, symbols);
        self.status = Some(out.status.name());
        self.solution = out.solution.as_ref().map(line);
        self.grid = out.stuck_at.as_ref().map(line);
        self.algo = Some(algo.name());
        if algo != Algorithm::Human {
            self.guesses = Some(out.guesses);
            self.nodes = Some(out.nodes);
        }
        self.techniques = out.techniques().map(Techniques::of);
        let rating = out.rating();
        self.level = rating.map(|r| r.level.name());
        self.score = rating.and_then(|r| r.score).map(u64::from);
        if out.status == Status::Budget {
            self.error = Some(format!(
                "the search stopped at its node budget of {} nodes",
                out.nodes
            ));
        }
        self
    }

    /// What Sudoku Explainer's rating found ([`numpl_solve::puzzle::rate_se`]): `status`,
    /// `solution`, `er`, `ep`, `ed` and their techniques, or the `error` that says why there
    /// is no rating.
    #[must_use]
    pub fn se(mut self, out: &numpl_solve::puzzle::SeRated, symbols: &Symbols) -> Record {
        self.status = Some(out.status.name());
        self.solution = out.solution.as_ref().map(|g| format_line(g, symbols));
        self.error = out.error.clone();
        self.se_rating(out)
    }

    /// Sudoku Explainer's figures alone (`er`, `ep`, `ed` and their techniques, when SE
    /// rated the puzzle), beside another rating's fields (a data-set row).
    #[must_use]
    pub fn se_rating(mut self, out: &numpl_solve::puzzle::SeRated) -> Record {
        use numpl_solve::se::format_tenths;
        if let Some(r) = &out.rating {
            self.er = Some(format_tenths(r.er));
            self.ep = Some(format_tenths(r.ep));
            self.ed = Some(format_tenths(r.ed));
            self.er_technique = Some(r.er_technique.clone());
            self.ep_technique = Some(r.ep_technique.clone());
            self.ed_technique = Some(r.ed_technique.clone());
        }
        self
    }

    /// [`Record::outcome`] and every step of the human solver's report, described (`steps`;
    /// an empty list when there is no report).
    #[must_use]
    pub fn explained(self, out: &Outcome, shape: Shape, symbols: &Symbols) -> Record {
        let steps = out
            .report
            .as_ref()
            .map(|r| r.steps.iter().map(|s| s.describe(shape)).collect())
            .unwrap_or_default();
        Record {
            steps: Some(steps),
            ..self.outcome(out, Algorithm::Human, symbols)
        }
    }

    /// Sudoku Explainer's path ([`numpl_solve::puzzle::explain_se`]): [`Record::se`] and
    /// every step described with its SE difficulty (`steps`).
    #[must_use]
    pub fn se_explained(self, out: &numpl_solve::puzzle::SeExplained, symbols: &Symbols) -> Record {
        let steps = out.steps.iter().map(|h| h.describe()).collect();
        Record {
            steps: Some(steps),
            ..self.se(&out.rated, symbols)
        }
    }

    /// Sudoku Explainer's next step ([`numpl_solve::puzzle::hint_se`]): described with its
    /// SE difficulty (`hint`), or the `status` that says why there is none.
    #[must_use]
    pub fn se_hint(mut self, hint: &Result<numpl_solve::se::Hint, Status>) -> Record {
        match hint {
            Ok(h) => self.hint = Some(h.describe()),
            Err(status) => self.status = Some(status.name()),
        }
        self
    }

    /// A hint ([`numpl_solve::puzzle::hint`]): the step described (`hint`), or the
    /// `status` that says why there is none.
    #[must_use]
    pub fn hint(mut self, hint: &Result<Step, Status>, shape: Shape) -> Record {
        match hint {
            Ok(step) => self.hint = Some(step.describe(shape)),
            Err(status) => self.status = Some(status.name()),
        }
        self.algo = Some(Algorithm::Human.name());
        self
    }

    /// A variant puzzle rated step by step ([`numpl_solve::variant::rate`]): `status`,
    /// `solution`, where the steps stopped (`grid`), the variant techniques used
    /// (`techniques`), `level` and `score` on numpl's variant scale.
    #[must_use]
    pub fn variant_rated(
        mut self,
        out: &numpl_solve::variant::VariantRated,
        symbols: &Symbols,
    ) -> Record {
        let line = |g: &Grid| format_line(g, symbols);
        self.status = Some(out.status.name());
        self.solution = out.solution.as_ref().map(line);
        self.grid = out.stuck_at.as_ref().map(line);
        self.algo = Some(Algorithm::Human.name());
        if out.status == Status::Solved || out.status == Status::Stuck {
            self.techniques = Some(Techniques(
                out.counts()
                    .into_iter()
                    .map(|(t, k)| (Cow::Borrowed(t.name()), k))
                    .collect(),
            ));
        }
        self.level = out.level.map(|l| l.name());
        self.score = out.score.map(u64::from);
        self
    }

    /// [`Record::variant_rated`] and every step described (`steps`).
    #[must_use]
    pub fn variant_explained(
        self,
        out: &numpl_solve::variant::VariantRated,
        shape: Shape,
        symbols: &Symbols,
    ) -> Record {
        let steps = out.steps.iter().map(|s| s.describe(shape)).collect();
        Record {
            steps: Some(steps),
            ..self.variant_rated(out, symbols)
        }
    }

    /// A variant puzzle's next step ([`numpl_solve::variant::hint`]): described (`hint`),
    /// or the `status` that says why there is none.
    #[must_use]
    pub fn variant_hint(
        mut self,
        hint: &Result<numpl_solve::variant::VariantStep, Status>,
        shape: Shape,
    ) -> Record {
        match hint {
            Ok(step) => self.hint = Some(step.describe(shape)),
            Err(status) => self.status = Some(status.name()),
        }
        self.algo = Some(Algorithm::Human.name());
        self
    }

    /// The puzzle's minlex form and the transform that makes it
    /// ([`numpl_canon::canonical`]).
    #[must_use]
    pub fn canonical(mut self, c: &Canonical, symbols: &Symbols) -> Record {
        self.canon = Some(format_line(&c.form, symbols));
        self.transform = Some(c.transform.to_string());
        self
    }

    /// A copy of a puzzle made by `t` (`augment`): the transform from the source puzzle.
    #[must_use]
    pub fn transform(mut self, t: &Transform) -> Record {
        self.transform = Some(t.to_string());
        self
    }

    /// A solution known without a search (`augment`: the source's, transformed alike):
    /// `status` solved and the `solution`.
    #[must_use]
    pub fn solved(mut self, solution: &Grid, symbols: &Symbols) -> Record {
        self.status = Some(Status::Solved.name());
        self.solution = Some(format_line(solution, symbols));
        self
    }

    /// Work that stopped at a bound (`status` budget) and why (`error`): e.g. a canonical
    /// form with too many ties ([`numpl_canon::TooManyTies`]).
    #[must_use]
    pub fn stopped(mut self, why: &str) -> Record {
        self.status = Some(Status::Budget.name());
        self.error = Some(why.to_string());
        self
    }

    /// The side of a train/test split ([`numpl_canon::in_test_split`]) the puzzle is on.
    #[must_use]
    pub fn split(mut self, test: bool) -> Record {
        self.split = Some(if test { "test" } else { "train" });
        self
    }

    /// The search's effort on the puzzle (`guesses` and `nodes` of a `fast` or `full`
    /// solve), beside another algorithm's outcome (`dataset`: the rating's).
    #[must_use]
    pub fn effort(mut self, search: &Outcome) -> Record {
        self.guesses = Some(search.guesses);
        self.nodes = Some(search.nodes);
        self
    }

    /// tdoku's backtrack count ([`numpl_solve::backtracks`]), when there is one.
    #[must_use]
    pub fn backtracks(mut self, backtracks: Option<u64>) -> Record {
        self.backtracks = backtracks;
        self
    }

    /// The number of givens.
    #[must_use]
    pub fn givens(mut self, givens: usize) -> Record {
        self.givens = Some(givens);
        self
    }

    /// A count of solutions ([`numpl_solve::puzzle::count`]): `status` (`unsolvable` for 0,
    /// `solved` for 1, `multiple` for more), `count` and `algo` (`fast`).
    #[must_use]
    pub fn count(mut self, count: usize) -> Record {
        let status = match count {
            0 => Status::Unsolvable,
            1 => Status::Solved,
            _ => Status::Multiple,
        };
        self.status = Some(status.name());
        self.count = Some(count);
        self.algo = Some(Algorithm::Fast.name());
        self
    }

    /// A puzzle that could not be read: `status` `invalid` and the message as `error`.
    #[must_use]
    pub fn invalid(mut self, message: &str) -> Record {
        self.status = Some("invalid");
        self.error = Some(message.to_string());
        self
    }

    /// The algorithm that would have run (a puzzle that could not be read).
    #[must_use]
    pub fn algo(mut self, algo: Algorithm) -> Record {
        self.algo = Some(algo.name());
        self
    }

    /// A generated puzzle: `index`, the puzzle, `status` `solved` and its solution, the
    /// rating when it was rated, `givens`, `symmetry`, `seed`, `tries` and `minimal`.
    pub fn generated(g: &Generated, symbols: &Symbols) -> Record {
        let r = g.report.as_ref();
        let rating = r.map(HumanReport::rating);
        Record {
            index: Some(g.index),
            puzzle: Some(format_line(&g.puzzle, symbols)),
            status: Some(Status::Solved.name()),
            solution: Some(format_line(&g.solution, symbols)),
            techniques: r.map(|r| Techniques::of(&r.counts)),
            level: rating.map(|r| r.level.name()),
            score: rating.and_then(|r| r.score).map(u64::from),
            givens: Some(g.givens()),
            symmetry: Some(g.symmetry.name()),
            seed: Some(g.seed),
            tries: Some(g.tries),
            minimal: Some(g.minimal),
            ..Record::of_shape(g.puzzle.shape())
        }
    }

    /// Variant puzzle `index` of a run seeded `seed` ([`numpl_gen::generate_variant`]):
    /// the puzzle with its rules (`variant`), its solution, its `level` on numpl's variant
    /// scale (when the variant techniques finish it), `givens`, `symmetry`, `seed`.
    pub fn generated_variant(
        g: &numpl_gen::GeneratedVariant,
        index: u64,
        symmetry: numpl_gen::Symmetry,
        seed: u64,
        symbols: &Symbols,
    ) -> Record {
        let p = Parsed::variant_puzzle(
            g.puzzle.clone(),
            g.variant.clone(),
            0,
            numpl_core::InputFormat::Line,
        );
        Record {
            index: Some(index),
            status: Some(Status::Solved.name()),
            solution: Some(format_line(&g.solution, symbols)),
            level: g.level.map(|l| l.name()),
            givens: Some(g.puzzle.filled()),
            symmetry: Some(symmetry.name()),
            seed: Some(seed),
            ..Record::of_parsed(&p, symbols)
        }
    }

    /// Variant puzzle `index` of a run with `opts`' shape, symmetry, seed and level, of the
    /// kind (with its options: [`numpl_gen::VariantSpec`]) ([`numpl_gen::generate_variant`]), as `numpl generate --variant KIND --format json`
    /// writes it, or the record that says why it could not be made.
    pub fn variant_generated(
        opts: &GenOptions,
        kind: impl Into<numpl_gen::VariantSpec>,
        index: u64,
    ) -> Record {
        let start = std::time::Instant::now();
        let symbols = Symbols::standard();
        match numpl_gen::generate_variant(
            kind,
            opts.shape,
            opts.symmetry,
            opts.seed,
            index,
            opts.level,
        ) {
            Ok(g) => Record::generated_variant(&g, index, opts.symmetry, opts.seed, &symbols)
                .micros(u64::try_from(start.elapsed().as_micros()).unwrap_or(u64::MAX)),
            Err(e) => Record::not_generated(opts, index, &e),
        }
    }

    /// Puzzle `index` of a generator's run that could not be made: `error` (naming the
    /// puzzle), `status` `budget` when a search ran out of its budget, and the options
    /// that make it again (`symmetry`, `seed`).
    pub fn not_generated(opts: &GenOptions, index: u64, err: &GenError) -> Record {
        Record {
            index: Some(index),
            status: matches!(err, GenError::Budget { .. }).then_some(Status::Budget.name()),
            error: Some(not_generated_message(index, err)),
            symmetry: Some(opts.symmetry.name()),
            seed: Some(opts.seed),
            ..Record::of_shape(opts.shape)
        }
    }

    /// The record as one JSON object, without a line end.
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).expect("a record always serializes")
    }

    /// The record as one JSON line, with its line end.
    pub fn to_line(&self) -> String {
        let mut s = self.to_json();
        s.push('\n');
        s
    }
}

impl Record {
    /// The record with its `seed` written as a string of digits (`"13331099814048314356"`):
    /// the same fields in the same order, for JSON read by a browser, whose numbers lose
    /// digits above 2^53 (the web API's generated records).
    pub fn with_seed_as_text(&self) -> SeedAsText<'_> {
        SeedAsText(self)
    }
}

/// A [`Record`] that serializes its `seed` as a string ([`Record::with_seed_as_text`]).
#[derive(Debug, Clone, Copy)]
pub struct SeedAsText<'r>(&'r Record);

impl Serialize for SeedAsText<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let fields = self.0.fields();
        let mut map = serializer.serialize_map(Some(fields.len()))?;
        for (name, value) in fields {
            match value {
                Value::Int(n) if name == "seed" => map.serialize_entry(name, &n.to_string())?,
                Value::Int(n) => map.serialize_entry(name, &n)?,
                Value::Str(t) => map.serialize_entry(name, t)?,
                Value::Bool(b) => map.serialize_entry(name, &b)?,
                Value::Counts(c) => map.serialize_entry(name, c)?,
                Value::List(l) => map.serialize_entry(name, l)?,
                Value::Json(j) => map.serialize_entry(name, j)?,
            }
        }
        map.end()
    }
}

/// Why puzzle `index` of a run could not be made, naming the puzzle once.
pub fn not_generated_message(index: u64, err: &GenError) -> String {
    let msg = err.to_string();
    let prefix = format!("puzzle {index}: ");
    if msg.starts_with(&prefix) || matches!(err, GenError::NotReached { .. }) {
        msg
    } else {
        prefix + &msg
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_seed_as_text_keeps_every_field_in_order() {
        let opts = GenOptions::new(Shape::NINE).seed(u64::MAX);
        let g = numpl_gen::Generator::new(opts)
            .unwrap()
            .generate(0)
            .unwrap();
        let rec = Record::generated(&g, &Symbols::standard());
        let plain: serde_json::Value = serde_json::from_str(&rec.to_json()).unwrap();
        let text: serde_json::Value = serde_json::to_value(rec.with_seed_as_text()).unwrap();
        assert_eq!(text["seed"], u64::MAX.to_string());
        let mut back = text.clone();
        back["seed"] = plain["seed"].clone();
        assert_eq!(back, plain);
        let keys =
            |v: &serde_json::Value| v.as_object().unwrap().keys().cloned().collect::<Vec<_>>();
        assert_eq!(keys(&text), keys(&plain));
    }

    use super::*;
    use numpl_core::{parse_first, ParseOptions};
    use numpl_solve::{puzzle, SolveOptions};

    const SEED: &str =
        ".2.....7.9..1.2..8....8.....5.....1...7.9.5...6.....2.....4....5..8.3..9.1.....6.";

    fn parsed(s: &str) -> Parsed {
        parse_first(s, &ParseOptions::default()).unwrap()
    }

    /// The fields list and the JSON agree: same names, same order, same values.
    #[test]
    fn fields_are_the_json() {
        let sym = Symbols::standard();
        let p = parsed(SEED);
        let out = puzzle::explain(&p, &SolveOptions::default());
        let rec = Record::of_parsed(&p, &sym)
            .explained(&out, p.grid().shape(), &sym)
            .at(3)
            .from_line(Some("a.txt"), 7)
            .micros(12);
        let json: serde_json::Value = serde_json::from_str(&rec.to_json()).unwrap();
        let obj = json.as_object().unwrap();
        let names: Vec<&str> = rec.fields().iter().map(|(k, _)| *k).collect();
        let mut sorted_json: Vec<&str> = obj.keys().map(String::as_str).collect();
        let mut sorted_fields = names.clone();
        sorted_json.sort_unstable();
        sorted_fields.sort_unstable();
        assert_eq!(sorted_json, sorted_fields);
        let text = rec.to_json();
        let mut at = 0;
        for (name, value) in rec.fields() {
            let key = format!("\"{name}\":");
            let pos = text[at..].find(&key).map(|p| p + at);
            assert!(pos.is_some(), "{name} out of order in {text}");
            at = pos.unwrap();
            match value {
                Value::Int(n) => assert_eq!(obj[name].as_u64(), Some(n)),
                Value::Str(s) => assert_eq!(obj[name].as_str(), Some(s)),
                Value::Bool(b) => assert_eq!(obj[name].as_bool(), Some(b)),
                Value::Counts(c) => assert_eq!(obj[name].as_object().unwrap().len(), c.0.len()),
                Value::List(l) => assert_eq!(obj[name].as_array().unwrap().len(), l.len()),
                Value::Json(j) => assert_eq!(&obj[name], j),
            }
        }
        assert_eq!(names[..4], ["index", "line", "file", "size"]);
    }

    /// A variant puzzle's record carries its rules as the variant record's object (without
    /// the givens and box, which are `puzzle` and `box`), and its solution.
    #[test]
    fn a_variant_record_carries_its_rules() {
        let sym = Symbols::standard();
        let p = parsed(".~R1C1_5.Cage~7~R1C2~R1C3.Diagonal~-1");
        let out = puzzle::solve(&p, Algorithm::Fast, &SolveOptions::default());
        let rec = Record::of_parsed(&p, &sym).outcome(&out, Algorithm::Fast, &sym);
        let json: serde_json::Value = serde_json::from_str(&rec.to_json()).unwrap();
        assert_eq!(
            json["variant"],
            serde_json::json!({"constraints": [
                {"type": "cage", "sum": 7, "cells": ["r1c2", "r1c3"]},
                {"type": "diagonal"}
            ]})
        );
        assert!(json["puzzle"].as_str().unwrap().starts_with("5."));
        assert_eq!(json["status"], "multiple");
    }

    /// Only a rated puzzle has a level and a score; a puzzle with several solutions keeps
    /// the techniques logic used.
    #[test]
    fn rating_only_for_rated_statuses() {
        let sym = Symbols::standard();
        let multiple = parsed(&format!("{}{}", ".".repeat(9), &SEED[9..]));
        let out = puzzle::rate(&multiple, None, &SolveOptions::default());
        assert_eq!(out.status, Status::Multiple);
        let rec = Record::of_parsed(&multiple, &sym).outcome(&out, Algorithm::Human, &sym);
        assert_eq!(rec.status, Some("multiple"));
        assert_eq!((rec.level, rec.score), (None, None));
        assert!(rec.techniques.is_some());
        assert!(rec.guesses.is_none(), "the human solver makes no guesses");
        let solved = parsed(SEED);
        let out = puzzle::solve(&solved, Algorithm::Fast, &SolveOptions::default());
        let rec = Record::of_parsed(&solved, &sym).outcome(&out, Algorithm::Fast, &sym);
        assert_eq!((rec.status, rec.level), (Some("solved"), None));
        assert!(rec.nodes.unwrap() > 0);
    }

    #[test]
    fn budget_says_why() {
        let sym = Symbols::standard();
        let p = parsed(&".".repeat(81));
        let opts = SolveOptions::new().budget(Some(5));
        let out = puzzle::solve(&p, Algorithm::Full, &opts);
        assert_eq!(out.status, Status::Budget);
        let rec = Record::of_parsed(&p, &sym).outcome(&out, Algorithm::Full, &sym);
        assert!(rec
            .error
            .unwrap()
            .starts_with("the search stopped at its node budget"));
    }

    #[test]
    fn counts_and_invalid() {
        let rec = Record::new().count(0);
        assert_eq!(
            (rec.status, rec.count, rec.algo),
            (Some("unsolvable"), Some(0), Some("fast"))
        );
        assert_eq!(Record::new().count(2).status, Some("multiple"));
        let rec = Record::new().invalid("line 1: bad").algo(Algorithm::Human);
        assert_eq!(
            rec.to_json(),
            r#"{"status":"invalid","algo":"human","error":"line 1: bad"}"#
        );
    }

    #[test]
    fn generation_errors_name_the_puzzle_once() {
        let opts = GenOptions::new(Shape::NINE).seed(5);
        let rec = Record::not_generated(&opts, 4, &GenError::Budget { budget: 10 });
        assert_eq!(rec.status, Some("budget"));
        assert!(rec.error.as_deref().unwrap().starts_with("puzzle 4: "));
        assert_eq!(rec.error.unwrap().matches("puzzle 4").count(), 1);
        assert_eq!((rec.seed, rec.index), (Some(5), Some(4)));
    }
}
