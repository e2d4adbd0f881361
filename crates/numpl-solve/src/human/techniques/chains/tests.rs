use numpl_core::{Cell, Mask};

use super::search::Scratch;
use super::{chain, max_len, ChainKind, Graph, HashMap, Sink};
use crate::human::memo::Memo;
use crate::human::tests::positions;
use crate::human::Board;
use crate::human::Technique;

/// The plain group links, without cell sets: cell lists and `sees`.
fn plain_group_links(g: &Graph<'_>, node: usize, strong: bool, out: &mut Vec<usize>) {
    let b = g.b;
    let v = g.value_of(node);
    let mine = g.cells_of(node).to_vec();
    let units: Vec<usize> = if g.is_group(node) {
        g.group(node).units.to_vec()
    } else {
        b.geo.units_of(mine[0]).map(|u| u as usize).to_vec()
    };
    if strong {
        for &u in &units {
            let rest: Vec<usize> = b.cells_with(u, v).filter(|c| !mine.contains(c)).collect();
            let x = match rest.len() {
                0 => None,
                1 => Some(rest[0] * g.n + v as usize - 1),
                _ => (0..g.m.groups.len())
                    .find(|&gi| g.m.groups[gi].v == v && g.gcells(gi) == &rest[..])
                    .map(|gi| g.gnode(gi)),
            };
            if let Some(x) = x {
                if (g.is_group(x) || g.is_group(node)) && !out.contains(&x) {
                    out.push(x);
                }
            }
        }
        return;
    }
    if g.is_group(node) {
        b.each_seeing_all(&mine, v, |t| out.push(t * g.n + v as usize - 1));
    }
    for gi in 0..g.m.groups.len() {
        let cells = g.gcells(gi);
        if g.m.groups[gi].v != v || g.gnode(gi) == node || cells.iter().any(|c| mine.contains(c)) {
            continue;
        }
        if cells.iter().all(|&x| mine.iter().all(|&y| b.sees(x, y))) {
            out.push(g.gnode(gi));
        }
    }
}

/// The plain weak links of a cell node (no groups): its cell's other values (AIC),
/// then its peers holding its value, as the geometry lists them.
fn plain_weak(g: &Graph<'_>, node: usize, out: &mut Vec<usize>) {
    let (c, v) = (g.cell(node), g.val(node));
    if g.kind == ChainKind::Aic {
        for w in Mask::from_bits(g.b.cands[c]) {
            if w != v {
                out.push(c * g.n + w as usize - 1);
            }
        }
    }
    for &p in g.b.geo.peers(c) {
        let p = p as usize;
        if g.b.has(p, v) && (g.kind != ChainKind::Xy || g.b.cands[p].count_ones() == 2) {
            out.push(p * g.n + v as usize - 1);
        }
    }
}

/// The plain conclusions of a cell start and a group end.
fn plain_group_end(g: &Graph<'_>, start: usize, end: usize) -> Vec<(Cell, u8)> {
    let b = g.b;
    let (ca, va) = (g.cell(start), g.val(start));
    let (cells, v) = (g.cells_of(end), g.value_of(end));
    let mut elims = Vec::new();
    if v == va {
        let mut all = cells.to_vec();
        all.push(ca);
        b.each_seeing_all(&all, va, |t| elims.push((Cell::new(t as u16), va)));
    } else if !cells.contains(&ca) && b.has(ca, v) && cells.iter().all(|&x| b.sees(x, ca)) {
        elims.push((Cell::new(ca as u16), v));
    }
    elims
}

const PUZZLES: [&str; 3] = [
    "98.7..6..75..4......3..8.7.5....7.3...94.........2.1..3.......1.9...5.8...52....6",
    "........1..1..2.3..4..5.6....4..7....5..8.9..7..3....2.6.......4.5..68..8.9.4..6.",
    "1..D..C.G.5..2...5C26.D9......B.7G4.....8..C...F.93....A2..B5...3...B.8.A9D.652....B765..E.......1....G.B.....C7..2......67F........59A......8..E3.....4.C....9.......B..7E9F....6B7.GFC.3.5...4...3A..67....45.F...C..8.....B7E.4......F5.693D...7..E.G.4..1..2",
];

/// The group links, group-end conclusions and cells' weak links by cell sets are the
/// plain ones, node for node, in order, on every position of three solves (9x9 and
/// 16x16).
#[test]
fn group_links_by_sets_as_plain() {
    let (mut groups, mut links) = (0, 0);
    for p in PUZZLES {
        for b in positions(p) {
            let peers = b.peer_bits();
            let g = Graph::new(&b, ChainKind::Grouped, 0, &peers, Default::default());
            groups += g.m.groups.len();
            let nodes: Vec<usize> = (0..g.base)
                .chain((0..g.m.groups.len()).map(|gi| g.gnode(gi)))
                .collect();
            for node in nodes {
                if !g.is_group(node) && !b.has(g.cell(node), g.val(node)) {
                    continue;
                }
                for strong in [false, true] {
                    let (mut a, mut e) = (Vec::new(), Vec::new());
                    if strong && !g.is_group(node) {
                        // A cell node's strong group links come first among its
                        // strong links (then its other value and conjugates).
                        g.strong(node, &mut a);
                        a.retain(|&x| g.is_group(x));
                    } else {
                        g.group_links(node, strong, &mut a);
                    }
                    plain_group_links(&g, node, strong, &mut e);
                    assert_eq!(a, e, "node {node} strong {strong}");
                    links += a.len();
                }
                if !g.is_group(node) {
                    for kind in [ChainKind::Xy, ChainKind::Aic] {
                        let g = Graph::new(&b, kind, 0, &peers, Default::default());
                        let (mut a, mut e) = (Vec::new(), Vec::new());
                        g.weak(node, &mut a);
                        plain_weak(&g, node, &mut e);
                        assert_eq!(a, e, "node {node}");
                    }
                }
                if g.is_group(node) {
                    for c in 0..b.cands.len() {
                        for v in Mask::from_bits(b.cands[c]) {
                            let start = c * g.n + v as usize - 1;
                            let mut out = Default::default();
                            g.conclude(start, node, &mut out);
                            assert!(out.0.is_empty());
                            assert_eq!(out.1, plain_group_end(&g, start, node));
                        }
                    }
                }
            }
        }
    }
    assert!(groups > 1000 && links > 10000, "{groups} {links}");
}

/// Leaving out the off states without strong links finds the same steps as keeping
/// them, for every kind, on every other position of three solves.
#[test]
fn dead_ends_left_out_as_kept() {
    let mut found = 0;
    for p in PUZZLES {
        for b in positions(p).iter().step_by(2) {
            for kind in [
                ChainKind::X,
                ChainKind::Xy,
                ChainKind::Aic,
                ChainKind::Grouped,
            ] {
                super::search::PLAIN_SEARCH.set(true);
                super::search::KEEP_DEAD.set(true);
                let kept = chain(b, kind, &mut Memo::default(), &|_| true);
                super::search::KEEP_DEAD.set(false);
                let pruned = chain(b, kind, &mut Memo::default(), &|_| true);
                super::search::PLAIN_SEARCH.set(false);
                found += usize::from(pruned.is_some());
                assert_eq!(kept, pruned);
            }
        }
    }
    assert!(found > 50, "{found}");
}

/// `lone` and `two_values` say what a population count says, on sets of one to
/// three words with none, one, two and more members in various words.
#[test]
fn lone_and_two_values_as_counted() {
    let words = [
        0u64,
        1,
        2,
        3,
        1 << 63,
        (1 << 63) | 1,
        0x50,
        u64::MAX,
        0x8000_0000,
    ];
    let mut many = 0;
    for &a in &words {
        assert_eq!(super::two_values(a), a.count_ones() == 2, "{a:x}");
        for &b in &words {
            for &c in &words {
                let set = [a, b, c];
                for w in 1..=3 {
                    let count: u32 = set[..w].iter().map(|x| x.count_ones()).sum();
                    let first = (0..w)
                        .find(|&i| set[i] != 0)
                        .map(|i| i * 64 + set[i].trailing_zeros() as usize);
                    let expected = match count {
                        0 => crate::human::bits::Lone::None,
                        1 => crate::human::bits::Lone::One(first.unwrap()),
                        _ => crate::human::bits::Lone::Many,
                    };
                    many += usize::from(count > 1);
                    assert!(
                        crate::human::bits::lone_of(w, |i| set[i]) == expected,
                        "{set:x?} {w}"
                    );
                }
            }
        }
    }
    assert!(many > 100, "{many}");
}

/// Every chain offered by a search from every start, in order: what each kept
/// (technique, chain, eliminations, order found), and how many were offered.
fn all_found(b: &Board, kind: ChainKind, plain: bool) -> (Vec<Kept>, usize) {
    let peers = b.peer_bits();
    let mut g = Graph::new(b, kind, 0, &peers, Default::default());
    let mut scratch = Scratch::default();
    let allows = |_| true;
    let mut sink = Sink {
        found: Vec::new(),
        hits: 0,
        tried: 0,
        by_elims: HashMap::new(),
        allows: &allows,
    };
    for c in 0..b.cands.len() {
        for w in Mask::from_bits(b.cands[c]) {
            let start = c * g.n + w as usize - 1;
            let (lo, hi) = g.links(start * 2);
            if lo == hi {
                continue;
            }
            if plain {
                g.search_plain(start, max_len(kind), &mut scratch, &mut sink);
            } else {
                g.search(start, max_len(kind), &mut scratch, &mut sink);
            }
        }
    }
    let found = sink
        .found
        .into_iter()
        .map(|f| (f.tech, f.path, f.elims, f.seq))
        .collect();
    (found, sink.hits)
}

type Kept = (Technique, Vec<usize>, Vec<(Cell, u8)>, usize);

/// The search that leaves off states at once offers the chains the plain search
/// (every state through the queue) offers, in the same order, for every kind, on
/// every position of three solves.
#[test]
fn search_as_plain() {
    let mut found = 0;
    for p in PUZZLES {
        for b in positions(p) {
            for kind in [
                ChainKind::X,
                ChainKind::Xy,
                ChainKind::Aic,
                ChainKind::Grouped,
            ] {
                let plain = all_found(&b, kind, true);
                let fast = all_found(&b, kind, false);
                found += fast.0.len();
                assert!(plain == fast, "{p} kind {}", kind.index());
            }
        }
    }
    assert!(found > 1000, "{found}");
}

/// Links kept from the board before (along every position of each solve, so most
/// links are kept and the changed ones forgotten) give the steps of links built anew,
/// for the kinds that keep them.
#[test]
fn kept_links_as_built_anew() {
    let mut found = 0;
    for p in PUZZLES {
        let boards = positions(p);
        for kind in [ChainKind::Aic, ChainKind::Grouped] {
            let steps = |fresh: bool| {
                super::graph::FRESH_LINKS.set(fresh);
                let steps: Vec<_> = boards
                    .iter()
                    .map(|b| chain(b, kind, &mut Memo::default(), &|_| true))
                    .collect();
                super::graph::FRESH_LINKS.set(false);
                steps
            };
            let (kept, fresh) = (steps(false), steps(true));
            found += kept.iter().filter(|s| s.is_some()).count();
            assert_eq!(kept, fresh);
        }
    }
    assert!(found > 50, "{found}");
}

/// Along every position of three solves (9x9 and 16x16), with one memo kept as the
/// solver keeps it, the nice-loop searches give the steps of searches that never
/// skip; every board the memo skips on is one where the full search finds nothing;
/// and boards are skipped.
#[test]
fn quiet_changes_skip_as_searched() {
    let mut skipped = 0;
    for p in PUZZLES {
        let boards = positions(p);
        for (i, kind) in [ChainKind::Aic, ChainKind::Grouped].into_iter().enumerate() {
            let grouped = kind == ChainKind::Grouped;
            let mut memo = Memo::default();
            for b in &boards {
                let quiet = memo.loops_failed[i]
                    .as_ref()
                    .is_some_and(|old| super::quiet_change(old, b, grouped));
                let kept = chain(b, kind, &mut memo, &|_| true);
                let mut plain = Memo::default();
                plain.no_loop_skip = true;
                let full = chain(b, kind, &mut plain, &|_| true);
                assert_eq!(kept, full);
                if quiet {
                    assert!(full.is_none());
                    skipped += 1;
                }
            }
        }
    }
    assert!(skipped >= 5, "{skipped}");
}

/// A change is quiet when the candidates removed were on no strong link and make
/// none: a cell left with two candidates, a unit left with two places of a value, a
/// cell that had three, or a candidate gained is not quiet; with groups, neither is
/// a box whose places of the value lie within two of its lines afterwards.
#[test]
fn quiet_change_laws() {
    let boards = positions(PUZZLES[0]);
    let b = &boards[0];
    let n = b.n;
    let places = |b: &Board, u: usize, v: u8| {
        b.geo
            .unit(u)
            .iter()
            .filter(|&&c| b.has(c as usize, v))
            .count()
    };
    let (mut quiet, mut loud) = (0, 0);
    for c in 0..b.cands.len() {
        for v in Mask::from_bits(b.cands[c]) {
            let mut after = b.clone();
            after.cands[c] &= !(1u64 << (v - 1));
            let units = b.geo.units_of(c).map(|u| u as usize);
            let cell_ok = b.cands[c].count_ones() >= 4;
            let units_ok = units.iter().all(|&u| places(b, u, v) >= 4);
            let got = super::quiet_change(&b.cands, &after, false);
            assert_eq!(got, cell_ok && units_ok, "r{}c{} {v}", c / n + 1, c % n + 1);
            if got {
                quiet += 1;
                // Grouped: never quieter than plain; a box whose places of v are
                // left in two rows is not quiet.
                let bx = units[2];
                let rows: u64 = b
                    .geo
                    .unit(bx)
                    .iter()
                    .filter(|&&x| after.has(x as usize, v))
                    .fold(0, |r, &x| r | 1 << (x as usize / n));
                if rows.count_ones() <= 2 {
                    assert!(!super::quiet_change(&b.cands, &after, true));
                }
            } else {
                loud += 1;
                assert!(!super::quiet_change(&b.cands, &after, true));
            }
            // A candidate gained is never quiet.
            assert!(!super::quiet_change(&after.cands, b, false));
        }
    }
    assert!(quiet > 0 && loud > 0, "{quiet} {loud}");
    assert!(super::quiet_change(&b.cands, b, true));
}

/// The storage kept across calls (on this thread, from boards of both sizes) gives
/// the steps a fresh thread's new storage gives, for every kind.
#[test]
fn kept_storage_as_fresh() {
    let mut found = 0;
    let boards: Vec<Board> = PUZZLES.iter().flat_map(|p| positions(p)).collect();
    let boards: Vec<Board> = boards.into_iter().step_by(3).collect();
    for (i, b) in boards.iter().enumerate() {
        // Every other board, a board of the other size first.
        if i % 2 == 1 {
            let other = &boards[boards.len() - 1 - i];
            chain(other, ChainKind::Grouped, &mut Memo::default(), &|_| true);
        }
        for kind in [
            ChainKind::X,
            ChainKind::Xy,
            ChainKind::Aic,
            ChainKind::Grouped,
        ] {
            let kept = chain(b, kind, &mut Memo::default(), &|_| true);
            let b2 = b.clone();
            let fresh =
                std::thread::spawn(move || chain(&b2, kind, &mut Memo::default(), &|_| true))
                    .join()
                    .unwrap();
            found += usize::from(kept.is_some());
            assert_eq!(kept, fresh);
        }
    }
    assert!(found > 20, "{found}");
}
