//! A response body held in memory in every encoding we serve, with its strong ETag.

use std::io::Write;

use axum::body::Bytes;
use axum::http::HeaderValue;

/// Brotli quality for documents compressed at start-up. Measured on our documents: within 0.1%
/// of quality 9's size at a tenth of its time, which keeps start-up within its 200 ms budget.
const DOCUMENT_BROTLI_QUALITY: u32 = 5;
/// Brotli quality for answers made once and then kept in a cache (supported-assets pages).
const CACHED_BROTLI_QUALITY: u32 = 4;
/// Brotli quality for bodies made for one request (error pages, search answers): measured on
/// the 404 page, a third of quality 4's time for 17 % more bytes.
const PER_REQUEST_BROTLI_QUALITY: u32 = 1;
/// Bodies made per request shorter than this are sent as they are: compressing them would
/// save a few bytes and cost more than answering.
const MIN_COMPRESSED_BYTES: usize = 256;
/// Brotli window size (log2) used for every compressed body.
const BROTLI_WINDOW: u32 = 22;

/// A content coding the server can answer with.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Coding {
    /// `br`
    Brotli,
    /// `gzip`
    Gzip,
    /// No content coding.
    Identity,
}

impl Coding {
    /// The `Content-Encoding` value, if any.
    pub fn header(self) -> Option<HeaderValue> {
        match self {
            Coding::Brotli => Some(HeaderValue::from_static("br")),
            Coding::Gzip => Some(HeaderValue::from_static("gzip")),
            Coding::Identity => None,
        }
    }
}

/// One body in identity, gzip and brotli form (a compressed form only where it is smaller).
#[derive(Debug, Clone)]
pub struct Encoded {
    identity: Bytes,
    gzip: Option<Bytes>,
    brotli: Option<Bytes>,
    etag: HeaderValue,
}

impl Encoded {
    /// Compresses `body` now (brotli at document quality, gzip at level 9).
    pub fn compress(body: impl Into<Bytes>) -> Self {
        let identity: Bytes = body.into();
        let brotli = brotli_bytes(&identity, DOCUMENT_BROTLI_QUALITY);
        let gzip = gzip_bytes(&identity);
        Self::from_parts(identity, Some(gzip), Some(brotli))
    }

    /// Compresses `body` once for a cache of answers (brotli only, a middle quality).
    pub fn compress_for_cache(body: impl Into<Bytes>) -> Self {
        let identity: Bytes = body.into();
        let brotli = brotli_bytes(&identity, CACHED_BROTLI_QUALITY);
        Self::from_parts(identity, None, Some(brotli))
    }

    /// Compresses `body` as fast as brotli can, for bodies made for one request (error pages,
    /// search answers); tiny bodies stay uncompressed.
    pub fn compress_fast(body: impl Into<Bytes>) -> Self {
        let identity: Bytes = body.into();
        if identity.len() < MIN_COMPRESSED_BYTES {
            return Self::from_parts(identity, None, None);
        }
        let brotli = brotli_bytes(&identity, PER_REQUEST_BROTLI_QUALITY);
        Self::from_parts(identity, None, Some(brotli))
    }

    /// Uses compressed forms made at build time; the ETag is computed from the identity bytes.
    pub fn from_parts(identity: Bytes, gzip: Option<Bytes>, brotli: Option<Bytes>) -> Self {
        let hash = blake3::hash(&identity);
        let etag = HeaderValue::from_str(&format!("\"{}\"", &hash.to_hex()[..32]))
            .expect("hex is a valid header");
        let smaller = |body: Option<Bytes>| body.filter(|b| b.len() < identity.len());
        Self {
            gzip: smaller(gzip),
            brotli: smaller(brotli),
            identity,
            etag,
        }
    }

    /// The strong ETag of the identity body.
    pub fn etag(&self) -> &HeaderValue {
        &self.etag
    }

    /// Bytes held in memory by every coding of the body.
    pub fn held_bytes(&self) -> usize {
        self.identity.len()
            + self.gzip.as_ref().map_or(0, Bytes::len)
            + self.brotli.as_ref().map_or(0, Bytes::len)
    }

    /// The uncompressed body.
    pub fn identity(&self) -> &Bytes {
        &self.identity
    }

    /// The codings available for this body, best first.
    pub fn available(&self) -> impl Iterator<Item = Coding> + '_ {
        [
            (Coding::Brotli, self.brotli.is_some()),
            (Coding::Gzip, self.gzip.is_some()),
            (Coding::Identity, true),
        ]
        .into_iter()
        .filter_map(|(coding, present)| present.then_some(coding))
    }

    /// The body in one coding; identity when that coding is not available.
    pub fn body(&self, coding: Coding) -> Bytes {
        match coding {
            Coding::Brotli => self.brotli.clone(),
            Coding::Gzip => self.gzip.clone(),
            Coding::Identity => None,
        }
        .unwrap_or_else(|| self.identity.clone())
    }
}

fn brotli_bytes(input: &[u8], quality: u32) -> Bytes {
    let mut output = Vec::with_capacity(input.len() / 3);
    {
        let mut writer =
            brotli::CompressorWriter::new(&mut output, 16 * 1024, quality, BROTLI_WINDOW);
        writer
            .write_all(input)
            .expect("writing to memory cannot fail");
    }
    output.into()
}

fn gzip_bytes(input: &[u8]) -> Bytes {
    let mut encoder = flate2::write::GzEncoder::new(
        Vec::with_capacity(input.len() / 3),
        flate2::Compression::default(),
    );
    encoder
        .write_all(input)
        .expect("writing to memory cannot fail");
    encoder
        .finish()
        .expect("writing to memory cannot fail")
        .into()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn compressed_forms_round_trip() {
        let text = "custody ".repeat(500);
        let encoded = Encoded::compress(text.clone());
        let mut brotli_out = Vec::new();
        brotli::BrotliDecompress(&mut &encoded.body(Coding::Brotli)[..], &mut brotli_out).unwrap();
        assert_eq!(brotli_out, text.as_bytes());
        let mut gzip_out = String::new();
        std::io::Read::read_to_string(
            &mut flate2::read::GzDecoder::new(&encoded.body(Coding::Gzip)[..]),
            &mut gzip_out,
        )
        .unwrap();
        assert_eq!(gzip_out, text);
        assert_eq!(
            encoded.available().collect::<Vec<_>>(),
            [Coding::Brotli, Coding::Gzip, Coding::Identity]
        );
    }

    #[test]
    fn tiny_bodies_are_served_as_they_are() {
        let encoded = Encoded::compress("ok");
        assert_eq!(encoded.available().collect::<Vec<_>>(), [Coding::Identity]);
        let answer = Encoded::compress_fast(r#"{"redirect":"/zh/services"}"#);
        assert_eq!(answer.available().collect::<Vec<_>>(), [Coding::Identity]);
    }

    #[test]
    fn per_request_bodies_round_trip_whatever_their_size() {
        for size in [300, 1_000, 5_000, 70_000, 3_000_000] {
            let text: String = (0..size)
                .map(|i| char::from(b'a' + (i * 7 % 26) as u8))
                .collect();
            let encoded = Encoded::compress_fast(text.clone());
            let mut out = Vec::new();
            brotli::BrotliDecompress(&mut &encoded.body(Coding::Brotli)[..], &mut out).unwrap();
            assert_eq!(out, text.as_bytes(), "{size} bytes");
        }
    }
}
