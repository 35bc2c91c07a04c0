//! The supported-assets page answered for a query string: the view read from it as the page
//! reads it (`viewOfParams` of `ui/src/components/assets/supportedAssets.ts`), the rows of that
//! view from the asset index the API answers from, and the page's body filled from its
//! templates.

use std::borrow::Cow;

use super::pager::Pager;
use super::reading::{first_values, js_trim, page_number, utf16_prefix};
use super::served::{AssetFilters, AssetView};
use super::templates::{AssetTemplates, Fill, LanguageTemplates, escape};
use custody_content::Lang;
use custody_content::schema::section_items::EntityId;
use custody_content::supported_asset_query::{
    DEFAULT_PAGE_SIZE, Flag, MAX_FILTER_CHARS, PAGE_SIZES, SupportedAssetAnswer,
    SupportedAssetIndex, SupportedAssetItem, SupportedAssetQuery, fold,
};

/// The parameters the page reads, in the order of its links' query strings (`paramsOfView`).
const PARAMS: [&str; 10] = [
    "entity", "network", "token", "contract", "warm", "cold", "defi", "oasis", "size", "page",
];

/// The view the query string `raw` describes; anything missing or invalid takes its default, and
/// a list without an `entity` is the Singapore entity's (the browser's choice is not known here).
pub fn read_view(raw: &str) -> AssetView {
    let [
        entity,
        network,
        token,
        contract,
        warm,
        cold,
        defi,
        oasis,
        size,
        page,
    ] = first_values(raw, PARAMS);
    let text = |value: Option<String>| {
        let spaced = value.unwrap_or_default().replace(char::is_control, " ");
        utf16_prefix(js_trim(&spaced), MAX_FILTER_CHARS).to_owned()
    };
    let flag = |value: Option<String>| value.as_deref().and_then(Flag::parse).unwrap_or_default();
    AssetView {
        entity: match entity.as_deref() {
            Some("hk") => EntityId::Hk,
            _ => EntityId::Sg,
        },
        filters: AssetFilters {
            network: text(network),
            token: text(token),
            contract: text(contract),
            warm: flag(warm),
            cold: flag(cold),
            defi: flag(defi),
            oasis: flag(oasis),
        },
        page: page_number(page.as_deref()),
        size: PAGE_SIZES
            .into_iter()
            .find(|choice| size.as_deref() == Some(choice.to_string().as_str()))
            .unwrap_or(DEFAULT_PAGE_SIZE),
    }
}

/// Whether `view` is the page's own: the first page of the Singapore list, unfiltered, at the
/// default size, which the prerendered document shows.
pub fn is_plain(view: &AssetView) -> bool {
    *view == plain_view()
}

fn plain_view() -> AssetView {
    AssetView {
        entity: EntityId::Sg,
        filters: AssetFilters {
            network: String::new(),
            token: String::new(),
            contract: String::new(),
            warm: Flag::All,
            cold: Flag::All,
            defi: Flag::All,
            oasis: Flag::All,
        },
        page: 1,
        size: DEFAULT_PAGE_SIZE,
    }
}

/// The rows of `view` and the view as answered: a page past the last is the first page, as the
/// browser shows it.
pub fn answer(
    index: &SupportedAssetIndex,
    mut view: AssetView,
) -> (AssetView, SupportedAssetAnswer<'_>) {
    let filters = &view.filters;
    let mut query = SupportedAssetQuery {
        entity: view.entity,
        network: fold(&filters.network),
        token: fold(&filters.token),
        contract: fold(&filters.contract),
        warm: filters.warm,
        cold: filters.cold,
        defi: filters.defi,
        oasis: filters.oasis,
        page: view.page,
        size: view.size,
    };
    let answer = match index.answer(&query) {
        Ok(answer) => answer,
        Err(_) => {
            query.page = 1;
            view.page = 1;
            index.answer(&query).expect("the first page always exists")
        }
    };
    (view, answer)
}

/// The address of page `page` of `view`, as the page's links write it: its path in `lang` and the
/// view's parameters that differ from their defaults, encoded as `URLSearchParams` encodes them.
pub fn href(lang: Lang, view: &AssetView, page: usize) -> String {
    let mut query = form_urlencoded::Serializer::new(String::new());
    query.append_pair("entity", entity_code(view.entity));
    for (name, value) in kept_params(view, page) {
        query.append_pair(name, &value);
    }
    format!("{}?{}", lang.localize(PATH), query.finish())
}

/// The parameters of page `page` of `view` but its entity that differ from their defaults, in the
/// order of the page's links (`paramsOfView`): what the links carry besides the entity, and what
/// the entity form keeps (`keptParams` of `ui/src/components/assets/supportedAssets.ts`).
pub fn kept_params(view: &AssetView, page: usize) -> Vec<(&'static str, String)> {
    let filters = &view.filters;
    let texts = [
        ("network", &filters.network),
        ("token", &filters.token),
        ("contract", &filters.contract),
    ];
    let flags = [
        ("warm", filters.warm),
        ("cold", filters.cold),
        ("defi", filters.defi),
        ("oasis", filters.oasis),
    ];
    let size = (view.size != DEFAULT_PAGE_SIZE).then(|| ("size", view.size.to_string()));
    let page = (page > 1).then(|| ("page", page.to_string()));
    texts
        .into_iter()
        .filter(|(_, value)| !value.is_empty())
        .map(|(name, value)| (name, value.clone()))
        .chain(
            flags
                .into_iter()
                .filter(|(_, flag)| *flag != Flag::All)
                .map(|(name, flag)| (name, flag.as_str().to_owned())),
        )
        .chain(size)
        .chain(page)
        .collect()
}

/// The page's path, unprefixed.
pub const PATH: &str = "/support-token";

fn entity_code(entity: EntityId) -> &'static str {
    match entity {
        EntityId::Sg => "sg",
        EntityId::Hk => "hk",
    }
}

/// A contract address shortened as the table shortens it (`shortContract` of
/// `ui/src/components/assets/AssetTable.tsx`): its first 6 and last 4 UTF-16 code units around
/// an ellipsis, when it is longer than 15.
fn short_contract(contract: &str) -> Cow<'_, str> {
    const KEEP: usize = 6;
    let units: Vec<u16> = contract.encode_utf16().collect();
    if units.len() <= KEEP * 2 + 3 {
        return Cow::Borrowed(contract);
    }
    let head = String::from_utf16_lossy(&units[..KEEP]);
    let tail = String::from_utf16_lossy(&units[units.len() - (KEEP - 2)..]);
    Cow::Owned(format!("{head}…{tail}"))
}

/// Writes the page's body in `lang` for `view` showing `answer`.
pub fn write_body(
    templates: &LanguageTemplates,
    lang: Lang,
    view: &AssetView,
    answer: &SupportedAssetAnswer<'_>,
    out: &mut String,
) {
    let entity = match view.entity {
        EntityId::Sg => &templates.supported_assets.sg,
        EntityId::Hk => &templates.supported_assets.hk,
    };
    let mut values = PageValues {
        templates,
        entity,
        lang,
        view,
        answer,
    };
    entity.frame.fill(out, &mut values);
}

/// The values of the page's templates.
struct PageValues<'a> {
    templates: &'a LanguageTemplates,
    entity: &'a AssetTemplates,
    lang: Lang,
    view: &'a AssetView,
    answer: &'a SupportedAssetAnswer<'a>,
}

impl PageValues<'_> {
    fn page_count(&self) -> usize {
        self.answer.total.div_ceil(self.answer.size).max(1)
    }
}

impl Fill for PageValues<'_> {
    fn hole(&mut self, name: &str, out: &mut String) {
        let filters = &self.view.filters;
        match name {
            "filter.network" => escape(&filters.network, out),
            "filter.token" => escape(&filters.token, out),
            "filter.contract" => escape(&filters.contract, out),
            "page" => out.push_str(&self.answer.page.to_string()),
            "pageCount" => out.push_str(&self.page_count().to_string()),
            "rows" => {
                for item in &self.answer.items {
                    self.entity.row.fill(out, &mut RowValues(item));
                }
            }
            "kept" => {
                for (name, value) in kept_params(self.view, self.answer.page) {
                    self.entity.kept.fill(out, &mut KeptValues(name, &value));
                }
            }
            "pager" => Pager {
                templates: &self.templates.pager,
                page: self.answer.page,
                page_count: self.page_count(),
                total: self.answer.total,
                href: |n| href(self.lang, self.view, n),
            }
            .write(out),
            _ => {}
        }
    }

    fn choose(&mut self, name: &str) -> Cow<'static, str> {
        let filters = &self.view.filters;
        let option = match name {
            "filter.warm" => filters.warm.as_str(),
            "filter.cold" => filters.cold.as_str(),
            "filter.defi" => filters.defi.as_str(),
            "filter.oasis" => filters.oasis.as_str(),
            "filter.network.given" => given(&filters.network),
            "filter.token.given" => given(&filters.token),
            "filter.contract.given" => given(&filters.contract),
            "results" if self.answer.total == 0 => "empty",
            "results" => "table",
            "emptyState" if *filters == plain_view().filters => "unfiltered",
            "emptyState" => "filtered",
            "size" => return Cow::Owned(self.view.size.to_string()),
            _ => "",
        };
        Cow::Borrowed(option)
    }
}

/// Whether a text filter is given (an empty value is written as a bare attribute).
fn given(text: &str) -> &'static str {
    if text.is_empty() { "empty" } else { "given" }
}

/// The values of a kept parameter's template: its name and value.
struct KeptValues<'a>(&'static str, &'a str);

impl Fill for KeptValues<'_> {
    fn hole(&mut self, name: &str, out: &mut String) {
        match name {
            "name" => out.push_str(self.0),
            "value" => escape(self.1, out),
            _ => {}
        }
    }

    fn choose(&mut self, _: &str) -> Cow<'static, str> {
        Cow::Borrowed("")
    }
}

/// The values of a row's template: one item of the answer.
struct RowValues<'a, 'b>(&'a SupportedAssetItem<'b>);

impl Fill for RowValues<'_, '_> {
    fn hole(&mut self, name: &str, out: &mut String) {
        let item = self.0;
        match name {
            "serial" => out.push_str(&item.serial.to_string()),
            "symbol" => escape(&item.token, out),
            "tokenName" => escape(&item.token_name, out),
            "networkName" => escape(&item.network_name, out),
            "contract" => escape(item.contract.as_deref().unwrap_or_default(), out),
            "contractShort" => {
                escape(
                    &short_contract(item.contract.as_deref().unwrap_or_default()),
                    out,
                );
            }
            _ => {}
        }
    }

    fn choose(&mut self, name: &str) -> Cow<'static, str> {
        let item = self.0;
        let yes_no = |value: bool| if value { "yes" } else { "no" };
        Cow::Borrowed(match name {
            "row.warm" => yes_no(item.warm),
            "row.cold" => yes_no(item.cold),
            "row.defi" => yes_no(item.defi),
            "row.oasis" => yes_no(item.oasis),
            "row.contract" if item.contract.is_some() => "address",
            "row.contract" => "native",
            _ => "",
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_query_string_is_read_leniently() {
        let view = read_view(
            "entity=hk&token=%20USDT%07x%20&warm=yes&cold=maybe&size=50&page=3&token=second&x=1",
        );
        assert_eq!(view.entity, EntityId::Hk);
        assert_eq!(view.filters.token, "USDT x");
        assert_eq!(
            (view.filters.warm, view.filters.cold),
            (Flag::Yes, Flag::All)
        );
        assert_eq!((view.size, view.page), (50, 3));
        let odd = read_view("entity=us&size=0x14&page=2e1&network=");
        assert_eq!((odd.entity, odd.size, odd.page), (EntityId::Sg, 20, 1));
        assert!(is_plain(&odd));
        let long = read_view(&format!("contract={}", "托".repeat(150)));
        assert_eq!(long.filters.contract.chars().count(), MAX_FILTER_CHARS);
    }

    #[test]
    fn links_carry_what_differs_from_the_defaults() {
        let mut view = read_view("entity=hk&token=a%20%26b&warm=no&size=50");
        assert_eq!(
            href(Lang::Zh, &view, 2),
            "/zh/support-token?entity=hk&token=a+%26b&warm=no&size=50&page=2"
        );
        view = plain_view();
        assert_eq!(href(Lang::En, &view, 1), "/support-token?entity=sg");
    }

    #[test]
    fn the_entity_form_keeps_every_parameter_of_the_links_but_the_entity() {
        let view = read_view("entity=hk&token=a%22%26b&cold=no&size=50&page=2&network=");
        assert_eq!(
            kept_params(&view, 2),
            [
                ("token", "a\"&b".to_owned()),
                ("cold", "no".to_owned()),
                ("size", "50".to_owned()),
                ("page", "2".to_owned()),
            ]
        );
        assert!(kept_params(&plain_view(), 1).is_empty());
    }

    #[test]
    fn contracts_are_shortened_as_the_table_shortens_them() {
        assert_eq!(short_contract("0x1234"), "0x1234");
        assert_eq!(short_contract("0x1234567890abcde"), "0x1234…bcde");
        assert_eq!(
            short_contract("0xdAC17F958D2ee523a2206206994597C13D831ec7"),
            "0xdAC1…1ec7"
        );
    }
}
