//! The ALS techniques, forcing chains and forcing nets.

use super::*;

#[test]
fn als_xz() {
    // A = r1c1 {1,2}; C = r1c5 {1,2,3} + r1c6 {2,3}; x = 1 restricted, z = 2.
    let mut b = empty9();
    set(&mut b, 1, 1, &[1, 2]);
    set(&mut b, 1, 5, &[1, 2, 3]);
    set(&mut b, 1, 6, &[2, 3]);
    let step = als::als_xz(&b, &mut Memo::default()).unwrap();
    assert_eq!(
        elims(&step),
        cells_v(&[(1, 2), (1, 3), (1, 4), (1, 7), (1, 8), (1, 9)], 2)
    );
}

#[test]
fn als_xy_wing() {
    // Pivot C = r5c5 {1,2}; A = r1c5 {1,3} (x = 1), B = r5c1 {2,3} (y = 2); z = 3.
    let mut b = empty9();
    set(&mut b, 5, 5, &[1, 2]);
    set(&mut b, 1, 5, &[1, 3]);
    set(&mut b, 5, 1, &[2, 3]);
    let step = als::als_xy_wing(&b, &mut Memo::default()).unwrap();
    assert_eq!(elims(&step), cells_v(&[(1, 1)], 3));
}

#[test]
fn als_xy_chain() {
    // Four bivalue cells (ALS of one cell each): A = r1c1 {1,2} -2- B = r1c5 {2,3} -3-
    // C = r5c5 {3,4} -4- D = r5c9 {4,1}. If A is not 1 it is 2, so B is 3, C is 4, D
    // is 1: 1 is in A or D, and leaves the cells seeing both, r1c9 and r5c1.
    let mut b = empty9();
    set(&mut b, 1, 1, &[1, 2]);
    set(&mut b, 1, 5, &[2, 3]);
    set(&mut b, 5, 5, &[3, 4]);
    set(&mut b, 5, 9, &[1, 4]);
    let step = als_chain::als_xy_chain(&b, &mut Memo::default()).unwrap();
    assert_eq!(step.technique, Technique::AlsXyChain);
    assert_eq!(elims(&step), vec![(rc(1, 9), 1), (rc(5, 1), 1)]);
    assert_eq!(
        step.describe(Shape::NINE),
        "ALS-XY-Chain: r1c1 {1,2} - r1c5 {2,3} - r5c5 {3,4} - r5c9 {1,4}, restricted common 2,3,4 => r1c9, r5c1 <> 1"
    );
    // Three sets are not a chain (that is an ALS-XY-Wing): without D nothing is found.
    let mut b3 = empty9();
    set(&mut b3, 1, 1, &[1, 2]);
    set(&mut b3, 1, 5, &[2, 3]);
    set(&mut b3, 5, 5, &[3, 1]);
    assert!(als_chain::als_xy_chain(&b3, &mut Memo::default()).is_none());
}

#[test]
fn death_blossom() {
    // Stem r5c5 {1,2}; petal for 1: r1c5 {1,3} (column 5), petal for 2: r5c1 {2,3} (row
    // 5). Whichever value the stem takes, its petal is 3: 3 leaves r1c1, which sees both.
    let mut b = empty9();
    set(&mut b, 5, 5, &[1, 2]);
    set(&mut b, 1, 5, &[1, 3]);
    set(&mut b, 5, 1, &[2, 3]);
    let step = als_chain::death_blossom(&b, &mut Memo::default()).unwrap();
    assert_eq!(step.technique, Technique::DeathBlossom);
    assert_eq!(elims(&step), vec![(rc(1, 1), 3)]);
    assert_eq!(
        step.describe(Shape::NINE),
        "Death Blossom: stem r5c5 {1,2}, petals 1: r1c5 {1,3}, 2: r5c1 {2,3}; 3 in every petal => r1c1 <> 3"
    );
    // Off by default, as in HoDoKu; found when enabled.
    assert!(!Technique::DeathBlossom.on_by_default());
    assert!(!HumanSolver::new().allows(Technique::DeathBlossom));
    assert!(HumanSolver::new()
        .enable(Technique::DeathBlossom, true)
        .allows(Technique::DeathBlossom));
}

#[test]
fn forcing_chain_contradiction() {
    // r1c1 {1,2}, r1c2 {1,2}. No placement follows; the lowest candidate that goes is
    // (HoDoKu's choice) r1c3's 1: r1c3 = 1 takes 1 from r1c1 (= 2), which takes 2 from
    // r1c2 (= 1), which takes 1 from r1c3: the premise implies its own negation, six
    // nodes. (2 twice in row 1 via both cells, and r1c1's cell verity, prove it with
    // branches as long in all; the first proof found is kept, as in HoDoKu.)
    let mut b = empty9();
    set(&mut b, 1, 1, &[1, 2]);
    set(&mut b, 1, 2, &[1, 2]);
    let step = forcing::forcing_chain(&b).unwrap();
    assert_eq!(step.technique, Technique::ForcingChain);
    assert!(step.placements.is_empty());
    assert_eq!(elims(&step), vec![(rc(1, 3), 1)]);
    assert_eq!(step.variant, Variant::Forcing(ForcingKind::SelfNegation));
    let branches = step.chain_branches();
    assert_eq!(branches.len(), 1);
    let nodes: Vec<(usize, u8, bool)> = branches[0]
        .iter()
        .map(|x| (x.cell.index(), x.value, x.on))
        .collect();
    assert_eq!(
        nodes,
        vec![
            (rc(1, 3), 1, true),
            (rc(1, 1), 1, false),
            (rc(1, 1), 2, true),
            (rc(1, 2), 2, false),
            (rc(1, 2), 1, true),
            (rc(1, 3), 1, false),
        ]
    );
    assert_eq!(
        step.describe(Shape::NINE),
        "Forcing Chain (contradiction): r1c3 = 1 leads to r1c3 <> 1 as well => r1c3 <> 1"
    );
}

#[test]
fn forcing_chain_naked_triple() {
    // r9c1 {5,6}, r9c5 {6,7}, r9c9 {5,7}: a naked triple, so the other cells of row 9
    // lose 5, 6 and 7; no other cell loses anything in every case (r9c1 = 6 -> r9c5 = 7
    // -> r9c9 = 5 leaves box 7 its 5s). The lowest conclusion: r9c2 <> 5.
    let mut b = empty9();
    set(&mut b, 9, 1, &[5, 6]);
    set(&mut b, 9, 9, &[5, 7]);
    set(&mut b, 9, 5, &[6, 7]);
    let step = forcing::forcing_chain(&b).unwrap();
    assert!(step.placements.is_empty());
    assert_eq!(elims(&step), vec![(rc(9, 2), 5)]);
    // r9c2 = 5 -> r9c1 = 6 -> r9c5 = 7 -> r9c9 = 5 takes 5 from r9c2: eight nodes.
    assert_eq!(step.chain.len(), 8);
    assert_eq!(
        step.describe(Shape::NINE),
        "Forcing Chain (contradiction): r9c2 = 5 leads to r9c2 <> 5 as well => r9c2 <> 5"
    );
}

#[test]
fn forcing_chain_places_a_value() {
    // Box 1: A = r1c1 {1,2}, B = r1c2 {1,3}, C = r2c1 {2,3}, X = r2c2 {3,4}.
    // X = 3 takes 3 from B (= 1), so A = 2, so C = 3: 3 twice in box 1 (and row 2). So
    // X <> 3, X = 4, the one placement (placements come first): r2c2 <> 4 leads back
    // to r2c2 = 4 through that loop (the first proof found of those of ten nodes; A's
    // cell verity, A = 1 -> B = 3 -> X = 4 and A = 2 -> C = 3 -> X = 4, is as long).
    let mut b = empty9();
    set(&mut b, 1, 1, &[1, 2]);
    set(&mut b, 1, 2, &[1, 3]);
    set(&mut b, 2, 1, &[2, 3]);
    set(&mut b, 2, 2, &[3, 4]);
    let step = forcing::forcing_chain(&b).unwrap();
    assert_eq!(step.placements, vec![(Cell::new(rc(2, 2) as u16), 4)]);
    assert!(step.eliminations.is_empty());
    assert_eq!(step.variant, Variant::Forcing(ForcingKind::SelfNegation));
    assert_eq!(step.chain.len(), 10);
    assert_eq!(
        step.describe(Shape::NINE),
        "Forcing Chain (contradiction): r2c2 <> 4 leads to r2c2 = 4 as well => r2c2 = 4"
    );
}

/// Easter Monster after HoDoKu's two brute force steps (r5c6 = 4, r5c4 = 6) and the
/// singles they allow: no forcing chain exists, and HoDoKu's next step is the forcing net
/// r2c6 = 1 => contradiction, r2c6 <> 1 (HoDoKu takes the same first steps; checked with
/// hodoku-py: nets r2c6 <> 1, <> 2, <> 8, r4c8 <> 1, ..., later chains r2c1 = 2 ...).
#[test]
fn forcing_net_where_no_chain_exists_as_hodoku() {
    let p = grid(EASTER_MONSTER);
    let sol = solution_of_grid(&p);
    let solver = HumanSolver::new().with_solution(sol);
    let report = solver.solve(&p);
    let mut b = Board::new(&p);
    let mut nets = Vec::new();
    let mut chains = Vec::new();
    for s in &report.steps {
        match s.technique {
            Technique::ForcingNet => {
                assert!(forcing::forcing_chain(&b).is_none());
                assert_eq!(forcing::forcing_net(&b).as_ref(), Some(s));
                nets.push(s.describe(Shape::NINE));
            }
            Technique::ForcingChain => chains.push(s.describe(Shape::NINE)),
            _ => {}
        }
        b.apply(s);
    }
    assert_eq!(report.status, HumanStatus::Solved);
    // HoDoKu's order of forcing steps on this puzzle (its first 11 nets and 5 chains).
    let want_nets = [
        "r2c6 <> 1",
        "r2c6 <> 2",
        "r2c6 <> 8",
        "r4c8 <> 1",
        "r3c5 <> 1",
        "r4c8 <> 2",
        "r1c5 <> 6",
        "r5c1 <> 2",
        "r5c3 <> 1",
        "r5c7 <> 1",
        "r1c2 = 7",
    ];
    for (got, want) in nets.iter().zip(want_nets) {
        assert!(got.ends_with(&format!("=> {want}")), "{got} / {want}");
    }
    assert_eq!(
        nets[0],
        "Forcing Net (contradiction): r2c6 = 1 leads to r2c6 <> 1 as well => r2c6 <> 1"
    );
    let want_chains = [
        "r2c1 = 2",
        "r5c2 <> 8",
        "r5c7 <> 2",
        "r6c2 <> 1",
        "r4c5 = 2",
    ];
    for (got, want) in chains.iter().zip(want_chains) {
        assert!(got.ends_with(&format!("=> {want}")), "{got} / {want}");
    }
    assert!(nets.len() >= 11 && chains.len() >= 5);
}

#[test]
fn forcing_net_on_a_big_grid_propagates_each_branch() {
    // On 25x25 (past the tables' 16x16) forcing nets follow each branch on a board copy.
    // r1c1 {1,2}, r1c2 {1,2}: either value of r1c1 puts the other in r1c2, so both
    // branches take 1 and 2 from the rest of row 1 (23 cells) and of box 1 (4 rows of 5).
    let shape = Shape::new(5, 5).unwrap();
    let mut b = Board::new(&Grid::empty(shape));
    for c in [0u16, 1] {
        for v in 3..=25u8 {
            b.eliminate(Cell::new(c), v);
        }
    }
    let step = forcing::forcing_net(&b).unwrap();
    assert_eq!(step.technique, Technique::ForcingNet);
    assert_eq!(step.variant, Variant::Forcing(ForcingKind::Cell));
    let mut want = Vec::new();
    for c in (2..25).chain((1..5).flat_map(|r| (0..5).map(move |c| r * 25 + c))) {
        want.push((c, 1));
        want.push((c, 2));
    }
    assert_eq!(elims(&step), expect(want));
    assert_eq!(
        step.describe(shape),
        format!(
            "Forcing Net (verity): each candidate {{1,2}} of r1c1 leads to the same => {}",
            step.conclusions(shape)
        )
    );
}
