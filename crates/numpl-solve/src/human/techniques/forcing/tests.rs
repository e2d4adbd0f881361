use numpl_core::{parse_one, Grid, ParseOptions};

use super::reference;
use crate::human::bits::members;
use crate::human::tests::positions;
use crate::human::{Board, HumanSolver, Technique};

/// Every position on the way to solving `puzzle` (as the solver meets them): the
/// forcing chain and net found there are those of the reference search. Returns how
/// many were found.
/// `every`: at every position, else only where singles are done (with singles left,
/// the search starts from a board that has some).
fn same_as_reference(puzzle: &str, every: bool) -> usize {
    let grid: Grid = parse_one(puzzle, &ParseOptions::default()).unwrap();
    let solution = crate::fast::search(&grid, 2, u64::MAX).first.unwrap();
    let report = HumanSolver::new().with_solution(solution).solve(&grid);
    let mut b = Board::new(&grid);
    let mut forcing = 0;
    for step in &report.steps {
        let single = matches!(
            step.technique,
            Technique::FullHouse | Technique::NakedSingle | Technique::HiddenSingle
        );
        if every || !single {
            let chain = reference::forcing_chain(&b);
            let net = reference::forcing_net(&b);
            forcing += usize::from(chain.is_some()) + usize::from(net.is_some());
            assert_eq!(super::forcing_chain(&b), chain);
            assert_eq!(super::forcing_net(&b), net);
        }
        b.apply(step);
    }
    forcing
}

#[test]
fn forcing_same_as_reference_9x9() {
    let mut forcing = 0;
    for p in [
        "98.7..6..75..4......3..8.7.5....7.3...94.........2.1..3.......1.9...5.8...52....6",
        "98.7..6..5...9..7...7..6...43..2......86...5......34....98...6.....6...1.....12..",
        "98.7..6..5...8......7..4.8.4....32....14...3.....1...6.5...91....9.4..7....3....2",
        "98.7..6..75.........4.8..7.4...5..9...53....6.....21...4..9..6....1.6..3......2..",
        "........1..1..2.3..4..5.6....4..7....5..8.9..7..3....2.6.......4.5..68..8.9.4..6.",
    ] {
        forcing += same_as_reference(p, true);
    }
    // Positions where forcing steps exist (most, on these puzzles).
    assert!(forcing > 100, "{forcing}");
}

#[test]
fn forcing_same_as_reference_16x16() {
    let p = P16;
    assert!(same_as_reference(p, false) > 20);
}

/// The closed tables of a forcing chain (`net` false) or net on `b`, checked as
/// [`super::check`] needs them.
fn tables(b: &Board, net: bool) -> super::Net {
    let mut t = super::Net::default();
    t.reset(b);
    if net {
        match b.cands.len().div_ceil(64) {
            0 | 1 => super::net_edges::<1>(b, &mut t),
            2 => super::net_edges::<2>(b, &mut t),
            3 => super::net_edges::<3>(b, &mut t),
            _ => super::net_edges::<4>(b, &mut t),
        }
    } else {
        super::chain_edges(b, &mut t);
    }
    super::close(&mut t);
    super::check::houses(b, &mut t);
    super::scan::unit_groups(b, &mut t);
    t
}

/// The premises found with a contradiction 64 at a time are those whose table
/// [`super::check::detail`] finds a contradiction in, one by one. Returns how many there are.
fn scan_same_as_detail(b: &Board, net: &mut super::Net) -> usize {
    let premises: Vec<usize> = super::net::nodes(net.kk, net.half).collect();
    let expected: Vec<usize> = premises
        .iter()
        .copied()
        .filter(|&p| {
            let mut f = super::check::Found {
                best: None,
                proofs: Vec::new(),
            };
            super::check::detail(b, net, p, &mut f);
            f.best.is_some()
        })
        .collect();
    let last = 2 * net.half - 1;
    let mut got = Vec::new();
    let mut from = 0;
    while let Some(p) = super::scan::first_contradiction(b, net, from, last) {
        got.push(p);
        from = p + 1;
    }
    assert_eq!(got, expected);
    // Up to a last premise: the first up to it, if any.
    for &last in premises.iter().step_by(7) {
        let first = expected.iter().copied().find(|&p| p <= last);
        assert_eq!(super::scan::first_contradiction(b, net, 0, last), first);
    }
    expected.len()
}

/// Each node's closure is the set of nodes it reaches in the graph (itself included),
/// for chain and net graphs.
#[test]
fn closures_are_what_nodes_reach() {
    let mut nodes = 0;
    for p in TWO_9X9 {
        for b in positions(p).iter().step_by(4) {
            for net in [false, true] {
                let t = tables(b, net);
                for x in super::net::nodes(t.kk, t.half) {
                    let mut seen = vec![0u64; t.words];
                    let mut todo = vec![x];
                    seen[x / 64] |= 1 << (x % 64);
                    while let Some(y) = todo.pop() {
                        for &z in t.edges(y) {
                            let z = z as usize;
                            if seen[z / 64] >> (z % 64) & 1 == 0 {
                                seen[z / 64] |= 1 << (z % 64);
                                todo.push(z);
                            }
                        }
                    }
                    assert_eq!(t.closure(x), seen, "{x}");
                    nodes += 1;
                }
            }
        }
    }
    assert!(nodes > 5000, "{nodes}");
}

/// Two nodes share a component exactly when each reaches the other (a node that is
/// [`super::Net::alone`] is its own), on chain and net graphs; with
/// `closures_are_what_nodes_reach`, the components are the strongly connected ones.
#[test]
fn components_are_strongly_connected() {
    let mut shared = 0;
    for p in TWO_9X9 {
        for b in positions(p).iter().step_by(6) {
            for net in [false, true] {
                let t = tables(b, net);
                let all: Vec<usize> = super::net::nodes(t.kk, t.half).collect();
                for &x in &all {
                    for &y in &all {
                        let both = x == y
                            || (crate::human::bits::bit(t.closure(x), y)
                                && crate::human::bits::bit(t.closure(y), x));
                        assert_eq!(t.scc[x] == t.scc[y], both, "{x} {y}");
                        shared += usize::from(both && x != y);
                    }
                    if t.alone(x) {
                        assert_eq!(members(t.closure(x)).collect::<Vec<_>>(), [x]);
                    }
                }
            }
        }
    }
    assert!(shared > 1000, "{shared}");
}

/// The unit sets of the verities (every place of a value in a unit) are the places
/// [`Board::cells_with`] lists, units and values in order, on 9x9 and 16x16 positions.
#[test]
fn verity_unit_sets_as_cells_with() {
    let mut sets = 0;
    for p in [TWO_9X9[0], TWO_9X9[1], P16] {
        for b in positions(p).iter().step_by(5) {
            let t = tables(b, false);
            let mut got = Vec::new();
            super::check::verity_sets(b, &t, |ps, kind, unit, _| {
                if kind == crate::human::step::ForcingKind::Unit {
                    got.push((unit.unwrap(), ps.to_vec()));
                }
            });
            let mut expected = Vec::new();
            for u in 0..3 * b.n {
                for v in numpl_core::Mask::from_bits(b.all & !b.unit_placed[u]) {
                    let ps: Vec<usize> = b.cells_with(u, v).map(|c| t.node(c, v, true)).collect();
                    if !ps.is_empty() {
                        expected.push((u, ps));
                    }
                }
            }
            assert_eq!(got, expected);
            sets += got.len();
        }
    }
    assert!(sets > 1000, "{sets}");
}

/// The closures of fixed word counts are those of the any-width path.
#[test]
fn fixed_width_close_as_any_width() {
    let mut widths = std::collections::BTreeSet::new();
    for p in TWO_9X9 {
        for b in positions(p).iter().step_by(2) {
            for net in [false, true] {
                let t = tables(b, net);
                let mut any = tables(b, net);
                super::net::close_w::<0>(&mut any);
                assert_eq!((&t.scc, &t.clos), (&any.scc, &any.clos));
                widths.insert(t.words);
            }
        }
    }
    assert!(widths.len() >= 3, "{widths:?}");
}

/// The search for paths that stops once its targets are reached gives the paths a
/// full breadth-first search gives, on chain and net graphs.
#[test]
fn bfs_to_targets_as_full_bfs() {
    let mut paths = 0;
    for p in TWO_9X9 {
        for b in positions(p).iter().step_by(5) {
            for net in [false, true] {
                let t = tables(b, net);
                for x in super::net::nodes(t.kk, t.half).step_by(3) {
                    // The full search.
                    let mut full = vec![u32::MAX; t.edges.len()];
                    full[x] = x as u32;
                    let mut q = std::collections::VecDeque::from([x]);
                    while let Some(y) = q.pop_front() {
                        for &z in t.edges(y) {
                            if full[z as usize] == u32::MAX {
                                full[z as usize] = y as u32;
                                q.push_back(z as usize);
                            }
                        }
                    }
                    let reach: Vec<usize> = members(t.closure(x)).collect();
                    for targets in [
                        reach.iter().copied().take(1).collect::<Vec<_>>(),
                        reach.iter().copied().rev().step_by(4).collect(),
                        vec![x],
                    ] {
                        let pred = super::proof::bfs(&t, x, &targets);
                        for &y in &targets {
                            assert_eq!(
                                super::proof::path(&pred, x, y),
                                super::proof::path(&full, x, y)
                            );
                            paths += 1;
                        }
                    }
                }
            }
        }
    }
    assert!(paths > 5000, "{paths}");
}

/// A candidate whose "false" premise is alone (left out of the verities) has no
/// conclusion its two premises share outside its cell, on chain and net tables.
#[test]
fn alone_off_premises_prove_no_verity() {
    let mut alone = 0;
    for p in TWO_9X9 {
        for b in positions(p).iter().step_by(2) {
            for net in [false, true] {
                let t = tables(b, net);
                for k in 0..t.kk {
                    let (on, off) = (t.half + k, k);
                    if !t.alone(off) {
                        continue;
                    }
                    assert_eq!(members(t.closure(off)).collect::<Vec<_>>(), [off]);
                    let both: Vec<u64> = t
                        .closure(on)
                        .iter()
                        .zip(t.closure(off))
                        .map(|(a, b)| a & b)
                        .collect();
                    let c = t.cand[k].0;
                    assert!(members(&both).all(|x| t.cand(x).0 == c as usize));
                    alone += 1;
                }
            }
        }
    }
    assert!(alone > 1000, "{alone}");
}

/// [`super::sim::each`] calls with the members of a set in the order [`members`] lists them.
#[test]
fn each_lists_as_members() {
    let mut x = 0x2545_F491_4F6C_DD1Du64;
    for i in 0..300 {
        let mut s: [u64; 4] = std::array::from_fn(|_| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x & x >> 3
        });
        s[i % 4] = 0;
        let mut got = Vec::new();
        crate::human::bits::each(&s, |c| got.push(c));
        assert_eq!(got, members(&s).collect::<Vec<_>>());
    }
}

#[test]
fn contradictions_scanned_as_detail_finds_them() {
    let mut found = 0;
    for p in TWO_9X9 {
        for b in positions(p) {
            for net in [false, true] {
                found += scan_same_as_detail(&b, &mut tables(&b, net));
            }
        }
    }
    assert!(found > 1000, "{found}");
    // Premises share tables (the scan reads one result per component).
    let ps = positions(TWO_9X9[0]);
    let t = tables(&ps[ps.len() / 2], false);
    let mut comps: Vec<u32> = super::net::nodes(t.kk, t.half).map(|x| t.scc[x]).collect();
    comps.sort_unstable();
    comps.dedup();
    assert!(comps.len() + 20 < 2 * t.kk, "{} {}", comps.len(), t.kk);
    let p16 = P16;
    let mut found16 = 0;
    for b in positions(p16).iter().step_by(8) {
        for net in [false, true] {
            found16 += scan_same_as_detail(b, &mut tables(b, net));
        }
    }
    assert!(found16 > 100, "{found16}");
}

/// On boards with singles left (a cell with one candidate, a value with one place in
/// a unit), premises whose table is themselves alone fail as [`super::check::detail`] finds:
/// the scan decides them without their table.
#[test]
fn alone_premises_scanned_as_detail_finds_them() {
    let mut alone_failed = 0;
    for p in TWO_9X9 {
        for (i, b) in positions(p).iter().enumerate().step_by(3) {
            // A naked single: the cell keeps its lowest candidate.
            let mut naked = b.clone();
            let open: Vec<usize> = (0..b.cands.len())
                .filter(|&c| b.values[c] == 0 && b.cands[c].count_ones() >= 3)
                .collect();
            let c = open[i % open.len()];
            naked.cands[c] &= naked.cands[c].wrapping_neg();
            // A hidden single: a value keeps one place in a unit (the other cells keep
            // two candidates or more).
            let mut hidden = b.clone();
            'found: for u in 0..3 * b.n {
                for v in numpl_core::Mask::from_bits(b.all & !b.unit_placed[u]) {
                    let places: Vec<usize> = b.cells_with(u, v).collect();
                    if places.len() >= 2
                        && places[1..].iter().all(|&c| b.cands[c].count_ones() >= 3)
                    {
                        for &c in &places[1..] {
                            hidden.cands[c] &= !(1u64 << (v - 1));
                        }
                        break 'found;
                    }
                }
            }
            for b in [naked, hidden] {
                for net in [false, true] {
                    let mut t = tables(&b, net);
                    scan_same_as_detail(&b, &mut t);
                    alone_failed += super::net::nodes(t.kk, t.half)
                        .filter(|&x| {
                            let mut f = super::check::Found {
                                best: None,
                                proofs: Vec::new(),
                            };
                            super::check::detail(&b, &t, x, &mut f);
                            t.alone(x) && f.best.is_some()
                        })
                        .count();
                }
            }
        }
    }
    assert!(alone_failed > 20, "{alone_failed}");
}

/// The groups of places per unit and value are those the candidate index lists, on
/// 9x9 and 16x16 positions.
#[test]
fn unit_groups_as_the_index_lists_them() {
    let p16 = P16;
    let mut groups = 0;
    for p in [TWO_9X9[0], TWO_9X9[1], p16] {
        for b in positions(p).iter().step_by(3) {
            let t = tables(b, false);
            let mut expected = Vec::new();
            for u in 0..3 * b.n {
                for v in 0..b.n {
                    let ks: Vec<u32> = b
                        .geo
                        .unit(u)
                        .iter()
                        .map(|&c| t.index[c as usize * b.n + v])
                        .filter(|&k| k != super::NONE)
                        .collect();
                    if ks.len() >= 2 {
                        expected.push(ks);
                    }
                }
            }
            let got: Vec<Vec<u32>> = t
                .unit_groups
                .iter()
                .map(|&(s, e)| t.unit_ks[s as usize..e as usize].to_vec())
                .collect();
            assert_eq!(got, expected);
            groups += got.len();
        }
    }
    assert!(groups > 1000, "{groups}");
}

/// A 16x16 puzzle with forcing steps along its solve.
const P16: &str = "1..D..C.G.5..2...5C26.D9......B.7G4.....8..C...F.93....A2..B5...3...B.8.A9D.652....B765..E.......1....G.B.....C7..2......67F........59A......8..E3.....4.C....9.......B..7E9F....6B7.GFC.3.5...4...3A..67....45.F...C..8.....B7E.4......F5.693D...7..E.G.4..1..2";

/// Two 9x9 puzzles with forcing steps along their solves.
const TWO_9X9: [&str; 2] = [
    "98.7..6..75..4......3..8.7.5....7.3...94.........2.1..3.......1.9...5.8...52....6",
    "........1..1..2.3..4..5.6....4..7....5..8.9..7..3....2.6.......4.5..68..8.9.4..6.",
];

/// An empty net for `b` and a net simulation of its premises (9x9: two words a set).
fn own_play(b: &Board) -> (super::Net, super::sim::Sim<'_, 2>) {
    let mut own = super::Net::default();
    own.reset(b);
    (own, super::sim::Sim::<2>::new(b))
}

/// Where an off premise is taken as quiet without being played, playing it gives the
/// same table (itself alone); on a board with singles left nothing is quiet.
#[test]
fn quiet_off_premises_play_as_themselves() {
    let mut quiet = 0;
    for p in TWO_9X9 {
        for b in positions(p) {
            let (mut own, mut sim) = own_play(&b);
            for c in 0..b.cands.len() {
                if b.values[c] != 0 {
                    continue;
                }
                for v in numpl_core::Mask::from_bits(b.cands[c]) {
                    if !sim.quiet_off(c, v) {
                        continue;
                    }
                    sim.premise(c, v, false, &mut own);
                    let node = own.node(c, v, false);
                    assert_eq!(own.edges(node), [node as u32]);
                    quiet += 1;
                }
            }
        }
        // A cell left with one candidate: a naked single, so nothing is quiet.
        let mut b = positions(p).swap_remove(0);
        let c = (0..b.cands.len())
            .find(|&c| b.values[c] == 0 && b.cands[c].count_ones() >= 2)
            .unwrap();
        b.cands[c] &= b.cands[c].wrapping_neg();
        assert!(!super::sim::Sim::<2>::new(&b).base_calm);
    }
    assert!(quiet > 1000, "{quiet}");
}

/// After a premise is played, the count of places of each value in each unit is the
/// one its cell sets have (the counts say where hidden singles are looked for), and
/// so are the candidates kept per cell (they say where naked singles are).
#[test]
fn place_counts_follow_the_play() {
    let mut played = 0;
    for p in TWO_9X9 {
        for b in positions(p).iter().step_by(3) {
            let (mut own, mut sim) = own_play(b);
            for c in 0..b.cands.len() {
                if b.values[c] != 0 {
                    continue;
                }
                for v in numpl_core::Mask::from_bits(b.cands[c]) {
                    for on in [true, false] {
                        sim.premise(c, v, on, &mut own);
                        let counted = |sets: &[[u64; 2]]| {
                            (0..3 * b.n).all(|u| {
                                (0..b.n).all(|y| {
                                    let places: u32 =
                                        crate::human::bits::and(&sets[y], &sim.units[u])
                                            .iter()
                                            .map(|w| w.count_ones())
                                            .sum();
                                    sim.place_count(y, u) == places
                                })
                            })
                        };
                        assert!(counted(&sim.cv), "{c} {v} {on}");
                        // The candidates kept per cell are those of the cell sets.
                        for x in 0..b.cands.len() {
                            let held = (0..b.n)
                                .filter(|&y| crate::human::bits::has(&sim.cv[y], x))
                                .fold(0u16, |m, y| m | 1 << y);
                            assert_eq!(sim.cand[x], held, "{c} {v} {on} {x}");
                        }
                        played += 1;
                    }
                }
            }
        }
    }
    assert!(played > 1000, "{played}");
}

/// In a bivalue cell, the net's table of "v is false" (shared with "w is true") is
/// the one its own play gives.
#[test]
fn bivalue_off_premise_plays_as_the_other_value() {
    let mut cells = 0;
    for p in TWO_9X9 {
        for b in positions(p) {
            let t = tables(&b, true);
            let (mut own, mut sim) = own_play(&b);
            for c in 0..b.cands.len() {
                if b.values[c] != 0 || b.cands[c].count_ones() != 2 {
                    continue;
                }
                for v in numpl_core::Mask::from_bits(b.cands[c]) {
                    sim.premise(c, v, false, &mut own);
                    let node = own.node(c, v, false);
                    assert_eq!(own.edges(node), t.edges(node));
                }
                cells += 1;
            }
        }
    }
    assert!(cells > 100, "{cells}");
}
