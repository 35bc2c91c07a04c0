//! The templates the UI build cut from the pages' own markup (`ui/src/templates/`): text, holes
//! the server fills with values, and choices between templates, in each language. The server
//! writes no markup of its own: it picks choices, fills holes with escaped values, and repeats
//! the templates of rows and items.

use std::borrow::Cow;
use std::collections::{BTreeSet, HashMap};

use serde::Deserialize;

use crate::embedded::pack::unpacked;
use custody_content::Lang;

/// Markup with holes and choices, in order.
#[derive(Debug, Deserialize)]
#[serde(transparent)]
pub struct Template(Vec<Part>);

/// A part of a template.
#[derive(Debug, Deserialize)]
#[serde(untagged)]
enum Part {
    /// Markup, written as it is.
    Text(String),
    /// A value the server writes.
    Hole { hole: String },
    /// Templates the server picks one of, by name.
    Choice {
        choice: String,
        of: HashMap<String, Template>,
    },
}

/// What fills a template: the value of each hole, and the option of each choice.
pub trait Fill {
    /// Writes the value of the hole `name` (escaped where it is text: [`escape`]).
    fn hole(&mut self, name: &str, out: &mut String);
    /// The option of the choice `name`.
    fn choose(&mut self, name: &str) -> Cow<'static, str>;
}

impl Template {
    /// Writes the template with its holes filled and its choices made by `with`. A choice with no
    /// such option writes nothing ([`Templates::check`] makes sure the embedded ones have them).
    pub fn fill(&self, out: &mut String, with: &mut impl Fill) {
        for part in &self.0 {
            match part {
                Part::Text(text) => out.push_str(text),
                Part::Hole { hole } => with.hole(hole, out),
                Part::Choice { choice, of } => {
                    if let Some(option) = of.get(with.choose(choice).as_ref()) {
                        option.fill(out, with);
                    }
                }
            }
        }
    }

    /// The names of the holes and of the choices with their options (`choice=option`), of this
    /// template and every option's, for [`Templates::check`].
    fn names(&self, into: &mut BTreeSet<String>) {
        for part in &self.0 {
            match part {
                Part::Text(_) => {}
                Part::Hole { hole } => {
                    into.insert(hole.clone());
                }
                Part::Choice { choice, of } => {
                    for (key, option) in of {
                        into.insert(format!("{choice}={key}"));
                        option.names(into);
                    }
                }
            }
        }
    }
}

/// Escapes text for an element's content or a double-quoted attribute value, as the prerender
/// does (preact-render-to-string escapes `"`, `&` and `<`), so that a filled template is the
/// markup the browser's render makes of the same value.
pub fn escape(text: &str, out: &mut String) {
    let mut rest = text;
    while let Some(at) = rest.find(['"', '&', '<']) {
        out.push_str(&rest[..at]);
        out.push_str(match rest.as_bytes()[at] {
            b'"' => "&quot;",
            b'&' => "&amp;",
            _ => "&lt;",
        });
        rest = &rest[at + 1..];
    }
    out.push_str(rest);
}

/// The pagination (`ui/src/components/Pagination.tsx`).
#[derive(Debug, Deserialize)]
pub struct PagerTemplates {
    /// One page: the total line alone.
    pub single: Template,
    /// Several pages: the total line, previous, the items, next.
    pub multi: Template,
    /// A page number.
    pub number: Template,
    /// The current page's number.
    pub current: Template,
    /// A gap between page numbers.
    pub gap: Template,
}

/// The supported-assets page of one entity.
#[derive(Debug, Deserialize)]
pub struct AssetTemplates {
    /// The page's body: the filters' values, the results.
    pub frame: Template,
    /// A row of the table.
    pub row: Template,
    /// A parameter the entity form keeps (a hidden field): its name and value.
    pub kept: Template,
}

/// The supported-assets page of each entity.
#[derive(Debug, Deserialize)]
pub struct EntityTemplates {
    /// The Singapore entity's list.
    pub sg: AssetTemplates,
    /// The Hong Kong entity's list.
    pub hk: AssetTemplates,
}

/// A search page.
#[derive(Debug, Deserialize)]
pub struct SearchTemplates {
    /// The page's body: the query, the outcome.
    pub frame: Template,
    /// An item of the result list.
    pub item: Template,
}

/// The templates of one language.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct LanguageTemplates {
    /// The pagination.
    pub pager: PagerTemplates,
    /// A run of text that matched a search.
    pub mark: Template,
    /// Each announcement's date written out (markup), by ISO date.
    pub times: HashMap<String, String>,
    /// The supported-assets page.
    pub supported_assets: EntityTemplates,
    /// The FAQ search.
    pub faq_search: SearchTemplates,
    /// The announcements list and search.
    pub announcements: SearchTemplates,
}

/// The templates of both languages.
#[derive(Debug, Deserialize)]
pub struct Templates {
    en: LanguageTemplates,
    zh: LanguageTemplates,
}

/// The holes and choices each template has, as the server fills them.
const EXPECTED: [(&str, &[&str]); 11] = [
    ("pager.single", &["count=one", "count=other", "total"]),
    (
        "pager.multi",
        &[
            "count=one",
            "count=other",
            "href",
            "items",
            "next=disabled",
            "next=link",
            "page",
            "pageCount",
            "prev=disabled",
            "prev=link",
            "total",
        ],
    ),
    ("pager.number", &["href", "n"]),
    ("pager.current", &["href", "n"]),
    ("mark", &["text"]),
    (
        "supportedAssets.frame",
        &[
            "emptyState=filtered",
            "emptyState=unfiltered",
            "filter.cold=all",
            "filter.cold=no",
            "filter.cold=yes",
            "filter.contract",
            "filter.contract.given=empty",
            "filter.contract.given=given",
            "filter.defi=all",
            "filter.defi=no",
            "filter.defi=yes",
            "filter.network",
            "filter.network.given=empty",
            "filter.network.given=given",
            "filter.oasis=all",
            "filter.oasis=no",
            "filter.oasis=yes",
            "filter.token",
            "filter.token.given=empty",
            "filter.token.given=given",
            "filter.warm=all",
            "filter.warm=no",
            "filter.warm=yes",
            "kept",
            "page",
            "pageCount",
            "pager",
            "results=empty",
            "results=table",
            "rows",
            "size=10",
            "size=100",
            "size=20",
            "size=50",
        ],
    ),
    ("supportedAssets.kept", &["name", "value"]),
    (
        "supportedAssets.row",
        &[
            "contract",
            "contractShort",
            "networkName",
            "row.cold=no",
            "row.cold=yes",
            "row.contract=address",
            "row.contract=native",
            "row.defi=no",
            "row.defi=yes",
            "row.oasis=no",
            "row.oasis=yes",
            "row.warm=no",
            "row.warm=yes",
            "serial",
            "symbol",
            "tokenName",
        ],
    ),
    (
        "search.item",
        &[
            "categorized=none",
            "categorized=some",
            "category",
            "dated=none",
            "dated=some",
            "text",
            "time",
            "title",
            "url",
        ],
    ),
    (
        "faqSearch.frame",
        &[
            "items",
            "outcome=many",
            "outcome=none",
            "outcome=one",
            "query",
            "total",
        ],
    ),
    (
        "announcements.frame",
        &[
            "items",
            "outcome=list",
            "outcome=many",
            "outcome=none",
            "outcome=one",
            "pager",
            "query",
            "total",
        ],
    ),
];

impl Templates {
    /// The templates of the UI build embedded in this binary, checked.
    pub fn embedded() -> anyhow::Result<Self> {
        Self::read(crate::embedded::QUERY_TEMPLATES)
    }

    /// The templates of `packed` (JSON in one brotli stream), checked.
    pub fn read(packed: &[u8]) -> anyhow::Result<Self> {
        let templates: Self = serde_json::from_slice(&unpacked(packed)?)?;
        templates.check()?;
        Ok(templates)
    }

    /// The templates of `lang`.
    pub fn of(&self, lang: Lang) -> &LanguageTemplates {
        match lang {
            Lang::En => &self.en,
            Lang::Zh => &self.zh,
        }
    }

    /// Checks that every template has the holes and choices the server fills, and no other.
    fn check(&self) -> anyhow::Result<()> {
        for lang in Lang::ALL {
            let of = self.of(lang);
            let entities = &of.supported_assets;
            let templates = [
                ("pager.single", &of.pager.single),
                ("pager.multi", &of.pager.multi),
                ("pager.number", &of.pager.number),
                ("pager.current", &of.pager.current),
                ("pager.gap", &of.pager.gap),
                ("mark", &of.mark),
                ("supportedAssets.frame", &entities.sg.frame),
                ("supportedAssets.frame", &entities.hk.frame),
                ("supportedAssets.row", &entities.sg.row),
                ("supportedAssets.row", &entities.hk.row),
                ("supportedAssets.kept", &entities.sg.kept),
                ("supportedAssets.kept", &entities.hk.kept),
                ("search.item", &of.faq_search.item),
                ("search.item", &of.announcements.item),
                ("faqSearch.frame", &of.faq_search.frame),
                ("announcements.frame", &of.announcements.frame),
            ];
            for (name, template) in templates {
                let mut found = BTreeSet::new();
                template.names(&mut found);
                let expected: BTreeSet<String> = EXPECTED
                    .iter()
                    .find(|(expected, _)| *expected == name)
                    .map(|(_, names)| names.iter().map(|n| (*n).to_owned()).collect())
                    .unwrap_or_default();
                anyhow::ensure!(
                    found == expected,
                    "the {name} template of {lang:?} has {found:?}, the server fills {expected:?}"
                );
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    struct Values;

    impl Fill for Values {
        fn hole(&mut self, name: &str, out: &mut String) {
            escape(&format!("<{name}>"), out);
        }

        fn choose(&mut self, _: &str) -> Cow<'static, str> {
            Cow::Borrowed("b")
        }
    }

    #[test]
    fn holes_are_filled_and_choices_made() {
        let template: Template = serde_json::from_str(
            r#"["<p>", {"hole": "x"}, {"choice": "c", "of": {"a": ["A"], "b": ["B", {"hole": "y"}]}}, "</p>"]"#,
        )
        .unwrap();
        let mut out = String::new();
        template.fill(&mut out, &mut Values);
        assert_eq!(out, "<p>&lt;x>B&lt;y></p>");
    }

    #[test]
    fn escaping_is_the_prerenders() {
        let mut out = String::new();
        escape(r#"a "b" & <c> 'd'"#, &mut out);
        assert_eq!(out, "a &quot;b&quot; &amp; &lt;c> 'd'");
    }

    #[test]
    fn the_embedded_templates_have_what_the_server_fills() {
        Templates::embedded().unwrap();
    }
}
