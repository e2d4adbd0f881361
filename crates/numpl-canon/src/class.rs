//! Seeded augmentation ([`augmentations`]), and classes of equivalent puzzles as numbers, the same on every machine and in every
//! version: a key for deduplication and a seeded side for train/test splits. Both are
//! functions of the minlex form only, so equivalent puzzles always get the same key and the
//! same side.
//!
//! The key is two 64-bit FNV-1a hashes of the form's box shape and values (with different
//! offset bases), each finished by the SplitMix64 mixer: 128 bits, so that two of n classes
//! share a key with a chance of about n^2 / 2^129 (for a billion classes, below 10^-20).
//! The split draws a number in [0, 1) from the key and the seed (SplitMix64 again) and puts
//! the class on the test side when it is below the fraction asked for: each class is a coin
//! toss, so the test side holds the fraction of classes up to the binomial's spread.

use numpl_core::{Grid, Shape};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use crate::Transform;

const FNV_PRIME: u64 = 0x0000_0100_0000_01b3;

/// SplitMix64's finaliser: every input bit moves every output bit.
fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

fn fnv1a(basis: u64, form: &Grid) -> u64 {
    let shape = form.shape();
    let head = [shape.box_rows() as u8, shape.box_cols() as u8];
    let mut h = basis;
    for &b in head.iter().chain(form.values()) {
        h ^= u64::from(b);
        h = h.wrapping_mul(FNV_PRIME);
    }
    mix(h)
}

/// The class key of a minlex form ([`crate::canonical`]'s `form`): equal forms, equal keys;
/// different forms, different keys but for a chance of 2^-128 per pair.
///
/// ```
/// use numpl_canon::{canonical, class_key};
/// use numpl_core::{parse_one, ParseOptions};
///
/// let a = parse_one("1234341221434321", &ParseOptions::default()).unwrap();
/// let b = parse_one("4321214334121234", &ParseOptions::default()).unwrap();
/// assert_eq!(class_key(&canonical(&a).form), class_key(&canonical(&b).form));
/// ```
pub fn class_key(form: &Grid) -> u128 {
    let hi = fnv1a(0xcbf2_9ce4_8422_2325, form);
    let lo = fnv1a(0x6e75_6d70_6c2d_6b79, form);
    (u128::from(hi) << 64) | u128::from(lo)
}

/// Whether the class of `form` (a minlex form) goes to the test side of a split that puts
/// `test_fraction` (0 to 1) of the classes there; the same answer for the same form, seed
/// and fraction everywhere, and a larger fraction only moves classes from train to test.
///
/// ```
/// use numpl_canon::{canonical, in_test_split};
/// use numpl_core::{parse_one, ParseOptions};
///
/// let p = parse_one("1...........2...", &ParseOptions::default()).unwrap();
/// let form = canonical(&p).form;
/// assert!(!in_test_split(&form, 7, 0.0));
/// assert!(in_test_split(&form, 7, 1.0));
/// ```
pub fn in_test_split(form: &Grid, seed: u64, test_fraction: f64) -> bool {
    let key = class_key(form);
    let draw = mix(mix(seed ^ 0x5bd1_e995) ^ (key as u64) ^ mix((key >> 64) as u64));
    // 53 bits, as a float in [0, 1).
    let u = (draw >> 11) as f64 / (1u64 << 53) as f64;
    u < test_fraction
}

/// Random members of `shape`'s group for augmenting puzzle number `index` of a data set,
/// seeded: the k-th transform depends only on `seed`, `index` and k (ChaCha8, stream
/// `index`), so a run split over threads or machines makes the same copies.
///
/// ```
/// use numpl_canon::augmentations;
/// use numpl_core::Shape;
///
/// let a: Vec<_> = augmentations(Shape::NINE, 7, 3).take(2).collect();
/// let b: Vec<_> = augmentations(Shape::NINE, 7, 3).take(2).collect();
/// assert_eq!(a, b);
/// assert_ne!(a[0], augmentations(Shape::NINE, 7, 4).next().unwrap());
/// ```
pub fn augmentations(shape: Shape, seed: u64, index: u64) -> impl Iterator<Item = Transform> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    rng.set_stream(index);
    std::iter::repeat_with(move || Transform::random(shape, &mut rng))
}

#[cfg(test)]
mod tests {
    use super::*;
    use numpl_core::Shape;

    fn grid(values: Vec<u8>) -> Grid {
        Grid::from_values(Shape::new(2, 2).unwrap(), values).unwrap()
    }

    /// The key is fixed: a change to it would move every class of a published split.
    #[test]
    fn keys_do_not_change_between_versions() {
        let g = grid(vec![0; 16]);
        assert_eq!(class_key(&g), class_key(&grid(vec![0; 16])));
        let mut v = vec![0; 16];
        v[15] = 1;
        assert_ne!(class_key(&g), class_key(&grid(v)));
        // The value computed once, by the algorithm in the module docs.
        let h = |basis: u64| {
            let mut h = basis;
            for b in [2u8, 2].iter().chain([0u8; 16].iter()) {
                h ^= u64::from(*b);
                h = h.wrapping_mul(FNV_PRIME);
            }
            mix(h)
        };
        assert_eq!(
            class_key(&g),
            (u128::from(h(0xcbf2_9ce4_8422_2325)) << 64) | u128::from(h(0x6e75_6d70_6c2d_6b79))
        );
        assert_eq!(mix(0), 0);
        assert_eq!(mix(1), 0x5692_161d_100b_05e5);
    }

    #[test]
    fn splits_are_seeded_nested_and_near_the_fraction() {
        // 4096 different forms (not minlex, but the split only hashes what it is given).
        let forms: Vec<Grid> = (0..4096u32)
            .map(|i| {
                let v = (0..16)
                    .map(|k| {
                        if i >> (k % 12) & 1 == 1 {
                            (k % 4 + 1) as u8
                        } else {
                            0
                        }
                    })
                    .collect();
                let mut v: Vec<u8> = v;
                v[12..16].copy_from_slice(&[(i % 5) as u8, 0, 0, 0]);
                grid(v)
            })
            .collect();
        let test = |seed, f| forms.iter().filter(|g| in_test_split(g, seed, f)).count();
        let tenth = test(1, 0.1);
        assert!((300..520).contains(&tenth), "{tenth} of 4096 at 0.1");
        assert_ne!(
            forms
                .iter()
                .map(|g| in_test_split(g, 1, 0.5))
                .collect::<Vec<_>>(),
            forms
                .iter()
                .map(|g| in_test_split(g, 2, 0.5))
                .collect::<Vec<_>>(),
            "another seed, another split"
        );
        for g in &forms {
            if in_test_split(g, 3, 0.2) {
                assert!(
                    in_test_split(g, 3, 0.3),
                    "a larger fraction keeps the test side"
                );
            }
        }
    }
}
