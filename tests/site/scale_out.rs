//! Several instances behind a load balancer, as `docs/deployment.md` describes: nginx on
//! 127.0.0.1 in front of two instances of the release binary, each with its own applications
//! log, both delivering to one webhook receiver. Every page is the same whichever instance
//! answers, a client running another build is told to reload, and every application either
//! instance acknowledged reaches the receiver under its own `webhook-id`.

use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};
use std::process::Stdio;

use axum::body::{Body, Bytes};
use axum::http::{Request, StatusCode};
use custody_edge_test_support::webhook_receiver::{Receiver, SECRET};
use http_body_util::BodyExt;
use hyper_util::client::legacy::Client;
use hyper_util::client::legacy::connect::HttpConnector;
use hyper_util::rt::TokioExecutor;
use serde_json::{Value, json};

use crate::activation::bound;
use crate::common::{Running, SITE, Stderr, site_command};
use crate::contact::{records, valid};
use crate::nginx::{self, Nginx};

/// Applications sent through the load balancer.
const APPLICATIONS: usize = 120;

/// An instance of the release binary on a socket of its own, its log in `dir`, once it has
/// read its applications log back and is ready.
async fn start_instance(
    dir: &Path,
    name: &str,
    public_url: &str,
    webhook: &str,
) -> (Running, String, PathBuf) {
    let (listener, addr) = bound();
    let log = dir.join(format!("{name}.jsonl"));
    let mut child = site_command(&[("listen", &listener)], public_url)
        .env("CUSTODY_SITE_CONTACT_LOG", &log)
        .env("CUSTODY_SITE_CONTACT_RATE_LIMIT_PER_MINUTE", "0")
        .env("CUSTODY_SITE_CONTACT_CLIENT_IP_HEADER", "x-forwarded-for")
        .env("CUSTODY_SITE_CONTACT_WEBHOOK_URL", webhook)
        .env("CUSTODY_SITE_CONTACT_WEBHOOK_SECRET", SECRET)
        .env("RUST_LOG", "warn,custody_edge=info")
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the release binary starts");
    drop(listener);
    let stderr = Stderr::collect(&mut child);
    let instance = Running(child);
    stderr
        .wait_for("ready: site loaded, applications log read back", 1)
        .await;
    (instance, addr, log)
}

/// nginx on `listener`, balancing round robin over `upstreams`, with everything it writes in
/// `dir`.
fn start_nginx(dir: &Path, listener: &std::net::TcpListener, upstreams: &[String]) -> Nginx {
    let servers: String = upstreams
        .iter()
        .map(|addr| format!("        server {addr};\n"))
        .collect();
    let http = format!(
        "    upstream site {{
{servers}        keepalive 16;
    }}
    server {{
        listen {addr};
        client_max_body_size 64k;
        location / {{
            proxy_pass http://site;
            proxy_http_version 1.1;
            proxy_set_header Connection \"\";
            proxy_set_header Host $host;
            proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
            proxy_set_header X-Request-Id $request_id;
        }}
    }}
",
        addr = listener.local_addr().unwrap()
    );
    nginx::start(dir, listener, &http)
}

type HttpClient = Client<HttpConnector, Body>;

async fn fetch(client: &HttpClient, url: &str) -> (StatusCode, Bytes) {
    let response = client.get(url.parse().unwrap()).await.unwrap();
    let status = response.status();
    (
        status,
        response.into_body().collect().await.unwrap().to_bytes(),
    )
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "heavy tier: run alone by scripts/test.sh (cargo test -- --ignored --test-threads=1)"]
async fn two_instances_behind_nginx_serve_the_same_site_and_deliver_every_application_once() {
    let dir = tempfile::tempdir().unwrap();
    nginx::open_to_workers(dir.path());
    let (receiver, webhook) = Receiver::start().await;
    receiver.set_up(true);
    let (front, front_addr) = bound();
    let public = format!("http://{front_addr}");
    let (_a, a, log_a) = start_instance(dir.path(), "a", &public, &webhook).await;
    let (_b, b, log_b) = start_instance(dir.path(), "b", &public, &webhook).await;
    let _nginx = start_nginx(dir.path(), &front, &[a.clone(), b.clone()]);
    // Requests wait in the socket's queue until nginx, started, takes them.
    drop(front);
    let client: HttpClient = Client::builder(TokioExecutor::new()).build_http();

    // Every page, in both languages, is the same from either instance and through nginx.
    let mut paths: Vec<&String> = SITE.pages().paths().collect();
    paths.sort();
    for path in &paths {
        let (status_a, body_a) = fetch(&client, &format!("http://{a}{path}")).await;
        let (status_b, body_b) = fetch(&client, &format!("http://{b}{path}")).await;
        assert_eq!(
            (status_a, status_b),
            (StatusCode::OK, StatusCode::OK),
            "{path}"
        );
        assert!(body_a == body_b, "{path} differs between the instances");
        for _ in 0..2 {
            let (status, body) = fetch(&client, &format!("{public}{path}")).await;
            assert_eq!(status, StatusCode::OK, "{path} through nginx");
            assert!(body == body_a, "{path} through nginx differs");
        }
    }
    assert!(paths.len() > 150, "{} pages", paths.len());

    // A page running another build (an instance upgraded before the other) is told to load in
    // full; the current build navigates in place, whichever instance answers.
    let build = &SITE.build().build_id;
    for _ in 0..2 {
        let (stale, _) = fetch(
            &client,
            &format!("{public}/_app/data?path=/about&build=0123456789abcdef"),
        )
        .await;
        assert_eq!(stale, StatusCode::CONFLICT);
        let (current, _) = fetch(
            &client,
            &format!("{public}/_app/data?path=/about&build={build}"),
        )
        .await;
        assert_eq!(current, StatusCode::OK);
    }

    // Applications sent through nginx land in both logs and all reach the one receiver.
    let sends = (0..APPLICATIONS).map(|n| {
        let (client, public) = (client.clone(), public.clone());
        tokio::spawn(async move {
            let mut body = valid("en");
            body["company"] = json!(format!("Scale-out {n}"));
            let request = Request::post(format!("{public}/api/contact"))
                .header("content-type", "application/json")
                .header("origin", &public)
                .body(Body::from(body.to_string()))
                .unwrap();
            let response = client.request(request).await.unwrap();
            assert_eq!(response.status(), StatusCode::CREATED);
            let reply: Value =
                serde_json::from_slice(&response.into_body().collect().await.unwrap().to_bytes())
                    .unwrap();
            reply["id"].as_str().unwrap().to_owned()
        })
    });
    let mut acknowledged = HashSet::new();
    for send in sends.collect::<Vec<_>>() {
        acknowledged.insert(send.await.unwrap());
    }
    assert_eq!(acknowledged.len(), APPLICATIONS);
    let (stored_a, stored_b) = (records(&log_a).len(), records(&log_b).len());
    assert_eq!(stored_a + stored_b, APPLICATIONS);
    assert!(stored_a > 0 && stored_b > 0, "a: {stored_a}, b: {stored_b}");

    receiver
        .wait_for("every acknowledged application", |got| {
            let delivered: HashSet<&str> = got
                .iter()
                .filter(|r| r.accepted)
                .map(|r| r.id.as_str())
                .collect();
            delivered.len() == acknowledged.len()
                && acknowledged
                    .iter()
                    .all(|id| delivered.contains(id.as_str()))
        })
        .await;
    // A repeated delivery (allowed: a receiver deduplicates on webhook-id) carries the same
    // application.
    let mut bodies: HashMap<String, Bytes> = HashMap::new();
    for received in receiver.received() {
        let first = bodies
            .entry(received.id.clone())
            .or_insert(received.body.clone());
        assert_eq!(
            *first, received.body,
            "{} delivered with two bodies",
            received.id
        );
        let application: Value = serde_json::from_slice(&received.body).unwrap();
        assert!(
            application.to_string().contains("Scale-out"),
            "{application}"
        );
    }
}
