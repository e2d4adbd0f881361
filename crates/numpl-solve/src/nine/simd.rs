//! Small vectors with safe methods, for the two places where the 9x9 solver handles several
//! words at once: clearing cells from a band's nine digit words ([`U32x4`]), and finding a
//! puzzle's givens ([`U8x16`]).
//!
//! Each method uses SSE2 where the target has it (every x86-64 CPU) and a plain loop
//! elsewhere, in the manner of tdoku's `simd_vectors.h`. Both versions are always compiled
//! and the tests check that they agree. The methods are `#[inline(always)]`, so the search
//! builds that enable more instruction sets (see [`super::isa`]) compile them with those
//! too.

// `unsafe`: the SSE2 intrinsics (`unsafe` functions, and the loads and stores take raw
// pointers); sound because SSE2 is enabled at compile time for the target (the `cfg`), and
// every pointer is to an array of the size read or written.
#![allow(unsafe_code)]

#[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
pub(super) use sse2::{U32x4, U8x16};

#[cfg(not(all(target_arch = "x86_64", target_feature = "sse2")))]
pub(super) use portable::{U32x4, U8x16};

/// The SSE2 versions.
#[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
mod sse2 {
    use std::arch::x86_64::{
        __m128i, _mm_and_si128, _mm_andnot_si128, _mm_castsi128_ps, _mm_cmpeq_epi32,
        _mm_cmpeq_epi8, _mm_loadu_si128, _mm_movemask_epi8, _mm_movemask_ps, _mm_set1_epi32,
        _mm_setzero_si128, _mm_storeu_si128,
    };

    /// Four `u32` lanes in an SSE2 register.
    #[derive(Clone, Copy)]
    pub(crate) struct U32x4(__m128i);

    impl U32x4 {
        /// The eight words of `a` as two vectors (words 0..4, 4..8).
        #[inline(always)]
        pub(crate) fn load_pair(a: &[u32; 8]) -> (U32x4, U32x4) {
            let p = a.as_ptr().cast::<__m128i>();
            // SAFETY: SSE2 is enabled for this target (the module's `cfg`); `a` is 32
            // readable bytes, read as two unaligned 16-byte loads.
            unsafe { (U32x4(_mm_loadu_si128(p)), U32x4(_mm_loadu_si128(p.add(1)))) }
        }

        /// Writes `lo` to words 0..4 of `a` and `hi` to words 4..8.
        #[inline(always)]
        pub(crate) fn store_pair(a: &mut [u32; 8], lo: U32x4, hi: U32x4) {
            let p = a.as_mut_ptr().cast::<__m128i>();
            // SAFETY: SSE2 is enabled for this target (the module's `cfg`); `a` is 32
            // writable bytes, written as two unaligned 16-byte stores.
            unsafe {
                _mm_storeu_si128(p, lo.0);
                _mm_storeu_si128(p.add(1), hi.0);
            }
        }

        /// `x` in every lane.
        #[inline(always)]
        pub(crate) fn splat(x: u32) -> U32x4 {
            // SAFETY: SSE2 is enabled for this target (the module's `cfg`).
            U32x4(unsafe { _mm_set1_epi32(x as i32) })
        }

        /// `self & m`, lane by lane.
        #[inline(always)]
        pub(crate) fn and(self, m: U32x4) -> U32x4 {
            // SAFETY: SSE2 is enabled for this target (the module's `cfg`).
            U32x4(unsafe { _mm_and_si128(self.0, m.0) })
        }

        /// `self & !m`, lane by lane.
        #[inline(always)]
        pub(crate) fn and_not(self, m: U32x4) -> U32x4 {
            // SAFETY: SSE2 is enabled for this target (the module's `cfg`).
            U32x4(unsafe { _mm_andnot_si128(m.0, self.0) })
        }

        /// Bit k set when lane k is 0 (4 bits).
        #[inline(always)]
        pub(crate) fn zero_lanes(self) -> u32 {
            // SAFETY: SSE2 is enabled for this target (the module's `cfg`).
            unsafe {
                let z = _mm_cmpeq_epi32(self.0, _mm_setzero_si128());
                _mm_movemask_ps(_mm_castsi128_ps(z)) as u32
            }
        }
    }

    /// Sixteen `u8` lanes in an SSE2 register.
    #[derive(Clone, Copy)]
    pub(crate) struct U8x16(__m128i);

    impl U8x16 {
        /// The sixteen bytes of `a`.
        #[inline(always)]
        pub(crate) fn load(a: &[u8; 16]) -> U8x16 {
            // SAFETY: SSE2 is enabled for this target (the module's `cfg`); `a` is 16
            // readable bytes, and the load is an unaligned one.
            U8x16(unsafe { _mm_loadu_si128(a.as_ptr().cast::<__m128i>()) })
        }

        /// Bit k set when lane k is 0 (16 bits).
        #[inline(always)]
        pub(crate) fn zero_lanes(self) -> u32 {
            // SAFETY: SSE2 is enabled for this target (the module's `cfg`).
            unsafe { _mm_movemask_epi8(_mm_cmpeq_epi8(self.0, _mm_setzero_si128())) as u32 }
        }
    }
}

/// The plain versions (other CPUs; and the SSE2 versions' reference in the tests).
#[cfg_attr(all(target_arch = "x86_64", target_feature = "sse2"), allow(dead_code))]
mod portable {
    /// Four `u32` lanes.
    #[derive(Clone, Copy)]
    pub(crate) struct U32x4([u32; 4]);

    impl U32x4 {
        /// The eight words of `a` as two vectors (words 0..4, 4..8).
        #[inline(always)]
        pub(crate) fn load_pair(a: &[u32; 8]) -> (U32x4, U32x4) {
            (
                U32x4([a[0], a[1], a[2], a[3]]),
                U32x4([a[4], a[5], a[6], a[7]]),
            )
        }

        /// Writes `lo` to words 0..4 of `a` and `hi` to words 4..8.
        #[inline(always)]
        pub(crate) fn store_pair(a: &mut [u32; 8], lo: U32x4, hi: U32x4) {
            a[..4].copy_from_slice(&lo.0);
            a[4..].copy_from_slice(&hi.0);
        }

        /// `x` in every lane.
        #[inline(always)]
        pub(crate) fn splat(x: u32) -> U32x4 {
            U32x4([x; 4])
        }

        /// `self & m`, lane by lane.
        #[inline(always)]
        pub(crate) fn and(self, m: U32x4) -> U32x4 {
            U32x4(std::array::from_fn(|k| self.0[k] & m.0[k]))
        }

        /// `self & !m`, lane by lane.
        #[inline(always)]
        pub(crate) fn and_not(self, m: U32x4) -> U32x4 {
            U32x4(std::array::from_fn(|k| self.0[k] & !m.0[k]))
        }

        /// Bit k set when lane k is 0 (4 bits).
        #[inline(always)]
        pub(crate) fn zero_lanes(self) -> u32 {
            let mut z = 0;
            for (k, &x) in self.0.iter().enumerate() {
                z |= u32::from(x == 0) << k;
            }
            z
        }
    }

    /// Sixteen `u8` lanes.
    #[derive(Clone, Copy)]
    pub(crate) struct U8x16([u8; 16]);

    impl U8x16 {
        /// The sixteen bytes of `a`.
        #[inline(always)]
        pub(crate) fn load(a: &[u8; 16]) -> U8x16 {
            U8x16(*a)
        }

        /// Bit k set when lane k is 0 (16 bits).
        #[inline(always)]
        pub(crate) fn zero_lanes(self) -> u32 {
            let mut z = 0;
            for (k, &x) in self.0.iter().enumerate() {
                z |= u32::from(x == 0) << k;
            }
            z
        }
    }
}

#[cfg(test)]
mod tests {
    use super::portable;

    fn xorshift(mut seed: u64) -> impl FnMut() -> u64 {
        move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        }
    }

    /// Every method of the vectors in use (SSE2 on x86-64) against the plain ones, with
    /// zero lanes and all-ones lanes mixed in.
    #[test]
    fn the_vectors_in_use_match_the_plain_ones() {
        let mut next = xorshift(0x2545_F491_4F6C_DD1D);
        let mut word = move || match next() % 4 {
            0 => 0,
            1 => u32::MAX,
            _ => next() as u32,
        };
        for _ in 0..2000 {
            let a: [u32; 8] = std::array::from_fn(|_| word());
            let m: [u32; 8] = std::array::from_fn(|_| word());
            let x = word();
            let (v0, v1) = super::U32x4::load_pair(&a);
            let (m0, m1) = super::U32x4::load_pair(&m);
            let (p0, p1) = portable::U32x4::load_pair(&a);
            let (q0, q1) = portable::U32x4::load_pair(&m);
            let out = |lo: super::U32x4, hi: super::U32x4| {
                let mut o = [0; 8];
                super::U32x4::store_pair(&mut o, lo, hi);
                o
            };
            let plain = |lo: portable::U32x4, hi: portable::U32x4| {
                let mut o = [0; 8];
                portable::U32x4::store_pair(&mut o, lo, hi);
                o
            };
            assert_eq!(out(v0, v1), a);
            assert_eq!(plain(p0, p1), a);
            let (s, t) = (super::U32x4::splat(x), portable::U32x4::splat(x));
            assert_eq!(out(s, s), plain(t, t));
            assert_eq!(out(v0.and(m0), v1.and(m1)), plain(p0.and(q0), p1.and(q1)));
            assert_eq!(
                out(v0.and_not(m0), v1.and_not(m1)),
                plain(p0.and_not(q0), p1.and_not(q1))
            );
            for (v, p, w, q) in [(v0, p0, m0, q0), (v1, p1, m1, q1)] {
                assert_eq!(v.zero_lanes(), p.zero_lanes());
                assert_eq!(v.and(w).zero_lanes(), p.and(q).zero_lanes());
            }

            let bytes: [u8; 16] = std::array::from_fn(|_| (word() % 3) as u8);
            assert_eq!(
                super::U8x16::load(&bytes).zero_lanes(),
                portable::U8x16::load(&bytes).zero_lanes()
            );
        }
    }
}
