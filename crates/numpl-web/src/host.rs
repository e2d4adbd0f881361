//! The `Host` check: a server on a loopback address answers only requests addressed to it
//! by name (`127.0.0.1:PORT`, `[::1]:PORT`, `localhost:PORT`) or to a host the config
//! allows. Without it a web page could rebind its own name to 127.0.0.1 (DNS rebinding)
//! and read the server's answers as same-origin ones.

use std::net::{IpAddr, Ipv6Addr, SocketAddr};
use std::sync::Arc;

use axum::extract::{Request, State};
use axum::http::{header, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

use crate::error::ApiError;

/// The hosts a server answers to.
#[derive(Clone, Debug)]
pub(crate) struct HostPolicy {
    /// Lowercase names, each with its port (`None`: any).
    allowed: Vec<(String, Option<u16>)>,
    listen: SocketAddr,
}

impl HostPolicy {
    /// The policy of a server on `listen` that also allows `extra`; `None` when every host
    /// is answered (a non-loopback address and nothing in `extra`).
    pub(crate) fn new(listen: SocketAddr, extra: &[String]) -> Option<HostPolicy> {
        let ip = listen.ip();
        if !ip.is_loopback() && extra.is_empty() {
            return None;
        }
        let port = Some(listen.port());
        let mut allowed: Vec<(String, Option<u16>)> = ["127.0.0.1", "[::1]", "localhost"]
            .into_iter()
            .map(|h| (h.to_string(), port))
            .collect();
        if !ip.is_loopback() && !ip.is_unspecified() {
            let name = match ip {
                IpAddr::V4(v4) => v4.to_string(),
                IpAddr::V6(v6) => format!("[{v6}]"),
            };
            allowed.push((name, port));
        }
        for h in extra {
            if let Some((name, port)) = split(h) {
                allowed.push((name.to_ascii_lowercase(), port));
            }
        }
        Some(HostPolicy { allowed, listen })
    }

    /// Whether a request's host (`name`, `name:port`, `[v6]:port`) is one of them; no
    /// port is HTTP's 80.
    pub(crate) fn allows(&self, host: &str) -> bool {
        let Some((name, port)) = split(host) else {
            return false;
        };
        let port = port.unwrap_or(80);
        self.allowed
            .iter()
            .any(|(n, p)| n.eq_ignore_ascii_case(name) && p.is_none_or(|p| p == port))
    }
}

/// Whether `h` is a host name or address with or without `:port` (what
/// [`crate::Config::allowed_hosts`] takes).
pub(crate) fn is_host_name(h: &str) -> bool {
    split(h).is_some()
}

/// A host's name (an IPv6 address with its brackets) and port.
fn split(h: &str) -> Option<(&str, Option<u16>)> {
    let (name, port) = if let Some(rest) = h.strip_prefix('[') {
        let (inside, after) = rest.split_once(']')?;
        inside.parse::<Ipv6Addr>().ok()?;
        let name = &h[..inside.len() + 2];
        if after.is_empty() {
            (name, None)
        } else {
            (name, Some(after.strip_prefix(':')?))
        }
    } else {
        match h.rsplit_once(':') {
            Some((name, port)) => (name, Some(port)),
            None => (h, None),
        }
    };
    let name_ok = name.starts_with('[')
        || (!name.is_empty()
            && name
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'.' | b'_')));
    let port = match port {
        None => None,
        Some(p) if !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit()) => Some(p.parse().ok()?),
        Some(_) => return None,
    };
    name_ok.then_some((name, port))
}

/// Refuses (403) a request whose `Host` header (and target, when it is absolute) is not
/// one the policy allows; a request without one, or with two, is refused too.
pub(crate) async fn check_host(
    State(policy): State<Arc<HostPolicy>>,
    req: Request,
    next: Next,
) -> Response {
    let mut hosts = req.headers().get_all(header::HOST).iter();
    let host = match (hosts.next(), hosts.next()) {
        (Some(h), None) => h.to_str().ok(),
        _ => None,
    };
    let target = req.uri().authority().map(|a| a.as_str());
    let ok = match (host, target) {
        (Some(h), Some(t)) => policy.allows(h) && policy.allows(t),
        (Some(h), None) => policy.allows(h),
        (None, _) => false,
    };
    if ok {
        return next.run(req).await;
    }
    let shown = host.map_or_else(|| "none".to_string(), |h| format!("`{h}`"));
    ApiError::new(
        StatusCode::FORBIDDEN,
        format!(
            "this server answers requests for its own address ({}) and the hosts it was \
             told to allow; this one's Host is {shown}",
            policy.listen
        ),
    )
    .into_response()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hosts_of_a_loopback_server() {
        let p = HostPolicy::new("127.0.0.1:8080".parse().unwrap(), &[]).unwrap();
        for ok in [
            "127.0.0.1:8080",
            "localhost:8080",
            "LocalHost:8080",
            "[::1]:8080",
        ] {
            assert!(p.allows(ok), "{ok}");
        }
        for bad in [
            "evil.example:8080",
            "localhost",
            "localhost:80",
            "127.0.0.1:8081",
            "127.0.0.1:",
            "127.0.0.1:+8080",
            "user@localhost:8080",
            "",
            "[::1]",
            "[zz]:8080",
        ] {
            assert!(!p.allows(bad), "{bad}");
        }
        let p = HostPolicy::new(
            "[::1]:80".parse().unwrap(),
            &["numpl.test".to_string(), "other.test:9".to_string()],
        )
        .unwrap();
        for ok in [
            "localhost",
            "[::1]",
            "numpl.test",
            "numpl.test:1234",
            "other.test:9",
        ] {
            assert!(p.allows(ok), "{ok}");
        }
        assert!(!p.allows("other.test:10"));
    }

    #[test]
    fn hosts_of_a_server_on_other_addresses() {
        assert!(HostPolicy::new("0.0.0.0:8080".parse().unwrap(), &[]).is_none());
        assert!(HostPolicy::new("192.0.2.1:8080".parse().unwrap(), &[]).is_none());
        let p = HostPolicy::new("192.0.2.1:8080".parse().unwrap(), &["a.test".into()]).unwrap();
        for ok in ["192.0.2.1:8080", "a.test", "localhost:8080"] {
            assert!(p.allows(ok), "{ok}");
        }
        assert!(!p.allows("b.test:8080"));
        assert!(is_host_name("numpl.example") && is_host_name("[::1]:80"));
        assert!(!is_host_name("http://x") && !is_host_name("a b") && !is_host_name(""));
    }
}
