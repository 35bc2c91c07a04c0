//! The query string of `GET /api/supported-assets`, read strictly: every parameter checked,
//! every problem named per field, in the request's language with the words of content
//! (`{lang}/api.toml` `[supported_assets]`).

use std::borrow::Cow;
use std::collections::BTreeMap;

use percent_encoding::percent_decode;

use custody_content::schema::api_copy::{SupportedAssets, fill};
use custody_content::schema::section_items::EntityId;
use custody_content::supported_asset_query::{
    Flag, MAX_FILTER_CHARS, PAGE_SIZES, SupportedAssetQuery, fold,
};
use custody_content::{Content, Lang};

/// The highest page number read as a number; anything longer is refused outright.
const MAX_PAGE: usize = 1_000_000;
/// At most this many problems are reported, so a hostile query cannot grow the answer.
const MAX_REPORTED: usize = 12;

/// The parameters a query may carry, in alphabetical order: each has a slot of its own while a
/// query is read, and their problems are reported in this order.
const KNOWN: [&str; 11] = [
    "cold", "contract", "defi", "entity", "lang", "network", "oasis", "page", "size", "token",
    "warm",
];
/// The slot of `lang` in [`KNOWN`].
const LANG: usize = 4;

/// Problems with a query, by parameter name, and the language to name them in.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParamErrors {
    /// The language of the messages.
    pub lang: Lang,
    /// The problem of each parameter.
    pub fields: BTreeMap<String, Problem>,
}

impl ParamErrors {
    /// The message of each parameter, in [`Self::lang`].
    pub fn messages(&self, content: &Content) -> BTreeMap<String, String> {
        let copy = &content.locale(self.lang).api.supported_assets;
        self.fields
            .iter()
            .map(|(name, problem)| (name.clone(), problem.message(copy)))
            .collect()
    }
}

/// Reads a raw (still percent-encoded) query string. `lang` (from the `lang` parameter or the
/// `Accept-Language` header) chooses the language of the messages.
pub fn parse(raw: &str, fallback_lang: Lang) -> Result<(SupportedAssetQuery, Lang), ParamErrors> {
    // The value of each known parameter, in its slot: a fixed array, where a map cost an
    // allocation and its searches on every request.
    let mut values: [Option<Result<Cow<'_, str>, Problem>>; KNOWN.len()] = [const { None }; _];
    let mut problems: Vec<(String, Problem)> = Vec::new();
    for pair in raw.split('&').filter(|pair| !pair.is_empty()) {
        let (name, value) = pair.split_once('=').unwrap_or((pair, ""));
        let name = decode(name).unwrap_or_default();
        match KNOWN.iter().position(|known| *known == name) {
            None => problems.push((name.into_owned(), Problem::Unknown)),
            Some(slot) if values[slot].is_some() => {
                problems.push((name.into_owned(), Problem::Repeated));
            }
            Some(slot) => values[slot] = Some(decode(value).ok_or(Problem::NotUtf8)),
        }
    }
    let lang = match &values[LANG] {
        None => fallback_lang,
        Some(Ok(code)) if code == "en" => Lang::En,
        Some(Ok(code)) if code == "zh" => Lang::Zh,
        Some(_) => {
            problems.push((KNOWN[LANG].into(), Problem::Lang));
            fallback_lang
        }
    };
    let mut query = SupportedAssetQuery::first_page(EntityId::Sg);
    for (name, value) in KNOWN.into_iter().zip(values) {
        let Some(value) = value else { continue };
        let value = match value {
            Ok(value) => value,
            Err(problem) => {
                problems.push((name.into(), problem));
                continue;
            }
        };
        if let Err(problem) = apply(&mut query, name, &value) {
            problems.push((name.into(), problem));
        }
    }
    if problems.is_empty() {
        return Ok((query, lang));
    }
    let fields = problems
        .into_iter()
        .take(MAX_REPORTED)
        .map(|(name, problem)| (truncated(&name), problem))
        .collect();
    Err(ParamErrors { lang, fields })
}

/// Sets one known parameter on `query`.
fn apply(query: &mut SupportedAssetQuery, name: &str, value: &str) -> Result<(), Problem> {
    let flag = || Flag::parse(value).ok_or(Problem::Flag);
    match name {
        "entity" => {
            query.entity = match value {
                "sg" => EntityId::Sg,
                "hk" => EntityId::Hk,
                _ => return Err(Problem::Entity),
            }
        }
        "network" => query.network = filter_text(value)?,
        "token" => query.token = filter_text(value)?,
        "contract" => query.contract = filter_text(value)?,
        "warm" => query.warm = flag()?,
        "cold" => query.cold = flag()?,
        "defi" => query.defi = flag()?,
        "oasis" => query.oasis = flag()?,
        "page" => {
            query.page = value
                .parse::<usize>()
                .ok()
                .filter(|page| (1..=MAX_PAGE).contains(page))
                .ok_or(Problem::Page)?
        }
        "size" => {
            query.size = value
                .parse::<usize>()
                .ok()
                .filter(|size| PAGE_SIZES.contains(size))
                .ok_or(Problem::Size)?
        }
        _ => {}
    }
    Ok(())
}

/// A text filter, folded; refused when too long or holding control characters.
fn filter_text(value: &str) -> Result<String, Problem> {
    if value.chars().count() > MAX_FILTER_CHARS {
        return Err(Problem::TooLong);
    }
    if value.chars().any(char::is_control) {
        return Err(Problem::Control);
    }
    Ok(fold(value))
}

/// Form decoding: `+` is a space, then percent-decoding; `None` when not UTF-8. Text with
/// neither is borrowed as it is (most queries: `entity=sg&page=2`).
fn decode(text: &str) -> Option<Cow<'_, str>> {
    if !text.bytes().any(|byte| matches!(byte, b'%' | b'+')) {
        return Some(Cow::Borrowed(text));
    }
    if !text.contains('+') {
        return percent_decode(text.as_bytes()).decode_utf8().ok();
    }
    let spaced = text.replace('+', " ");
    let decoded = percent_decode(spaced.as_bytes()).decode_utf8().ok()?;
    Some(Cow::Owned(decoded.into_owned()))
}

/// A parameter name short enough to echo back.
fn truncated(name: &str) -> String {
    name.chars().take(32).collect()
}

/// What is wrong with one parameter.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Problem {
    /// A parameter the endpoint does not take.
    Unknown,
    /// A parameter given twice.
    Repeated,
    /// A value that is not UTF-8 once decoded.
    NotUtf8,
    /// `entity` is neither `sg` nor `hk`.
    Entity,
    /// `lang` is neither `en` nor `zh`.
    Lang,
    /// A yes/no filter is neither `all`, `yes` nor `no`.
    Flag,
    /// `page` is not a whole number from 1.
    Page,
    /// `page` is past the last page of the filtered list.
    PastLastPage {
        /// The page asked for.
        page: usize,
        /// The last page there is.
        last_page: usize,
    },
    /// `size` is not one of the page sizes.
    Size,
    /// A text filter longer than the limit.
    TooLong,
    /// A text filter holding control characters.
    Control,
}

impl Problem {
    /// The message in the words of `copy`, its values filled in.
    pub fn message(self, copy: &SupportedAssets) -> String {
        match self {
            Problem::Unknown => copy.unknown.clone(),
            Problem::Repeated => copy.repeated.clone(),
            Problem::NotUtf8 => copy.not_utf8.clone(),
            Problem::Entity => copy.not_an_entity.clone(),
            Problem::Lang => copy.not_a_language.clone(),
            Problem::Flag => copy.not_a_flag.clone(),
            Problem::Page => copy.not_a_page.clone(),
            Problem::PastLastPage { page, last_page } => fill(
                &copy.past_last_page,
                &[
                    ("page", &page.to_string()),
                    ("last_page", &last_page.to_string()),
                ],
            ),
            Problem::Size => {
                let sizes: Vec<String> = PAGE_SIZES.iter().map(ToString::to_string).collect();
                fill(&copy.not_a_size, &[("sizes", &copy.list.join(&sizes))])
            }
            Problem::TooLong => fill(&copy.too_long, &[("max", &MAX_FILTER_CHARS.to_string())]),
            Problem::Control => copy.control.clone(),
        }
    }
}

/// The problem of a page number past the last page.
pub fn page_out_of_range(lang: Lang, page: usize, last_page: usize) -> ParamErrors {
    ParamErrors {
        lang,
        fields: BTreeMap::from([("page".to_owned(), Problem::PastLastPage { page, last_page })]),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::embedded;

    fn content() -> Content {
        embedded::load_content(&embedded::content_files()).expect("content loads")
    }

    fn fields(raw: &str) -> BTreeMap<String, String> {
        parse(raw, Lang::En)
            .expect_err("refused")
            .messages(&content())
    }

    #[test]
    fn an_empty_query_is_the_first_page_of_singapore() {
        let (query, lang) = parse("", Lang::En).unwrap();
        assert_eq!(query, SupportedAssetQuery::first_page(EntityId::Sg));
        assert_eq!(lang, Lang::En);
    }

    #[test]
    fn every_parameter_is_read() {
        let (query, lang) = parse(
            "entity=hk&network=Eth&token=%E6%B3%B0+USD&contract=0xAB&warm=yes&cold=no&defi=all&oasis=yes&page=2&size=50&lang=zh",
            Lang::En,
        )
        .unwrap();
        assert_eq!(query.entity, EntityId::Hk);
        assert_eq!(
            (query.network.as_str(), query.token.as_str()),
            ("eth", "泰 usd")
        );
        assert_eq!(query.contract, "0xab");
        assert_eq!(
            (query.warm, query.cold, query.defi, query.oasis),
            (Flag::Yes, Flag::No, Flag::All, Flag::Yes)
        );
        assert_eq!((query.page, query.size), (2, 50));
        assert_eq!(lang, Lang::Zh);
    }

    #[test]
    fn bad_values_are_named_per_field() {
        let errors = fields("entity=us&page=0&size=7&warm=maybe&token=%FF&x=1&page=2");
        assert_eq!(
            errors.keys().map(String::as_str).collect::<Vec<_>>(),
            ["entity", "page", "size", "token", "warm", "x"]
        );
        assert_eq!(errors["size"], "Choose a page size of 10, 20, 50 or 100.");
        assert_eq!(
            fields("page=99999999999999999999999")["page"],
            "Enter a whole page number from 1."
        );
        assert_eq!(
            fields(&format!("network={}", "a".repeat(101)))["network"],
            "Enter at most 100 characters."
        );
        assert_eq!(
            fields("contract=%07")["contract"],
            "Remove the control characters."
        );
    }

    #[test]
    fn messages_follow_the_language() {
        let content = content();
        let errors = parse("size=7&lang=zh", Lang::En).unwrap_err();
        assert_eq!(errors.lang, Lang::Zh);
        assert_eq!(
            errors.messages(&content)["size"],
            "每页条数须为 10、20、50 或 100。"
        );
        let errors = parse("entity=x", Lang::Zh).unwrap_err();
        assert_eq!(errors.messages(&content)["entity"], "实体须为 sg 或 hk。");
        let past = page_out_of_range(Lang::Zh, 9, 3).messages(&content);
        assert_eq!(past["page"], "第 9 页不存在，最后一页为第 3 页。");
        let past = page_out_of_range(Lang::En, 9, 3).messages(&content);
        assert_eq!(past["page"], "There is no page 9; the last page is 3.");
    }

    #[test]
    fn the_known_parameters_are_in_order_and_lang_has_its_slot() {
        assert!(KNOWN.is_sorted());
        assert_eq!(KNOWN[LANG], "lang");
    }

    #[test]
    fn a_repeated_parameter_is_named_and_its_first_value_read() {
        // The first value, 0, is read and refused; the second, a valid 3, is only named.
        let errors = fields("page=0&size=20&page=3&cold=maybe");
        assert_eq!(
            errors.keys().map(String::as_str).collect::<Vec<_>>(),
            ["cold", "page"]
        );
        assert_eq!(errors["page"], "Enter a whole page number from 1.");
    }

    #[test]
    fn a_flood_of_parameters_reports_a_bounded_list() {
        let raw: Vec<String> = (0..500).map(|n| format!("p{n}=1")).collect();
        assert_eq!(fields(&raw.join("&")).len(), MAX_REPORTED);
    }
}
