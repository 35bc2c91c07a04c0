//! The ACME cache directory: the account's credentials for each directory URL, and the latest
//! certificate for each set of domains with its private key, kept private (directory 0700,
//! files 0600) and replaced whole.

use std::path::{Path, PathBuf};

use sha2::{Digest, Sha256};

use crate::private_files::{create_private_dir, write_atomically};

/// Where the account and certificates of one configuration are kept.
#[derive(Debug, Clone)]
pub struct Cache {
    dir: PathBuf,
    account_file: PathBuf,
    certificate_file: PathBuf,
}

impl Cache {
    /// The files in `dir` for the account at `directory` and a certificate of `domains`.
    pub fn new(dir: &Path, directory: &str, domains: &[String]) -> Self {
        let mut sorted: Vec<String> = domains.iter().map(|d| d.to_ascii_lowercase()).collect();
        sorted.sort();
        sorted.dedup();
        Self {
            dir: dir.to_path_buf(),
            account_file: dir.join(format!("account-{}.json", short_hash(directory))),
            certificate_file: dir
                .join(format!("certificate-{}.pem", short_hash(&sorted.join(",")))),
        }
    }

    /// The saved account credentials (JSON), if any.
    pub fn account(&self) -> Option<Vec<u8>> {
        std::fs::read(&self.account_file).ok()
    }

    /// Saves the account credentials.
    pub fn save_account(&self, json: &[u8]) -> std::io::Result<()> {
        create_private_dir(&self.dir)?;
        write_atomically(&self.account_file, json)
    }

    /// The saved certificate: its private key and chain in one PEM text, if any.
    pub fn certificate(&self) -> Option<Vec<u8>> {
        std::fs::read(&self.certificate_file).ok()
    }

    /// Saves a certificate: the private key, then the chain, as one PEM text.
    pub fn save_certificate(&self, key_pem: &str, chain_pem: &str) -> std::io::Result<()> {
        create_private_dir(&self.dir)?;
        let text = format!("{}\n{}", key_pem.trim_end(), chain_pem);
        write_atomically(&self.certificate_file, text.as_bytes())
    }

    /// The certificate file's path, for log lines.
    pub fn certificate_path(&self) -> &Path {
        &self.certificate_file
    }
}

fn short_hash(text: &str) -> String {
    let digest = Sha256::digest(text.as_bytes());
    digest[..8]
        .iter()
        .map(|byte| format!("{byte:02x}"))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_certificate_is_kept_per_set_of_domains_whatever_their_order() {
        let dir = Path::new("/var/lib/custody-site/acme");
        let one = Cache::new(
            dir,
            "https://ca.example/dir",
            &["b.example".into(), "A.example".into()],
        );
        let two = Cache::new(
            dir,
            "https://ca.example/dir",
            &["a.example".into(), "b.example".into()],
        );
        let other = Cache::new(dir, "https://ca.example/dir", &["a.example".into()]);
        assert_eq!(one.certificate_file, two.certificate_file);
        assert_ne!(one.certificate_file, other.certificate_file);
        let staging = Cache::new(dir, "https://staging.ca.example/dir", &["a.example".into()]);
        assert_ne!(other.account_file, staging.account_file);
    }
}
