//! Where a finder searched in vain: the solver restarts from the easiest technique after
//! every step, and most units (and most values' fish patterns) did not change, so a
//! search that failed on exactly the same candidates fails again and is skipped (the
//! solve's hidden single scan too, unit by unit).
//!
//! A failure is kept with the stamps of what the finder read (its units, or a value's
//! positions; see `Board::unit_stamp`): every change to a board gets a stamp of its own,
//! so an unchanged stamp means exactly the same candidates there, and skipping never
//! changes what is found, only how long it takes. Some exceptions lean on the solver only
//! ever removing candidates within a solve: locked candidates skip a unit unchanged since
//! it gave nothing (the line or box its values are confined to only loses candidates, see
//! `techniques::subsets::locked_candidates`); XY-chains are skipped while the bivalue cells
//! are the same as when they failed (see `techniques::chains::chain`); the nice-loop and AIC searches
//! while every candidate removed since they failed was on no strong link and made none
//! (see `techniques::chains::quiet_change`); and ALS-XZ and ALS-XY-Wing skip pairs and triples of sets
//! unchanged since they failed on a reference board (see `als_list`). Besides failures,
//! the memo keeps the current board's ALS list, and the reference's, whose links the sets
//! unchanged since then reuse; and, per value, the candidates in no template (worked out
//! again only when the value's stamp changes) and the templates found on earlier boards
//! (see `templates`): single-digit finders skip a value whose every candidate lies in a
//! template.

use super::als_list::{AlsMemo, Cache};
use super::{templates, Board, Technique};

/// Stamps of failed searches, per technique.
#[derive(Default)]
pub(crate) struct Memo {
    slots: Slots,
    /// Every almost locked set of the current board, when built, and the reference
    /// board's (see `als_list`).
    pub(crate) als: AlsMemo,
    /// The bivalue cells (cell, candidates) when XY-chains last failed.
    pub(crate) xy_failed: Option<Vec<(usize, u64)>>,
    /// Per AIC kind (plain, grouped: the nice-loop and AIC searches), the candidates of
    /// the board on which its search last offered nothing, when the search since then
    /// was skipped or offered nothing (see `chains::quiet_change`).
    pub(crate) loops_failed: [Option<Vec<u64>>; 2],
    /// Every cell's peers as a bit set (`cells.div_ceil(64)` words per cell), when built
    /// (they depend only on the shape).
    pub(crate) peer_bits: Vec<u64>,
    /// Per value: 0 not searched yet, 1 its lone candidates (in no template, see
    /// `templates`) are in `lone`, 2 the search ran out of budget; worked out on the
    /// board where the value had the stamp in `lone_stamp`, and good while it has.
    lone_state: Vec<u8>,
    lone_stamp: Vec<u64>,
    /// Per value, `n` rows of lone candidates (a bit per column).
    lone: Vec<u64>,
    /// Tests only: how many times the templates were searched.
    #[cfg(test)]
    pub(crate) lone_searches: usize,
    /// Per value, templates found on earlier boards (kept across boards).
    kept: Vec<templates::Kept>,
    /// Tests only: never skip a value or prune a search for its templates.
    #[cfg(test)]
    pub(crate) no_template_skip: bool,
    /// Tests only: never skip a nice-loop search (`loops_failed`).
    #[cfg(test)]
    pub(crate) no_loop_skip: bool,
}

struct Slot {
    /// Stamps per key.
    stride: usize,
    valid: Vec<bool>,
    snap: Vec<u64>,
}

/// Every technique's slot, and the one found last.
#[derive(Default)]
struct Slots {
    /// The slots' techniques, in `list`'s order: a short array of two-byte values,
    /// quick to look through when a finder asks for its slot the first time in a call.
    techs: Vec<Technique>,
    list: Vec<Slot>,
    last: usize,
}

impl Slots {
    /// The slot of `tech` (made on first use); the one found last time is looked at
    /// first, since a finder asks for its own slot once per unit or value.
    #[inline]
    fn get(&mut self, tech: Technique, keys: usize, stride: usize) -> &mut Slot {
        if self.techs.get(self.last) != Some(&tech) {
            self.find(tech, keys, stride);
        }
        &mut self.list[self.last]
    }

    /// Points `last` at `tech`'s slot, made if there is none.
    #[cold]
    fn find(&mut self, tech: Technique, keys: usize, stride: usize) {
        self.last = match self.techs.iter().position(|&t| t == tech) {
            Some(i) => i,
            None => {
                self.techs.push(tech);
                self.list.push(Slot {
                    stride,
                    valid: vec![false; keys],
                    snap: vec![0; keys * stride],
                });
                self.list.len() - 1
            }
        };
    }
}

impl Memo {
    /// The current board's list of almost locked sets (built now if the board changed)
    /// and the reference board's (see `als_list`).
    pub(crate) fn als_sets(&mut self, b: &Board) -> (&mut Cache, Option<&Cache>) {
        if self.peer_bits.is_empty() {
            self.peer_bits = b.peer_bits();
        }
        self.als.current(b, &self.peer_bits)
    }

    /// The board changed: forget derived per-board data (failures stay, with their stamps).
    #[inline]
    pub(crate) fn board_changed(&mut self) {
        self.als.board_changed();
    }

    /// Whether `tech` already failed on unit `u` with the same candidates (the unit's
    /// stamp unchanged since, see [`Board::unit_stamp`]).
    pub(crate) fn unit_unchanged(&mut self, tech: Technique, b: &Board, u: usize) -> bool {
        let s = self.slots.get(tech, 3 * b.n, 1);
        s.valid[u] && s.snap[u] == b.unit_stamp[u]
    }

    /// Records that `tech` found nothing in unit `u`.
    pub(crate) fn unit_failed(&mut self, tech: Technique, b: &Board, u: usize) {
        let s = self.slots.get(tech, 3 * b.n, 1);
        s.valid[u] = true;
        s.snap[u] = b.unit_stamp[u];
    }

    /// Whether `tech` already failed on `key` (one of `keys`), a search that reads only
    /// the units `units` (always the same ones for a key), with the same candidates there.
    pub(crate) fn units_unchanged(
        &mut self,
        tech: Technique,
        b: &Board,
        key: usize,
        keys: usize,
        units: &[usize],
    ) -> bool {
        let s = self.slots.get(tech, keys, units.len());
        s.valid[key]
            && units
                .iter()
                .zip(&s.snap[key * s.stride..(key + 1) * s.stride])
                .all(|(&u, &x)| b.unit_stamp[u] == x)
    }

    /// Records that `tech` found nothing on `key` (see [`Memo::units_unchanged`]).
    pub(crate) fn units_failed(
        &mut self,
        tech: Technique,
        b: &Board,
        key: usize,
        keys: usize,
        units: &[usize],
    ) {
        let s = self.slots.get(tech, keys, units.len());
        s.valid[key] = true;
        let stride = s.stride;
        for (d, &u) in s.snap[key * stride..(key + 1) * stride]
            .iter_mut()
            .zip(units)
        {
            *d = b.unit_stamp[u];
        }
    }

    /// Whether `tech` already failed on value `v` with the same candidate positions (the
    /// value's stamp unchanged since, see [`Board::value_stamp`]).
    pub(crate) fn value_unchanged(&mut self, tech: Technique, b: &Board, v: u8) -> bool {
        let k = v as usize - 1;
        let s = self.slots.get(tech, b.n, 1);
        s.valid[k] && s.snap[k] == b.value_stamp[k]
    }

    /// Whether the single-digit finder `tech` may skip value `v`: it failed on the same
    /// candidate positions, or every candidate of v lies in a template (see `templates`),
    /// so that no single-digit technique removes any.
    pub(crate) fn skip_value(&mut self, tech: Technique, b: &Board, v: u8) -> bool {
        self.value_unchanged(tech, b, v) || self.value_settled(b, v)
    }

    /// Whether every candidate of `v` lies in some template (see [`Memo::lone`]).
    fn value_settled(&mut self, b: &Board, v: u8) -> bool {
        self.lone(b, v)
            .is_some_and(|rows| rows.iter().all(|&m| m == 0))
    }

    /// The candidates of `v` in no template, per row (see `templates`); None when not
    /// known (the search ran out of budget). Kept while the value's stamp stays (its
    /// positions, all the answer depends on, stay the same; most steps touch a few values).
    pub(crate) fn lone(&mut self, b: &Board, v: u8) -> Option<&[u64]> {
        #[cfg(test)]
        if self.no_template_skip {
            return None;
        }
        let n = b.n;
        if self.lone_state.len() != n {
            self.lone_state = vec![0; n];
            self.lone_stamp = vec![0; n];
            self.lone = vec![0; n * n];
            self.kept = (0..n).map(|_| templates::Kept::default()).collect();
        }
        let k = v as usize - 1;
        if self.lone_state[k] == 0 || self.lone_stamp[k] != b.value_stamp[k] {
            #[cfg(test)]
            {
                self.lone_searches += 1;
            }
            self.lone_stamp[k] = b.value_stamp[k];
            self.lone_state[k] = match templates::lone_candidates(b, v, &mut self.kept[k]) {
                Some(rows) => {
                    self.lone[k * n..(k + 1) * n].copy_from_slice(&rows);
                    1
                }
                None => 2,
            };
        }
        (self.lone_state[k] == 1).then(|| &self.lone[k * n..(k + 1) * n])
    }

    /// Records that `tech` found nothing on value `v`.
    pub(crate) fn value_failed(&mut self, tech: Technique, b: &Board, v: u8) {
        let k = v as usize - 1;
        let s = self.slots.get(tech, b.n, 1);
        s.valid[k] = true;
        s.snap[k] = b.value_stamp[k];
    }
}
