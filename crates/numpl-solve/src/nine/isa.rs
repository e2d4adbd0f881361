//! Which build of the search this CPU runs, and the proofs that it may run it.
//!
//! The search is compiled three times (`Search::run`, `run_bmi`, `run_pext` in
//! [`super::search`](mod@super::search), which also holds the dispatch, `Search::start`):
//! for the x86-64 baseline; with POPCNT/BMI1/BMI2/AVX2; and the same with PEXT finding a
//! word's mini-rows. [`Isa::best`] picks one at run time, so one binary runs everywhere and
//! uses the fast instructions where they exist.
//!
//! Code compiled for instructions the CPU may lack is reachable only through a value that
//! proves the CPU has them: [`BmiAvx2`] (POPCNT, BMI1, BMI2, AVX2) and [`Bmi2`] (PEXT) are
//! zero-sized tokens with private fields, made here and only after
//! `is_x86_feature_detected!` said yes. [`Isa::Bmi`] and [`Isa::Pext`] carry one, and
//! [`Bmi2::pext`] takes one, so no safe code can reach those instructions on a CPU
//! without them.

// `unsafe`: `Bmi2::pext` calls the PEXT intrinsic, a `#[target_feature(enable = "bmi2")]`
// function, from code not compiled with BMI2; sound because a `Bmi2` exists only on a
// CPU that has it.
#![allow(unsafe_code)]

/// What a token holds: nothing on x86-64; elsewhere a type with no values, so that no
/// token can be made there.
#[cfg(target_arch = "x86_64")]
type Proof = ();
#[cfg(not(target_arch = "x86_64"))]
type Proof = std::convert::Infallible;

/// Proof that this CPU has POPCNT, BMI1, BMI2 and AVX2 (the features `Search::run_bmi` and
/// `Search::run_pext` are compiled for). Zero-sized; made only by [`BmiAvx2::detect`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct BmiAvx2(Proof);

impl BmiAvx2 {
    /// `Some` when this CPU has POPCNT, BMI1, BMI2 and AVX2.
    fn detect() -> Option<BmiAvx2> {
        #[cfg(target_arch = "x86_64")]
        if std::arch::is_x86_feature_detected!("popcnt")
            && std::arch::is_x86_feature_detected!("bmi1")
            && std::arch::is_x86_feature_detected!("bmi2")
            && std::arch::is_x86_feature_detected!("avx2")
        {
            return Some(BmiAvx2(()));
        }
        None
    }

    /// BMI2 alone (which this CPU has).
    #[inline(always)]
    pub(super) fn bmi2(self) -> Bmi2 {
        #[cfg(target_arch = "x86_64")]
        return Bmi2(());
        #[cfg(not(target_arch = "x86_64"))]
        match self.0 {}
    }
}

/// Proof that this CPU has BMI2, for [`Bmi2::pext`]. Zero-sized; made only from a
/// [`BmiAvx2`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Bmi2(Proof);

impl Bmi2 {
    /// BMI2's PEXT: the bits of `a` under `mask`, gathered at the bottom. One instruction
    /// where the caller is compiled with BMI2 (`Search::run_pext`); a call elsewhere.
    #[inline(always)]
    pub(super) fn pext(self, a: u32, mask: u32) -> u32 {
        #[cfg(target_arch = "x86_64")]
        // SAFETY: a `Bmi2` is made only on a CPU with BMI2 (`BmiAvx2::detect`), the one
        // feature `_pext_u32` needs.
        return unsafe { std::arch::x86_64::_pext_u32(a, mask) };
        #[cfg(not(target_arch = "x86_64"))]
        {
            let _ = (a, mask);
            match self.0 {}
        }
    }
}

/// The instruction sets the search is compiled for, with the proof that this CPU has them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Isa {
    /// Any x86-64 (SSE2), or any other CPU.
    Baseline,
    /// POPCNT, BMI1, BMI2 and AVX2.
    Bmi(BmiAvx2),
    /// As `Bmi`, and PEXT finds a word's mini-rows.
    Pext(BmiAvx2),
}

impl Isa {
    /// What this CPU runs best (decided once).
    pub(super) fn best() -> Isa {
        static BEST: std::sync::OnceLock<Isa> = std::sync::OnceLock::new();
        *BEST.get_or_init(|| match BmiAvx2::detect() {
            None => Isa::Baseline,
            Some(cpu) if fast_pext() => Isa::Pext(cpu),
            Some(cpu) => Isa::Bmi(cpu),
        })
    }

    /// Every build this CPU runs (for tests: each must give the same answers).
    #[cfg(test)]
    pub(super) fn all_here() -> Vec<Isa> {
        let mut all = vec![Isa::Baseline];
        all.extend(BmiAvx2::detect().map(Isa::Bmi));
        all.extend(BmiAvx2::detect().map(Isa::Pext));
        all
    }
}

/// True when PEXT takes a few cycles: on Intel CPUs with BMI2 and on AMD from Zen 3
/// (family 19h) on. Zen 1 and 2 (and Hygon) run it in microcode, tens of cycles and more.
fn fast_pext() -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        // A safe fn since Rust 1.94 (the workspace's rust-version): every x86-64 CPU has
        // CPUID.
        use std::arch::x86_64::__cpuid;
        // Leaf 0: the vendor and the highest leaf; leaf 1 (when there): the family.
        let r = __cpuid(0);
        let mut vendor = [0u8; 12];
        vendor[..4].copy_from_slice(&r.ebx.to_le_bytes());
        vendor[4..8].copy_from_slice(&r.edx.to_le_bytes());
        vendor[8..].copy_from_slice(&r.ecx.to_le_bytes());
        if r.eax < 1 {
            return false;
        }
        let eax = __cpuid(1).eax;
        let base = (eax >> 8) & 0xF;
        let family = if base == 0xF {
            base + ((eax >> 20) & 0xFF)
        } else {
            base
        };
        match &vendor {
            b"GenuineIntel" => true,
            b"AuthenticAMD" => family >= 0x19,
            _ => false,
        }
    }
    #[cfg(not(target_arch = "x86_64"))]
    false
}
