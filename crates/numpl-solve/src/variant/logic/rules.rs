//! Each constraint's own rule, read alone: the variant engine propagates that one
//! constraint (its relations and propagators, no houses) from the board's candidates,
//! and what it removes is the step: "the thermometer from r1c1 rises, so r1c2 <> 1".
//! Every constraint numpl reads has a step this way, named by its kind; cages have
//! theirs in `cages.rs` (with their combinations in words).

use numpl_core::variant::Constraint;
use numpl_core::Shape;

use super::{names, Board, Logic, VariantStep, VariantTechnique};

/// The technique that reads `c` alone (`None`: houses, regions, cages without a sum and
/// the chess rules, whose cells only differ: the board's peers cover them).
pub(super) fn technique(c: &Constraint) -> Option<VariantTechnique> {
    use VariantTechnique as T;
    Some(match c {
        Constraint::Even { .. } | Constraint::Odd { .. } | Constraint::Allowed { .. } => T::Parity,
        Constraint::Cage { sum: Some(_), .. } => T::CageCombination,
        Constraint::Thermo { .. } => T::Thermometer,
        Constraint::Kropki { .. } | Constraint::KropkiNegative => T::Kropki,
        Constraint::Xv { .. } | Constraint::XvNegative => T::Xv,
        Constraint::NonConsecutive => T::NonConsecutive,
        Constraint::Whisper { .. } => T::Whisper,
        Constraint::Arrow { .. } | Constraint::DoubleArrow { .. } => T::Arrow,
        Constraint::Lockout { .. } => T::Lockout,
        Constraint::LookAndSay { .. } => T::LookAndSay,
        Constraint::EqualSum { .. } => T::Sum,
        Constraint::AntiTaxicab => T::AntiTaxicab,
        Constraint::DutchFlatmates => T::DutchFlatmates,
        Constraint::EqualityCage { .. } => T::EqualityCage,
        Constraint::Palindrome { .. } => T::Palindrome,
        Constraint::Zipper { .. } => T::Zipper,
        Constraint::Indexing { .. } => T::Indexing,
        Constraint::Renban { .. } => T::Renban,
        Constraint::EntropicLine { .. } | Constraint::GlobalEntropy => T::Entropy,
        Constraint::ModularLine { .. } | Constraint::GlobalModular => T::Modular,
        Constraint::Between { .. } => T::Between,
        Constraint::LittleKiller { .. } => T::LittleKiller,
        Constraint::Sum { .. } => T::Sum,
        Constraint::RellikCage { .. } => T::Rellik,
        Constraint::RegionSumLine { .. } => T::RegionSum,
        Constraint::Sandwich { .. } => T::Sandwich,
        Constraint::Skyscraper { .. } => T::Skyscraper,
        Constraint::HiddenSkyscraper { .. } => T::HiddenSkyscraper,
        Constraint::Or { .. } => T::EitherOr,
        Constraint::XSum { .. } => T::XSum,
        Constraint::NumberedRoom { .. } => T::NumberedRoom,
        Constraint::Lunchbox { .. } => T::Lunchbox,
        Constraint::SumLine { .. } => T::SumLine,
        Constraint::SameValues { .. } => T::Clone,
        Constraint::Quadruple { .. } => T::Quadruple,
        Constraint::CountingCircles { .. } => T::CountingCircles,
        Constraint::GreaterThan { .. } => T::GreaterThan,
        Constraint::Pairwise { .. } => T::Pairwise,
        Constraint::Regex { .. } => T::Regex,
        Constraint::ValueIndexing { .. } => T::Slingshot,
        Constraint::CountDistinct { .. } => T::CountDistinct,
        Constraint::Automaton { .. } => T::StateMachine,
        Constraint::FullRank { .. } | Constraint::FullRankTies { .. } => T::FullRank,
        _ => return None,
    })
}

/// The cells a constraint draws on (every cell for the whole-grid rules).
pub(super) fn cells(c: &Constraint, shape: Shape) -> Vec<u16> {
    match c {
        Constraint::Sandwich { line, .. } => line.cells(shape),
        Constraint::Skyscraper { side, .. }
        | Constraint::FullRank { side, .. }
        | Constraint::HiddenSkyscraper { side, .. }
        | Constraint::XSum { side, .. }
        | Constraint::NumberedRoom { side, .. } => side.cells(shape),
        // Every set's cells, those of outside clues too.
        Constraint::Or { options } => {
            let mut out: Vec<u16> = Vec::new();
            for x in options.iter().flatten().flat_map(|c| cells(c, shape)) {
                if !out.contains(&x) {
                    out.push(x);
                }
            }
            out
        }
        _ => match c.cells() {
            v if v.is_empty() => (0..(shape.size() * shape.size()) as u16).collect(),
            v => v,
        },
    }
}

/// The rule in words, naming where it is.
fn words(l: &Logic<'_>, c: &Constraint, shape: Shape) -> String {
    let cell = |c: u16| shape.cell_name(numpl_core::Cell::new(c));
    let line = |cells: &[u16]| {
        format!(
            "{}-{}",
            cell(cells[0]),
            cell(cells[cells.len().saturating_sub(1)])
        )
    };
    match c {
        Constraint::Even { cells } | Constraint::Odd { cells } => format!(
            "{} {} {}",
            names(shape, cells),
            if cells.len() == 1 { "is" } else { "are" },
            if matches!(c, Constraint::Even { .. }) {
                "even"
            } else {
                "odd"
            }
        ),
        Constraint::Allowed { cell: c, values } => {
            format!("{} is one of {}", cell(*c), l.shown_set(values.bits()))
        }
        Constraint::Thermo { cells, slow: false } => {
            format!("the thermometer {} rises from its bulb", line(cells))
        }
        Constraint::Thermo { cells, slow: true } => {
            format!(
                "the slow thermometer {} never falls from its bulb",
                line(cells)
            )
        }
        Constraint::Kropki {
            black: false,
            cells,
        } => {
            format!("the white dot joins consecutive {}", names(shape, cells))
        }
        Constraint::Kropki { black: true, cells } => {
            format!(
                "the black dot makes one of {} double the other",
                names(shape, cells)
            )
        }
        Constraint::KropkiNegative => {
            "neighbours without a dot are neither consecutive nor double".into()
        }
        Constraint::Xv { sum, cells } => format!(
            "the {} makes {} add up to {sum}",
            if *sum == 10 { "X" } else { "V" },
            names(shape, cells)
        ),
        Constraint::XvNegative => "neighbours without an X or V add up to neither 5 nor 10".into(),
        Constraint::NonConsecutive => "orthogonal neighbours are not consecutive".into(),
        Constraint::Whisper { cells, diff } => format!(
            "neighbours on the whisper line {} differ by {diff} or more",
            line(cells)
        ),
        Constraint::Arrow { circle, line: l } => format!(
            "the arrow from {} adds up to its circle {}",
            cell(l[0]),
            names(shape, circle)
        ),
        Constraint::FullRank { rank, side } => format!(
            "{side} ranks {rank} among the {} numbers the rows and columns read from each end",
            4 * shape.size()
        ),
        Constraint::FullRankTies { ties } => match ties {
            numpl_core::variant::Ties::None => "no two rows or columns read the same number".into(),
            numpl_core::variant::Ties::Unclued => "a clued number equals no other".into(),
            numpl_core::variant::Ties::Any => "equal numbers share a rank".into(),
        },
        Constraint::CountDistinct { cell: c, cells } => format!(
            "{} counts the different values of {}",
            cell(*c),
            names(shape, cells)
        ),
        Constraint::ValueIndexing { cells } => format!(
            "on the slingshot {}, {}'s digit d says the cell d steps on holds {}'s digit",
            line(cells),
            cell(cells[1]),
            cell(cells[0])
        ),
        Constraint::Regex { pattern, cells } => format!(
            "the regex line {} matches `{pattern}`",
            line(cells)
        ),
        Constraint::Automaton {
            label, segments, ..
        } => {
            let rule = if label.is_empty() {
                "the state machine".to_string()
            } else {
                format!("the state machine \"{label}\"")
            };
            let lines: Vec<String> = segments.iter().map(|s| line(s)).collect();
            format!("{rule} accepts the line {}", lines.join(" | "))
        }
        Constraint::Pairwise {
            all, label, cells, ..
        } => {
            let rule = if label.is_empty() {
                "the pairwise rule".to_string()
            } else {
                format!("the pairwise rule \"{label}\"")
            };
            if *all {
                format!(
                    "every two of {} hold a pair {rule} allows",
                    names(shape, cells)
                )
            } else {
                format!(
                    "neighbours on the line {} hold pairs {rule} allows",
                    line(cells)
                )
            }
        }
        Constraint::EqualSum { segments } => {
            let each: Vec<String> = segments.iter().map(|s| names(shape, s)).collect();
            format!("{} add up alike", each.join("; "))
        }
        Constraint::LookAndSay { counts, cells } => {
            let said: Vec<String> = counts
                .iter()
                .map(|&(k, v)| format!("{k} x {v}"))
                .collect();
            format!(
                "the look-and-say cells {} hold {}",
                names(shape, cells),
                said.join(", ")
            )
        }
        Constraint::AntiTaxicab => {
            "no two cells holding x are x orthogonal steps apart".to_string()
        }
        Constraint::DutchFlatmates => format!(
            "every {} has a 1 right above it or a {} right below it",
            l.shown(shape.size().div_ceil(2) as u8),
            l.shown(shape.size() as u8)
        ),
        Constraint::EqualityCage { cells } => format!(
            "the equality cage {} holds as many even values as odd, and as many low as high",
            names(shape, cells)
        ),
        Constraint::DoubleArrow { cells } => format!(
            "the double arrow {} adds up to its circles {} and {}",
            line(cells),
            cell(cells[0]),
            cell(cells[cells.len() - 1])
        ),
        Constraint::Lockout { cells, diff } => format!(
            "the lockout line {}'s ends differ by {diff} or more, the values between them outside their range",
            line(cells)
        ),
        Constraint::Palindrome { cells } => {
            format!("the palindrome {} reads the same both ways", line(cells))
        }
        Constraint::Indexing { rows: false, cells } => format!(
            "a digit d of {} in column c puts c in column d of its row",
            names(shape, cells)
        ),
        Constraint::Indexing { rows: true, cells } => format!(
            "a digit d of {} in row r puts r in row d of its column",
            names(shape, cells)
        ),
        Constraint::Zipper { cells } if cells.len() % 2 == 1 => format!(
            "on the zipper line {} each two cells as far from its ends add up to its middle {}",
            line(cells),
            cell(cells[cells.len() / 2])
        ),
        Constraint::Zipper { cells } => format!(
            "on the zipper line {} each two cells as far from its ends add up to the same",
            line(cells)
        ),
        Constraint::Renban { cells } => format!(
            "the renban line {} holds {} consecutive values",
            line(cells),
            cells.len()
        ),
        Constraint::Between { cells } => {
            format!("the between line {} lies between its ends", line(cells))
        }
        Constraint::LittleKiller { sum, cells } => {
            format!(
                "the little killer diagonal {} adds up to {sum}",
                line(cells)
            )
        }
        Constraint::Sum { sum, cells } => {
            format!("{} add up to {sum}", names(shape, cells))
        }
        Constraint::RellikCage { sum, cells } => format!(
            "no values of the rellik cage {} add up to {sum}",
            names(shape, cells)
        ),
        Constraint::EntropicLine { cells } => format!(
            "every three cells in a row on the entropic line {} hold a low, a middle and a high value",
            line(cells)
        ),
        Constraint::ModularLine { modulus, cells } => format!(
            "every {modulus} cells in a row on the modular line {} differ modulo {modulus}",
            line(cells)
        ),
        Constraint::GlobalEntropy => {
            "every 2x2 block holds a low, a middle and a high value".to_string()
        }
        Constraint::GlobalModular => {
            "every 2x2 block holds each remainder modulo 3".to_string()
        }
        Constraint::RegionSumLine { cells } => format!(
            "the region-sum line {} has equal sums in each box it crosses",
            line(cells)
        ),
        Constraint::Sandwich { sum, line: l } => {
            format!(
                "in {l} the values between 1 and {} add up to {sum}",
                shape.size()
            )
        }
        Constraint::Skyscraper { count, side } => {
            format!("{side} sees {count} (a value hides the smaller ones behind it)")
        }
        Constraint::HiddenSkyscraper { value, side } => {
            format!("{side} rises to its first hidden value, {value}")
        }
        Constraint::Or { options } => format!(
            "one of {} sets of rules holds ({})",
            options.len(),
            options
                .iter()
                .map(|set| set
                    .iter()
                    .map(|c| words(l, c, shape))
                    .collect::<Vec<_>>()
                    .join(" and "))
                .collect::<Vec<_>>()
                .join("; or ")
        ),
        Constraint::NumberedRoom { value, side } => {
            format!("in {side} the first value X puts {value} in the X-th cell")
        }
        Constraint::XSum { sum, side } => {
            format!("in {side} the first X values add up to {sum}, X the first of them")
        }
        Constraint::Lunchbox { sum, cells } => format!(
            "the lunchbox {} has {sum} between its least and greatest values",
            line(cells)
        ),
        Constraint::SumLine { sum, cells, looped } => format!(
            "the sum {} {} divides into segments adding up to {sum}",
            if *looped { "loop" } else { "line" },
            line(cells)
        ),
        Constraint::GreaterThan { cells: [a, b] } => {
            format!("{} is greater than {}", cell(*a), cell(*b))
        }
        Constraint::CountingCircles { cells } => format!(
            "each value in the counting circles {} is in as many of them as it says",
            names(shape, cells)
        ),
        Constraint::Quadruple { cells, values } => format!(
            "the quadruple at {} holds {}",
            names(shape, cells),
            values
                .iter()
                .map(u8::to_string)
                .collect::<Vec<_>>()
                .join(", ")
        ),
        Constraint::SameValues { sets } => format!(
            "the clones {} hold the same values",
            sets.iter()
                .map(|s| names(shape, s))
                .collect::<Vec<_>>()
                .join(" and ")
        ),
        Constraint::Cage { sum, cells } => super::cage_name(shape, cells, *sum),
        _ => String::new(),
    }
}

/// The first constraint of technique `t` whose rule removes candidates from the board.
pub(super) fn find(l: &Logic<'_>, b: &Board, t: VariantTechnique) -> Option<VariantStep> {
    for rule in l.rules.iter().filter(|r| r.technique == t) {
        let Ok(narrowed) = rule.model.narrow(&b.cells) else {
            continue;
        };
        let gone = b.removed(&narrowed);
        if !gone.is_empty() {
            let c = &l.variant.constraints()[rule.constraint];
            let mut step = VariantStep::new(t, &rule.cells, words(l, c, l.shape));
            step.eliminations = gone;
            return Some(step);
        }
    }
    None
}
