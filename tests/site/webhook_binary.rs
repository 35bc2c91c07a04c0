//! Webhook delivery by the release binary: killed with SIGKILL under load it loses no
//! acknowledged application; rotations of the log and a restart while deliveries wait deliver
//! each application once, in order; a receiver on a private PKI is trusted only with its CA.

use std::collections::HashSet;
use std::process::Command;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::body::Body;
use axum::http::{Request, StatusCode};
use base64::Engine;
use base64::engine::general_purpose::STANDARD;
use custody_edge_test_support::webhook_receiver::{Receiver, SECRET};
use hyper_util::client::legacy::Client;
use hyper_util::client::legacy::connect::HttpConnector;
use hyper_util::rt::TokioExecutor;
use rustls::pki_types::pem::PemObject;
use rustls::pki_types::{CertificateDer, PrivateKeyDer};
use serde_json::{Value, json};
use tokio::sync::Notify;

use crate::activation::bound;
use crate::common::Served;
use crate::contact::valid;
use crate::contact_store::cli;
use crate::test_ca::TestCa;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "heavy tier: run alone by scripts/test.sh (cargo test -- --ignored --test-threads=1)"]
async fn sigkill_under_load_loses_no_acknowledged_application() {
    let dir = tempfile::tempdir().unwrap();
    let log = dir.path().join("applications.jsonl");
    let mut site = Served::start(&[
        ("CUSTODY_SITE_CONTACT_LOG", log.to_str().unwrap()),
        ("CUSTODY_SITE_CONTACT_RATE_LIMIT_PER_MINUTE", "0"),
    ])
    .await;
    let origin = site.origin.clone();
    let client: Client<_, Body> = Client::builder(TokioExecutor::new()).build_http();
    let acknowledged = Arc::new(Mutex::new(Vec::new()));
    // Rings after every acknowledgement (a permit is kept, so none is missed between checks).
    let another = Arc::new(Notify::new());
    let clients: Vec<_> = (0..50)
        .map(|n| {
            let (client, origin, acknowledged, another) = (
                client.clone(),
                origin.clone(),
                acknowledged.clone(),
                another.clone(),
            );
            tokio::spawn(async move {
                loop {
                    let mut body = valid("en");
                    body["company"] = json!(format!("Load {n}"));
                    let request = Request::post(format!("{origin}/api/contact"))
                        .header("content-type", "application/json")
                        .header("origin", &origin)
                        .body(Body::from(body.to_string()))
                        .unwrap();
                    let Ok(response) = client.request(request).await else {
                        return;
                    };
                    if response.status() != StatusCode::CREATED {
                        return;
                    }
                    let bytes = http_body_util::BodyExt::collect(response.into_body())
                        .await
                        .map(|body| body.to_bytes());
                    let Ok(bytes) = bytes else { return };
                    let reply: Value = serde_json::from_slice(&bytes).unwrap();
                    acknowledged
                        .lock()
                        .unwrap()
                        .push(reply["id"].as_str().unwrap().to_owned());
                    another.notify_one();
                }
            })
        })
        .collect();
    let deadline = tokio::time::Instant::now() + Duration::from_secs(30);
    while acknowledged.lock().unwrap().len() < 300 {
        tokio::time::timeout_at(deadline, another.notified())
            .await
            .expect("300 applications were accepted");
    }
    site.signal("KILL");
    site.process.0.wait().unwrap();
    for task in clients {
        let _ = task.await;
    }
    let acknowledged: HashSet<String> = acknowledged.lock().unwrap().iter().cloned().collect();
    let text = std::fs::read_to_string(&log).unwrap();
    let stored: HashSet<String> = text
        .lines()
        .filter_map(|line| serde_json::from_str::<Value>(line).ok())
        .map(|record| record["id"].as_str().unwrap().to_owned())
        .collect();
    let lost: Vec<&String> = acknowledged.difference(&stored).collect();
    assert!(
        lost.is_empty(),
        "{} acknowledged applications lost: {lost:?}",
        lost.len()
    );
    assert!(acknowledged.len() >= 300);

    let status = cli(
        &["submissions", "status"],
        ("CUSTODY_SITE_CONTACT_LOG", log.to_str().unwrap()),
    );
    assert!(
        status.contains(&format!("stored:     {}", stored.len())),
        "{status}"
    );
}

/// The environment of the binary for a webhook at `url`, with quick retries.
fn webhook_env<'a>(log: &'a str, url: &'a str) -> Vec<(&'a str, &'a str)> {
    vec![
        ("CUSTODY_SITE_CONTACT_LOG", log),
        ("CUSTODY_SITE_CONTACT_RATE_LIMIT_PER_MINUTE", "0"),
        ("CUSTODY_SITE_CONTACT_WEBHOOK_URL", url),
        ("CUSTODY_SITE_CONTACT_WEBHOOK_SECRET", SECRET),
        ("CUSTODY_SITE_CONTACT_WEBHOOK_RETRY_INITIAL_MS", "20"),
        ("CUSTODY_SITE_CONTACT_WEBHOOK_RETRY_MAX_SECS", "1"),
    ]
}

/// Sends an application for `company` to the binary at `origin`, with `Idempotency-Key: key`
/// when given; returns the `201` answer's JSON.
async fn apply(
    client: &Client<HttpConnector, Body>,
    origin: &str,
    company: &str,
    key: Option<&str>,
) -> Value {
    let mut body = valid("en");
    body["company"] = json!(company);
    let mut request = Request::post(format!("{origin}/api/contact"))
        .header("content-type", "application/json")
        .header("origin", origin);
    if let Some(key) = key {
        request = request.header("idempotency-key", key);
    }
    let response = client
        .request(request.body(Body::from(body.to_string())).unwrap())
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::CREATED, "{company}");
    let bytes = http_body_util::BodyExt::collect(response.into_body())
        .await
        .unwrap()
        .to_bytes();
    serde_json::from_slice(&bytes).unwrap()
}

/// Sends `count` applications numbered after `label`; returns their ids.
async fn apply_several(
    client: &Client<HttpConnector, Body>,
    origin: &str,
    label: &str,
    count: usize,
) -> Vec<String> {
    let mut ids = Vec::new();
    for n in 0..count {
        ids.push(id_of(
            &apply(client, origin, &format!("{label} {n}"), None).await,
        ));
    }
    ids
}

/// The id in an answer to an application.
fn id_of(reply: &Value) -> String {
    reply["id"].as_str().unwrap().to_owned()
}

/// The id and time of receipt in an answer to an application.
fn receipt(reply: &Value) -> (Value, Value) {
    (reply["id"].clone(), reply["receivedAt"].clone())
}

/// The text of `GET /metrics` at `addr`.
async fn scrape(client: &Client<HttpConnector, Body>, addr: &str) -> String {
    let response = client
        .get(format!("http://{addr}/metrics").parse().unwrap())
        .await
        .unwrap();
    let bytes = http_body_util::BodyExt::collect(response.into_body())
        .await
        .unwrap()
        .to_bytes();
    String::from_utf8(bytes.to_vec()).unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn rotations_and_a_restart_while_deliveries_wait_deliver_each_application_once_in_order() {
    const ROTATED: &str = "rotated the contact applications log";
    let dir = tempfile::tempdir().unwrap();
    let log = dir.path().join("applications.jsonl");
    let log_text = log.display().to_string();
    let (receiver, url) = Receiver::start().await;
    receiver.set_up(false);
    let url = url.replacen("http://", "http://hook-user:hook%20pass@", 1);
    // Kept by the test and handed to both processes, as a socket unit would.
    let (metrics, metrics_addr) = bound();
    let others = [("metrics", &metrics)];
    let env = webhook_env(&log_text, &url);
    let client: Client<_, Body> = Client::builder(TokioExecutor::new()).build_http();
    let mut sent = Vec::new();

    let site = Served::start_with(&env, &others).await;
    let first = apply(&client, &site.origin, "Keyed", Some("retry-me")).await;
    sent.push(id_of(&first));
    sent.extend(apply_several(&client, &site.origin, "Before the first rotation", 2).await);
    receiver
        .wait_for("a refused delivery", |got| !got.is_empty())
        .await;
    site.signal("USR1");
    site.stderr.wait_for(ROTATED, 1).await;
    let replayed = apply(&client, &site.origin, "Keyed again", Some("retry-me")).await;
    assert_eq!(receipt(&replayed), receipt(&first), "after a rotation");
    sent.extend(apply_several(&client, &site.origin, "Between rotations", 2).await);
    site.signal("USR1");
    site.stderr.wait_for(ROTATED, 2).await;
    sent.extend(apply_several(&client, &site.origin, "Before the restart", 2).await);
    site.stop();

    let site = Served::start_with(&env, &others).await;
    let replayed = apply(
        &client,
        &site.origin,
        "Keyed after restart",
        Some("retry-me"),
    )
    .await;
    assert_eq!(
        receipt(&replayed),
        receipt(&first),
        "after rotations and a restart"
    );
    sent.extend(apply_several(&client, &site.origin, "After the restart", 2).await);
    site.signal("USR1");
    site.stderr.wait_for(ROTATED, 1).await;
    sent.push(id_of(&apply(&client, &site.origin, "Last", None).await));
    let total = sent.len();
    assert_eq!(total, 10);

    let log_env = ("CUSTODY_SITE_CONTACT_LOG", log_text.as_str());
    let status = cli(&["submissions", "status"], log_env);
    for line in [
        "stored:     1\n".to_owned(),
        format!("archives:   3 beside the log, {} applications\n", total - 1),
        format!("pending:    {total}\n"),
        "delivered:  0\n".to_owned(),
    ] {
        assert!(status.contains(&line), "{line:?} in:\n{status}");
    }
    let metrics = scrape(&client, &metrics_addr).await;
    for line in [
        "custody_site_contact_log_applications 1\n".to_owned(),
        format!("custody_site_webhook_pending_applications {total}\n"),
    ] {
        assert!(metrics.contains(&line), "{line:?} in:\n{metrics}");
    }

    receiver.set_up(true);
    receiver
        .wait_for("every delivery", |got| {
            got.iter().filter(|r| r.accepted).count() >= total
        })
        .await;
    // Written once the delivery state has reached the end of the log.
    site.stderr.wait_for("webhook backlog delivered", 1).await;
    assert_eq!(receiver.accepted_ids(), sent, "each once, in order");
    let basic = format!("Basic {}", STANDARD.encode("hook-user:hook pass"));
    assert!(
        receiver.received().iter().all(|r| r.authorization == basic),
        "the URL's credentials as Basic authentication"
    );
    assert!(
        !site.stderr.text().contains("hook pass") && !site.stderr.text().contains("hook%20pass")
    );
    let status = cli(&["submissions", "status"], log_env);
    assert!(
        status.contains(&format!("delivered:  {total}\n")),
        "{status}"
    );
    let metrics = scrape(&client, &metrics_addr).await;
    assert!(
        metrics.contains("custody_site_webhook_pending_applications 0\n")
            && metrics.contains(&format!(
                "custody_site_webhook_delivered_applications {total}\n"
            )),
        "{metrics}"
    );

    site.stop();
}

/// The HTTPS configuration of a receiver with the certificate `site` a test CA issued in `dir`.
fn receiver_tls(dir: &std::path::Path) -> rustls::ServerConfig {
    let chain = CertificateDer::pem_file_iter(dir.join("site.pem"))
        .unwrap()
        .collect::<Result<Vec<_>, _>>()
        .unwrap();
    let key = PrivateKeyDer::from_pem_file(dir.join("site.key")).unwrap();
    rustls::ServerConfig::builder_with_provider(Arc::new(rustls::crypto::ring::default_provider()))
        .with_safe_default_protocol_versions()
        .unwrap()
        .with_no_client_auth()
        .with_single_cert(chain, key)
        .unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_receiver_on_a_private_pki_is_trusted_only_with_its_ca() {
    let dir = tempfile::tempdir().unwrap();
    let test_ca = TestCa::new();
    test_ca.issue_local(dir.path(), "site");
    let ca = test_ca.write(dir.path());
    let (receiver, url) = Receiver::start_tls(receiver_tls(dir.path())).await;
    let log = dir.path().join("applications.jsonl").display().to_string();
    let env = webhook_env(&log, &url);
    let client: Client<_, Body> = Client::builder(TokioExecutor::new()).build_http();

    let site = Served::start(&env).await;
    let id = apply(&client, &site.origin, "Private PKI", None).await["id"]
        .as_str()
        .unwrap()
        .to_owned();
    site.stderr.wait_for("webhook delivery failed", 2).await;
    let refused = site.stderr.text();
    assert!(refused.contains("UnknownIssuer"), "{refused}");
    assert!(receiver.received().is_empty(), "no request got through");
    site.stop();

    let ca_text = ca.display().to_string();
    let mut env = env.clone();
    env.push(("CUSTODY_SITE_CONTACT_WEBHOOK_CA", &ca_text));
    let site = Served::start(&env).await;
    receiver
        .wait_for("the delivery", |got| got.iter().any(|r| r.accepted))
        .await;
    assert_eq!(receiver.accepted_ids(), [id]);
    site.stop();

    let key = dir.path().join("site.key").display().to_string();
    let missing = dir.path().join("missing.pem").display().to_string();
    for (bundle, problem) in [
        (&missing, "cannot read"),
        (&key, "holds no PEM certificate"),
    ] {
        let check = Command::new(env!("CARGO_BIN_EXE_custody-site"))
            .arg("check")
            .env_remove("CUSTODY_SITE_CONFIG")
            .envs(webhook_env(&log, &url))
            .env("CUSTODY_SITE_CONTACT_WEBHOOK_CA", bundle)
            .output()
            .unwrap();
        assert!(!check.status.success());
        let stderr = String::from_utf8_lossy(&check.stderr);
        assert!(
            stderr.contains("contact.webhook_ca") && stderr.contains(problem),
            "{stderr}"
        );
    }
}
