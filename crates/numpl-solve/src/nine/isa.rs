//! Which build of the search this CPU runs, and PEXT for the build that uses it.
//!
//! The search is compiled three times (`Search::run`, `run_bmi`, `run_pext` in
//! [`super::search`](mod@super::search), which also holds the dispatch, `Search::start`):
//! for the x86-64 baseline; with POPCNT/BMI1/BMI2/AVX2; and the same with PEXT finding a
//! word's mini-rows.
//! [`Isa::best`] picks one at run time, so one binary runs everywhere and uses the fast
//! instructions where they exist.

/// The instruction sets the search is compiled for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Isa {
    /// Any x86-64 (SSE2), or any other CPU.
    Baseline,
    /// POPCNT, BMI1, BMI2 and AVX2.
    Bmi,
    /// As `Bmi`, and PEXT finds a word's mini-rows.
    Pext,
}

impl Isa {
    /// What this CPU runs best (decided once).
    pub(super) fn best() -> Isa {
        static BEST: std::sync::OnceLock<Isa> = std::sync::OnceLock::new();
        *BEST.get_or_init(|| {
            if !Isa::Bmi.runs_here() {
                Isa::Baseline
            } else if fast_pext() {
                Isa::Pext
            } else {
                Isa::Bmi
            }
        })
    }

    /// True when this CPU has the instructions.
    pub(super) fn runs_here(self) -> bool {
        match self {
            Isa::Baseline => true,
            #[cfg(target_arch = "x86_64")]
            Isa::Bmi | Isa::Pext => {
                std::arch::is_x86_feature_detected!("popcnt")
                    && std::arch::is_x86_feature_detected!("bmi1")
                    && std::arch::is_x86_feature_detected!("bmi2")
                    && std::arch::is_x86_feature_detected!("avx2")
            }
            #[cfg(not(target_arch = "x86_64"))]
            _ => false,
        }
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

/// BMI2's PEXT: the bits of `a` under `mask`, gathered at the bottom. Safe to call from code
/// compiled with BMI2 (`Search::run_pext`); anywhere else the call is `unsafe`, and the
/// caller must know that the CPU has BMI2.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "bmi2")]
#[inline]
pub(super) fn pext(a: u32, mask: u32) -> u32 {
    std::arch::x86_64::_pext_u32(a, mask)
}
