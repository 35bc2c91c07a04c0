//! Contract addresses checked by the rules of their chain family: EIP-55 checksums for EVM chains,
//! base58check for Tron, 32-byte base58 keys for Solana.

use sha2::{Digest, Sha256};
use sha3::Keccak256;

use crate::schema::model::ChainFamily;

/// Why an address is not valid on its chain, in words an editor understands; `None` when valid.
pub fn problem(family: ChainFamily, address: &str) -> Option<String> {
    match family {
        ChainFamily::Evm => evm_problem(address),
        ChainFamily::Tron => tron_problem(address),
        ChainFamily::Solana => solana_problem(address),
        ChainFamily::Utxo => {
            Some("a UTXO chain has no token contracts; leave `contract` out".into())
        }
        ChainFamily::Other
            if address.trim().is_empty() || address.contains(char::is_whitespace) =>
        {
            Some("a token identifier must not be empty or contain spaces".into())
        }
        ChainFamily::Other => None,
    }
}

/// The EIP-55 mixed-case form of a 20-byte hex address (`0x` + 40 hex digits).
pub fn eip55(address: &str) -> Option<String> {
    let hex = address.strip_prefix("0x")?;
    if hex.len() != 40 || !hex.chars().all(|c| c.is_ascii_hexdigit()) {
        return None;
    }
    let lower = hex.to_ascii_lowercase();
    let hash = Keccak256::digest(lower.as_bytes());
    let checksummed = lower
        .chars()
        .enumerate()
        .map(|(index, c)| {
            let nibble = (hash[index / 2] >> (if index % 2 == 0 { 4 } else { 0 })) & 0x0f;
            if c.is_ascii_alphabetic() && nibble >= 8 {
                c.to_ascii_uppercase()
            } else {
                c
            }
        })
        .collect::<String>();
    Some(format!("0x{checksummed}"))
}

fn evm_problem(address: &str) -> Option<String> {
    match eip55(address) {
        None => Some("an EVM address is 0x followed by 40 hexadecimal digits".into()),
        Some(expected) if expected != address => Some(format!(
            "the EIP-55 checksum does not match; the checksummed address is {expected}"
        )),
        Some(_) => None,
    }
}

fn tron_problem(address: &str) -> Option<String> {
    let Ok(bytes) = bs58::decode(address).into_vec() else {
        return Some("a Tron address is base58".into());
    };
    if bytes.len() != 25 || bytes[0] != 0x41 {
        return Some("a Tron address holds 21 bytes starting 0x41 and a 4-byte checksum".into());
    }
    let (payload, checksum) = bytes.split_at(21);
    let digest = Sha256::digest(Sha256::digest(payload));
    (checksum != &digest[..4]).then(|| "the base58check checksum does not match".into())
}

fn solana_problem(address: &str) -> Option<String> {
    match bs58::decode(address).into_vec() {
        Ok(bytes) if bytes.len() == 32 => None,
        Ok(bytes) => Some(format!(
            "a Solana address is 32 bytes of base58, not {}",
            bytes.len()
        )),
        Err(_) => Some("a Solana address is base58".into()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn accepts_checksummed_evm_addresses_only() {
        let usdt = "0xdAC17F958D2ee523a2206206994597C13D831ec7";
        assert_eq!(problem(ChainFamily::Evm, usdt), None);
        let lower = usdt.to_ascii_lowercase();
        assert!(problem(ChainFamily::Evm, &lower).unwrap().contains(usdt));
        assert!(problem(ChainFamily::Evm, "0x1234").is_some());
    }

    #[test]
    fn checks_tron_base58check() {
        let usdt = "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t";
        assert_eq!(problem(ChainFamily::Tron, usdt), None);
        let broken = "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u";
        assert!(
            problem(ChainFamily::Tron, broken)
                .unwrap()
                .contains("checksum")
        );
    }

    #[test]
    fn checks_solana_key_length() {
        let usdc = "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v";
        assert_eq!(problem(ChainFamily::Solana, usdc), None);
        assert!(problem(ChainFamily::Solana, "EPjFWdd5AufqSSqeM2qN1xzybapC8G4w").is_some());
        assert!(problem(ChainFamily::Solana, "0OIl").is_some());
    }

    #[test]
    fn utxo_chains_have_no_contracts() {
        assert!(problem(ChainFamily::Utxo, "anything").is_some());
    }
}
