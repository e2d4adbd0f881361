//! Where the commands find things, whatever the current directory: the workspace (from
//! this crate's manifest), its target directory, the data directory beside it, scratch
//! space under the target directory, and numpl's release binary.

use std::path::{Path, PathBuf};
use std::process::Command;

/// The workspace root (the folder above `xtask/`).
pub(crate) fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("xtask lives in the workspace")
        .to_path_buf()
}

/// The fixtures: `fixtures/` in the workspace (relative to the current directory when it
/// is below it, so that reports name `fixtures/...` when run from the workspace root).
pub(crate) fn fixtures() -> PathBuf {
    let dir = root().join("fixtures");
    match std::env::current_dir() {
        Ok(cwd) => dir.strip_prefix(&cwd).map(Path::to_path_buf).unwrap_or(dir),
        Err(_) => dir,
    }
}

/// The default data directory: `../shared/data` beside the workspace root (written without
/// the `..`, so that reports name the files shortly).
pub(crate) fn default_data() -> PathBuf {
    let root = root();
    match root.parent() {
        Some(above) => above.join("shared/data"),
        None => root.join("../shared/data"),
    }
}

/// The target directory: `$CARGO_TARGET_DIR` (a relative one from the workspace root, where
/// the nested builds run) or `target/` in the workspace.
pub(crate) fn target_dir() -> PathBuf {
    match std::env::var_os("CARGO_TARGET_DIR").map(PathBuf::from) {
        Some(t) if t.is_relative() => root().join(t),
        Some(t) => t,
        None => root().join("target"),
    }
}

/// Scratch space of one command: `<target>/xtask/NAME`.
pub(crate) fn scratch(name: &str) -> PathBuf {
    target_dir().join("xtask").join(name)
}

/// The cargo that runs this command (`$CARGO`), for nested builds.
pub(crate) fn cargo() -> String {
    std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_string())
}

/// Builds numpl's binary as it ships (`$CARGO build --profile dist --quiet -p numpl-cli`
/// in the workspace: fat LTO, one codegen unit, every feature) and returns its path in the
/// target directory. `who` prefixes the messages.
pub(crate) fn build_numpl(who: &str) -> Result<PathBuf, String> {
    let cargo = cargo();
    eprintln!("{who}: building numpl (cargo build --profile dist -p numpl-cli)");
    let status = Command::new(&cargo)
        .args(["build", "--profile", "dist", "--quiet", "-p", "numpl-cli"])
        .current_dir(root())
        .status()
        .map_err(|e| format!("{who}: {cargo}: {e}"))?;
    if !status.success() {
        return Err(format!("{who}: building numpl failed"));
    }
    Ok(target_dir().join("dist/numpl"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_hang_off_the_workspace_root() {
        let root = root();
        assert!(root.join("Cargo.toml").is_file(), "{}", root.display());
        assert!(fixtures().join("seed/sample.txt").is_file());
        assert!(default_data().ends_with("shared/data"));
        assert_eq!(
            default_data().parent(),
            root.parent().map(|p| p.join("shared")).as_deref()
        );
        assert!(scratch("peer-bench").ends_with("xtask/peer-bench"));
        assert!(target_dir().is_absolute());
    }
}
