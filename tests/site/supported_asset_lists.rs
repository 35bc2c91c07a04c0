//! The supported-asset lists: the data keeps the site's "400+" claim, every address passes its
//! chain family's rules, and each kind of mistake fails with the file and line of the row.

use custody_content::schema::model::ChainFamily;
use custody_site::embedded::content_files;

use crate::common::{SITE, errors_after, replace};

/// The first row of the Singapore list on a chain of `family` that has a contract.
fn row_on(family: ChainFamily) -> (String, String) {
    let content = &SITE.content();
    content
        .supported_assets
        .sg
        .iter()
        .find_map(|row| {
            let chain = content.site.chain.iter().find(|c| c.id == row.network)?;
            let contract = row.contract.clone()?;
            (chain.family == family).then(|| (row.network.clone(), contract))
        })
        .unwrap_or_else(|| panic!("the Singapore list has a {family:?} token"))
}

/// The one-based line of the first row of `file` that contains `needle`.
fn line_of(file: &str, needle: &str) -> usize {
    let text = &content_files()[file];
    text[..text.find(needle).unwrap()].matches('\n').count() + 1
}

#[test]
fn the_supported_asset_claim_never_exceeds_the_data() {
    let content = &SITE.content();
    let claimed = content.site.figures.supported_assets as usize;
    assert!(
        content.supported_assets.sg.len() >= claimed,
        "the site claims {claimed}+ assets; the Singapore list has {}",
        content.supported_assets.sg.len()
    );
    assert!(content.supported_assets.hk.len() < content.supported_assets.sg.len());

    let more = content.supported_assets.sg.len() + 1;
    let errors = errors_after(|f| {
        replace(
            f,
            "site.toml",
            &format!("supported_assets = {claimed}"),
            &format!("supported_assets = {more}"),
        )
    });
    assert!(
        errors.iter().any(|e| e.starts_with("content/site.toml:")
            && e.contains(&format!("claims {more}+ assets"))),
        "{errors:?}"
    );
}

#[test]
fn an_evm_address_with_a_wrong_checksum_fails_with_its_line() {
    let (_, address) = row_on(ChainFamily::Evm);
    let lower = address.to_ascii_lowercase();
    assert_ne!(lower, address, "the stored address is checksummed");
    let line = line_of("assets/sg.toml", &address);
    let errors = errors_after(|f| replace(f, "assets/sg.toml", &address, &lower));
    assert!(
        errors.iter().any(
            |e| e.starts_with(&format!("content/assets/sg.toml:{line}:"))
                && e.contains("EIP-55")
                && e.contains(&address)
        ),
        "{errors:?}"
    );
}

#[test]
fn tron_and_solana_addresses_are_checked() {
    let (_, tron) = row_on(ChainFamily::Tron);
    let mut broken = tron.clone();
    let last = broken.pop().unwrap();
    broken.push(if last == 'a' { 'b' } else { 'a' });
    let errors = errors_after(|f| replace(f, "assets/sg.toml", &tron, &broken));
    assert!(
        errors.iter().any(|e| e.contains("base58check")),
        "{errors:?}"
    );

    let (_, solana) = row_on(ChainFamily::Solana);
    let errors = errors_after(|f| replace(f, "assets/sg.toml", &solana, &solana[..20]));
    assert!(
        errors.iter().any(|e| e.contains("32 bytes of base58")),
        "{errors:?}"
    );
}

#[test]
fn unknown_networks_and_duplicates_fail() {
    let (network, address) = row_on(ChainFamily::Evm);
    let errors = errors_after(|f| {
        let text = f.get_mut("assets/sg.toml").unwrap();
        let start = text.find(&address).unwrap();
        let line_start = text[..start].rfind('\n').unwrap() + 1;
        let line_end = start + text[start..].find('\n').unwrap() + 1;
        let row = text[line_start..line_end].to_owned();
        text.insert_str(line_end, &row);
        let renamed = row.replace(
            &format!("network = \"{network}\""),
            "network = \"ethereum-classic\"",
        );
        text.insert_str(line_end, &renamed);
    });
    assert!(
        errors.iter().any(|e| e.contains("listed twice")),
        "{errors:?}"
    );
    assert!(
        errors
            .iter()
            .any(|e| e.contains("unknown network `ethereum-classic`")),
        "{errors:?}"
    );
}
