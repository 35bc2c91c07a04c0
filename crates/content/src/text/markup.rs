//! The small text markup of long-form content: paragraphs separated by a blank line, bullet
//! lists of lines starting with `- `, internal links written `[text](/path)`, the security
//! contact's e-mail link `[text](mailto:address)` and links to the regulators' public registers,
//! written `[text]({register.mas})` (the content check refuses any other address typed in copy).

use serde::Serialize;
use ts_rs::TS;

use crate::Lang;

/// A block of body text.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "lowercase")]
pub enum Block {
    /// A paragraph.
    P(Vec<Inline>),
    /// A bullet list; each item is a run of inline content.
    Ul(Vec<Vec<Inline>>),
}

/// Inline content: text, or a link to a page of the site.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[serde(untagged)]
pub enum Inline {
    /// Plain text.
    Text(String),
    /// A link; `href` is already localized for the page's language.
    Link {
        /// Link text.
        text: String,
        /// Site path, e.g. `/zh/entities#fees`, a `mailto:` address or a regulator's register.
        href: String,
    },
}

/// Parses body text into blocks, localizing link targets for `lang`.
pub fn parse(body: &str, lang: Lang) -> Vec<Block> {
    body.split("\n\n")
        .map(str::trim)
        .filter(|chunk| !chunk.is_empty())
        .map(|chunk| {
            let lines: Vec<&str> = chunk.lines().map(str::trim).collect();
            if lines.iter().all(|line| line.starts_with("- ")) {
                Block::Ul(lines.iter().map(|line| inlines(&line[2..], lang)).collect())
            } else {
                Block::P(inlines(&lines.join(" "), lang))
            }
        })
        .collect()
}

/// The plain text of a body (markup removed), for search and summaries.
pub fn plain_text(body: &str) -> String {
    parse(body, Lang::En)
        .iter()
        .flat_map(|block| match block {
            Block::P(inline) => vec![inline.clone()],
            Block::Ul(items) => items.clone(),
        })
        .map(|run| {
            run.iter()
                .map(|inline| match inline {
                    Inline::Text(text) => text.as_str(),
                    Inline::Link { text, .. } => text.as_str(),
                })
                .collect::<String>()
        })
        .collect::<Vec<_>>()
        .join("\n")
}

fn inlines(text: &str, lang: Lang) -> Vec<Inline> {
    let mut out = Vec::new();
    let mut pending = String::new();
    let mut rest = text;
    while let Some(open) = rest.find('[') {
        let Some((label_end, target_end)) = link_bounds(&rest[open..]) else {
            pending.push_str(&rest[..=open]);
            rest = &rest[open + 1..];
            continue;
        };
        pending.push_str(&rest[..open]);
        if !pending.is_empty() {
            out.push(Inline::Text(std::mem::take(&mut pending)));
        }
        let link = &rest[open..=open + target_end];
        let target = &link[label_end + 2..link.len() - 1];
        let href = if target.starts_with(MAILTO) || target.starts_with(HTTPS) {
            target.to_owned()
        } else {
            localize_link(target, lang)
        };
        out.push(Inline::Link {
            text: link[1..label_end].to_owned(),
            href,
        });
        rest = &rest[open + target_end + 1..];
    }
    pending.push_str(rest);
    if !pending.is_empty() {
        out.push(Inline::Text(pending));
    }
    out
}

/// How an e-mail link's target starts.
const MAILTO: &str = "mailto:";

/// How a link to a regulator's register starts, once its `{register.…}` token is filled in.
const HTTPS: &str = "https://";

/// For text starting with `[`: the index of `]` and of the `)` closing `(/…)` or `(mailto:…)`, if
/// it is a link.
fn link_bounds(text: &str) -> Option<(usize, usize)> {
    let label_end = text.find(']')?;
    let after = &text[label_end..];
    let opening = ["](/", "](mailto:", "](https://"]
        .into_iter()
        .find(|opening| after.starts_with(opening))?;
    let close = after[opening.len()..].find(')')?;
    Some((label_end, label_end + opening.len() + close))
}

/// Localizes an unprefixed internal link that may carry `?query` or `#anchor`: `/about#x` → `/zh/about#x`.
pub fn localize_link(path: &str, lang: Lang) -> String {
    let split = path.find(['#', '?']).unwrap_or(path.len());
    format!("{}{}", lang.localize(&path[..split]), &path[split..])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paragraphs_lists_and_links() {
        let body =
            "See [the fees](/entities#fees) now.\nSame paragraph.\n\n- one\n- two [FAQ](/faq)\n";
        let blocks = parse(body, Lang::Zh);
        assert_eq!(
            blocks,
            vec![
                Block::P(vec![
                    Inline::Text("See ".into()),
                    Inline::Link {
                        text: "the fees".into(),
                        href: "/zh/entities#fees".into()
                    },
                    Inline::Text(" now. Same paragraph.".into()),
                ]),
                Block::Ul(vec![
                    vec![Inline::Text("one".into())],
                    vec![
                        Inline::Text("two ".into()),
                        Inline::Link {
                            text: "FAQ".into(),
                            href: "/zh/faq".into()
                        }
                    ],
                ]),
            ]
        );
        assert_eq!(
            plain_text(body),
            "See the fees now. Same paragraph.\none\ntwo FAQ"
        );
    }

    #[test]
    fn brackets_that_are_not_links_stay_text() {
        let text = "[note] and [x](http://a.example) then [FAQ](/faq)";
        assert_eq!(
            parse(text, Lang::En),
            vec![Block::P(vec![
                Inline::Text("[note] and [x](http://a.example) then ".into()),
                Inline::Link {
                    text: "FAQ".into(),
                    href: "/faq".into()
                },
            ])]
        );
    }

    #[test]
    fn register_links_are_kept_as_written() {
        assert_eq!(
            parse(
                "See [the directory](https://register.example/fid).",
                Lang::Zh
            ),
            vec![Block::P(vec![
                Inline::Text("See ".into()),
                Inline::Link {
                    text: "the directory".into(),
                    href: "https://register.example/fid".into()
                },
                Inline::Text(".".into()),
            ])]
        );
    }

    #[test]
    fn mailto_links_are_kept_as_written() {
        assert_eq!(
            parse("Write to [us](mailto:security@custody.example).", Lang::Zh),
            vec![Block::P(vec![
                Inline::Text("Write to ".into()),
                Inline::Link {
                    text: "us".into(),
                    href: "mailto:security@custody.example".into()
                },
                Inline::Text(".".into()),
            ])]
        );
    }
}
