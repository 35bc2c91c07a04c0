//! Per-client rate limit of applications: a token bucket per address (an IPv6 /64, since one
//! subscriber usually holds a whole /64), refilled continuously.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// Buckets kept before full ones are dropped.
const PRUNE_ABOVE: usize = 10_000;

/// Token buckets by client.
#[derive(Debug)]
pub struct RateLimiter {
    per_minute: u32,
    buckets: Mutex<HashMap<Client, Bucket>>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
enum Client {
    Known(u128),
    Unknown,
}

#[derive(Debug, Clone, Copy)]
struct Bucket {
    tokens: f64,
    updated: Instant,
}

impl RateLimiter {
    /// A limit of `per_minute` applications per client, with bursts of as many; `0` allows all.
    pub fn new(per_minute: u32) -> Self {
        Self {
            per_minute,
            buckets: Mutex::new(HashMap::new()),
        }
    }

    /// Takes one token for `client`; `Err(wait)` when its bucket is empty.
    pub fn check(&self, client: Option<IpAddr>) -> Result<(), Duration> {
        if self.per_minute == 0 {
            return Ok(());
        }
        let capacity = f64::from(self.per_minute);
        let per_second = capacity / 60.0;
        let now = Instant::now();
        let mut buckets = self.buckets.lock().unwrap_or_else(|e| e.into_inner());
        if buckets.len() > PRUNE_ABOVE {
            buckets.retain(|_, bucket| {
                bucket.tokens + now.duration_since(bucket.updated).as_secs_f64() * per_second
                    < capacity
            });
        }
        let bucket = buckets.entry(key(client)).or_insert(Bucket {
            tokens: capacity,
            updated: now,
        });
        let refilled = now.duration_since(bucket.updated).as_secs_f64() * per_second;
        bucket.tokens = (bucket.tokens + refilled).min(capacity);
        bucket.updated = now;
        if bucket.tokens >= 1.0 {
            bucket.tokens -= 1.0;
            Ok(())
        } else {
            Err(Duration::from_secs_f64((1.0 - bucket.tokens) / per_second))
        }
    }
}

fn key(client: Option<IpAddr>) -> Client {
    match client {
        Some(IpAddr::V4(v4)) => Client::Known(u128::from(v4.to_bits())),
        Some(IpAddr::V6(v6)) => match v6.to_ipv4_mapped() {
            Some(v4) => Client::Known(u128::from(v4.to_bits())),
            None => Client::Known(v6.to_bits() & !u128::from(u64::MAX)),
        },
        None => Client::Unknown,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn allows_a_burst_then_asks_to_wait() {
        let limiter = RateLimiter::new(3);
        let ip: IpAddr = "203.0.113.7".parse().unwrap();
        for _ in 0..3 {
            assert!(limiter.check(Some(ip)).is_ok());
        }
        let wait = limiter.check(Some(ip)).unwrap_err();
        assert!(
            wait > Duration::from_secs(15) && wait <= Duration::from_secs(20),
            "{wait:?}"
        );
        assert!(limiter.check(Some("203.0.113.8".parse().unwrap())).is_ok());
    }

    #[test]
    fn one_ipv6_subscriber_prefix_shares_a_bucket() {
        let limiter = RateLimiter::new(1);
        assert!(
            limiter
                .check(Some("2001:db8:1:2::1".parse().unwrap()))
                .is_ok()
        );
        assert!(
            limiter
                .check(Some("2001:db8:1:2::ffff".parse().unwrap()))
                .is_err()
        );
        assert!(
            limiter
                .check(Some("2001:db8:1:3::1".parse().unwrap()))
                .is_ok()
        );
    }

    #[test]
    fn zero_disables_the_limit() {
        let limiter = RateLimiter::new(0);
        assert!((0..1000).all(|_| limiter.check(None).is_ok()));
    }
}
