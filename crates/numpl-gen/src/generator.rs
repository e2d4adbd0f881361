//! The friendly layer: options, reproducible per-puzzle random streams, batches in parallel.

use std::sync::atomic::AtomicU64;
use std::sync::Arc;

use numpl_core::{Grid, Shape};
use numpl_solve::{HumanReport, HumanStatus, Level, Searcher, Technique};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use rayon::prelude::*;

use crate::dig::{dig, Limits};
use crate::fill::prepare_within;
use crate::human::{Human, MaxTechnique};
use crate::{GenError, Symmetry};

/// What to generate, built from [`GenOptions::new`] and checked by [`Generator::new`].
///
/// ```
/// use numpl_core::Shape;
/// use numpl_gen::{GenOptions, Level, Symmetry};
///
/// let opts = GenOptions::new(Shape::NINE)
///     .symmetry(Symmetry::Horizontal)
///     .level(Some(Level::Medium))
///     .seed(42);
/// assert_eq!(opts.max_tries, numpl_gen::DEFAULT_MAX_TRIES);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct GenOptions {
    /// The grid's shape (default 9x9).
    pub shape: Shape,
    /// The symmetry of the givens (default point).
    pub symmetry: Symmetry,
    /// The hardest technique a puzzle may need (default: all the human solver knows).
    pub max_technique: MaxTechnique,
    /// The level wanted (`--level`): grids are dug with the techniques of that level at
    /// most, and dug again (a new grid each time) until the human solver rates one at exactly
    /// that level, at most `max_tries` times.
    pub level: Option<Level>,
    /// A technique the puzzle must need (`--require`): the human solver's solution uses it.
    /// Grids are dug with it as the technique limit (narrowed further by a lower
    /// `max_technique` or level), and dug again until one needs it, at most `max_tries` times.
    pub require: Option<Technique>,
    /// The most grids dug for one puzzle when a level or technique is asked for.
    pub max_tries: u32,
    /// The run's seed: puzzle `i` of the run depends on (`seed`, `i`) and the options only.
    pub seed: u64,
    /// Whether to rate every puzzle with the human solver ([`Generated::report`]); on by
    /// default. The rating is nearly free when digging already ran the human solver on the
    /// final puzzle (the usual case with a technique limit), and the main cost otherwise
    /// (`MaxTechnique::None`, large grids). A level asked for always rates.
    pub rate: bool,
    /// The search nodes one puzzle may take in all (the random fill and the uniqueness
    /// searches while digging, over every try), after which it ends with
    /// [`GenError::Budget`]. `None`: [`DEFAULT_GEN_BUDGET`]; `Some(u64::MAX)`: no limit.
    /// The human solver's techniques do not search and are not counted.
    pub budget: Option<u64>,
    /// Techniques of the human solver (the judge and the rater) turned on (`true`) or
    /// off (`false`) against their defaults (`--enable`, `--disable`; see
    /// `numpl_solve::SolveOptions::techniques`): a puzzle may need only techniques that are
    /// on. Empty: the defaults.
    pub techniques: Vec<(Technique, bool)>,
}

/// The node budget of one puzzle when [`GenOptions::budget`] is `None`: several times what
/// a 64x64 with `MaxTechnique::None` takes (seed 7: between 100 and 150 million nodes, 89
/// s on a 2-core machine), so it stops only a fill or dig gone wrong, after
/// about six minutes on a 64x64.
pub const DEFAULT_GEN_BUDGET: u64 = 500_000_000;

/// A seed nobody chose, for a run whose caller gave none: the standard library's
/// per-process random hasher keys mixed with the time and the process id. Report it, so
/// that the run can be made again with it.
pub fn random_seed() -> u64 {
    use std::hash::{BuildHasher, Hasher};
    let mut h = std::collections::hash_map::RandomState::new().build_hasher();
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos());
    h.write_u128(now);
    h.write_u32(std::process::id());
    h.finish()
}

/// The default of [`GenOptions::max_tries`].
pub const DEFAULT_MAX_TRIES: u32 = 2000;

impl Default for GenOptions {
    /// [`GenOptions::new`] for 9x9.
    fn default() -> GenOptions {
        GenOptions::new(Shape::NINE)
    }
}

/// Builder methods that set one field each (`GenOptions::new(shape).seed(7)`).
macro_rules! setters {
    ($($(#[$doc:meta])* $name:ident: $ty:ty,)*) => {
        $(
            $(#[$doc])*
            #[must_use]
            pub const fn $name(mut self, $name: $ty) -> GenOptions {
                self.$name = $name;
                self
            }
        )*
    };
}

impl GenOptions {
    /// The default options for `shape`: point symmetry, every technique allowed, any level,
    /// seed 0, rated.
    pub const fn new(shape: Shape) -> GenOptions {
        GenOptions {
            shape,
            symmetry: Symmetry::Point,
            max_technique: MaxTechnique::All,
            level: None,
            require: None,
            max_tries: DEFAULT_MAX_TRIES,
            seed: 0,
            rate: true,
            budget: None,
            techniques: Vec::new(),
        }
    }

    /// Turns a technique of the human solver on or off (a later call for the same
    /// technique wins): off, no puzzle made needs it.
    #[must_use]
    pub fn enable(mut self, t: Technique, on: bool) -> GenOptions {
        self.techniques.retain(|&(x, _)| x != t);
        self.techniques.push((t, on));
        self
    }

    setters! {
        /// Sets the grid's shape.
        shape: Shape,
        /// Sets the symmetry of the givens.
        symmetry: Symmetry,
        /// Sets the hardest technique a puzzle may need.
        max_technique: MaxTechnique,
        /// Sets the level wanted (`None`: any).
        level: Option<Level>,
        /// Sets the technique the puzzle must need (`None`: none in particular).
        require: Option<Technique>,
        /// Sets the most grids dug for one puzzle when a level or technique is asked for.
        max_tries: u32,
        /// Sets the run's seed.
        seed: u64,
        /// Sets whether every puzzle is rated by the human solver.
        rate: bool,
        /// Sets the node budget of one puzzle (`None`: [`DEFAULT_GEN_BUDGET`]).
        budget: Option<u64>,
    }

    /// Checks that the options fit together (what [`Generator::new`] does).
    ///
    /// # Errors
    ///
    /// - [`GenError::SymmetryNeedsSquareBoxes`]: the symmetry does not fit the shape;
    /// - [`GenError::NoTries`]: `max_tries` is 0;
    /// - [`GenError::RequireAboveMax`]: `require` is harder than `max_technique`;
    /// - [`GenError::LevelAboveMax`]: `level` is above the level of `max_technique`;
    /// - [`GenError::RequireAboveLevel`]: `require` is of a level above `level`;
    /// - [`GenError::RequireDisabled`]: `require` is turned off in `techniques`.
    pub fn check(&self) -> Result<(), GenError> {
        self.symmetry.check(self.shape)?;
        if self.max_tries == 0 {
            return Err(GenError::NoTries);
        }
        if let Some(require) = self.require {
            let off = self
                .techniques
                .iter()
                .rev()
                .find(|&&(t, _)| t == require)
                .map_or(!require.on_by_default(), |&(_, on)| !on);
            if off {
                return Err(GenError::RequireDisabled { require });
            }
        }
        if let (Some(require), MaxTechnique::Upto(max)) = (self.require, self.max_technique) {
            if require > max {
                return Err(GenError::RequireAboveMax {
                    require,
                    max_technique: max,
                });
            }
        }
        if let (Some(level), MaxTechnique::Upto(max)) = (self.level, self.max_technique) {
            if max.level() < level {
                return Err(GenError::LevelAboveMax {
                    level,
                    max_technique: max,
                });
            }
        }
        if let (Some(require), Some(level)) = (self.require, self.level) {
            if require.level() > level {
                return Err(GenError::RequireAboveLevel { require, level });
            }
        }
        Ok(())
    }
}

/// One generated puzzle.
#[derive(Clone, Debug)]
pub struct Generated {
    /// The puzzle (0 = blank).
    pub puzzle: Grid,
    /// Its only solution.
    pub solution: Grid,
    /// The symmetry its givens follow.
    pub symmetry: Symmetry,
    /// The run's seed.
    pub seed: u64,
    /// The puzzle's index in the run: (`seed`, `index`) makes it again.
    pub index: u64,
    /// How many grids were dug to get it (1 unless a level was asked for).
    pub tries: u32,
    /// Whether the puzzle is known to be minimal for its symmetry (every group still given
    /// is needed). Always true up to 16x16; from 25x25 up a uniqueness search may run out of
    /// its node budget, and the group it was about stays given.
    pub minimal: bool,
    /// The human solver's report on the puzzle (every technique allowed, no steps kept):
    /// the seed's `solve_info` (docs/FORMATS.md, "The seed": the generator numpl grew from;
    /// technique counts, largest tuple and fish), whether it
    /// solved, level and score. `None` only when [`GenOptions::rate`] is off.
    pub report: Option<HumanReport>,
}

impl Generated {
    /// The number of givens.
    pub fn givens(&self) -> usize {
        self.puzzle.filled()
    }
}

/// Makes puzzles for one set of options; cheap to clone and share between threads.
#[derive(Clone, Debug)]
pub struct Generator {
    opts: GenOptions,
    /// Where the searches add their nodes as they go ([`Generator::with_progress`]).
    progress: Option<Arc<AtomicU64>>,
}

impl Generator {
    /// A generator for `opts`.
    ///
    /// # Errors
    ///
    /// When the options do not fit together ([`GenOptions::check`]): a symmetry that does
    /// not fit the shape, `max_tries` 0, or a level or a required technique that the other
    /// options rule out (the error names both).
    ///
    /// # Examples
    ///
    /// ```
    /// use numpl_core::Shape;
    /// use numpl_gen::{GenError, GenOptions, Generator, MaxTechnique, Technique};
    ///
    /// let opts = GenOptions::new(Shape::NINE)
    ///     .max_technique(MaxTechnique::Upto(Technique::HiddenSingle))
    ///     .require(Some(Technique::Fish(2)));
    /// let err = Generator::new(opts).unwrap_err();
    /// assert!(matches!(err, GenError::RequireAboveMax { .. }));
    /// assert!(err.to_string().starts_with("require x_wing and max technique hidden_single"));
    /// ```
    pub fn new(opts: GenOptions) -> Result<Generator, GenError> {
        opts.check()?;
        Ok(Generator {
            opts,
            progress: None,
        })
    }

    /// The same generator, adding the search nodes of every puzzle it makes to `nodes`
    /// as it goes (every 65,536 or so), so that another thread can show how a long
    /// generation is getting on. It changes nothing in the puzzles.
    pub fn with_progress(mut self, nodes: Arc<AtomicU64>) -> Generator {
        self.progress = Some(nodes);
        self
    }

    /// The options.
    pub fn options(&self) -> &GenOptions {
        &self.opts
    }

    /// The random stream of puzzle `index` in a run seeded `seed`: ChaCha8 keyed from `seed`,
    /// stream number `index`. Nothing else feeds it, so a puzzle does not depend on the
    /// thread that made it or on the puzzles before it.
    pub fn rng_for(seed: u64, index: u64) -> ChaCha8Rng {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        rng.set_stream(index);
        rng
    }

    /// The technique limit digging uses: the one asked for, narrowed to the hardest
    /// technique of the level asked for and to the technique required (if any), or rather
    /// to the hardest one its search also finds ([`Technique::search_top`]: a puzzle that
    /// needs a discontinuous nice loop may need an AIC too, as HoDoKu's search takes the
    /// best step of the two).
    pub fn digging_limit(&self) -> MaxTechnique {
        let o = &self.opts;
        let mut limit = o.max_technique;
        let narrow = |limit: MaxTechnique, cap: Technique| match limit {
            MaxTechnique::Upto(t) if t < cap => MaxTechnique::Upto(t),
            _ => MaxTechnique::Upto(cap),
        };
        if let Some(level) = o.level {
            let hardest = Technique::all_for(o.shape.size())
                .into_iter()
                .filter(|&t| t.level() == level && t != Technique::BruteForce)
                .max()
                .expect("every level has a technique");
            limit = narrow(limit, hardest);
        }
        if let Some(t) = o.require {
            limit = narrow(limit, t.search_top());
        }
        limit
    }

    /// Puzzle number `index` of the run.
    ///
    /// # Errors
    ///
    /// [`GenError::NotReached`] when a level or technique was asked for and no grid dug
    /// within [`GenOptions::max_tries`] tries gave it.
    pub fn generate(&self, index: u64) -> Result<Generated, GenError> {
        let o = &self.opts;
        let mut rng = Generator::rng_for(o.seed, index);
        let limit = self.digging_limit();
        let rater = Human::rater(&o.techniques);
        let mut seen = [0u32; Level::ALL.len()];
        let mut stuck = 0u32;
        let targeted = o.level.is_some() || o.require.is_some();
        let tries = if targeted { o.max_tries } else { 1 };
        let budget = o.budget.unwrap_or(DEFAULT_GEN_BUDGET);
        let mut spent = 0u64;
        let mut searcher = Searcher::new(o.shape);
        searcher.set_progress(self.progress.clone());
        for attempt in 1..=tries {
            let before = searcher.nodes();
            let Some(solution) = prepare_within(&mut searcher, budget - spent, &mut rng) else {
                return Err(GenError::Budget { budget });
            };
            spent += searcher.nodes() - before;
            let limits = Limits {
                budget: budget - spent,
                progress: self.progress.clone(),
                techniques: o.techniques.clone(),
            };
            let dug = match dig(&solution, o.symmetry, limit, &mut rng, &limits) {
                Err(GenError::Budget { .. }) => return Err(GenError::Budget { budget }),
                other => other?,
            };
            spent = spent.saturating_add(dug.nodes);
            let (puzzle, minimal) = (dug.puzzle, dug.minimal);
            let report = match dug.report {
                Some(r) => Some(r),
                None if o.rate || targeted => Some(rater.report(&puzzle)),
                None => None,
            };
            if let (true, Some(report)) = (targeted, &report) {
                if report.status != HumanStatus::Solved {
                    stuck += 1;
                    continue;
                }
                let level_ok = o.level.is_none_or(|l| report.level == l);
                let needs_ok = o.require.is_none_or(|t| report.counts.contains_key(&t));
                if !(level_ok && needs_ok) {
                    seen[report.level as usize] += 1;
                    continue;
                }
            }
            return Ok(Generated {
                puzzle,
                solution,
                symmetry: o.symmetry,
                seed: o.seed,
                index,
                tries: attempt,
                minimal,
                report,
            });
        }
        Err(GenError::NotReached {
            level: o.level,
            require: o.require,
            index,
            tries,
            seen: Level::ALL
                .into_iter()
                .zip(seen)
                .filter(|&(_, k)| k > 0)
                .collect(),
            stuck,
        })
    }

    /// Puzzles `0..count` of the run, made in parallel on the current rayon pool, returned in
    /// index order; the same whatever the number of threads.
    pub fn generate_many(&self, count: u64) -> Vec<Result<Generated, GenError>> {
        (0..count)
            .into_par_iter()
            .map(|i| self.generate(i))
            .collect()
    }
}

/// [`Generator::generate_many`] for `opts`.
///
/// # Errors
///
/// The options' error ([`Generator::new`]), or the first puzzle's that failed.
pub fn generate_many(opts: &GenOptions, count: u64) -> Result<Vec<Generated>, GenError> {
    Generator::new(opts.clone())?
        .generate_many(count)
        .into_iter()
        .collect()
}
