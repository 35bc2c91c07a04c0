//! Per-client rate limit of applications: governor's GCRA limiter keyed by client address (an
//! IPv6 /64, since one subscriber usually holds a whole /64), a burst of the whole minute's
//! allowance refilled continuously.

use std::net::IpAddr;
use std::num::NonZeroU32;
use std::time::Duration;

use governor::clock::{Clock, DefaultClock};
use governor::{DefaultKeyedRateLimiter, Quota};

/// Clients kept before those back to a full allowance are forgotten.
const PRUNE_ABOVE: usize = 10_000;

/// The allowance of each client.
#[derive(Debug)]
pub struct RateLimiter {
    /// `None` when there is no limit.
    limiter: Option<DefaultKeyedRateLimiter<Client>>,
    clock: DefaultClock,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
enum Client {
    Known(u128),
    Unknown,
}

impl RateLimiter {
    /// A limit of `per_minute` applications per client, with bursts of as many; `0` allows all.
    pub fn new(per_minute: u32) -> Self {
        Self {
            limiter: NonZeroU32::new(per_minute)
                .map(|n| DefaultKeyedRateLimiter::keyed(Quota::per_minute(n))),
            clock: DefaultClock::default(),
        }
    }

    /// Takes one application from `client`'s allowance; `Err(wait)` when it has none left.
    pub fn check(&self, client: Option<IpAddr>) -> Result<(), Duration> {
        let Some(limiter) = &self.limiter else {
            return Ok(());
        };
        if limiter.len() > PRUNE_ABOVE {
            limiter.retain_recent();
        }
        limiter
            .check_key(&key(client))
            .map_err(|not_until| not_until.wait_time_from(self.clock.now()))
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
