//! One request over a new HTTP/2 connection (prior knowledge, as a proxy or a load balancer
//! speaks to the server), answered whole.

use http_body_util::{BodyExt, Empty};
use hyper_util::rt::{TokioExecutor, TokioIo};
use tokio::net::TcpStream;

/// A request over HTTP/2 (prior knowledge) to a running server: status, headers, body bytes.
pub async fn http2_request(
    addr: std::net::SocketAddr,
    method: &str,
    path: &str,
) -> (u16, axum::http::HeaderMap, Vec<u8>) {
    let stream = TcpStream::connect(addr).await.unwrap();
    let (mut sender, connection) =
        hyper::client::conn::http2::handshake(TokioExecutor::new(), TokioIo::new(stream))
            .await
            .unwrap();
    tokio::spawn(connection);
    let request = axum::http::Request::builder()
        .method(method)
        .uri(format!("http://{addr}{path}"))
        .header("accept-encoding", "br")
        .body(Empty::<axum::body::Bytes>::new())
        .unwrap();
    let response = sender.send_request(request).await.unwrap();
    let (parts, body) = response.into_parts();
    let body = body.collect().await.expect("a clean stream").to_bytes();
    (parts.status.as_u16(), parts.headers, body.to_vec())
}
