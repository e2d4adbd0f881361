use super::small::few;

#[test]
fn few_counts_every_member() {
    let mut x = 0x9e37_79b9_7f4a_7c15_f39c_c060_5ced_c834u128;
    for _ in 0..2000 {
        let sparse = x & (x >> 7) & (x >> 13);
        for m in [x, sparse, 1 << (x % 128) as u32, 0, !0] {
            assert_eq!(few(m), m.count_ones() as usize, "{m:x}");
        }
        x = x.wrapping_mul(0x2545_f491_4f6c_dd1d_9e37_79b9_7f4a_7c15) ^ (x >> 61);
    }
}
