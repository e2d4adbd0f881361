//! prepare_array: complete, valid, reproducible, varied, for every size.

use numpl_core::Shape;
use numpl_gen::{prepare_array, prepare_array_seeded};
use rand::SeedableRng;

#[test]
fn prepare_array_gives_complete_valid_grids_for_every_size() {
    for s in [
        "2x2", "2x3", "3x2", "2x4", "4x2", "3x3", "2x5", "3x4", "4x3", "4x4", "3x5", "4x5", "5x5",
    ] {
        let shape: Shape = s.parse().unwrap();
        for seed in 0..3 {
            let g = prepare_array_seeded(shape, seed);
            assert_eq!(g.shape(), shape);
            assert!(g.is_full(), "{s} seed {seed}: not full");
            assert_eq!(g.check(), Ok(()), "{s} seed {seed}: conflict");
        }
    }
}

#[test]
fn prepare_array_succeeds_on_36x36() {
    let g = prepare_array_seeded(Shape::new(6, 6).unwrap(), 7);
    assert!(g.is_full());
    assert_eq!(g.check(), Ok(()));
}

#[test]
fn prepare_array_repeats_with_a_seed_and_varies_without() {
    let shape = Shape::NINE;
    assert_eq!(
        prepare_array_seeded(shape, 5),
        prepare_array_seeded(shape, 5)
    );
    let grids: std::collections::HashSet<_> =
        (0..50).map(|s| prepare_array_seeded(shape, s)).collect();
    assert_eq!(grids.len(), 50, "50 seeds should give 50 different grids");
    // The RNG is passed in: any generator works, and two draws from one stream differ.
    let mut rng = rand::rngs::StdRng::seed_from_u64(1);
    let a = prepare_array(shape, &mut rng);
    let b = prepare_array(shape, &mut rng);
    assert_ne!(a, b);
}

#[test]
fn prepare_array_puts_every_value_everywhere() {
    // Over many grids, every value shows up in every cell: no cell is stuck with a value
    // (a plain pattern grid with only some shuffles would fail this for some shapes).
    let shape: Shape = "2x3".parse().unwrap();
    let n = shape.size();
    let mut seen = vec![0u64; shape.cells()];
    for seed in 0..400 {
        let g = prepare_array_seeded(shape, seed);
        for (i, &v) in g.values().iter().enumerate() {
            seen[i] |= 1 << (v - 1);
        }
    }
    assert!(seen.iter().all(|&m| m == (1 << n) - 1));
}
