//! Files packed by `crates/site/build.rs`: their bytes one after the other in one block, and an
//! index of where each lies, read without touching the bytes.

use std::collections::HashMap;
use std::io::Read;

use anyhow::Context;

/// A pack built into the binary, by key.
#[derive(Debug)]
pub struct Pack {
    index: HashMap<String, (usize, usize)>,
    bytes: &'static [u8],
}

impl Pack {
    /// The pack of `bytes` with `index` (`[[key, offset, length], …]`, JSON) naming what it
    /// holds (`what`, for errors).
    pub fn new(what: &str, index: &str, bytes: &'static [u8]) -> anyhow::Result<Self> {
        let entries: Vec<(String, usize, usize)> =
            serde_json::from_str(index).with_context(|| format!("the index of the {what}"))?;
        let index = entries
            .into_iter()
            .map(|(key, offset, length)| {
                anyhow::ensure!(
                    offset
                        .checked_add(length)
                        .is_some_and(|end| end <= bytes.len()),
                    "{key} lies outside the {what}"
                );
                Ok((key, (offset, length)))
            })
            .collect::<anyhow::Result<_>>()?;
        Ok(Self { index, bytes })
    }

    /// The bytes of `key`.
    pub fn get(&self, key: &str) -> Option<&'static [u8]> {
        let (offset, length) = *self.index.get(key)?;
        Some(&self.bytes[offset..offset + length])
    }

    /// Every key with its bytes.
    pub fn entries(&self) -> impl Iterator<Item = (&str, &'static [u8])> + '_ {
        let bytes = self.bytes;
        self.index
            .iter()
            .map(move |(key, &(offset, length))| (key.as_str(), &bytes[offset..offset + length]))
    }
}

/// The bytes of one brotli stream that `crates/site/build.rs` wrote; an error when it is not one.
pub fn unpacked(packed: &[u8]) -> std::io::Result<Vec<u8>> {
    let mut bytes = Vec::new();
    brotli::Decompressor::new(packed, 16 * 1024).read_to_end(&mut bytes)?;
    Ok(bytes)
}

/// The text of one brotli stream that `crates/site/build.rs` packed (a content file, a prerendered
/// body).
pub fn unpacked_text(packed: &[u8]) -> String {
    let bytes = unpacked(packed).expect("crates/site/build.rs packs valid brotli streams");
    String::from_utf8(bytes).expect("crates/site/build.rs packs UTF-8")
}

#[cfg(test)]
mod tests {
    use super::*;

    static BYTES: &[u8] = b"onetwo";

    #[test]
    fn entries_are_found_by_key() {
        let pack = Pack::new("test pack", r#"[["a",0,3],["b",3,3]]"#, BYTES).unwrap();
        assert_eq!(pack.get("a"), Some(&b"one"[..]));
        assert_eq!(pack.get("b"), Some(&b"two"[..]));
        assert_eq!(pack.get("c"), None);
        let mut all: Vec<_> = pack.entries().collect();
        all.sort();
        assert_eq!(all, [("a", &b"one"[..]), ("b", &b"two"[..])]);
    }

    #[test]
    fn an_entry_outside_the_bytes_is_refused() {
        let error = Pack::new("test pack", r#"[["a",4,3]]"#, BYTES).unwrap_err();
        assert_eq!(error.to_string(), "a lies outside the test pack");
    }
}
