//! TEMPORARY skeleton of the human technique solver; being written.

use std::collections::BTreeMap;

use numpl_core::{Cell, Grid, Mask, Unit};

/// A solving technique, in HoDoKu's order of difficulty (CONTRACT §8).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Technique {
    /// The last blank cell of a unit.
    FullHouse,
    /// A cell with one candidate.
    NakedSingle,
    /// A value with one place in a unit.
    HiddenSingle,
}

impl Technique {
    /// The snake_case name (CONTRACT §8).
    pub fn name(self) -> String {
        match self {
            Technique::FullHouse => "full_house".into(),
            Technique::NakedSingle => "naked_single".into(),
            Technique::HiddenSingle => "hidden_single".into(),
        }
    }
}

/// One logical step.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Step {
    /// The technique.
    pub technique: Technique,
    /// Values placed: (cell, value).
    pub placements: Vec<(Cell, u8)>,
    /// Candidates removed: (cell, value).
    pub eliminations: Vec<(Cell, u8)>,
    /// The cells of the pattern.
    pub cells: Vec<Cell>,
    /// The units of the pattern.
    pub units: Vec<Unit>,
    /// The values of the pattern.
    pub values: Mask,
}

/// How the human solver ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HumanStatus {
    /// Every cell filled.
    Solved,
    /// No technique applies.
    Stuck,
    /// A cell or unit ran out of candidates: the puzzle has no solution.
    Contradiction,
}

/// The seed's solve_info and more.
#[derive(Clone, Debug)]
pub struct HumanReport {
    /// How it ended.
    pub status: HumanStatus,
    /// The grid as far as it got.
    pub grid: Grid,
    /// Each technique and how often it fired.
    pub counts: BTreeMap<Technique, u32>,
    /// Every step in order.
    pub steps: Vec<Step>,
}

/// The technique solver.
#[derive(Clone, Debug, Default)]
pub struct HumanSolver {}

impl HumanSolver {
    /// A solver with every technique.
    pub fn new() -> HumanSolver {
        HumanSolver {}
    }

    /// Solves as far as the techniques allow.
    pub fn solve(&self, puzzle: &Grid) -> HumanReport {
        HumanReport {
            status: HumanStatus::Stuck,
            grid: puzzle.clone(),
            counts: BTreeMap::new(),
            steps: Vec::new(),
        }
    }
}
