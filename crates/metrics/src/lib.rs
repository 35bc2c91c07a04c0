//! Prometheus metrics of the process: requests by route and status with their latency, contact
//! applications stored, webhook deliveries, failures and the backlog, connections open, refused
//! and closed for HTTP/2 abuse, and the build. One registry for the process, which the edge,
//! the applications store and the site each update; the edge's metrics listener encodes it in
//! the text exposition format (`crates/edge/src/exposition.rs`).

use std::cell::RefCell;
use std::collections::HashSet;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{LazyLock, RwLock};
use std::time::Duration;

use prometheus_client::encoding::EncodeLabelSet;
use prometheus_client::metrics::counter::Counter;
use prometheus_client::metrics::family::Family;
use prometheus_client::metrics::gauge::Gauge;
use prometheus_client::metrics::histogram::Histogram;
use prometheus_client::registry::{Registry, Unit};
use rustc_hash::FxHashMap;

/// Upper bounds of the latency buckets, in seconds: from an answer out of memory (tens of
/// microseconds) to a contact application waiting for its fsync.
const LATENCY_BUCKETS: [f64; 14] = [
    0.000_05, 0.000_1, 0.000_25, 0.000_5, 0.001, 0.002_5, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5,
    1.0,
];

/// Labels of one request count.
#[derive(Debug, Clone, Hash, PartialEq, Eq, EncodeLabelSet)]
struct RequestLabels {
    route: &'static str,
    status: u16,
}

/// Labels of one latency histogram.
#[derive(Debug, Clone, Hash, PartialEq, Eq, EncodeLabelSet)]
struct RouteLabels {
    route: &'static str,
}

/// Labels of a count of closed HTTP/2 connections.
#[derive(Debug, Clone, Hash, PartialEq, Eq, EncodeLabelSet)]
struct AbuseLabels {
    reason: &'static str,
}

/// Labels of the build-information gauge.
#[derive(Debug, Clone, Hash, PartialEq, Eq, EncodeLabelSet)]
struct BuildLabels {
    version: String,
    build: String,
}

/// The label set of a series without labels that appears only once it has a value.
type NoLabels = [(&'static str, &'static str); 0];

type LatencyFamily = Family<RouteLabels, Histogram, fn() -> Histogram>;

/// Every metric of the process.
#[derive(Debug)]
pub struct Metrics {
    /// Tells this set of metrics from any other in the series each thread keeps at hand
    /// ([`REQUEST_SERIES`]).
    id: u64,
    registry: Registry,
    requests: Family<RequestLabels, Counter>,
    latency: LatencyFamily,
    build: Family<BuildLabels, Gauge>,
    /// Applications appended to the log since the process started.
    pub applications_stored: Counter,
    /// Applications in the live log (read back at start-up, counted as they are appended, 0
    /// after a rotation); set with the webhook backlog in `custody_applications::backlog`.
    pub log_applications: Gauge,
    /// Applications the webhook receiver accepted, over the log's whole life and across
    /// rotations (the delivery state's count).
    pub webhook_delivered: Gauge,
    /// Failed delivery attempts since the process started.
    pub webhook_failures: Counter,
    /// Connections open now (the site's listener).
    pub connections_open: Gauge,
    /// Connections turned away with `503` because `server.max_connections` were open.
    pub connections_refused: Counter,
    /// When the served TLS certificate expires, seconds since the Unix epoch (no series until
    /// a certificate is served).
    tls_certificate_expiry: Family<NoLabels, Gauge>,
    /// Failed attempts to obtain or renew a certificate over ACME since start-up.
    pub tls_renewal_failures: Counter,
    /// Certificate reloads (SIGHUP) refused since start-up, the old certificate kept.
    pub tls_reload_failures: Counter,
    /// Previous UI builds whose files are served.
    pub previous_builds: Gauge,
    /// Applications not yet delivered, archives being drained included (0 without a webhook).
    pub webhook_pending: Gauge,
    /// HTTP/2 connections closed for abusing the protocol, by reason.
    http2_abuse_closed: Family<AbuseLabels, Counter>,
}

static METRICS: LazyLock<Metrics> = LazyLock::new(Metrics::new);

/// The id the next [`Metrics`] gets.
static NEXT_ID: AtomicU64 = AtomicU64::new(0);

/// Which series one kind of answer updates: the [`Metrics`]' id, the route pattern's address and
/// length, and the status.
type SeriesKey = (u64, usize, usize, u16);

thread_local! {
    /// The request count and latency histogram of each kind of answer this thread has recorded,
    /// each a handle on the registry's own series. Finding them in the registry's families
    /// takes a lock and hashes the labels with a keyed hash; here it is one fast hash of a few
    /// integers on the thread's own table. Route patterns and statuses are finite sets, so the
    /// table is bounded.
    static REQUEST_SERIES: RefCell<FxHashMap<SeriesKey, (Counter, Histogram)>> =
        RefCell::new(FxHashMap::default());
}

/// The metrics of this process.
pub fn metrics() -> &'static Metrics {
    &METRICS
}

impl Metrics {
    fn new() -> Self {
        let id = NEXT_ID.fetch_add(1, Ordering::Relaxed);
        let mut registry = Registry::with_prefix("custody_site");
        let requests = Family::<RequestLabels, Counter>::default();
        registry.register(
            "http_requests",
            "HTTP requests answered, by route pattern and status",
            requests.clone(),
        );
        let latency: LatencyFamily =
            Family::new_with_constructor(|| Histogram::new(LATENCY_BUCKETS));
        registry.register_with_unit(
            "http_request_duration",
            "Time from the request's headers to its answer, by route pattern",
            Unit::Seconds,
            latency.clone(),
        );
        let build = Family::<BuildLabels, Gauge>::default();
        registry.register(
            "build_info",
            "The running version and UI build",
            build.clone(),
        );
        let applications_stored = Counter::default();
        registry.register(
            "contact_applications_stored",
            "Contact applications appended to the log and fsynced since start-up",
            applications_stored.clone(),
        );
        let log_applications = Gauge::default();
        registry.register(
            "contact_log_applications",
            "Contact applications in the live log (0 after a rotation)",
            log_applications.clone(),
        );
        let webhook_delivered = Gauge::default();
        registry.register(
            "webhook_delivered_applications",
            "Contact applications the webhook receiver accepted, over the log's life, rotations included",
            webhook_delivered.clone(),
        );
        let webhook_pending = Gauge::default();
        registry.register(
            "webhook_pending_applications",
            "Contact applications not yet delivered, archives included (0 without a webhook)",
            webhook_pending.clone(),
        );
        let webhook_failures = Counter::default();
        registry.register(
            "webhook_failures",
            "Failed webhook delivery attempts since start-up",
            webhook_failures.clone(),
        );
        let connections_open = Gauge::default();
        registry.register(
            "connections_open",
            "Client connections open now",
            connections_open.clone(),
        );
        let connections_refused = Counter::default();
        registry.register(
            "connections_refused",
            "Connections answered 503 and closed because server.max_connections were open",
            connections_refused.clone(),
        );
        let tls_certificate_expiry = Family::<NoLabels, Gauge>::default();
        registry.register_with_unit(
            "tls_certificate_expiry_timestamp",
            "When the TLS certificate served to new handshakes expires, seconds since the Unix epoch",
            Unit::Seconds,
            tls_certificate_expiry.clone(),
        );
        let tls_renewal_failures = Counter::default();
        registry.register(
            "tls_renewal_failures",
            "Failed attempts to obtain or renew the certificate over ACME since start-up",
            tls_renewal_failures.clone(),
        );
        let tls_reload_failures = Counter::default();
        registry.register(
            "tls_reload_failures",
            "Certificate file reloads (SIGHUP) refused since start-up; the certificate in service stayed",
            tls_reload_failures.clone(),
        );
        let previous_builds = Gauge::default();
        registry.register(
            "previous_builds",
            "Previous UI builds whose files are still served",
            previous_builds.clone(),
        );
        let http2_abuse_closed = Family::<AbuseLabels, Counter>::default();
        registry.register(
            "http2_abuse_closed",
            "HTTP/2 connections closed for abusing the protocol, by reason",
            http2_abuse_closed.clone(),
        );
        Self {
            id,
            registry,
            requests,
            tls_certificate_expiry,
            tls_renewal_failures,
            tls_reload_failures,
            connections_open,
            connections_refused,
            previous_builds,
            http2_abuse_closed,
            latency,
            build,
            applications_stored,
            log_applications,
            webhook_delivered,
            webhook_failures,
            webhook_pending,
        }
    }

    /// Counts one answered request of `route` (a route pattern, never text from the request).
    pub fn record_request(&self, route: &'static str, status: u16, elapsed: Duration) {
        let key = (self.id, route.as_ptr() as usize, route.len(), status);
        REQUEST_SERIES.with_borrow_mut(|series| {
            let (count, latency) = series.entry(key).or_insert_with(|| {
                (
                    self.requests
                        .get_or_create_owned(&RequestLabels { route, status }),
                    self.latency.get_or_create_owned(&RouteLabels { route }),
                )
            });
            count.inc();
            latency.observe(elapsed.as_secs_f64());
        });
    }

    /// Counts one HTTP/2 connection closed for `reason` (a fixed name, never text from a client).
    pub fn record_http2_abuse(&self, reason: &'static str) {
        self.http2_abuse_closed
            .get_or_create(&AbuseLabels { reason })
            .inc();
    }

    /// Records the running version and build.
    pub fn set_build(&self, version: &str, build: &str) {
        self.build
            .get_or_create(&BuildLabels {
                version: version.to_owned(),
                build: build.to_owned(),
            })
            .set(1);
    }

    /// Records when the certificate served to new handshakes expires.
    pub fn set_certificate_expiry(&self, not_after: i64) {
        self.tls_certificate_expiry
            .get_or_create(&[])
            .set(not_after);
    }

    /// The metrics in the Prometheus text exposition format.
    pub fn encode(&self) -> String {
        let mut text = String::new();
        prometheus_client::encoding::text::encode(&mut text, &self.registry)
            .expect("writing to a String cannot fail");
        text
    }
}

/// A count as a gauge's value (gauges are signed; a count never reaches `i64::MAX`).
pub fn gauge_value(count: u64) -> i64 {
    i64::try_from(count).unwrap_or(i64::MAX)
}

/// The one `'static` copy of a route pattern. Route patterns come from the route table and the
/// router's definitions, a small fixed set, so the copies are bounded: never pass request text.
pub fn intern(route: &str) -> &'static str {
    static ROUTES: LazyLock<RwLock<HashSet<&'static str>>> = LazyLock::new(Default::default);
    if let Some(known) = ROUTES.read().expect("not poisoned").get(route) {
        return known;
    }
    let mut routes = ROUTES.write().expect("not poisoned");
    if let Some(known) = routes.get(route) {
        return known;
    }
    let leaked: &'static str = Box::leak(route.into());
    routes.insert(leaked);
    leaked
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn requests_are_counted_by_route_and_status_with_their_latency() {
        let metrics = Metrics::new();
        metrics.record_request(intern("/faq/{id}"), 200, Duration::from_micros(30));
        metrics.record_request(intern("/faq/{id}"), 200, Duration::from_millis(3));
        metrics.record_request(intern("not-found"), 404, Duration::from_micros(80));
        metrics.set_build("1.2.3", "abc");
        metrics.record_http2_abuse("ping_flood");
        let text = metrics.encode();
        assert!(
            text.contains(r#"custody_site_http_requests_total{route="/faq/{id}",status="200"} 2"#),
            "{text}"
        );
        assert!(
            text.contains(r#"custody_site_http_requests_total{route="not-found",status="404"} 1"#)
        );
        assert!(text.contains(
            r#"custody_site_http_request_duration_seconds_bucket{le="0.0001",route="/faq/{id}"} 1"#
        ), "{text}");
        assert!(text.contains(r#"custody_site_build_info{version="1.2.3",build="abc"} 1"#));
        assert!(text.contains(r#"custody_site_http2_abuse_closed_total{reason="ping_flood"} 1"#));
    }

    #[test]
    fn route_patterns_are_copied_once() {
        let first = intern("/api/{scope}/search");
        let second = intern(&String::from("/api/{scope}/search"));
        assert!(std::ptr::eq(first, second));
    }
}
