//! Keyword search over the FAQ and the announcements, answered from memory: Chinese terms by
//! substring, other terms by words, case-insensitive, ranked, with highlighted matches.

pub(crate) mod text;

use std::collections::HashMap;
use std::ops::Range;

use serde::{Deserialize, Serialize};

use custody_content::text::markup::plain_text;
use custody_content::{Content, Lang};
use text::{Segment, Term, fold, occurrences, segments, terms, window_around, word_starts};

/// Most results an answer lists (the total still counts all).
pub const MAX_RESULTS: usize = 50;

/// What can be searched.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Scope {
    /// FAQ articles.
    Faq,
    /// Announcements.
    Announcements,
}

/// A query the search refuses.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum QueryError {
    /// Longer than [`text::MAX_QUERY_CHARS`] characters.
    TooLong,
}

/// One searchable item with its folded copies.
#[derive(Debug)]
struct Entry {
    url: String,
    title: String,
    summary: String,
    body: String,
    folded: [String; 3],
    word_starts: [Vec<usize>; 3],
    label: Option<String>,
    date: Option<String>,
}

/// One result: where it is, its highlighted title and excerpt.
#[derive(Debug, Clone, Serialize, Deserialize, ts_rs::TS)]
pub struct Hit {
    /// Localized page path.
    pub url: String,
    /// The title, matches marked.
    pub title: Vec<Segment>,
    /// A passage around the first match in the body, or the summary, matches marked.
    pub excerpt: Vec<Segment>,
    /// The FAQ category the article belongs to.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub category: Option<String>,
    /// The announcement's date (`YYYY-MM-DD`).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub date: Option<String>,
}

/// The answer to a query.
#[derive(Debug, Clone, Serialize, Deserialize, ts_rs::TS)]
#[ts(rename = "SearchAnswer")]
pub struct Answer {
    /// The query as received (trimmed).
    pub query: String,
    /// How many items match.
    pub total: usize,
    /// The best [`MAX_RESULTS`] matches, best first.
    pub results: Vec<Hit>,
}

/// Search sets per scope and language, built once at start-up.
#[derive(Debug, Default)]
pub struct SearchIndex {
    sets: HashMap<(Scope, Lang), Vec<Entry>>,
}

impl SearchIndex {
    /// Indexes the FAQ articles and announcements of every language.
    pub fn new(content: &Content) -> Self {
        let mut sets = HashMap::new();
        for lang in Lang::ALL {
            let locale = content.locale(lang);
            let faq = locale
                .faq
                .article
                .iter()
                .map(|a| {
                    let category = locale.faq.category.iter().find(|c| c.id == a.category);
                    Entry::new(
                        lang.localize(&format!("/faq/{}", a.id)),
                        &a.title,
                        &a.summary,
                        plain_text(&a.body),
                        category.map(|c| c.title.clone()),
                        None,
                    )
                })
                .collect();
            let announcements = locale
                .announcements
                .announcement
                .iter()
                .map(|a| {
                    Entry::new(
                        a.path(lang),
                        &a.title,
                        &a.summary,
                        plain_text(&a.body),
                        None,
                        Some(a.date.to_string()),
                    )
                })
                .collect();
            sets.insert((Scope::Faq, lang), faq);
            sets.insert((Scope::Announcements, lang), announcements);
        }
        Self { sets }
    }

    /// Searches `scope` in `lang` for `query`. Every term must match; titles weigh most, then
    /// summaries, then bodies; ties keep the content's order.
    pub fn search(&self, scope: Scope, lang: Lang, query: &str) -> Result<Answer, QueryError> {
        let query = query.trim();
        if query.chars().count() > text::MAX_QUERY_CHARS {
            return Err(QueryError::TooLong);
        }
        let terms = terms(query);
        let phrase = fold(query);
        let excerpt_width = if lang == Lang::Zh { 72 } else { 150 };
        let mut scored: Vec<(u32, &Entry, Matches)> = Vec::new();
        if !terms.is_empty() {
            for entry in self.sets.get(&(scope, lang)).into_iter().flatten() {
                if let Some((score, matches)) = entry.score(&terms, &phrase) {
                    scored.push((score, entry, matches));
                }
            }
        }
        scored.sort_by_key(|(score, _, _)| std::cmp::Reverse(*score));
        let total = scored.len();
        Ok(Answer {
            query: query.to_owned(),
            total,
            results: scored
                .iter()
                .take(MAX_RESULTS)
                .map(|(_, entry, matches)| entry.hit(matches, excerpt_width))
                .collect(),
        })
    }
}

/// Where the terms occur in an entry's title, summary and body (byte ranges).
type Matches = [Vec<Range<usize>>; 3];

impl Entry {
    fn new(
        url: String,
        title: &str,
        summary: &str,
        body: String,
        label: Option<String>,
        date: Option<String>,
    ) -> Self {
        let body = body.replace('\n', " ");
        let folded = [fold(title), fold(summary), fold(&body)];
        Self {
            word_starts: [0, 1, 2].map(|field| word_starts(&folded[field])),
            folded,
            url,
            title: title.to_owned(),
            summary: summary.to_owned(),
            body,
            label,
            date,
        }
    }

    /// The score of this entry and where the terms occur, or `None` when a term is missing.
    fn score(&self, terms: &[Term], phrase: &str) -> Option<(u32, Matches)> {
        let mut found = Matches::default();
        let mut score = 0u32;
        for term in terms {
            let counts = [0, 1, 2].map(|field| {
                let ranges = occurrences(&self.folded[field], &self.word_starts[field], term);
                let count = ranges.len() as u32;
                found[field].extend(ranges);
                count
            });
            if counts == [0, 0, 0] {
                return None;
            }
            score += 10 * counts[0].min(2) + 4 * counts[1].min(2) + counts[2].min(5);
        }
        if terms.len() > 1 && self.folded[0].contains(phrase) {
            score += 15;
        }
        Some((score, found))
    }

    /// The result for this entry: its title and an excerpt with the matches marked (made only
    /// for the results an answer lists).
    fn hit(&self, matches: &Matches, excerpt_width: usize) -> Hit {
        let [title_ranges, summary_ranges, body_ranges] = matches;
        let excerpt = match body_ranges.iter().map(|r| r.start).min() {
            Some(first) => {
                let mut window = window_around(&self.body, first, excerpt_width);
                window.end = body_ranges
                    .iter()
                    .filter(|r| r.start < window.end)
                    .fold(window.end, |end, r| end.max(r.end));
                let mut excerpt = Vec::new();
                if window.start > 0 {
                    excerpt.push(ellipsis());
                }
                let ends_early = window.end < self.body.len();
                excerpt.extend(segments(&self.body, window, body_ranges));
                if ends_early {
                    excerpt.push(ellipsis());
                }
                excerpt
            }
            None => segments(&self.summary, 0..self.summary.len(), summary_ranges),
        };
        Hit {
            url: self.url.clone(),
            title: segments(&self.title, 0..self.title.len(), title_ranges),
            excerpt,
            category: self.label.clone(),
            date: self.date.clone(),
        }
    }
}

fn ellipsis() -> Segment {
    Segment {
        text: "…".to_owned(),
        hit: false,
    }
}
