//! The proof of the best conclusion: shortest paths in the implication graph from each
//! premise to its targets, built into the step.

use super::check::{Found, Key, Proof};
use super::net::Net;
use crate::human::step::Variant;
use crate::human::{Board, ChainNode, Step, Technique};
use numpl_core::{Cell, Mask, Unit};

/// Shortest paths from `from` in the implication graph: each node's predecessor, as
/// far as the search has gone when every node of `targets` is reached (breadth first,
/// a node's predecessor is set once, when it is first met: stopping early changes no
/// predecessor of a node met, so a path to a target is the one a full search gives).
#[cfg(test)]
pub(super) fn bfs(net: &Net, from: usize, targets: &[usize]) -> Vec<u32> {
    let mut pred = Vec::new();
    bfs_into(net, from, targets, &mut pred, &mut Vec::new());
    pred
}

/// [`bfs`] into `pred`, with `queue` as scratch. The targets not yet met are marked in
/// `pred` itself (`TARGET`, never a node), so that a node met is tested for being one
/// in one read.
pub(super) fn bfs_into(
    net: &Net,
    from: usize,
    targets: &[usize],
    pred: &mut Vec<u32>,
    queue: &mut Vec<u32>,
) {
    const TARGET: u32 = u32::MAX - 1;
    pred.clear();
    pred.resize(net.edges.len(), u32::MAX);
    let mut left = 0;
    for &t in targets {
        if t != from && pred[t] == u32::MAX {
            pred[t] = TARGET;
            left += 1;
        }
    }
    pred[from] = from as u32;
    queue.clear();
    queue.push(from as u32);
    let mut head = 0;
    while left > 0 && head < queue.len() {
        let x = queue[head];
        head += 1;
        for &y in net.edges(x as usize) {
            let py = &mut pred[y as usize];
            if *py >= TARGET {
                left -= usize::from(*py == TARGET);
                *py = x;
                queue.push(y);
            }
        }
    }
    // Targets not reached (none, when they are in the premise's table) stay unmet.
    for &t in targets {
        if pred[t] == TARGET {
            pred[t] = u32::MAX;
        }
    }
}

/// The number of nodes of the path from `from` to `to` (both counted).
pub(super) fn path_len(pred: &[u32], from: usize, to: usize) -> usize {
    let mut len = 1;
    let mut x = to;
    while x != from {
        x = pred[x] as usize;
        len += 1;
    }
    len
}

pub(super) fn path(pred: &[u32], from: usize, to: usize) -> Vec<usize> {
    let mut p = vec![to];
    let mut x = to;
    while x != from {
        x = pred[x] as usize;
        p.push(x);
    }
    p.reverse();
    p
}

/// The step of the best conclusion, with its shortest proof.
#[inline(never)]
pub(super) fn build(t: Technique, b: &Board, net: &Net, found: Found) -> Option<Step> {
    let (kind_place, cell, value) = found.best?;
    // Per premise (in the order first met), the targets of its branches in every proof
    // (searched for together); then its predecessors.
    let mut searches: Vec<(usize, Vec<usize>, Vec<u32>)> = Vec::new();
    let slot = |searches: &[(usize, Vec<usize>, Vec<u32>)], p: usize| {
        searches.iter().position(|e| e.0 == p)
    };
    for proof in &found.proofs {
        for &(p, t) in &proof.branches {
            let i = slot(&searches, p).unwrap_or_else(|| {
                searches.push((p, Vec::new(), Vec::new()));
                searches.len() - 1
            });
            let ts = &mut searches[i].1;
            if !ts.contains(&t) {
                ts.push(t);
            }
        }
    }
    let mut queue = Vec::new();
    for (p, ts, pred) in &mut searches {
        bfs_into(net, *p, ts, pred, &mut queue);
    }
    // The proof with the shortest branches (the first of those): the paths are listed
    // for it alone.
    let mut best: Option<(usize, &Proof)> = None;
    for proof in &found.proofs {
        let len: usize = proof
            .branches
            .iter()
            .map(|&(p, t)| {
                let pred = &searches[slot(&searches, p).unwrap()].2;
                path_len(pred, p, t)
            })
            .sum();
        if best.as_ref().is_none_or(|(l, _)| len < *l) {
            best = Some((len, proof));
        }
    }
    let (_, proof) = best?;
    let paths: Vec<Vec<usize>> = proof
        .branches
        .iter()
        .map(|&(p, t)| path(&searches[slot(&searches, p).unwrap()].2, p, t))
        .collect();
    Some(step_of(
        t,
        b,
        (kind_place, cell, value),
        proof,
        paths,
        |x| net.cand(x),
    ))
}

/// The step of conclusion `best` (as [`Key`]) proved by `proof`, whose branches are
/// `paths` of nodes; `cand` gives a node's (cell, value, whether true).
pub(super) fn step_of(
    t: Technique,
    b: &Board,
    (kind_place, cell, value): Key,
    proof: &Proof,
    paths: Vec<Vec<usize>>,
    cand: impl Fn(usize) -> (usize, u8, bool),
) -> Step {
    let mut step = Step::new(t);
    step.variant = Variant::Forcing(proof.kind);
    let c = Cell::new(cell as u16);
    if kind_place == 0 {
        step.placements = vec![(c, value)];
    } else {
        step.eliminations = vec![(c, value)];
    }
    let mut premises: Vec<usize> = proof.branches.iter().map(|&(p, _)| p).collect();
    premises.dedup();
    for &p in &premises {
        let (x, y, _) = cand(p);
        let x = Cell::new(x as u16);
        if !step.cells.contains(&x) {
            step.cells.push(x);
        }
        step.values.insert(y);
    }
    step.cell_candidates = step
        .cells
        .iter()
        .map(|x| Mask::from_bits(b.cands[x.index()]))
        .collect();
    step.units = proof
        .unit
        .map(|u| Unit::new(u as u16))
        .into_iter()
        .collect();
    step.extra = proof
        .extra
        .map(|x| Cell::new(x as u16))
        .into_iter()
        .collect();
    for p in paths {
        for x in p {
            let (x, y, on) = cand(x);
            step.chain.push(ChainNode {
                cell: Cell::new(x as u16),
                group: Vec::new(),
                value: y,
                on,
            });
        }
    }
    step
}
