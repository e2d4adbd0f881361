//! Timing for the benchmarks: a child process timed from outside (spawn to exit), CPU
//! clocks (this thread, a process, waited-for children), and the figures made from them.

use std::process::{Command, Output, Stdio};
use std::time::Instant;

/// Runs `cmd` with stdin and stdout on `/dev/null` and stderr captured; its wall seconds,
/// spawn to exit, and its output (status and stderr). Starting it is the only error.
pub(crate) fn timed(cmd: &mut Command) -> Result<(f64, Output), String> {
    cmd.stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped());
    let start = Instant::now();
    let out = cmd
        .output()
        .map_err(|e| format!("running {}: {e}", cmd.get_program().to_string_lossy()))?;
    Ok((start.elapsed().as_secs_f64(), out))
}

/// CPU seconds used by this thread so far (Linux: `/proc/thread-self/schedstat`), so that
/// figures mean something on a shared, loaded machine. `None` elsewhere.
pub(crate) fn thread_cpu() -> Option<f64> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let ns: f64 = text.split_whitespace().next()?.parse().ok()?;
    Some(ns / 1e9)
}

/// CPU seconds (user + system) of process `pid` (`self` for this one), from
/// `/proc/PID/stat`; with `children`, those of its waited-for children instead.
pub(crate) fn process_cpu(pid: &str, children: bool) -> Option<f64> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    // The fields after the command name (which is in parentheses and may hold spaces):
    // utime and stime are the 12th and 13th, cutime and cstime the 14th and 15th.
    let rest = &stat[stat.rfind(')')? + 1..];
    let f: Vec<&str> = rest.split_whitespace().collect();
    let at = if children { 13 } else { 11 };
    let ticks = f.get(at)?.parse::<f64>().ok()? + f.get(at + 1)?.parse::<f64>().ok()?;
    // Clock ticks are 100 a second on Linux.
    Some(ticks / 100.0)
}

/// Per second, 0 when nothing was done or no time passed.
pub(crate) fn per_sec(count: u64, secs: f64) -> f64 {
    if count == 0 || secs.is_nan() || secs <= 0.0 || secs.is_infinite() {
        0.0
    } else {
        count as f64 / secs
    }
}

/// The median (the mean of the middle two for an even count); `None` for no values.
pub(crate) fn median(v: &mut [f64]) -> Option<f64> {
    if v.is_empty() {
        return None;
    }
    v.sort_by(f64::total_cmp);
    let m = v.len() / 2;
    Some(if v.len() % 2 == 1 {
        v[m]
    } else {
        (v[m - 1] + v[m]) / 2.0
    })
}

/// The largest value, 0 for none.
pub(crate) fn worst(v: &[f64]) -> f64 {
    v.iter().copied().fold(0.0, f64::max)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn figures_never_divide_by_zero() {
        assert_eq!(per_sec(0, 0.0), 0.0);
        assert_eq!(per_sec(5, 0.0), 0.0);
        assert_eq!(per_sec(5, f64::NAN), 0.0);
        assert_eq!(per_sec(6, 2.0), 3.0);
        assert_eq!(median(&mut []), None);
        assert_eq!(median(&mut [3.0, 1.0, 2.0]), Some(2.0));
        assert_eq!(median(&mut [4.0, 1.0, 2.0, 3.0]), Some(2.5));
        assert_eq!(worst(&[]), 0.0);
        assert_eq!(worst(&[1.0, 3.0, 2.0]), 3.0);
    }

    #[cfg(target_os = "linux")]
    #[test]
    fn clocks_read_on_linux() {
        assert!(thread_cpu().is_some());
        assert!(process_cpu("self", false).is_some());
        assert!(process_cpu("self", true).is_some());
    }

    #[cfg(unix)]
    #[test]
    fn a_timed_child_gives_its_status_and_stderr() {
        let mut cmd = Command::new("sh");
        cmd.args(["-c", "echo out; echo err >&2; exit 3"]);
        let (secs, out) = timed(&mut cmd).unwrap();
        assert!(secs >= 0.0);
        assert_eq!(out.status.code(), Some(3));
        assert_eq!(String::from_utf8_lossy(&out.stderr), "err\n");
        assert!(out.stdout.is_empty());
    }
}
