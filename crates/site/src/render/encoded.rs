//! A response body held in memory in the encodings we serve, with the strong ETag of each.

use std::io::Write;
use std::sync::OnceLock;

use axum::body::Bytes;
use axum::http::HeaderValue;

/// Brotli quality for documents, compressed when first asked for: close to quality 9's size in
/// far less time, which keeps a document's first answer within a few milliseconds (measured:
/// `scripts/bench/README.md`, "Figures the code's choices rest on").
const DOCUMENT_BROTLI_QUALITY: u32 = 5;
/// Brotli quality for answers made once and then kept in a cache (supported-assets pages).
const CACHED_BROTLI_QUALITY: u32 = 4;
/// Brotli quality for bodies made for one request (error pages, search answers): a fraction of
/// quality 4's time for a few more bytes (measured on the 404 page: `scripts/bench/README.md`).
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
///
/// A document holds its brotli form alone: nearly every client asks for it, and it is a fifth of
/// the identity bytes. Its identity and gzip forms are derived from it the first time a client
/// asks for them, and kept.
#[derive(Debug, Clone)]
pub struct Encoded {
    brotli: Option<Bytes>,
    /// Held from the start, or decompressed from `brotli` on first use.
    identity: OnceLock<Bytes>,
    /// The length of the identity body; 0 when unknown (a file packed in brotli alone).
    identity_len: usize,
    /// Whether the body is offered in gzip (held, or compressed on first use).
    offers_gzip: bool,
    gzip: OnceLock<Bytes>,
    etags: Etags,
}

impl Encoded {
    /// Compresses `body` now in brotli at document quality and keeps that form alone; the
    /// others are derived when first asked for.
    pub fn compress(body: impl Into<Bytes>) -> Self {
        let identity: Bytes = body.into();
        let brotli = brotli_bytes(&identity, DOCUMENT_BROTLI_QUALITY);
        if brotli.len() >= identity.len() {
            return Self::from_parts(identity, None, None);
        }
        Self {
            etags: Etags::new(&etag_of(&identity)),
            identity_len: identity.len(),
            identity: OnceLock::new(),
            offers_gzip: true,
            gzip: OnceLock::new(),
            brotli: Some(brotli),
        }
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

    /// Uses compressed forms made at build time; the ETags are computed from the identity bytes.
    pub fn from_parts(identity: Bytes, gzip: Option<Bytes>, brotli: Option<Bytes>) -> Self {
        let etag = etag_of(&identity);
        Self::tagged(identity, gzip, brotli, etag)
    }

    /// Uses compressed forms made at build time and an identity ETag that names the body already
    /// (a content-hashed file's, made from its URL): none of the bytes is read.
    pub fn tagged(
        identity: Bytes,
        gzip: Option<Bytes>,
        brotli: Option<Bytes>,
        etag: HeaderValue,
    ) -> Self {
        let smaller = |body: Option<Bytes>| body.filter(|b| b.len() < identity.len());
        let gzip = smaller(gzip);
        Self {
            brotli: smaller(brotli),
            etags: Etags::new(&etag),
            identity_len: identity.len(),
            identity: OnceLock::from(identity),
            offers_gzip: gzip.is_some(),
            gzip: gzip.map(OnceLock::from).unwrap_or_default(),
        }
    }

    /// A content-hashed file `crates/site/build.rs` packed in brotli alone, with the identity ETag
    /// made from its URL: its identity and gzip forms are derived when a client first asks for
    /// them.
    pub fn brotli_alone(brotli: Bytes, etag: HeaderValue) -> Self {
        Self {
            brotli: Some(brotli),
            etags: Etags::new(&etag),
            identity_len: 0,
            identity: OnceLock::new(),
            offers_gzip: true,
            gzip: OnceLock::new(),
        }
    }

    /// The strong ETag of the body in `coding` (see [`Etags`]).
    pub fn etag(&self, coding: Coding) -> HeaderValue {
        self.etags.of(coding)
    }

    /// Bytes held in memory by the forms of the body made so far.
    pub fn held_bytes(&self) -> usize {
        [self.identity.get(), self.gzip.get(), self.brotli.as_ref()]
            .into_iter()
            .flatten()
            .map(Bytes::len)
            .sum()
    }

    /// The uncompressed body.
    pub fn identity(&self) -> &Bytes {
        self.identity.get_or_init(|| {
            let brotli = self
                .brotli
                .as_ref()
                .expect("a body without identity has brotli");
            let mut out = Vec::with_capacity(self.identity_len);
            brotli::BrotliDecompress(&mut &brotli[..], &mut out)
                .expect("our own brotli stream decompresses");
            Bytes::from(out.into_boxed_slice())
        })
    }

    /// The codings available for this body, best first.
    pub fn available(&self) -> impl Iterator<Item = Coding> + '_ {
        [
            (Coding::Brotli, self.brotli.is_some()),
            (Coding::Gzip, self.offers_gzip),
            (Coding::Identity, true),
        ]
        .into_iter()
        .filter_map(|(coding, present)| present.then_some(coding))
    }

    /// The body in one coding; identity when that coding is not available.
    pub fn body(&self, coding: Coding) -> Bytes {
        match coding {
            Coding::Brotli => self.brotli.clone(),
            Coding::Gzip if self.offers_gzip => Some(
                self.gzip
                    .get_or_init(|| gzip_bytes(self.identity()))
                    .clone(),
            ),
            Coding::Gzip | Coding::Identity => None,
        }
        .unwrap_or_else(|| self.identity().clone())
    }
}

/// The strong ETags of one body, one per content coding, in one shared buffer (cloned, and
/// each tag taken from it, by a reference count; nothing is formatted per request).
///
/// RFC 9110 §8.8.3 asks a strong validator to differ between representations whose bytes
/// differ, so each coding has its own: the identity body's tag, and that tag with `-br` or
/// `-gzip` before its closing quote for the brotli and gzip forms (as nginx's precompressed
/// files and Apache's mod_deflate tell their codings apart). The coded tags are derived from the
/// identity tag alone, so a tag made at build time, or read from a previous build's index
/// (`crates/site/src/previous/`), gives the same three tags in every process of every build.
#[derive(Debug, Clone)]
pub struct Etags {
    /// The identity tag, then the brotli form's, then the gzip form's.
    bytes: Bytes,
    /// The identity tag's length, quotes included.
    identity_len: usize,
}

impl Etags {
    /// The tags of a body whose identity form has the strong ETag `identity` (quoted).
    pub fn new(identity: &HeaderValue) -> Self {
        let identity = identity.as_bytes();
        let open = identity.strip_suffix(b"\"").unwrap_or(identity);
        let mut bytes = Vec::with_capacity(identity.len() * 3 + 8);
        bytes.extend_from_slice(identity);
        for suffix in [&b"-br\""[..], b"-gzip\""] {
            bytes.extend_from_slice(open);
            bytes.extend_from_slice(suffix);
        }
        Self {
            bytes: bytes.into(),
            identity_len: identity.len(),
        }
    }

    /// The tag of the body in `coding`.
    pub fn of(&self, coding: Coding) -> HeaderValue {
        // The brotli tag is 3 bytes longer than the identity tag (`-br`), the gzip tag 5.
        let len = self.identity_len;
        let range = match coding {
            Coding::Identity => 0..len,
            Coding::Brotli => len..2 * len + 3,
            Coding::Gzip => 2 * len + 3..3 * len + 8,
        };
        HeaderValue::from_maybe_shared(self.bytes.slice(range))
            .expect("a tag made from a header value is a header value")
    }
}

/// The strong ETag of a body: the first 128 bits of its BLAKE3 hash, in hex.
pub fn etag_of(identity: &[u8]) -> HeaderValue {
    let hash = blake3::hash(identity);
    HeaderValue::from_str(&format!("\"{}\"", &hash.to_hex()[..32])).expect("hex is a valid header")
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
        assert_eq!(encoded.identity(), text.as_bytes());
    }

    #[test]
    fn a_document_holds_brotli_until_another_form_is_asked_for() {
        let text = "<p>custody</p>".repeat(2_000);
        let encoded = Encoded::compress(text.clone());
        let brotli = encoded.body(Coding::Brotli).len();
        assert_eq!(encoded.held_bytes(), brotli, "brotli alone");
        assert_eq!(encoded.body(Coding::Identity), text.as_bytes());
        assert_eq!(encoded.held_bytes(), brotli + text.len());
        let gzip = encoded.body(Coding::Gzip);
        assert!(gzip.len() < text.len());
        assert_eq!(encoded.held_bytes(), brotli + text.len() + gzip.len());
        assert_eq!(
            encoded.etag(Coding::Identity),
            Encoded::from_parts(text.into(), None, None).etag(Coding::Identity)
        );
    }

    #[test]
    fn each_coding_has_its_own_strong_etag_derived_from_the_identity_tag() {
        let encoded = Encoded::compress("<p>custody</p>".repeat(100));
        let identity = encoded.etag(Coding::Identity);
        let hex = identity.to_str().unwrap().trim_matches('"').to_owned();
        assert_eq!(hex.len(), 32);
        assert_eq!(
            encoded.etag(Coding::Brotli),
            format!("\"{hex}-br\"").as_str()
        );
        assert_eq!(
            encoded.etag(Coding::Gzip),
            format!("\"{hex}-gzip\"").as_str()
        );
        let named = Etags::new(&HeaderValue::from_static("\"a\""));
        assert_eq!(named.of(Coding::Identity), "\"a\"");
        assert_eq!(named.of(Coding::Brotli), "\"a-br\"");
        assert_eq!(named.of(Coding::Gzip), "\"a-gzip\"");
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
