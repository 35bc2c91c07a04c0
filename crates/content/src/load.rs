//! Parsing `content/` from a set of files (read from disk by `crates/site/build.rs`, embedded in
//! the binary for the server) into the typed model, collecting every error instead of stopping at
//! the first.

use std::collections::BTreeMap;

use serde::Deserialize;
use serde::de::DeserializeOwned;

use crate::schema::api_copy::{ApiCopy, RUNTIME_VALUES};
use crate::schema::channels::Channels;
use crate::schema::commitments::Commitments;
use crate::schema::contact::ContactCopy;
use crate::schema::developers::Developers;
use crate::schema::documents::{Announcements, Faq, LongDocument};
use crate::schema::entities::LocalEntity;
use crate::schema::fees::{FeeSchedules, LocalFees};
use crate::schema::glossary::Glossary;
use crate::schema::holdings::Holdings;
use crate::schema::insurance::Insurance;
use crate::schema::jurisdictions::Jurisdictions;
use crate::schema::marketing::MarketingPage;
use crate::schema::model::{
    Content, LocalSiteFacts, LocaleContent, PageMeta, RedirectTable, RouteTable, SiteFacts,
};
use crate::schema::offerings::Offerings;
use crate::schema::operations::Operations;
use crate::schema::signing::Signing;
use crate::schema::supported_assets::{SupportedAssetList, SupportedAssetLists};
use crate::source::files::{ContentFiles, MARKETING_DIR, unexpected_files};
use crate::tokens::copy::{CopyTokens, Sources};
use crate::validate::{self, parity};
use crate::{ContentError, Lang};

/// Parses and validates all content. Returns every problem found, each with file and line.
pub fn parse(files: &ContentFiles) -> Result<Content, Vec<ContentError>> {
    load(files, Checks::All)
}

/// Parses content that passed [`parse`] before, unchanged (the binary's embedded content, which
/// `crates/site/build.rs` parsed from the same files): the content rules are not checked again.
/// Errors are those of reading alone.
pub fn parse_checked(files: &ContentFiles) -> Result<Content, Vec<ContentError>> {
    load(files, Checks::ReadingOnly)
}

/// Which rules a load checks besides reading the files.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Checks {
    /// Every content rule.
    All,
    /// None: the files were checked before.
    ReadingOnly,
}

fn load(files: &ContentFiles, checks: Checks) -> Result<Content, Vec<ContentError>> {
    let mut errors = match checks {
        Checks::All => unexpected_files(files),
        Checks::ReadingOnly => Vec::new(),
    };
    let mut reader = Reader {
        files,
        errors: &mut errors,
    };
    let site: Option<SiteFacts> = reader.read("site.toml");
    let routes: Option<RouteTable> = reader.read("routes.toml");
    let redirects: Option<RedirectTable> = reader.read("redirects.toml");
    let fees: Option<FeeSchedules> = reader.read("fees.toml");
    let glossary: Option<Glossary> = reader.read("glossary.toml");
    let singapore: Option<SupportedAssetList> = reader.read("assets/sg.toml");
    let hong_kong: Option<SupportedAssetList> = reader.read("assets/hk.toml");
    let channels: Option<Channels> = reader.read("channels.toml");
    let signing: Option<Signing> = reader.read("signing.toml");
    let offerings: Option<Offerings> = reader.read("offerings.toml");
    let commitments: Option<Commitments> = reader.read("commitments.toml");
    let insurance: Option<Insurance> = reader.read("insurance.toml");
    let holdings: Option<Holdings> = reader.read("holdings.toml");
    let jurisdictions: Option<Jurisdictions> = reader.read("jurisdictions.toml");
    let developers: Option<Developers> = reader.read("developers.toml");
    let operations = match (
        (channels, signing, offerings, commitments),
        (insurance, holdings, jurisdictions, developers),
    ) {
        (
            (Some(channels), Some(signing), Some(offerings), Some(commitments)),
            (Some(insurance), Some(holdings), Some(jurisdictions), Some(developers)),
        ) => Some(Operations {
            channels,
            signing,
            offerings,
            commitments,
            insurance,
            holdings,
            jurisdictions,
            developers,
        }),
        _ => None,
    };
    let mut locales = BTreeMap::new();
    if let Some(site) = &site {
        for lang in Lang::ALL {
            let sources = Sources {
                site,
                fees: fees.as_ref(),
                operations: operations.as_ref(),
                entities: None,
            };
            if let Some(locale) = reader.read_locale(sources, lang) {
                locales.insert(lang, locale);
            }
        }
    }
    if checks == Checks::All {
        errors.extend(parity::check(files));
    }
    let (
        Some(site),
        Some(routes),
        Some(redirects),
        Some(fees),
        Some(glossary),
        Some(singapore),
        Some(hong_kong),
        Some(operations),
    ) = (
        site, routes, redirects, fees, glossary, singapore, hong_kong, operations,
    )
    else {
        return Err(errors);
    };
    if locales.len() != Lang::ALL.len() {
        return Err(errors);
    }
    let content = Content {
        site,
        routes: routes.route,
        redirects: redirects.redirect,
        fees,
        supported_assets: SupportedAssetLists {
            sg: singapore.asset,
            hk: hong_kong.asset,
        },
        locales,
        glossary,
        operations,
        calling_codes: Vec::new(),
    };
    if checks == Checks::All {
        errors.extend(validate::check(&content, files));
    }
    if errors.is_empty() {
        Ok(content)
    } else {
        Err(errors)
    }
}

/// Where the key an "unknown field" error names is written: in the table that starts at
/// `span` (the parser points at a tagged section's `[[header]]`, not at the key), so the
/// editor is sent to the key's own line.
fn unknown_key_offset(text: &str, span: std::ops::Range<usize>, message: &str) -> Option<usize> {
    let key = message.strip_prefix("unknown field `")?.split('`').next()?;
    let mut offset = span.start;
    for (index, line) in text.get(span.start..)?.split_inclusive('\n').enumerate() {
        let written = line.trim_start();
        if index > 0 && written.starts_with('[') {
            return None;
        }
        if written
            .strip_prefix(key)
            .is_some_and(|rest| rest.trim_start().starts_with('='))
        {
            return Some(offset + line.len() - written.len());
        }
        offset += line.len();
    }
    None
}

/// The entity descriptions of `{lang}/site.toml`, read on their own before the whole file.
#[derive(Deserialize)]
struct EntityPart {
    #[serde(default)]
    entity: BTreeMap<String, LocalEntity>,
    #[serde(default)]
    regulator: BTreeMap<String, String>,
}

struct Reader<'a> {
    files: &'a ContentFiles,
    errors: &'a mut Vec<ContentError>,
}

impl Reader<'_> {
    fn read<T: DeserializeOwned>(&mut self, name: &str) -> Option<T> {
        let Some(text) = self.files.get(name) else {
            self.errors
                .push(ContentError::in_file(name, "file is missing"));
            return None;
        };
        self.parse(name, text)
    }

    fn parse<T: DeserializeOwned>(&mut self, name: &str, text: &str) -> Option<T> {
        match toml::from_str(text) {
            Ok(value) => Some(value),
            Err(error) => {
                let message = error.message().to_owned();
                self.errors.push(match error.span() {
                    Some(span) => {
                        let offset =
                            unknown_key_offset(text, span.clone(), &message).unwrap_or(span.start);
                        ContentError::at_offset(name, text, offset, message)
                    }
                    None => ContentError::in_file(name, message),
                });
                None
            }
        }
    }

    /// Reads a language file with its tokens filled in (the fee wording keeps its own
    /// `{amount}` placeholders, the API's messages their run-time values); an unknown token is an
    /// error.
    fn read_filled<T: DeserializeOwned>(&mut self, tokens: &CopyTokens, name: &str) -> Option<T> {
        let Some(text) = self.files.get(name) else {
            self.errors
                .push(ContentError::in_file(name, "file is missing"));
            return None;
        };
        let runtime: &[&str] = if name.ends_with("/api.toml") {
            &RUNTIME_VALUES
        } else {
            &[]
        };
        // The fee wording's own placeholders name amounts (`{amount}`), not tokens.
        let fee_wording = name.ends_with("/fees.toml");
        let is_placeholder =
            |token: &str| runtime.contains(&token) || (fee_wording && !token.contains('.'));
        let unknown = tokens.unknown(text).into_iter();
        for (offset, token) in unknown.filter(|(_, token)| !is_placeholder(token)) {
            self.errors.push(ContentError::at_offset(
                name,
                text,
                offset,
                tokens.unknown_message(token),
            ));
        }
        self.parse(name, &tokens.fill(text))
    }

    /// The tokens of one language: those of `sources`, the entities its `site.toml` describes
    /// and those of its fee wording (both read first, so that every file, `site.toml` included,
    /// may name them).
    fn tokens(&self, sources: Sources<'_>, lang: Lang) -> CopyTokens {
        let figures = CopyTokens::new(sources, lang);
        let file = |name: &str| self.files.get(&format!("{}/{name}", lang.code()));
        let described = file("site.toml")
            .and_then(|text| toml::from_str::<EntityPart>(&figures.fill(text)).ok());
        let tokens = match &described {
            Some(part) => CopyTokens::new(
                Sources {
                    entities: Some((&part.entity, &part.regulator)),
                    ..sources
                },
                lang,
            ),
            None => figures,
        };
        let wording = file("fees.toml").and_then(|text| toml::from_str::<LocalFees>(text).ok());
        match (sources.fees, &wording) {
            (Some(fees), Some(wording)) => tokens.with_fee_wording(fees, wording, lang),
            _ => tokens,
        }
    }

    fn read_locale(&mut self, sources: Sources<'_>, lang: Lang) -> Option<LocaleContent> {
        let path = |file: &str| format!("{}/{file}", lang.code());
        let tokens = self.tokens(sources, lang);
        let local_site: Option<LocalSiteFacts> = self.read_filled(&tokens, &path("site.toml"));
        let pages: Option<BTreeMap<String, PageMeta>> =
            self.read_filled(&tokens, &path("pages.toml"));
        let faq: Option<Faq> = self.read_filled(&tokens, &path("faq.toml"));
        let announcements: Option<Announcements> =
            self.read_filled(&tokens, &path("announcements.toml"));
        let documents: Option<BTreeMap<String, LongDocument>> =
            self.read_filled(&tokens, &path("documents.toml"));
        let fees: Option<LocalFees> = self.read_filled(&tokens, &path("fees.toml"));
        let contact: Option<ContactCopy> = self.read_filled(&tokens, &path("contact.toml"));
        let api: Option<ApiCopy> = self.read_filled(&tokens, &path("api.toml"));
        let mut marketing = BTreeMap::new();
        let prefix = path(MARKETING_DIR);
        let pages_of_lang: Vec<String> = self
            .files
            .keys()
            .filter(|name| name.starts_with(&prefix))
            .cloned()
            .collect();
        for name in pages_of_lang {
            let id = name[prefix.len()..].trim_end_matches(".toml").to_owned();
            if let Some(page) = self.read_filled::<MarketingPage>(&tokens, &name) {
                marketing.insert(id, page);
            }
        }
        Some(LocaleContent {
            site: local_site?,
            pages: pages?,
            faq: faq?,
            announcements: announcements?,
            documents: documents?,
            fees: fees?,
            contact: contact?,
            api: api?,
            marketing,
        })
    }
}
