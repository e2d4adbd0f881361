//! X- and XY-chains, nice loops and AICs, plain and grouped.

use super::*;

#[test]
fn x_chain() {
    // 6: r1c1 = r1c6 - r5c6 = r5c2: one of r1c1, r5c2 is 6.
    let mut b = empty9();
    row_only(&mut b, 1, 6, &[1, 6]);
    row_only(&mut b, 5, 6, &[2, 6]);
    let step = chain_step(&b, chains::ChainKind::X);
    assert_eq!(step.technique, Technique::XChain);
    assert_eq!(step.chain.len(), 4);
    assert_eq!(elims(&step), cells_v(&[(2, 2), (3, 2), (4, 1), (6, 1)], 6));
}

#[test]
fn xy_chain() {
    // r1c1 {1,2} - r1c5 {2,3} - r4c5 {3,4} - r4c2 {4,1}: one end is 1.
    let mut b = empty9();
    set(&mut b, 1, 1, &[1, 2]);
    set(&mut b, 1, 5, &[2, 3]);
    set(&mut b, 4, 5, &[3, 4]);
    set(&mut b, 4, 2, &[1, 4]);
    let step = chain_step(&b, chains::ChainKind::Xy);
    assert_eq!(step.technique, Technique::XyChain);
    assert_eq!(step.chain.len(), 8);
    assert_eq!(
        elims(&step),
        cells_v(&[(1, 2), (2, 2), (3, 2), (4, 1), (5, 1), (6, 1)], 1)
    );
}

#[test]
fn continuous_nice_loop() {
    // (1)r1c1 = (2)r1c1 - (2)r1c7 = (2)r6c7 (column 7) - (1)r6c7 = (1)r6c1 (row 6), and
    // (1)r6c1 - (1)r1c1 closes the loop (column 1). Around a loop every weak link is
    // strong too: one of r1c1, r1c7 is 2 (the rest of row 1 loses 2), and one of r1c1,
    // r6c1 is 1 (the rest of column 1 loses 1); the bivalue cells keep their pairs.
    let mut b = empty9();
    set(&mut b, 1, 1, &[1, 2]);
    set(&mut b, 6, 7, &[1, 2]);
    col_only(&mut b, 7, 2, &[1, 6]);
    row_only(&mut b, 6, 1, &[1, 7]);
    let step = chain_step(&b, chains::ChainKind::Aic);
    assert_eq!(step.technique, Technique::ContinuousNiceLoop);
    // Six nodes and the start again, closing the loop.
    assert_eq!(step.chain.len(), 7);
    assert_eq!(step.chain[0], step.chain[6]);
    let mut want = cells_v(&[(2, 1), (3, 1), (4, 1), (5, 1), (7, 1), (8, 1), (9, 1)], 1);
    want.extend(cells_v(
        &[(1, 2), (1, 3), (1, 4), (1, 5), (1, 6), (1, 8), (1, 9)],
        2,
    ));
    assert_eq!(elims(&step), expect(want));
    assert_eq!(
        step.describe(b.shape()),
        "Continuous Nice Loop: (1)r1c1 = (2)r1c1 - (2)r1c7 = (2)r6c7 - (1)r6c7 = (1)r6c1 \
         - (1)r1c1 => r2c1, r3c1, r4c1, r5c1, r7c1, r8c1, r9c1 <> 1, r1c2, r1c3, r1c4, r1c5, \
         r1c6, r1c8, r1c9 <> 2"
    );
    // With continuous loops off, the search offers the best of the rest: AICs with seven
    // eliminations each, one of r1c1, r1c7 is 2 or one of r1c1, r6c1 is 1; HoDoKu takes
    // the one whose eliminations weigh less (by value, then cell): row 1's 2s.
    let step = chains::chain(&b, chains::ChainKind::Aic, &mut Memo::default(), &|t| {
        t != Technique::ContinuousNiceLoop
    })
    .unwrap();
    assert_eq!(step.technique, Technique::Aic);
    assert_eq!(
        elims(&step),
        cells_v(&[(1, 2), (1, 3), (1, 4), (1, 5), (1, 6), (1, 8), (1, 9)], 2)
    );
}

#[test]
fn aic() {
    // (1)r1c1 = (2)r1c1 - (2)r1c7 = (2)r2c7 (column 7) - (1)r2c7 = (1)r2c4 (row 2): one
    // of r1c1, r2c4 is 1. They do not see each other (no loop); r1c4, r1c5, r1c6 see
    // both (r2c1..r2c3 have no 1 left in row 2).
    let mut b = empty9();
    set(&mut b, 1, 1, &[1, 2]);
    col_only(&mut b, 7, 2, &[1, 2]);
    set(&mut b, 2, 7, &[1, 2]);
    row_only(&mut b, 2, 1, &[4, 7]);
    let step = chain_step(&b, chains::ChainKind::Aic);
    assert_eq!(step.technique, Technique::Aic);
    assert_eq!(step.chain.len(), 6);
    assert_eq!(elims(&step), cells_v(&[(1, 4), (1, 5), (1, 6)], 1));
    assert_eq!(
        step.describe(b.shape()),
        "AIC: (1)r1c1 = (2)r1c1 - (2)r1c7 = (2)r2c7 - (1)r2c7 = (1)r2c4 => r1c4, r1c5, r1c6 <> 1"
    );
}

#[test]
fn discontinuous_nice_loop() {
    // The AIC above with 1 gone from r1c5 and r1c6: only r1c4 sees both ends. HoDoKu
    // calls that a discontinuous nice loop: r1c4 = 1 would make r1c1 and r2c4 both not 1,
    // yet the chain says one of them is: (1)r1c4 - (1)r1c1 = ... = (1)r2c4 - (1)r1c4.
    let mut b = empty9();
    set(&mut b, 1, 1, &[1, 2]);
    col_only(&mut b, 7, 2, &[1, 2]);
    set(&mut b, 2, 7, &[1, 2]);
    row_only(&mut b, 2, 1, &[4, 7]);
    b.eliminate(Cell::new(rc(1, 5) as u16), 1);
    b.eliminate(Cell::new(rc(1, 6) as u16), 1);
    let step = chain_step(&b, chains::ChainKind::Aic);
    assert_eq!(step.technique, Technique::DiscontinuousNiceLoop);
    assert_eq!(elims(&step), cells_v(&[(1, 4)], 1));
    assert_eq!(
        step.chain.first(),
        step.chain
            .last()
            .map(|n| ChainNode {
                on: true,
                ..n.clone()
            })
            .as_ref()
    );
    assert_eq!(
        step.describe(b.shape()),
        "Discontinuous Nice Loop: (1)r1c4 - (1)r1c1 = (2)r1c1 - (2)r1c7 = (2)r2c7 - (1)r2c7 \
         = (1)r2c4 - (1)r1c4 => r1c4 <> 1"
    );
}

/// One search finds continuous and discontinuous nice loops and AICs and takes the best
/// step of the three (HoDoKu's choice), so a run limited to discontinuous nice loops can
/// take other steps than an unlimited one: on this puzzle (found by the generator's fuzzer)
/// the unlimited run takes an AIC that removes 4 from three cells where the limited one
/// goes on with a discontinuous nice loop. A limit at the top of the search
/// ([`Technique::search_top`]) takes the unlimited run's steps.
#[test]
fn a_nice_loop_limit_can_change_the_steps_but_not_below_the_search_top() {
    let p =
        grid(".792.....6.8.9...2..25.......6..........13..8.9....1.6....3.9...8.7..3...4...6.17");
    let solver = HumanSolver::new().record_steps(false).assume_unique(true);
    let dnl = Technique::DiscontinuousNiceLoop;
    let all = solver.clone().solve(&p);
    let limited = solver.clone().with_max(dnl).solve(&p);
    let top = solver.clone().with_max(dnl.search_top()).solve(&p);
    for r in [&all, &limited, &top] {
        assert_eq!(r.status, HumanStatus::Solved);
    }
    assert_eq!(all.counts.get(&Technique::Aic), Some(&1));
    assert_eq!(limited.counts.get(&Technique::Aic), None);
    assert_ne!(limited.score, all.score);
    assert_eq!((&top.counts, top.score), (&all.counts, all.score));
    assert_eq!(dnl.search_top(), Technique::Aic);
    assert_eq!(
        Technique::GroupedContinuousNiceLoop.search_top(),
        Technique::GroupedAic
    );
    for t in Technique::all_for(9) {
        let top = t.search_top();
        assert!(top >= t && top.search_top() == top, "{t}");
    }
}

#[test]
fn grouped_continuous_nice_loop() {
    // (1)r5c1 = (2)r5c1 - (2)r5c7 = (2)r6c7 (column 7) - (1)r6c7 = (1){r6c2,r6c3} (row 6:
    // 1 only there and in r6c7) - (1)r5c1 (box 4) closes the loop. One of r5c1, r5c7 is
    // 2: the rest of row 5 loses 2. One of r5c1 and the group is 1: the rest of box 4
    // loses 1 (r6c1 has none). Without the group there is no chain.
    let mut b = empty9();
    set(&mut b, 5, 1, &[1, 2]);
    col_only(&mut b, 7, 2, &[5, 6]);
    set(&mut b, 6, 7, &[1, 2]);
    row_only(&mut b, 6, 1, &[2, 3, 7]);
    assert!(chains::chain(&b, chains::ChainKind::Aic, &mut Memo::default(), &|_| true).is_none());
    let step = chain_step(&b, chains::ChainKind::Grouped);
    assert_eq!(step.technique, Technique::GroupedContinuousNiceLoop);
    let mut want = cells_v(&[(4, 1), (4, 2), (4, 3), (5, 2), (5, 3)], 1);
    want.extend(cells_v(
        &[(5, 2), (5, 3), (5, 4), (5, 5), (5, 6), (5, 8), (5, 9)],
        2,
    ));
    assert_eq!(elims(&step), expect(want));
    assert_eq!(
        step.describe(b.shape()),
        "Grouped Continuous Nice Loop: (1)r5c1 = (2)r5c1 - (2)r5c7 = (2)r6c7 - (1)r6c7 \
         = (1)r6c2/r6c3 - (1)r5c1 => r4c1, r4c2, r4c3, r5c2, r5c3 <> 1, r5c2, r5c3, r5c4, \
         r5c5, r5c6, r5c8, r5c9 <> 2"
    );
}

#[test]
fn grouped_discontinuous_nice_loop() {
    // 7: r1c1 = r1c8 (row 1) - {r2c9,r3c9} (box 3) = r7c9 (column 9): r1c1 or r7c9 is 7,
    // so r7c1 is not. Without the group node there is no chain. One cell sees both
    // ends, so HoDoKu writes it as a loop from r7c1: a discontinuous nice loop.
    let mut b = empty9();
    row_only(&mut b, 1, 7, &[1, 8]);
    col_only(&mut b, 9, 7, &[2, 3, 7]);
    assert!(chains::chain(&b, chains::ChainKind::Aic, &mut Memo::default(), &|_| true).is_none());
    let step = chain_step(&b, chains::ChainKind::Grouped);
    assert_eq!(step.technique, Technique::GroupedDiscontinuousNiceLoop);
    assert_eq!(step.chain.len(), 6);
    assert!(step.chain.iter().any(|n| !n.group.is_empty()));
    assert_eq!(elims(&step), cells_v(&[(7, 1)], 7));
    assert_eq!(
        step.describe(b.shape()),
        "Grouped Discontinuous Nice Loop: (7)r7c1 - (7)r1c1 = (7)r1c8 - (7)r2c9/r3c9 \
         = (7)r7c9 - (7)r7c1 => r7c1 <> 7"
    );
}
