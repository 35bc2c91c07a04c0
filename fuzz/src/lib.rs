//! What the fuzz targets share: the embedded content and the site's page paths, loaded once per
//! process, and the invariants every target checks (a failed check aborts, so libFuzzer keeps
//! the input as a crash).

use std::collections::HashSet;
use std::sync::LazyLock;

use custody_content::schema::section_items::EntityId;
use custody_content::supported_asset_query::{
    MAX_FILTER_CHARS, PAGE_SIZES, SupportedAssetQuery, fold,
};
use custody_content::{Content, Lang, page_instances};
use custody_site::http::supported_asset_params;
use custody_site::resolver::{Resolution, Resolver};
use percent_encoding::{NON_ALPHANUMERIC, utf8_percent_encode};

/// The embedded content, as the server loads it.
pub static CONTENT: LazyLock<Content> = LazyLock::new(|| {
    custody_content::load::parse(&custody_site::embedded::content_files())
        .unwrap_or_else(|_| panic!("the embedded content is valid"))
});

/// Every page path of the site in both languages, as the server serves them.
pub static PAGES: LazyLock<HashSet<String>> = LazyLock::new(|| {
    let instances = page_instances(&CONTENT);
    Lang::ALL
        .into_iter()
        .flat_map(|lang| instances.iter().map(move |i| lang.localize(&i.path)))
        .collect()
});

/// The server's path resolver over those pages.
pub static RESOLVER: LazyLock<Resolver> =
    LazyLock::new(|| Resolver::new(&CONTENT, PAGES.iter().cloned()));

/// Resolves `path` and checks the outcome: a page is a page, a redirect leads in one step to a
/// page of this site (one leading `/`, no backslash), a 404 keeps the path's language.
pub fn check_resolution(path: &str) -> Resolution<'_> {
    let resolution = RESOLVER.resolve(path);
    match &resolution {
        Resolution::Page => assert!(PAGES.contains(path), "{path:?} is a page"),
        &Resolution::Redirect(target) => {
            assert!(
                target.starts_with('/') && !target.starts_with("//") && !target.contains('\\'),
                "{path:?} redirects off the site: {target:?}"
            );
            assert!(PAGES.contains(target), "{path:?} → {target:?}, not a page");
            assert_ne!(target, path, "{path:?} redirects to itself");
            assert_eq!(RESOLVER.resolve(target), Resolution::Page, "{target:?}");
        }
        Resolution::NotFound(missing) => {
            assert!(!PAGES.contains(path), "{path:?} is a page, answered 404");
            assert_eq!(
                missing.lang,
                Lang::split(path).0,
                "{path:?}: language of the 404"
            );
        }
    }
    resolution
}

/// A query string that asks for `query` again (filters as they were kept, encoded).
pub fn to_query(query: &SupportedAssetQuery) -> String {
    let encode = |text: &str| utf8_percent_encode(text, NON_ALPHANUMERIC).to_string();
    let entity = match query.entity {
        EntityId::Sg => "sg",
        EntityId::Hk => "hk",
    };
    format!(
        "entity={entity}&network={}&token={}&contract={}&warm={}&cold={}&defi={}&oasis={}&page={}&size={}",
        encode(&query.network),
        encode(&query.token),
        encode(&query.contract),
        query.warm.as_str(),
        query.cold.as_str(),
        query.defi.as_str(),
        query.oasis.as_str(),
        query.page,
        query.size,
    )
}

/// Parses `raw` as the supported-assets API does and checks the outcome: an accepted query is
/// in range, keeps its filters folded and reads back the same when written out again; a refused
/// one names 1 to 12 problems under names of at most 32 characters.
pub fn check_supported_asset_query(raw: &str) {
    for fallback in Lang::ALL {
        match supported_asset_params::parse(raw, fallback) {
            Ok((query, _)) => {
                assert!(PAGE_SIZES.contains(&query.size), "{raw:?}");
                assert!((1..=1_000_000).contains(&query.page), "{raw:?}");
                let filters = [&query.network, &query.token, &query.contract];
                for filter in filters {
                    assert_eq!(&fold(filter), filter, "{raw:?}: kept folded");
                    assert!(!filter.chars().any(char::is_control), "{raw:?}");
                }
                if filters
                    .iter()
                    .all(|f| f.chars().count() <= MAX_FILTER_CHARS)
                {
                    let again = supported_asset_params::parse(&to_query(&query), fallback);
                    assert_eq!(again.map(|(q, _)| q), Ok(query), "{raw:?}: round trip");
                }
            }
            Err(errors) => {
                assert!(
                    (1..=12).contains(&errors.fields.len()),
                    "{raw:?}: {} problems",
                    errors.fields.len()
                );
                for (name, message) in &errors.messages(&CONTENT) {
                    assert!(name.chars().count() <= 32, "{raw:?}: {name:?}");
                    assert!(!message.is_empty(), "{raw:?}");
                }
            }
        }
    }
}
