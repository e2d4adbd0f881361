use super::combine;
use proptest::prelude::*;

/// Every choice of `k` indices in lexicographic order whose union has `k` bits and
/// none of whose prefixes has more: what [`combine`] offers, listed plainly.
fn choices(items: &[u64], k: usize) -> Vec<(Vec<usize>, u64)> {
    fn rec(
        items: &[u64],
        k: usize,
        start: usize,
        chosen: &mut Vec<usize>,
        union: u64,
        out: &mut Vec<(Vec<usize>, u64)>,
    ) {
        if chosen.len() == k {
            if union.count_ones() as usize == k {
                out.push((chosen.clone(), union));
            }
            return;
        }
        for i in start..items.len() {
            let u = union | items[i];
            if u.count_ones() as usize <= k {
                chosen.push(i);
                rec(items, k, i + 1, chosen, u, out);
                chosen.pop();
            }
        }
    }
    let mut out = Vec::new();
    rec(items, k, 0, &mut Vec::new(), 0, &mut out);
    out
}

proptest! {
    /// `combine` offers exactly the plain list's choices, in its order, and stops at
    /// the first one `found` accepts.
    #[test]
    fn combine_offers_every_tuple_in_order(
        items in prop::collection::vec(1u64..(1 << 9), 0..12),
        k in 1usize..6,
        stop in 0usize..20,
    ) {
        let want = choices(&items, k);
        let mut got = Vec::new();
        let hit = combine(&items, k, |chosen, union| {
            got.push((chosen.to_vec(), union));
            got.len() == stop + 1
        });
        let n = want.len().min(stop + 1);
        prop_assert_eq!(&got[..], &want[..n]);
        prop_assert_eq!(hit, want.len() > stop);
    }
}
