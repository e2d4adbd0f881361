//! The JSON API: one handler per endpoint, the request and response types (with their
//! OpenAPI schemas), and the pure work each does on the pool.

use std::time::Instant;

use axum::extract::{FromRequest, Request, State};
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use numpl_core::variant::Constraint;
use numpl_core::{Cell, Grid, InputFormat, Mask, ParseOptions, Parsed, Shape, Symbols};
use numpl_gen::{GenError, GenOptions, Generator, Level, MaxTechnique, Symmetry};
use numpl_record::Record;
use numpl_render::{sheet_pdf, Paper, Picture, SheetOptions, SheetPuzzle, SvgOptions};
use numpl_solve::Board;
use numpl_solve::{puzzle, Algorithm, SolveOptions, Status, Step, Technique};
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use utoipa::{OpenApi, ToSchema};

use crate::error::{ApiError, ErrorBody};
use crate::pool::{Lane, BIG_ABOVE};
use crate::AppState;

/// The OpenAPI 3 document, generated from the handlers and types below.
#[derive(OpenApi)]
#[openapi(
    info(
        title = "numpl",
        description = "Solve, rate, explain, hint and generate Number Place (Sudoku) puzzles \
                       of any size. Records have the fields of the CLI's `--format json`."
    ),
    paths(
        health, openapi, solve_h, play_h, rate_h, hint_h, explain_h, generate_h, svg_h, pdf_h
    ),
    components(schemas(
        Record,
        ErrorBody,
        SolveRequest,
        PlayRequest,
        PlayResponse,
        PlayVariant,
        RateRequest,
        PuzzleRequest,
        HintRequest,
        HintResponse,
        ExplainResponse,
        StepJson,
        CellValue,
        CellRoleJson,
        MarkJson,
        MistakeJson,
        SeedArg,
        GeneratedRecord,
        GenerateRequest,
        SizeArg,
        SvgRequest,
        PdfRequest
    ))
)]
pub struct ApiDoc;

pub(crate) fn routes() -> Router<AppState> {
    Router::new()
        .route("/healthz", get(health))
        .route("/api/openapi.json", get(openapi))
        .route("/api/solve", post(solve_h))
        .route("/api/play", post(play_h))
        .route("/api/rate", post(rate_h))
        .route("/api/hint", post(hint_h))
        .route("/api/explain", post(explain_h))
        .route("/api/generate", post(generate_h))
        .route("/api/svg", post(svg_h))
        .route("/api/pdf", post(pdf_h))
}

/// A JSON body whose rejections are JSON errors (400 bad JSON or fields, 413 too large,
/// 415 not JSON).
pub(crate) struct ApiJson<T>(pub(crate) T);

impl<T: DeserializeOwned, S: Send + Sync> FromRequest<S> for ApiJson<T> {
    type Rejection = ApiError;

    async fn from_request(req: Request, state: &S) -> Result<Self, ApiError> {
        let Json(v) = Json::<T>::from_request(req, state).await?;
        Ok(ApiJson(v))
    }
}

/// The server is up.
#[utoipa::path(get, path = "/healthz", responses((status = 200, description = "`{\"status\":\"ok\"}`")))]
async fn health() -> Json<serde_json::Value> {
    Json(serde_json::json!({"status": "ok"}))
}

/// This document.
#[utoipa::path(get, path = "/api/openapi.json", responses((status = 200, description = "OpenAPI 3")))]
async fn openapi() -> Json<utoipa::openapi::OpenApi> {
    Json(ApiDoc::openapi())
}

/// A puzzle to rate.
#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct RateRequest {
    /// The puzzle, in any text format numpl reads, or a position with pencil marks (the
    /// human solver starts from its marks).
    puzzle: String,
    /// The box shape `RxC`.
    #[serde(rename = "box")]
    shape: Option<String>,
    /// Stop as soon as the level is certain (`numpl rate --level-only`): the same level,
    /// but a puzzle found extreme part way has no `score` or `techniques`. Needs brute
    /// force (not with `disable: ["brute_force"]`).
    #[serde(default)]
    level_only: bool,
    /// Techniques to turn on (`numpl rate --enable`).
    enable: Option<Vec<String>>,
    /// Techniques to turn off (`numpl rate --disable`; `["brute_force"]`: logic only, and a
    /// puzzle logic cannot finish is `stuck`).
    disable: Option<Vec<String>>,
    /// `hodoku` (default): HoDoKu's level and score; `se`: Sudoku Explainer's ER/EP/ED
    /// (`numpl rate --scale se`; 9x9; not with `level_only`, `enable` or `disable`).
    scale: Option<String>,
}

/// A puzzle to solve.
#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct SolveRequest {
    /// The puzzle, in any text format numpl reads (line, grid, the seed's layout), or a
    /// position with pencil marks (a line of N*N*N symbols, a pencil-mark grid): solved
    /// within its marks.
    puzzle: String,
    /// `fast` (default), `full` or `human`.
    algo: Option<String>,
    /// Stop at the first solution (no uniqueness check).
    #[serde(default)]
    first: bool,
    /// The box shape `RxC` (default: the most square one).
    #[serde(rename = "box")]
    shape: Option<String>,
    /// A node budget below the server's.
    budget: Option<u64>,
}

/// A puzzle (`rate`, `explain`).
#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct PuzzleRequest {
    /// The puzzle, in any text format numpl reads, or a position with pencil marks (the
    /// human solver starts from its marks).
    puzzle: String,
    /// The box shape `RxC`.
    #[serde(rename = "box")]
    shape: Option<String>,
}

/// A puzzle, or a player's position on it: values placed and pencil marks.
#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct HintRequest {
    /// The puzzle (its givens), in any text format numpl reads; or the player's position
    /// itself (a line of N*N*N symbols or a pencil-mark grid), then without `values` and
    /// `candidates`.
    puzzle: String,
    /// The box shape `RxC`.
    #[serde(rename = "box")]
    shape: Option<String>,
    /// The player's grid in line form (givens and placed values, `.` for an open cell).
    values: Option<String>,
    /// The player's pencil marks: N*N lists of values, in reading order; the list of a
    /// filled cell is ignored. Without it, every value the placed ones allow.
    candidates: Option<Vec<Vec<u8>>>,
    /// Add the step as an SVG picture (`svg`).
    #[serde(default)]
    svg: bool,
    /// A variant puzzle (no human steps yet): the cell to reveal when there is no mistake
    /// (0-based, reading order; the player's selected cell); when it is not open, the first
    /// open cell.
    cell: Option<usize>,
}

/// A cell and a value.
#[derive(Serialize, ToSchema, Debug)]
pub(crate) struct CellValue {
    /// `r<row>c<col>`, 1-based.
    cell: String,
    /// 0-based cell index in reading order.
    index: usize,
    /// The value (1..N).
    value: u8,
}

/// A cell a step highlights: its role in the pattern (`pattern`, `pivot`, `pincer`,
/// `fin`, `chain`, `set-a`, `set-b`, `set-c`), or the shading of a house it lies in
/// (`base`, `cover`).
#[derive(Serialize, ToSchema, Debug)]
pub(crate) struct CellRoleJson {
    /// `r<row>c<col>`, 1-based.
    cell: String,
    /// 0-based cell index in reading order.
    index: usize,
    /// The role.
    role: &'static str,
}

/// A pencil mark a step highlights: `placed`, `eliminated`, `pattern`, `fin`, `on`, `off`.
#[derive(Serialize, ToSchema, Debug)]
pub(crate) struct MarkJson {
    /// `r<row>c<col>`, 1-based.
    cell: String,
    /// 0-based cell index in reading order.
    index: usize,
    /// The candidate (1..N).
    value: u8,
    /// The role.
    role: &'static str,
}

/// A step: the values it places and the candidates it removes, in words for players, and
/// what it highlights on the board (the roles of the step pictures).
#[derive(Serialize, ToSchema, Debug)]
pub(crate) struct StepJson {
    /// The technique (snake_case).
    technique: String,
    /// The technique's name as players read it (`Hidden Single`).
    title: String,
    /// The step in words (the CLI's `explain` line).
    text: String,
    /// The step in plain words with the grid's own symbols: `Hidden Single in row 3: r3c4
    /// is G.`, `... r1c5 can't be 7.`
    plain: String,
    /// A first nudge: the technique and the house to look at, nothing more.
    nudge: String,
    /// The cells (0-based, reading order) of the house the nudge names, all of them: what
    /// the page shades lightly at a hint's first level. Empty when it names none.
    nudge_cells: Vec<usize>,
    /// Values placed.
    placements: Vec<CellValue>,
    /// Candidates removed.
    eliminations: Vec<CellValue>,
    /// The cells of the pattern with their roles.
    cells: Vec<CellRoleJson>,
    /// The cells of the houses the step works in (no role of their own), shaded.
    houses: Vec<CellRoleJson>,
    /// The candidates of the pattern with their roles (placed and eliminated included).
    marks: Vec<MarkJson>,
}

/// A mistake in the player's position, found before any technique: a value that is not
/// the solution's, a pencil mark of the solution's value removed, two values clashing in a
/// house, or (when the solution is unknown) a cell or house left with no way out.
#[derive(Serialize, ToSchema, Debug)]
pub(crate) struct MistakeJson {
    /// `value`, `candidate`, `clash` or `contradiction`.
    kind: &'static str,
    /// The cell to look at, `r<row>c<col>` (absent only for a position with no solution
    /// whose candidates do not show where).
    #[serde(skip_serializing_if = "Option::is_none")]
    cell: Option<String>,
    /// Its 0-based index.
    #[serde(skip_serializing_if = "Option::is_none")]
    index: Option<usize>,
    /// The value concerned: the wrong value, the removed candidate, the clashing value
    /// (absent for a cell left with no candidate).
    #[serde(skip_serializing_if = "Option::is_none")]
    value: Option<u8>,
    /// The other cell of a clash.
    #[serde(skip_serializing_if = "Option::is_none")]
    other: Option<String>,
    /// What is wrong, in a sentence.
    text: String,
}

/// A hint: the record of `numpl hint --format json`, the step, and its picture if asked.
#[derive(Serialize, ToSchema)]
pub(crate) struct HintResponse {
    #[serde(flatten)]
    record: Record,
    /// The step (absent when there is none: `status` says why).
    #[serde(skip_serializing_if = "Option::is_none")]
    step: Option<StepJson>,
    /// The step as an SVG picture (with `"svg": true`).
    #[serde(skip_serializing_if = "Option::is_none")]
    svg: Option<String>,
    /// A mistake in the player's position (then no step, and `status` is `unsolvable`).
    #[serde(skip_serializing_if = "Option::is_none")]
    mistake: Option<MistakeJson>,
    /// A variant puzzle with no mistake and no variant technique's step: a cell of the
    /// solution to reveal, with `note` saying so.
    #[serde(skip_serializing_if = "Option::is_none")]
    reveal: Option<CellValue>,
    /// A sentence for the player beside `reveal`.
    #[serde(skip_serializing_if = "Option::is_none")]
    note: Option<String>,
}

/// An explanation: the record of `numpl explain --format json` and every step's moves.
#[derive(Serialize, ToSchema)]
pub(crate) struct ExplainResponse {
    #[serde(flatten)]
    record: Record,
    /// Every step, with what it places and removes, in order.
    moves: Vec<StepJson>,
}

/// A grid size: N (`9`) or a box shape (`"3x3"`, `"2x3"`).
#[derive(Deserialize, ToSchema)]
#[serde(untagged)]
pub(crate) enum SizeArg {
    /// N.
    N(usize),
    /// `N` or `RxC` as text.
    Text(String),
}

/// A seed: a string of digits (what the page sends: a browser's numbers are rounded above
/// 2^53) or a number.
#[derive(Deserialize, ToSchema)]
#[serde(untagged)]
pub(crate) enum SeedArg {
    /// A number.
    N(u64),
    /// Decimal digits.
    Text(String),
}

impl SeedArg {
    fn value(&self) -> Result<u64, ApiError> {
        match self {
            SeedArg::N(n) => Ok(*n),
            SeedArg::Text(t) => t.trim().parse::<u64>().map_err(|_| {
                ApiError::bad_request(format!(
                    "seed `{t}`: a seed is a whole number from 0 to {}",
                    u64::MAX
                ))
            }),
        }
    }
}

/// A generated puzzle: the record of `numpl generate --format json` (the fields of
/// `Record`, in its order) with its `seed` as a string of digits, so a browser keeps every
/// digit (numpl-record's `Record::with_seed_as_text`).
#[derive(ToSchema)]
pub(crate) struct GeneratedRecord(Record);

impl Serialize for GeneratedRecord {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.0.with_seed_as_text().serialize(s)
    }
}

impl From<Record> for GeneratedRecord {
    fn from(record: Record) -> GeneratedRecord {
        GeneratedRecord(record)
    }
}

/// What to generate.
#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct GenerateRequest {
    /// N or `RxC` (default 9).
    size: Option<SizeArg>,
    /// `easy`, `medium`, `hard`, `unfair` or `extreme` (default: any).
    level: Option<String>,
    /// `none`, `point` (default), `horizontal`, `vertical`, `diagonal`, `antidiagonal`,
    /// `rot90`, `dihedral`.
    symmetry: Option<String>,
    /// The run's seed, a string of digits or a number (default: a random one, reported
    /// as a string).
    seed: Option<SeedArg>,
    /// How many puzzles (default 1).
    count: Option<u64>,
    /// The hardest technique allowed (a technique name, `all` or `none`).
    max_technique: Option<String>,
    /// Techniques of the human solver turned on (names as `max_technique` takes them; for
    /// techniques off by default).
    enable: Option<Vec<String>>,
    /// Techniques turned off: no puzzle made needs them (e.g. `["xy_wing"]`).
    disable: Option<Vec<String>>,
    /// Variant puzzles instead: `killer`, `jigsaw`, `x`, `windoku` or `thermo` (`level`
    /// easy, medium or hard on numpl's variant scale; not with `max_technique`, `enable`
    /// or `disable`). Each record has `variant` (the rules), `solution` and `level`.
    variant: Option<String>,
    /// Killers: the fewest and most cells a cage is grown to, `[min, max]` (default 2 to 5,
    /// merged up to 6).
    cage_cells: Option<[usize; 2]>,
    /// Killers: givens dug over the cages (default: cages only).
    killer_givens: Option<bool>,
}

/// A picture of a puzzle.
#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct SvgRequest {
    /// The puzzle, in any text format numpl reads, or a position (its marks are drawn).
    puzzle: String,
    /// The box shape `RxC`.
    #[serde(rename = "box")]
    shape: Option<String>,
    /// Draw the solution (givens in black, found values in blue).
    #[serde(default)]
    solution: bool,
    /// Draw every open cell's pencil marks.
    #[serde(default)]
    candidates: bool,
    /// Row and column numbers.
    #[serde(default)]
    labels: bool,
    /// The player's grid in line form, drawn over the givens as placed values (a game in
    /// progress; as /api/hint takes it).
    values: Option<String>,
    /// The player's pencil marks (N*N lists, as /api/hint takes them), drawn in open cells.
    marks: Option<Vec<Vec<u8>>>,
}

/// A printable PDF sheet.
#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct PdfRequest {
    /// The puzzles, each in any text format numpl reads (each needs one solution).
    puzzles: Vec<String>,
    /// The box shape `RxC`.
    #[serde(rename = "box")]
    shape: Option<String>,
    /// Add the solutions on the pages after.
    #[serde(default)]
    solutions: bool,
    /// The heading (default "Number Place").
    title: Option<String>,
    /// Puzzles a page: 1, 2, 4 (default) or 6.
    per_page: Option<usize>,
    /// `a4` (default) or `letter`.
    paper: Option<String>,
    /// A note for each puzzle printed beside its number (e.g. `seed 42`, an id), in order;
    /// at most 80 characters each.
    notes: Option<Vec<String>>,
}

// ---------------------------------------------------------------------------------------
// Reading requests.

fn shape_arg(s: Option<&str>) -> Result<Option<Shape>, ApiError> {
    s.map(|s| {
        s.parse::<Shape>()
            .map_err(|e| ApiError::bad_request(format!("box `{s}`: {e}")))
    })
    .transpose()
}

/// The record of what a request's `puzzle` held (a puzzle, or a position: docs/FORMATS.md,
/// "Positions"), with the line it starts on.
fn record_of(p: &Parsed) -> Record {
    Record::of_parsed(p, &p.symbols()).from_line(None, p.line)
}

/// The puzzle or position of a request: 422 `invalid` when it cannot be read or its givens
/// clash.
fn read_any(text: &str, shape: Option<&str>) -> Result<Parsed, ApiError> {
    let opts = ParseOptions::new().shape(shape_arg(shape)?);
    match numpl_core::PuzzleReader::new(text.as_bytes(), opts).next() {
        Some(Ok(p)) => Ok(p),
        Some(Err(e)) => Err(ApiError::invalid(format!("line {}: {}", e.line, e.kind))),
        None => Err(ApiError::invalid("line 1: no puzzle in the text")),
    }
}

/// A puzzle without pencil marks, where only givens make sense (a printed sheet; the
/// player's values of /api/hint): 422 `invalid` for a position, saying so.
fn read_puzzle(text: &str, shape: Option<&str>, what: &str) -> Result<(Grid, usize), ApiError> {
    let r = read_any(text, shape)?;
    if r.is_position() {
        return Err(ApiError::invalid(format!(
            "line {}: a position with pencil marks; {what}",
            r.line
        )));
    }
    let line = r.line;
    Ok((r.into_grid(), line))
}

fn check_size(g: &Grid, max: usize, what: &str) -> Result<(), ApiError> {
    let n = g.size();
    if n > max {
        return Err(ApiError::bad_request(format!(
            "{what} takes grids up to {max}x{max} on this server; this one is {n}x{n}"
        )));
    }
    Ok(())
}

/// Work on grids above 9x9 may take seconds; above 16x16 it also holds memory.
fn lane_for(n: usize) -> Lane {
    if n > BIG_ABOVE {
        Lane::Big
    } else if n > 9 {
        Lane::Heavy
    } else {
        Lane::Light
    }
}

/// A step as the API sends it; `board` is the position before it (for its highlights).
/// A variant step ([`numpl_solve::variant::VariantStep`]) as the page draws a step: its
/// pattern cells (the house, cage, line or subset it reads), what it places and removes.
fn variant_step_json(step: &numpl_solve::variant::VariantStep, shape: Shape) -> StepJson {
    let cv = |&(c, v): &(Cell, u8)| CellValue {
        cell: shape.cell_name(c),
        index: c.index(),
        value: v,
    };
    let cells = step
        .cells
        .iter()
        .map(|&c| CellRoleJson {
            cell: shape.cell_name(c),
            index: c.index(),
            role: "pattern",
        })
        .collect();
    let mark = |&(c, v): &(Cell, u8), role: &'static str| MarkJson {
        cell: shape.cell_name(c),
        index: c.index(),
        value: v,
        role,
    };
    let marks = step
        .placements
        .iter()
        .map(|p| mark(p, "placed"))
        .chain(step.eliminations.iter().map(|e| mark(e, "eliminated")))
        .collect();
    let title = step.technique.title();
    StepJson {
        technique: step.technique.name().to_string(),
        title: title.to_string(),
        text: step.describe(shape),
        plain: step.describe(shape),
        nudge: format!("Look for a {title} in the shaded cells."),
        nudge_cells: step.cells.iter().map(|c| c.index()).collect(),
        placements: step.placements.iter().map(cv).collect(),
        eliminations: step.eliminations.iter().map(cv).collect(),
        cells,
        houses: Vec::new(),
        marks,
    }
}

fn step_json(step: &Step, puzzle: &Grid, board: &Board) -> StepJson {
    let shape = board.shape();
    let cv = |&(c, v): &(Cell, u8)| CellValue {
        cell: shape.cell_name(c),
        index: c.index(),
        value: v,
    };
    let pic = Picture::of_step(puzzle, board, step);
    let (mut cells, mut houses) = (Vec::new(), Vec::new());
    for i in 0..shape.cells() {
        let c = Cell::new(i as u16);
        let at = |role| CellRoleJson {
            cell: shape.cell_name(c),
            index: i,
            role,
        };
        if let Some(r) = pic.cell_role(c) {
            cells.push(at(r.name()));
        } else if let Some(h) = pic.house_role(c) {
            houses.push(at(h.name()));
        }
    }
    let marks = pic
        .mark_roles()
        .iter()
        .map(|&(c, v, r)| MarkJson {
            cell: shape.cell_name(c),
            index: c.index(),
            value: v,
            role: r.name(),
        })
        .collect();
    StepJson {
        technique: step.technique.name().into_owned(),
        title: step.technique.title().to_string(),
        text: step.describe(shape),
        plain: crate::words::plain(step, shape),
        nudge: crate::words::nudge(step, shape),
        nudge_cells: crate::words::nudge_cells(step, shape),
        placements: step.placements.iter().map(cv).collect(),
        eliminations: step.eliminations.iter().map(cv).collect(),
        cells,
        houses,
        marks,
    }
}

fn micros(start: Instant) -> u64 {
    start.elapsed().as_micros() as u64
}

// ---------------------------------------------------------------------------------------
// Handlers.

/// Solve a puzzle: `multiple` and `unsolvable` are 200 with that status; `budget` is 200
/// with `error` saying the search stopped at its node budget.
#[utoipa::path(post, path = "/api/solve", request_body = SolveRequest, responses(
    (status = 200, body = Record),
    (status = 400, body = ErrorBody, description = "bad option, or a grid over the size limit"),
    (status = 413, body = ErrorBody, description = "body over the limit (1 MiB by default)"),
    (status = 422, body = ErrorBody, description = "invalid puzzle (`status`: `invalid`)"),
))]
async fn solve_h(
    State(st): State<AppState>,
    ApiJson(req): ApiJson<SolveRequest>,
) -> Result<Json<Record>, ApiError> {
    let algo = match req.algo.as_deref() {
        None => Algorithm::Fast,
        Some(a) => a
            .parse::<Algorithm>()
            .map_err(|e| ApiError::bad_request(e.to_string()))?,
    };
    let read = read_any(&req.puzzle, req.shape.as_deref())?;
    let n = read.grid().size();
    // A search holds memory that grows with the fourth power of the side.
    check_size(read.grid(), st.config.max_solve_size, "solving")?;
    if algo == Algorithm::Human {
        check_size(read.grid(), st.config.max_size, "the human solver")?;
    }
    let budget = req
        .budget
        .unwrap_or(st.config.solve_budget)
        .min(st.config.solve_budget);
    let opts = SolveOptions::new()
        .limit(if req.first { 1 } else { 2 })
        .budget(Some(budget));
    let job = move |read: &Parsed, opts: &SolveOptions| {
        let start = Instant::now();
        let out = puzzle::solve(read, algo, opts);
        let rec = record_of(read).outcome(&out, algo, &read.symbols());
        (out.status, rec.micros(micros(start)))
    };
    // A 9x9 fast search mostly takes microseconds: try it here with a small budget first,
    // and only a search that needs more goes to the pool.
    if algo == Algorithm::Fast && n <= 9 && budget > INLINE_NODES {
        let (status, rec) = job(&read, &opts.clone().budget(Some(INLINE_NODES)));
        if status != Status::Budget {
            return Ok(Json(rec));
        }
    }
    let lane = match lane_for(n) {
        Lane::Light if algo != Algorithm::Fast => Lane::Heavy,
        lane => lane,
    };
    Ok(Json(st.pool.run(lane, move || job(&read, &opts).1).await?))
}

/// The node budget of a search run on the async worker itself (a few microseconds).
const INLINE_NODES: u64 = 2_000;

/// Rate a puzzle with the human solver: status, level, score, techniques.
#[utoipa::path(post, path = "/api/rate", request_body = RateRequest, responses(
    (status = 200, body = Record),
    (status = 400, body = ErrorBody), (status = 413, body = ErrorBody),
    (status = 422, body = ErrorBody),
))]
async fn rate_h(
    State(st): State<AppState>,
    ApiJson(req): ApiJson<RateRequest>,
) -> Result<Json<Record>, ApiError> {
    let read = read_any(&req.puzzle, req.shape.as_deref())?;
    check_size(read.grid(), st.config.max_size, "rate")?;
    if read.variant().is_some() && req.scale.as_deref() != Some("se") {
        if req.level_only || req.enable.is_some() || req.disable.is_some() {
            return Err(ApiError::bad_request(
                "level_only, enable and disable are for classic puzzles: variants are rated with every variant technique",
            ));
        }
        let budget = st.config.solve_budget;
        let rec = st
            .pool
            .run(Lane::Heavy, move || {
                let start = Instant::now();
                let v = read.variant().expect("a variant puzzle");
                let opts = SolveOptions::new().budget(Some(budget));
                let out = numpl_solve::variant::rate(read.grid(), v, &opts);
                record_of(&read)
                    .variant_rated(&out, &read.symbols())
                    .micros(micros(start))
            })
            .await?;
        return Ok(Json(rec));
    }
    match req.scale.as_deref() {
        None | Some("hodoku") => {}
        Some("se") => {
            if req.level_only || req.enable.is_some() || req.disable.is_some() {
                return Err(ApiError::bad_request(
                    "level_only, enable and disable are HoDoKu's options: not with scale se",
                ));
            }
            // Sudoku Explainer's chains may take seconds: the heavy lane.
            let rec = st
                .pool
                .run(Lane::Heavy, move || {
                    let start = Instant::now();
                    let out = puzzle::rate_se(&read, &SolveOptions::default());
                    record_of(&read)
                        .se(&out, &Symbols::standard())
                        .micros(micros(start))
                })
                .await?;
            return Ok(Json(rec));
        }
        Some(other) => {
            return Err(ApiError::bad_request(format!(
                "unknown scale `{other}`: hodoku or se"
            )))
        }
    }
    let mut opts = SolveOptions::default().level_only(req.level_only);
    let turned = techniques(&req.enable, &req.disable)?;
    if req.level_only && turned.contains(&(Technique::BruteForce, false)) {
        return Err(ApiError::bad_request(
            "level_only needs brute force as the last resort: with logic only, whether a \
             puzzle ends solved or stuck needs the whole solve",
        ));
    }
    for (t, on) in turned {
        opts = opts.enable(t, on);
    }
    let lane = lane_for(read.grid().size());
    let rec = st
        .pool
        .run(lane, move || {
            let start = Instant::now();
            let out = puzzle::rate(&read, None, &opts);
            let sym = Symbols::standard();
            record_of(&read)
                .outcome(&out, Algorithm::Human, &sym)
                .micros(micros(start))
        })
        .await?;
    Ok(Json(rec))
}

/// A reading error of the player's `values` as a sentence: `The values cannot be read:
/// r1c3 holds Z, not a value of a 9x9 grid.` (no `line 1:`, which means nothing to them).
fn values_sentence(error: &str) -> String {
    let mut e = error;
    if let Some(rest) = e.strip_prefix("line ") {
        if let Some((_, after)) = rest.split_once(": ") {
            e = after;
        }
    }
    let e = e.replace("givens", "values");
    let e = e.trim_end_matches('.');
    format!("values: the player's values cannot be read: {e}.")
}

/// The player's position: the puzzle's givens, their values and their pencil marks, as a
/// position (the values, each open cell limited to its marks) when marks are given.
fn position(req: &HintRequest, g: &Grid) -> Result<Parsed, ApiError> {
    position_of(req, g, None)
}

/// The player's values as a line of the grid's symbols, read without the classic rules (a
/// variant's boxes may not count: two equal values in a box of a jigsaw are no clash).
fn values_line(text: &str, shape: Shape, symbols: &Symbols) -> Result<Grid, ApiError> {
    let n = shape.size();
    let chars: Vec<char> = text.trim().chars().collect();
    if chars.len() != shape.cells() {
        return Err(ApiError::invalid(format!(
            "values: {} symbols for the {} cells of a {n}x{n} grid",
            chars.len(),
            shape.cells()
        )));
    }
    let mut cells = Vec::with_capacity(chars.len());
    for (i, &ch) in chars.iter().enumerate() {
        cells.push(match symbols.read(ch, n) {
            numpl_core::Symbol::Blank => 0,
            numpl_core::Symbol::Value(v) if (v as usize) <= n => v,
            _ => {
                return Err(ApiError::invalid(format!(
                    "values: {} holds {ch}, not a value of a {n}x{n} grid",
                    shape.cell_name(Cell::new(i as u16))
                )))
            }
        });
    }
    Grid::from_values(shape, cells).map_err(|e| ApiError::invalid(format!("values: {e}")))
}

/// [`position`]; `variant`: the values are read without the classic rules, in the
/// variant's alphabet.
fn position_of(
    req: &HintRequest,
    g: &Grid,
    variant: Option<&numpl_core::variant::Variant>,
) -> Result<Parsed, ApiError> {
    let n = g.size();
    let shape = g.shape();
    let values = match &req.values {
        None => g.clone(),
        Some(text) if variant.is_some() => {
            let symbols = variant.map_or_else(Symbols::standard, |v| v.symbols());
            let v = values_line(text, shape, &symbols)?;
            for i in 0..shape.cells() {
                let given = g.get(i);
                if given != 0 && v.get(i) != given {
                    return Err(ApiError::invalid(format!(
                        "values: {} holds the given {}",
                        shape.cell_name(Cell::new(i as u16)),
                        sym_in(&symbols, given)
                    )));
                }
            }
            v
        }
        Some(text) => {
            let (v, _) = read_puzzle(
                text,
                Some(&shape.to_string()),
                "`values` is the player's grid in line form, and `candidates` their marks",
            )
            .map_err(|e| ApiError::invalid(values_sentence(&e.body.error)))?;
            if v.shape() != shape {
                return Err(ApiError::invalid(format!(
                    "values: a {}x{} grid for a {n}x{n} puzzle",
                    v.size(),
                    v.size()
                )));
            }
            for i in 0..shape.cells() {
                let given = g.get(i);
                if given != 0 && v.get(i) != given {
                    return Err(ApiError::invalid(format!(
                        "values: {} holds the given {given}",
                        shape.cell_name(Cell::new(i as u16))
                    )));
                }
            }
            v
        }
    };
    let Some(cands) = &req.candidates else {
        return Ok(Parsed::puzzle(values, 1, InputFormat::Line));
    };
    if cands.len() != shape.cells() {
        return Err(ApiError::bad_request(format!(
            "candidates: {} lists for {} cells",
            cands.len(),
            shape.cells()
        )));
    }
    let mut marks = Vec::with_capacity(cands.len());
    for (i, list) in cands.iter().enumerate() {
        if let Some(&bad) = list.iter().find(|&&v| v == 0 || v as usize > n) {
            return Err(ApiError::bad_request(format!(
                "candidates: {} lists {bad}, not a value of a {n}x{n} grid",
                shape.cell_name(Cell::new(i as u16))
            )));
        }
        // A cell with a value holds it alone, whatever its list says.
        marks.push(match values.get(i) {
            0 => list.iter().copied().collect(),
            v => Mask::single(v),
        });
    }
    Parsed::position(values, marks, 1, InputFormat::Line)
        .map_err(|e| ApiError::bad_request(e.to_string()))
}

/// The next logical step from the puzzle, or from the player's position (values and
/// pencil marks); `status` is absent when there is a step, else `solved`, `unsolvable`
/// (the position shows a contradiction) or `stuck`.
#[utoipa::path(post, path = "/api/hint", request_body = HintRequest, responses(
    (status = 200, body = HintResponse),
    (status = 400, body = ErrorBody), (status = 413, body = ErrorBody),
    (status = 422, body = ErrorBody, description = "invalid puzzle or values (`status`: `invalid`)"),
))]
async fn hint_h(
    State(st): State<AppState>,
    ApiJson(req): ApiJson<HintRequest>,
) -> Result<Json<HintResponse>, ApiError> {
    let read = read_any(&req.puzzle, req.shape.as_deref())?;
    check_size(read.grid(), st.config.max_size, "hint")?;
    if read.variant().is_some() {
        return variant_hint(&st, req, read).await;
    }
    let shape = read.grid().shape();
    // Two of the player's values in one house: the mistake to show, before anything else.
    if !read.is_position() {
        if let Some(c) = req.values.as_deref().and_then(|v| clash(v, read.grid())) {
            // The player's cell of the two (the later one when both are).
            let (theirs, other) = if read.grid().get(c.second().index()) == 0 {
                (c.second(), c.first())
            } else {
                (c.first(), c.second())
            };
            let (b, a) = (shape.cell_name(theirs), shape.cell_name(other));
            let v = c.value();
            let mistake = MistakeJson {
                kind: "clash",
                cell: Some(b.clone()),
                index: Some(theirs.index()),
                value: Some(v),
                text: format!("{b} and {a} both hold {}: one of them is wrong.", sym(v)),
                other: Some(a),
            };
            return Ok(Json(HintResponse {
                record: record_of(&read).hint(&Err(Status::Unsolvable), shape),
                step: None,
                svg: None,
                mistake: Some(mistake),
                reveal: None,
                note: None,
            }));
        }
    }
    // A position as `puzzle` carries the player's marks itself; else the player's values
    // and marks come beside the givens.
    let at = if read.is_position() {
        if req.values.is_some() || req.candidates.is_some() {
            return Err(ApiError::bad_request(
                "`puzzle` is a position with pencil marks: give the player's position there, \
                 or as `values` and `candidates` with the givens as `puzzle`, not both",
            ));
        }
        read.clone()
    } else {
        position(&req, read.grid())?
    };
    let want_svg = req.svg;
    let marked = req.candidates.is_some();
    let budget = st.config.solve_budget;
    let lane = lane_for(read.grid().size());
    let res = st
        .pool
        .run(lane, move || {
            let start = Instant::now();
            let g = read.grid();
            // Mistakes first: the player's values and marks against the solution, when the
            // givens have one.
            let board = puzzle::board(&at);
            let found = if read.is_position() {
                // No givens to solve: a position with no solution gets no step built on
                // it; where its candidates show the contradiction, that cell is named.
                let opts = SolveOptions::new().limit(2).budget(Some(budget));
                match puzzle::solve(&at, Algorithm::Fast, &opts).status {
                    Status::Unsolvable => Some(contradiction(&board).unwrap_or_else(|| {
                        MistakeJson {
                            kind: "contradiction",
                            cell: None,
                            index: None,
                            value: None,
                            other: None,
                            text: "This position has no solution: a value or a removed \
                                   pencil mark is wrong."
                                .into(),
                        }
                    })),
                    _ => None,
                }
            } else {
                mistake(g, &at, marked, budget)
            };
            let (step, mistake) = match found {
                Some(m) => (Err(Status::Unsolvable), Some(m)),
                None => {
                    let step = puzzle::hint(&at, &SolveOptions::default());
                    let why = match step {
                        Err(Status::Unsolvable) => contradiction(&board),
                        _ => None,
                    };
                    (step, why)
                }
            };
            let svg = want_svg.then(|| {
                let pic = match &step {
                    Ok(s) => Picture::of_step(g, &board, s),
                    Err(_) => Picture::new(g)
                        .with_values(g, at.grid())
                        .with_candidates(&board.candidates()),
                };
                pic.to_svg(&SvgOptions::new())
            });
            HintResponse {
                record: record_of(&read).hint(&step, shape).micros(micros(start)),
                step: step.as_ref().ok().map(|s| step_json(s, g, &board)),
                svg,
                mistake,
                reveal: None,
                note: None,
            }
        })
        .await?;
    Ok(Json(res))
}

/// A puzzle to play on the page.
#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct PlayRequest {
    /// The puzzle, in any text format numpl reads: a classic puzzle or position, or a
    /// variant puzzle (numpl's variant JSON, f-puzzles JSON, an f-puzzles `?load=` link, a
    /// SudokuPad link carrying an f-puzzles puzzle, an ISS string).
    puzzle: String,
    /// The box shape `RxC`.
    #[serde(rename = "box")]
    shape: Option<String>,
}

/// What the page needs to play a variant puzzle: its rules drawn, the groups clashes are
/// checked in, and the puzzle's text to save and share.
#[derive(Serialize, ToSchema)]
pub(crate) struct PlayVariant {
    /// The puzzle in numpl's variant JSON (one line): what the page saves, shares and
    /// sends back to the API.
    text: String,
    /// The constraints drawn by numpl-render (`variant_layer`) that lie under the cells'
    /// contents (shading, lines, region borders): an SVG without cells or digits, 100
    /// units a cell, its `viewBox` starting `margin` cells outside the grid's top-left
    /// corner; the page lays it under its cells.
    svg: String,
    /// The constraints drawn over the cells (cages and their sums, dots, X and V, outside
    /// clues): an SVG of the same frame; the page lays it over its cells' colours.
    svg_top: String,
    /// Room outside the grid for outside clues, in cells: left, top, right, bottom.
    margin: [f32; 4],
    /// Whether the boxes count (false for a jigsaw: no box lines).
    boxes: bool,
    /// The groups of cells that never hold one value twice (0-based cells): rows,
    /// columns, boxes or regions, diagonals, cages ..., and pairs a rule keeps apart
    /// (`numpl_solve::variant::distinct_groups`). Clashes and auto marks use them.
    groups: Vec<Vec<u16>>,
    /// The cells whose top-left corner holds a killer cage's sum (corner marks avoid it).
    sum_cells: Vec<usize>,
    /// The rules in words, for screen readers and the page's caption.
    rules: String,
}

/// A puzzle to play: the record of `/api/solve` (the engine's status and solution) and,
/// for a variant puzzle, what the page draws and checks.
#[derive(Serialize, ToSchema)]
pub(crate) struct PlayResponse {
    #[serde(flatten)]
    record: Record,
    /// A variant puzzle's drawing, groups and text (absent for a classic puzzle).
    #[serde(skip_serializing_if = "Option::is_none")]
    play: Option<PlayVariant>,
}

/// Open a puzzle for play: the solve record (solved by the variant engine for a variant)
/// and, for a variant, its constraints drawn as SVG, the groups whose cells differ, and
/// the puzzle as numpl's variant JSON. A variant numpl has no rule for is 422 with a
/// sentence naming it.
#[utoipa::path(post, path = "/api/play", request_body = PlayRequest, responses(
    (status = 200, body = PlayResponse),
    (status = 400, body = ErrorBody, description = "bad option, or a grid over the size limit"),
    (status = 413, body = ErrorBody),
    (status = 422, body = ErrorBody, description = "invalid puzzle, or a variant rule numpl does not know (`status`: `invalid`)"),
))]
async fn play_h(
    State(st): State<AppState>,
    ApiJson(req): ApiJson<PlayRequest>,
) -> Result<Json<PlayResponse>, ApiError> {
    let read = read_any(&req.puzzle, req.shape.as_deref())?;
    check_size(read.grid(), st.config.max_size, "play")?;
    let n = read.grid().size();
    let budget = st.config.solve_budget;
    let lane = match lane_for(n) {
        Lane::Light if read.variant().is_some() => Lane::Heavy,
        lane => lane,
    };
    let res = st
        .pool
        .run(lane, move || {
            let start = Instant::now();
            let opts = SolveOptions::new().limit(2).budget(Some(budget));
            let out = puzzle::solve(&read, Algorithm::Fast, &opts);
            let record = record_of(&read)
                .outcome(&out, Algorithm::Fast, &read.symbols())
                .micros(micros(start));
            let play = read.variant().map(|v| {
                let layer = numpl_render::variant_layer(v);
                let mut sum_cells: Vec<usize> = v
                    .constraints()
                    .iter()
                    .filter_map(|c| match c {
                        Constraint::Cage {
                            sum: Some(_),
                            cells,
                        } => cells.iter().min().map(|&c| c as usize),
                        _ => None,
                    })
                    .collect();
                sum_cells.sort_unstable();
                sum_cells.dedup();
                PlayVariant {
                    text: v.to_json(read.grid()),
                    svg: layer.svg,
                    svg_top: layer.top,
                    margin: layer.margin,
                    boxes: layer.boxes,
                    groups: numpl_solve::variant::distinct_groups(v),
                    sum_cells,
                    rules: crate::words::variant_rules(v, layer.rules.as_deref()),
                }
            });
            PlayResponse { record, play }
        })
        .await?;
    Ok(Json(res))
}

/// The first clash among the player's values in a variant's groups (cells that never hold
/// one value twice): the two cells and the value.
fn variant_clash(values: &Grid, groups: &[Vec<u16>]) -> Option<(usize, usize, u8)> {
    for g in groups {
        for (k, &a) in g.iter().enumerate() {
            let v = values.get(a as usize);
            if v == 0 {
                continue;
            }
            if let Some(&b) = g[k + 1..].iter().find(|&&b| values.get(b as usize) == v) {
                return Some((a as usize, b as usize, v));
            }
        }
    }
    None
}

/// A hint on a variant puzzle: the player's first mistake (a clash in the variant's
/// groups, a value or a removed mark against the engine's solution), else the next step of
/// the variant techniques from the player's values, else (none applies) one cell of the
/// solution revealed, with a sentence saying why.
async fn variant_hint(
    st: &AppState,
    req: HintRequest,
    read: Parsed,
) -> Result<Json<HintResponse>, ApiError> {
    let g = read.grid().clone();
    let shape = g.shape();
    let at = position_of(&req, &g, read.variant())?;
    let marked = req.candidates.is_some();
    let budget = st.config.solve_budget;
    let lane = match lane_for(g.size()) {
        Lane::Light => Lane::Heavy,
        lane => lane,
    };
    let res = st
        .pool
        .run(lane, move || {
            let start = Instant::now();
            let v = read.variant().expect("a variant puzzle");
            let symbols = v.symbols();
            let values = at.grid();
            let answer = |status: Status, mistake, reveal, note| HintResponse {
                record: record_of(&read)
                    .hint(&Err(status), shape)
                    .micros(micros(start)),
                step: None,
                svg: None,
                mistake,
                reveal,
                note,
            };
            let groups = numpl_solve::variant::distinct_groups(v);
            if let Some((a, b, x)) = variant_clash(values, &groups) {
                let (theirs, other) = if g.get(b) == 0 { (b, a) } else { (a, b) };
                let (tn, on) = (
                    shape.cell_name(Cell::new(theirs as u16)),
                    shape.cell_name(Cell::new(other as u16)),
                );
                let m = MistakeJson {
                    kind: "clash",
                    text: format!(
                        "{tn} and {on} can't both hold {}: one of them is wrong.",
                        sym_in(&symbols, x)
                    ),
                    cell: Some(tn),
                    index: Some(theirs),
                    value: Some(x),
                    other: Some(on),
                };
                return answer(Status::Unsolvable, Some(m), None, None);
            }
            let opts = SolveOptions::new().limit(2).budget(Some(budget));
            let out = puzzle::solve(&read, Algorithm::Fast, &opts);
            let solution = match (out.status, out.solution) {
                (Status::Solved, Some(s)) => s,
                (status, _) => return answer(status, None, None, None),
            };
            if let Some(m) = mistake_against(&solution, &g, &at, marked, &symbols) {
                return answer(Status::Unsolvable, Some(m), None, None);
            }
            // A step of the variant techniques from the player's values (they agree with
            // the one solution found above: no second count).
            if let Some(s) = numpl_solve::variant::next_step(values, v) {
                let step = variant_step_json(&s, shape);
                return HintResponse {
                    record: record_of(&read)
                        .variant_hint(&Ok(s), shape)
                        .micros(micros(start)),
                    step: Some(step),
                    svg: None,
                    mistake: None,
                    reveal: None,
                    note: None,
                };
            }
            let open = |i: usize| i < shape.cells() && values.get(i) == 0;
            let Some(i) = req
                .cell
                .filter(|&i| open(i))
                .or_else(|| (0..shape.cells()).find(|&i| open(i)))
            else {
                return answer(Status::Solved, None, None, None);
            };
            let name = shape.cell_name(Cell::new(i as u16));
            let x = solution.get(i);
            let note = format!(
                "No variant technique finds a step from here, so here is one cell of the \
                 solution: {name} is {}.",
                sym_in(&symbols, x)
            );
            answer(
                Status::Stuck,
                None,
                Some(CellValue {
                    cell: name,
                    index: i,
                    value: x,
                }),
                Some(note),
            )
        })
        .await?;
    Ok(Json(res))
}

/// A value's symbol as the grid shows it (`7`, `G` for 16).
fn sym(v: u8) -> String {
    crate::words::sym(v)
}

/// A value's symbol in `symbols` (a variant's from 0: `0` for the grid's 1).
fn sym_in(symbols: &Symbols, v: u8) -> String {
    symbols
        .write(v)
        .map(String::from)
        .unwrap_or_else(|| v.to_string())
}

/// The first clash among the player's values, when `values` is a line of the grid's size
/// that keeps every given (a given changed is the 422 of `position`).
fn clash(values: &str, givens: &Grid) -> Option<numpl_core::Conflict> {
    let shape = givens.shape();
    let n = shape.size();
    let text: Vec<char> = values.trim().chars().collect();
    if text.len() != shape.cells() {
        return None;
    }
    let standard = Symbols::standard();
    let mut cells = Vec::with_capacity(text.len());
    for &ch in &text {
        cells.push(match standard.read(ch, n) {
            numpl_core::Symbol::Blank => 0,
            numpl_core::Symbol::Value(v) if (v as usize) <= n => v,
            _ => return None,
        });
    }
    if (0..cells.len()).any(|i| givens.get(i) != 0 && cells[i] != givens.get(i)) {
        return None;
    }
    Grid::from_values(shape, cells).ok()?.first_conflict()
}

/// The player's first mistake against the solution of `givens` (when it has exactly one):
/// a placed value that is not the solution's, then (with marks) an open cell whose pencil
/// marks lost the solution's value.
fn mistake(givens: &Grid, at: &Parsed, marked: bool, budget: u64) -> Option<MistakeJson> {
    let opts = SolveOptions::new().limit(2).budget(Some(budget));
    let out = numpl_solve::solve(givens, Algorithm::Fast, &opts);
    let solution = match (out.status, out.solution) {
        (Status::Solved, Some(s)) => s,
        _ => return None,
    };
    mistake_against(&solution, givens, at, marked, &Symbols::standard())
}

/// The player's first mistake against a known `solution` (see [`mistake`]).
fn mistake_against(
    solution: &Grid,
    givens: &Grid,
    at: &Parsed,
    marked: bool,
    symbols: &Symbols,
) -> Option<MistakeJson> {
    let shape = givens.shape();
    let values = at.grid();
    for i in 0..shape.cells() {
        let v = values.get(i);
        if v != 0 && givens.get(i) == 0 && v != solution.get(i) {
            let cell = shape.cell_name(Cell::new(i as u16));
            return Some(MistakeJson {
                kind: "value",
                text: format!(
                    "{cell} should not be {}: that digit is wrong.",
                    sym_in(symbols, v)
                ),
                cell: Some(cell),
                index: Some(i),
                value: Some(v),
                other: None,
            });
        }
    }
    let marks = at.marks().filter(|_| marked)?;
    for (i, m) in marks.iter().enumerate() {
        let right = solution.get(i);
        if values.get(i) == 0 && !m.contains(right) {
            let cell = shape.cell_name(Cell::new(i as u16));
            return Some(MistakeJson {
                kind: "candidate",
                text: format!(
                    "{cell} lost the pencil mark {}, which it needs: put it back.",
                    sym_in(symbols, right)
                ),
                cell: Some(cell),
                index: Some(i),
                value: Some(right),
                other: None,
            });
        }
    }
    None
}

/// Where a position with no solution shows it: an open cell with no candidate left, or a
/// house where a value has no place.
fn contradiction(board: &Board) -> Option<MistakeJson> {
    let shape = board.shape();
    let grid = board.grid();
    let cands = board.candidates();
    for (i, m) in cands.iter().enumerate() {
        if grid.get(i) == 0 && m.is_empty() {
            let cell = shape.cell_name(Cell::new(i as u16));
            return Some(MistakeJson {
                kind: "contradiction",
                text: format!(
                    "{cell} has no candidate left: a value or mark that rules it out is wrong."
                ),
                cell: Some(cell),
                index: Some(i),
                value: None,
                other: None,
            });
        }
    }
    let geo = shape.geometry();
    for u in 0..geo.unit_count() {
        let cells = geo.unit(u);
        for v in 1..=shape.size() as u8 {
            let placed = cells.iter().any(|&c| grid.get(c as usize) == v);
            let room = cells
                .iter()
                .any(|&c| grid.get(c as usize) == 0 && cands[c as usize].contains(v));
            if !placed && !room {
                let first = cells[0] as usize;
                let house = shape.unit_name(numpl_core::Unit::new(u as u16));
                return Some(MistakeJson {
                    kind: "contradiction",
                    text: format!(
                        "No cell of {house} can hold {} any more: a value or mark there is wrong.",
                        sym(v)
                    ),
                    cell: Some(shape.cell_name(Cell::new(first as u16))),
                    index: Some(first),
                    value: Some(v),
                    other: None,
                });
            }
        }
    }
    None
}

/// Every step of a logical solution.
#[utoipa::path(post, path = "/api/explain", request_body = PuzzleRequest, responses(
    (status = 200, body = ExplainResponse),
    (status = 400, body = ErrorBody), (status = 413, body = ErrorBody),
    (status = 422, body = ErrorBody),
))]
async fn explain_h(
    State(st): State<AppState>,
    ApiJson(req): ApiJson<PuzzleRequest>,
) -> Result<Json<ExplainResponse>, ApiError> {
    let read = read_any(&req.puzzle, req.shape.as_deref())?;
    check_size(read.grid(), st.config.max_size, "explain")?;
    let lane = lane_for(read.grid().size());
    let res = st
        .pool
        .run(lane, move || {
            let start = Instant::now();
            let shape = read.grid().shape();
            if let Some(v) = read.variant() {
                // The variant techniques' steps.
                let out = numpl_solve::variant::rate(read.grid(), v, &SolveOptions::default());
                return ExplainResponse {
                    record: record_of(&read)
                        .variant_explained(&out, shape, &read.symbols())
                        .micros(micros(start)),
                    moves: out
                        .steps
                        .iter()
                        .map(|s| variant_step_json(s, shape))
                        .collect(),
                };
            }
            let out = puzzle::explain(&read, &SolveOptions::default());
            let t = micros(start);
            let steps = out.report.as_ref().map(|r| &r.steps[..]).unwrap_or(&[]);
            let sym = Symbols::standard();
            // Each step's highlights on the position before it, replayed from the start.
            let mut board = puzzle::board(&read);
            let moves = steps
                .iter()
                .map(|s| {
                    let j = step_json(s, read.grid(), &board);
                    board.apply(s);
                    j
                })
                .collect();
            ExplainResponse {
                moves,
                record: record_of(&read).explained(&out, shape, &sym).micros(t),
            }
        })
        .await?;
    Ok(Json(res))
}

/// The techniques a request turns on and off (`enable`, `disable`): 400 for a name the
/// human solver does not know, or one given to both.
fn techniques(
    enable: &Option<Vec<String>>,
    disable: &Option<Vec<String>>,
) -> Result<Vec<(Technique, bool)>, ApiError> {
    let names = |list: &Option<Vec<String>>| -> Result<Vec<Technique>, ApiError> {
        list.iter()
            .flatten()
            .map(|n| {
                n.parse::<Technique>()
                    .map_err(|e| ApiError::bad_request(e.to_string()))
            })
            .collect()
    };
    let (on, off) = (names(enable)?, names(disable)?);
    if let Some(t) = on.iter().find(|t| off.contains(t)) {
        return Err(ApiError::bad_request(format!(
            "enable {t} and disable {t} contradict: give the technique to one of them"
        )));
    }
    let on = on.into_iter().map(|t| (t, true));
    Ok(on.chain(off.into_iter().map(|t| (t, false))).collect())
}

fn gen_error(e: GenError) -> ApiError {
    ApiError::bad_request(e.to_string())
}

/// Make puzzles: a JSON array of records (one with `error` for a puzzle that could not be
/// made within its tries).
#[utoipa::path(post, path = "/api/generate", request_body = GenerateRequest, responses(
    (status = 200, body = [GeneratedRecord]),
    (status = 400, body = ErrorBody, description = "bad option, or over the size x count limit"),
    (status = 413, body = ErrorBody),
    (status = 503, body = ErrorBody, description = "over the time limit"),
))]
async fn generate_h(
    State(st): State<AppState>,
    ApiJson(req): ApiJson<GenerateRequest>,
) -> Result<Json<Vec<GeneratedRecord>>, ApiError> {
    let shape = match &req.size {
        None => Shape::NINE,
        Some(SizeArg::N(n)) => {
            Shape::from_size(*n).map_err(|e| ApiError::bad_request(format!("size: {e}")))?
        }
        Some(SizeArg::Text(t)) => t
            .parse::<Shape>()
            .map_err(|e| ApiError::bad_request(format!("size `{t}`: {e}")))?,
    };
    let n = shape.size();
    let cfg = &st.config;
    if n > cfg.max_size {
        return Err(ApiError::bad_request(format!(
            "this server generates grids up to {m}x{m}; {n}x{n} asked for",
            m = cfg.max_size
        )));
    }
    let count = req.count.unwrap_or(1);
    if count == 0 || count > cfg.max_count {
        return Err(ApiError::bad_request(format!(
            "count must be 1 to {}",
            cfg.max_count
        )));
    }
    let cells = (n * n) as u64 * count;
    if cells > cfg.max_generate_cells {
        return Err(ApiError::bad_request(format!(
            "{count} puzzles of {n}x{n} are {cells} cells, over this server's limit of {} \
             cells a request",
            cfg.max_generate_cells
        )));
    }
    let seed = match &req.seed {
        Some(s) => s.value()?,
        None => numpl_gen::random_seed(),
    };
    let mut opts = GenOptions::new(shape).seed(seed);
    if let Some(l) = &req.level {
        opts = opts.level(Some(
            l.parse::<Level>()
                .map_err(|e| ApiError::bad_request(e.to_string()))?,
        ));
    }
    if let Some(s) = &req.symmetry {
        opts = opts.symmetry(s.parse::<Symmetry>().map_err(gen_error)?);
    }
    if let Some(m) = &req.max_technique {
        opts = opts.max_technique(m.parse::<MaxTechnique>().map_err(gen_error)?);
    }
    for (t, on) in techniques(&req.enable, &req.disable)? {
        opts = opts.enable(t, on);
    }
    let kind = match &req.variant {
        None => None,
        Some(v) => {
            let kind = v
                .parse::<numpl_gen::VariantKind>()
                .map_err(ApiError::bad_request)?;
            if req.max_technique.is_some() || req.enable.is_some() || req.disable.is_some() {
                return Err(ApiError::bad_request(format!(
                    "{kind} puzzles are judged by the variant techniques (level), not by \
                     classic ones: not with max_technique, enable or disable"
                )));
            }
            if let Some(l) = opts.level.filter(|&l| l > numpl_solve::Level::Hard) {
                return Err(ApiError::bad_request(format!(
                    "{kind} puzzles have the levels easy, medium and hard (numpl's variant \
                     scale), not {l}"
                )));
            }
            let spec = numpl_gen::VariantSpec::new(kind)
                .cage_cells(req.cage_cells.map(|[a, b]| (a, b)))
                .givens(req.killer_givens.unwrap_or(false));
            numpl_gen::check_spec(spec, shape, opts.symmetry).map_err(gen_error)?;
            Some(spec)
        }
    };
    if kind.is_none() && (req.cage_cells.is_some() || req.killer_givens.is_some()) {
        return Err(ApiError::bad_request(
            "cage_cells and killer_givens go with variant killer",
        ));
    }
    let generator = Generator::new(opts).map_err(gen_error)?;
    // Heavy: past the time limit the answer is 503 and the puzzles not begun are skipped.
    let cancel = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    let flag = cancel.clone();
    let guard = CancelOnDrop(cancel);
    let lane = match lane_for(n) {
        Lane::Light => Lane::Heavy,
        lane => lane,
    };
    let recs = st
        .pool
        .run(lane, move || {
            let mut recs = Vec::with_capacity(count as usize);
            for i in 0..count {
                if flag.load(std::sync::atomic::Ordering::Relaxed) {
                    break;
                }
                recs.push(
                    match kind {
                        Some(kind) => Record::variant_generated(generator.options(), kind, i),
                        None => generated(&generator, i),
                    }
                    .into(),
                );
            }
            recs
        })
        .await;
    drop(guard);
    Ok(Json(recs?))
}

/// Sets its flag when dropped: the request is over (answered, timed out or gone).
struct CancelOnDrop(std::sync::Arc<std::sync::atomic::AtomicBool>);

impl Drop for CancelOnDrop {
    fn drop(&mut self) {
        self.0.store(true, std::sync::atomic::Ordering::Relaxed);
    }
}

/// One generated puzzle's record, as `numpl generate --format json` writes it.
fn generated(generator: &Generator, i: u64) -> Record {
    let start = Instant::now();
    match generator.generate(i) {
        Ok(g) => Record::generated(&g, &Symbols::standard()).micros(micros(start)),
        Err(e) => Record::not_generated(generator.options(), i, &e),
    }
}

/// The puzzle as an SVG picture (`numpl-render`).
#[utoipa::path(post, path = "/api/svg", request_body = SvgRequest, responses(
    (status = 200, content_type = "image/svg+xml", description = "the picture"),
    (status = 400, body = ErrorBody), (status = 413, body = ErrorBody),
    (status = 422, body = ErrorBody, description = "invalid puzzle, or no single solution to draw"),
))]
async fn svg_h(
    State(st): State<AppState>,
    ApiJson(req): ApiJson<SvgRequest>,
) -> Result<Response, ApiError> {
    let read = read_any(&req.puzzle, req.shape.as_deref())?;
    let g = read.grid().clone();
    check_size(&g, st.config.max_size, "svg")?;
    // A game in progress: the player's values over the givens, and their marks.
    let progress = if req.values.is_some() || req.marks.is_some() {
        if read.is_position() {
            return Err(ApiError::bad_request(
                "`values` and `marks` go with a puzzle's givens, not with a position",
            ));
        }
        let as_hint = HintRequest {
            puzzle: String::new(),
            shape: None,
            values: req.values.clone(),
            candidates: req.marks.clone(),
            svg: false,
            cell: None,
        };
        Some(position_of(&as_hint, &g, read.variant())?)
    } else {
        None
    };
    let lane = lane_for(g.size());
    let budget = st.config.solve_budget;
    let svg = st
        .pool
        .run(lane, move || -> Result<String, ApiError> {
            let mut pic = Picture::new(&g);
            // A variant puzzle's picture draws its constraints.
            if let Some(v) = read.variant() {
                pic = pic.with_variant(v);
            }
            if let Some(at) = &progress {
                pic = pic.with_values(&g, at.grid());
                if let Some(marks) = at.marks() {
                    pic = pic.with_candidates(marks);
                }
                return Ok(pic.to_svg(&SvgOptions::new().labels(req.labels)));
            }
            if req.solution {
                let opts = SolveOptions::new().budget(Some(budget));
                let out = puzzle::solve(&read, Algorithm::Fast, &opts);
                match (out.status, &out.solution) {
                    (Status::Solved, Some(s)) => pic = pic.with_values(&g, s),
                    (s, _) => {
                        return Err(ApiError::invalid(format!(
                        "the puzzle is {}: only a puzzle with one solution has its solution drawn",
                        s.name()
                    )))
                    }
                }
            } else if let Some(marks) = read.marks() {
                // A position is its pencil marks: always drawn.
                pic = pic.with_candidates(marks);
            } else if req.candidates {
                pic = pic.with_candidates(&g.candidates());
            }
            Ok(pic.to_svg(&SvgOptions::new().labels(req.labels)))
        })
        .await??;
    Ok(([(header::CONTENT_TYPE, "image/svg+xml")], svg).into_response())
}

/// A print-ready PDF sheet of puzzles (`numpl print`).
#[utoipa::path(post, path = "/api/pdf", request_body = PdfRequest, responses(
    (status = 200, content_type = "application/pdf", description = "the sheet"),
    (status = 400, body = ErrorBody), (status = 413, body = ErrorBody),
    (status = 422, body = ErrorBody, description = "a puzzle is invalid or has no single solution"),
))]
async fn pdf_h(
    State(st): State<AppState>,
    ApiJson(req): ApiJson<PdfRequest>,
) -> Result<Response, ApiError> {
    let cfg = &st.config;
    if req.puzzles.is_empty() || req.puzzles.len() as u64 > cfg.max_count {
        return Err(ApiError::bad_request(format!(
            "puzzles: 1 to {} a sheet",
            cfg.max_count
        )));
    }
    let per_page = req.per_page.unwrap_or(4);
    if ![1, 2, 4, 6].contains(&per_page) {
        return Err(ApiError::bad_request("per_page must be 1, 2, 4 or 6"));
    }
    let paper = match req.paper.as_deref() {
        None | Some("a4") => Paper::A4,
        Some("letter") => Paper::Letter,
        Some(p) => return Err(ApiError::bad_request(format!("paper `{p}`: a4 or letter"))),
    };
    let notes = req.notes.clone().unwrap_or_default();
    if notes.len() > req.puzzles.len() || notes.iter().any(|n| n.chars().count() > 80) {
        return Err(ApiError::bad_request(
            "notes: at most one a puzzle, each at most 80 characters",
        ));
    }
    let mut grids = Vec::with_capacity(req.puzzles.len());
    for (i, text) in req.puzzles.iter().enumerate() {
        let (g, _) = read_puzzle(
            text,
            req.shape.as_deref(),
            "a sheet is for paper: send the puzzle's givens",
        )
        .map_err(|e| ApiError::invalid(format!("puzzle {}: {}", i + 1, e.body.error)))?;
        check_size(&g, cfg.max_size, "pdf")?;
        grids.push(g);
    }
    let mut sheet = SheetOptions::new()
        .per_page(per_page)
        .solutions(req.solutions)
        .paper(paper);
    if let Some(t) = req.title {
        sheet = sheet.title(t);
    }
    let budget = cfg.solve_budget;
    let largest = grids.iter().map(Grid::size).max().unwrap_or(9);
    let lane = match lane_for(largest) {
        Lane::Light => Lane::Heavy,
        lane => lane,
    };
    let pdf = st
        .pool
        .run(lane, move || -> Result<Vec<u8>, ApiError> {
            let mut puzzles = Vec::with_capacity(grids.len());
            for (i, g) in grids.into_iter().enumerate() {
                let out = numpl_solve::solve(
                    &g,
                    Algorithm::Fast,
                    &SolveOptions::new().budget(Some(budget)),
                );
                let solution = match (out.status, out.solution) {
                    (Status::Solved, Some(s)) => s,
                    (s, _) => {
                        return Err(ApiError::invalid(format!(
                            "puzzle {} is {}: a sheet needs puzzles with exactly one solution",
                            i + 1,
                            s.name()
                        )))
                    }
                };
                let rated = numpl_solve::solve(&g, Algorithm::Human, &SolveOptions::default());
                let mut sp = SheetPuzzle::new(i as u64 + 1, g).with_solution(solution);
                if let Some(note) = notes.get(i).filter(|n| !n.trim().is_empty()) {
                    sp = sp.with_note(note.trim());
                }
                if let (Status::Solved, Some(r)) = (rated.status, &rated.report) {
                    sp = sp.with_rating(r.level, r.score);
                }
                puzzles.push(sp);
            }
            sheet_pdf(&puzzles, &sheet).map_err(|e| ApiError::internal(e.to_string()))
        })
        .await??;
    Ok((
        StatusCode::OK,
        [
            (header::CONTENT_TYPE, "application/pdf"),
            (
                header::CONTENT_DISPOSITION,
                "attachment; filename=\"numpl.pdf\"",
            ),
        ],
        pdf,
    )
        .into_response())
}
