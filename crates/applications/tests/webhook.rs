//! Webhook delivery against a real receiver on 127.0.0.1 (a fake of the operator's system,
//! `custody_edge_test_support::webhook_receiver`), without the site: every application delivered
//! in order across outages and restarts of the worker, each signed as Standard Webhooks says, and
//! the receiver's `Retry-After` honoured. The release binary's deliveries (killed, rotated, over a
//! private PKI) are in `tests/site/webhook_binary.rs`.

use std::time::Duration;

use base64::Engine;
use base64::engine::general_purpose::STANDARD;
use custody_applications::secret::Secret;
use custody_applications::webhook::Webhook;
use custody_applications::{ContactConfig, ContactDesk, export};
use custody_edge_test_support::webhook_receiver::{Receiver, SECRET};
use hmac::{Hmac, Mac};
use serde_json::Value;
use sha2::Sha256;
use support::{draft, records};

mod support;

/// The signature a receiver computes with the Standard Webhooks recipe.
fn expected_signature(id: &str, timestamp: &str, body: &[u8]) -> String {
    let key = STANDARD
        .decode(SECRET.strip_prefix("whsec_").unwrap())
        .unwrap();
    let mut mac = Hmac::<Sha256>::new_from_slice(&key).unwrap();
    mac.update(format!("{id}.{timestamp}.").as_bytes());
    mac.update(body);
    format!("v1,{}", STANDARD.encode(mac.finalize().into_bytes()))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_application_is_delivered_in_order_across_outages_and_restarts() {
    let dir = tempfile::tempdir().unwrap();
    let (receiver, url) = Receiver::start().await;
    let config = ContactConfig {
        log: dir.path().join("applications.jsonl"),
        webhook_url: Some(url.parse().unwrap()),
        webhook_secret: Secret::new(SECRET),
        webhook_retry_initial_ms: 20,
        webhook_retry_max_secs: 1,
        ..ContactConfig::default()
    };
    let desk = ContactDesk::open(&config);
    let start_worker = || {
        let webhook = Webhook::from_config(&config, desk.store.appended())
            .unwrap()
            .expect("configured");
        let caught_up = webhook.caught_up();
        (tokio::spawn(webhook.run()), caught_up)
    };

    receiver.set_up(false);
    let (worker, mut caught_up) = start_worker();
    for n in 0..5 {
        let company = format!("Down {n}");
        desk.store
            .submit(draft(&company, "en"))
            .await
            .expect("stored");
    }
    receiver
        .wait_for("three failed attempts", |got| got.len() >= 3)
        .await;
    let attempts = receiver.received();
    assert!(
        attempts.iter().all(|a| a.id == attempts[0].id),
        "the first application is retried, with the same webhook-id"
    );
    let status = export::status(&config.log).unwrap();
    let last_error = status.delivery.last_error.unwrap_or_default();
    assert!(
        last_error.starts_with("the receiver answered 503"),
        "{last_error}"
    );
    assert_eq!(status.pending, 5);

    receiver.set_up(true);
    receiver
        .wait_for("five deliveries", |got| {
            got.iter().filter(|r| r.accepted).count() == 5
        })
        .await;
    // Stopped once it has saved its position after the fifth: a stop between a delivery and
    // that save would deliver the last one again (at least once, by design).
    tokio::time::timeout(
        Duration::from_secs(20),
        caught_up.wait_for(|delivered| *delivered == 5),
    )
    .await
    .expect("the worker saves its position")
    .unwrap();
    worker.abort();
    let _ = worker.await;

    for n in 0..2 {
        let company = format!("After restart {n}");
        desk.store
            .submit(draft(&company, "zh"))
            .await
            .expect("stored");
    }
    let (worker, mut caught_up) = start_worker();
    receiver
        .wait_for("seven deliveries", |got| {
            got.iter().filter(|r| r.accepted).count() == 7
        })
        .await;
    // The worker has gone through the whole log and saved its position: a second delivery of
    // any application would have come before this.
    tokio::time::timeout(Duration::from_secs(20), caught_up.changed())
        .await
        .expect("the worker catches up")
        .unwrap();
    worker.abort();

    let stored: Vec<String> = records(&config.log).into_iter().map(|r| r.id).collect();
    assert_eq!(
        receiver.accepted_ids(),
        stored,
        "each once, in log order, none after a restart twice"
    );
    for delivery in receiver.received() {
        assert_eq!(
            delivery.signature,
            expected_signature(&delivery.id, &delivery.timestamp, &delivery.body),
            "the signature verifies"
        );
        let event: Value = serde_json::from_slice(&delivery.body).unwrap();
        assert_eq!(event["type"], "contact.application.submitted");
        assert_eq!(event["data"]["id"], delivery.id.as_str());
        let age = jiff::Timestamp::now().as_second() - delivery.timestamp.parse::<i64>().unwrap();
        assert!((0..60).contains(&age));
    }
    let status = export::status(&config.log).unwrap();
    assert_eq!((status.delivered, status.pending), (7, 0));
    assert_eq!(status.delivery.last_error, None);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_receivers_retry_after_is_honoured() {
    let dir = tempfile::tempdir().unwrap();
    let (receiver, url) = Receiver::start().await;
    let config = ContactConfig {
        log: dir.path().join("applications.jsonl"),
        webhook_url: Some(url.parse().unwrap()),
        webhook_secret: Secret::new(SECRET),
        webhook_retry_initial_ms: 20,
        ..ContactConfig::default()
    };
    let desk = ContactDesk::open(&config);
    receiver.set_retry_after("1");
    let worker = tokio::spawn(
        Webhook::from_config(&config, desk.store.appended())
            .unwrap()
            .unwrap()
            .run(),
    );
    desk.store
        .submit(draft("Acme", "en"))
        .await
        .expect("stored");
    receiver.wait_for("a refusal", |got| !got.is_empty()).await;
    receiver.set_up(true);
    receiver
        .wait_for("the delivery", |got| got.iter().any(|r| r.accepted))
        .await;
    worker.abort();
    let got = receiver.received();
    assert_eq!(got.len(), 2, "one refusal, one delivery");
    let waited = got[1].at - got[0].at;
    assert!(
        waited >= Duration::from_millis(900),
        "waited {waited:?} as asked, not the 20 ms backoff"
    );
}
