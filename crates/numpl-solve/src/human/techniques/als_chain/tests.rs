use super::{search, MAX_VISITS};
use crate::human::memo::Memo;
use crate::human::techniques::als::ensure_links;
use crate::human::tests::positions;

/// Skipping walks that cannot find anything leaves the chains found and the visits
/// counted the same, also when the visit cap cuts the search short.
#[test]
fn pruned_walk_finds_and_counts_what_the_full_walk_does() {
    let (mut boards, mut capped, mut chains) = (0, 0, 0);
    for p in [
        "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
        "...46..8.7.....9.....1.....4....53...8.6......2.......3.9.7...........215........",
        "9.....7.1.2.4...........5..7.1..5....8.....3.............82..4.1.9.........39....",
    ] {
        for b in positions(p).iter().step_by(3) {
            let mut memo = Memo::default();
            let (c, r) = memo.als_sets(b);
            ensure_links(c, r);
            for cap in [40, 2_000, MAX_VISITS] {
                let (full, full_visits) = search(c, b.n, cap, false);
                let (pruned, pruned_visits) = search(c, b.n, cap, true);
                assert_eq!(full, pruned, "{p} {cap}");
                assert_eq!(full_visits.min(cap), pruned_visits.min(cap), "{p} {cap}");
                capped += usize::from(full_visits >= cap);
                chains += full.len();
            }
            boards += 1;
        }
    }
    // Both cut short and whole searches were compared, with chains found.
    assert!(
        boards > 10 && capped > 5 && capped < 3 * boards,
        "{boards} {capped}"
    );
    assert!(chains > 10, "{chains}");
}
