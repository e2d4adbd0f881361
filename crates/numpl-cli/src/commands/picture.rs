//! `--format svg`: where a command's pictures go. With `--out DIR` each picture is a file
//! named after its puzzle (`0001.svg`, the 1-based input index) and step
//! (`0001-step-07.svg`); without it the one picture a run may make goes to stdout (the
//! run refuses a second puzzle before drawing anything, see `main.rs`).

use std::path::Path;
use std::sync::atomic::Ordering;

use crate::batch::{Done, Kind};
use crate::settings::Pictures;

/// The file name of puzzle `index`'s picture (step `step`, 1-based, for `explain`).
pub(crate) fn file_name(index: u64, step: Option<usize>) -> String {
    match step {
        None => format!("{:04}.svg", index + 1),
        Some(s) => format!("{:04}-step-{s:02}.svg", index + 1),
    }
}

/// Writes `svg` to `dir/name`; the error names the file. After one picture could not be
/// written none is tried again: every later one would fail the same way (a folder that
/// cannot be written, a full disk), and the first failure ends the run.
fn write(pictures: &Pictures, dir: &Path, name: &str, svg: &str) -> Result<(), Done> {
    if let Some(msg) = pictures.broken.get() {
        return Err(fatal(msg.clone()));
    }
    let path = dir.join(name);
    std::fs::write(&path, svg).map_err(|e| {
        // With several workers another may have failed first: its message wins, so that
        // all fatal records say the same and the one the writer prints (the first in
        // input order, perhaps not the first to fail) names a file.
        let msg = format!(
            "cannot write {}: {e}; no more pictures are written",
            path.display()
        );
        fatal(pictures.broken.get_or_init(|| msg).clone())
    })
}

/// The record of a picture that could not be written: it ends the run (exit 2). The
/// writer stops at the first fatal record, so its message is the only one printed.
fn fatal(msg: String) -> Done {
    Done {
        error: Some(msg),
        fatal: true,
        ..Done::new(String::new(), Kind::Error)
    }
}

/// The record of one picture: to its file with `--out`, else the picture is the text.
pub(crate) fn one(pictures: &Pictures, index: u64, svg: String, kind: Kind) -> Done {
    match &pictures.out {
        None => Done::new(svg, kind),
        Some(dir) => match write(pictures, dir, &file_name(index, None), &svg) {
            Ok(()) => {
                pictures.written.fetch_add(1, Ordering::Relaxed);
                Done::new(String::new(), kind)
            }
            Err(done) => done,
        },
    }
}

/// The record of several pictures of one puzzle (`explain`: one per step). Without
/// `--out` only a single picture may go to stdout.
pub(crate) fn many(pictures: &Pictures, index: u64, svgs: Vec<String>, kind: Kind) -> Done {
    match &pictures.out {
        None if svgs.len() == 1 => Done::new(svgs.into_iter().next().unwrap_or_default(), kind),
        None => failed(format!(
            "puzzle {} has {} steps, one picture each: use --out DIR to write them as files",
            index + 1,
            svgs.len()
        )),
        Some(dir) => {
            for (i, svg) in svgs.iter().enumerate() {
                if let Err(done) = write(pictures, dir, &file_name(index, Some(i + 1)), svg) {
                    return done;
                }
                pictures.written.fetch_add(1, Ordering::Relaxed);
            }
            Done::new(String::new(), kind)
        }
    }
}

fn failed(msg: String) -> Done {
    Done {
        error: Some(msg),
        ..Done::new(String::new(), Kind::Error)
    }
}

/// The summary's note: how many pictures went where.
pub(crate) fn note(pictures: &Pictures) -> Option<String> {
    pictures.out.as_ref().map(|dir| {
        let n = pictures.written.load(Ordering::Relaxed);
        format!(
            "{n} picture{} in {}",
            if n == 1 { "" } else { "s" },
            dir.display()
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn files_are_numbered_from_one() {
        assert_eq!(file_name(0, None), "0001.svg");
        assert_eq!(file_name(11, Some(7)), "0012-step-07.svg");
        assert_eq!(file_name(12344, Some(123)), "12345-step-123.svg");
    }
}
