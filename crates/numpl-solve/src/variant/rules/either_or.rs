//! Either/or: of several sets of rules, at least one holds. Each set is compiled as a model
//! of its own (its rules alone, as the step solver reads a constraint: `compile_set`); a
//! run narrows the candidates by each set and keeps, in each cell, what some set that
//! does not fail leaves (constructive disjunction): no set standing is a contradiction,
//! one set standing is that set's narrowing.

use numpl_core::variant::Constraint;

use super::{compile_set, Builder};
use crate::variant::engine::{Bits, Contradiction, Model, Prop, State};

pub(super) fn compile(b: &mut Builder<'_>, options: &[Vec<Constraint>]) {
    let sets: Vec<Model> = options
        .iter()
        .map(|set| compile_set(b.variant, set))
        .collect();
    // The cells any set's rules hold (its models narrow no other).
    let mut cells: Vec<u16> = Vec::new();
    for m in &sets {
        for (c, (&start, peers)) in m.start.iter().zip(&m.peers).enumerate() {
            let touched = start != b.all()
                || !peers.is_empty()
                || !m.pairs_of[c].is_empty()
                || !m.props_of[c].is_empty()
                || !m.bounds_of[c].is_empty();
            if touched && !cells.contains(&(c as u16)) {
                cells.push(c as u16);
            }
        }
    }
    cells.sort_unstable();
    b.prop(EitherOr { cells, sets });
}

struct EitherOr {
    cells: Vec<u16>,
    sets: Vec<Model>,
}

impl Prop for EitherOr {
    fn watches(&self) -> &[u16] {
        &self.cells
    }

    fn run(&self, st: &mut State) -> Result<(), Contradiction> {
        let mut kept: Vec<Bits> = vec![0; self.cells.len()];
        let mut standing = false;
        for m in &self.sets {
            let Ok(narrowed) = m.narrow(&st.cells) else {
                continue;
            };
            standing = true;
            for (k, &c) in self.cells.iter().enumerate() {
                kept[k] |= narrowed[c as usize];
            }
        }
        if !standing {
            return Err(Contradiction);
        }
        for (k, &c) in self.cells.iter().enumerate() {
            st.restrict(c, kept[k])?;
        }
        Ok(())
    }

    fn expensive(&self) -> bool {
        true
    }
}
