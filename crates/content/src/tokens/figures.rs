//! Company figures: the numbers of `site.toml` formatted for each language, for figure strips and
//! for the `{clients}`-style tokens copy writes instead of typing a figure twice.

use crate::Lang;
use crate::schema::model::{ChainFamily, Evidence, SiteFacts};
use crate::schema::section_items::Figure;
use crate::text::numbers::grouped;
use crate::text::prose::{long_date, money_in_words, money_short};

/// Figures shown as `N+` count the named chains minus this many.
const CHAINS_NOT_COUNTED: usize = 2;

/// A figure token copy may write, e.g. `{clients}`, and the figure it stands for.
pub const TOKENS: [(&str, Figure); 5] = [
    ("clients", Figure::Clients),
    ("assets", Figure::Assets),
    ("safeguarded", Figure::Safeguarded),
    ("chains", Figure::Chains),
    ("insurance", Figure::Insurance),
];

/// Tokens filled in at run time rather than from figures (the footer's current year).
pub const RUNTIME_TOKENS: [&str; 1] = ["year"];

/// The token of the EVM chains figure: copy writes `{evm_chains}+`, as SPEC shows it ("13+").
pub const EVM_CHAINS: &str = "evm_chains";

/// The token of the day the figures describe.
pub const AS_OF: &str = "figures.as_of";

/// The figure tokens outside figure strips: `{evm_chains}` and `{figures.as_of}`.
pub fn other_tokens(site: &SiteFacts, lang: Lang) -> [(String, String); 2] {
    [
        (
            EVM_CHAINS.to_owned(),
            grouped(u64::from(site.figures.evm_chains)),
        ),
        (AS_OF.to_owned(), long_date(site.figures.as_of, lang)),
    ]
}

/// The tokens of each `[[certification]]`: `{certification.{id}.issuer}`, and the evidence's
/// dates, `{certification.{id}.period}` ("1 July 2025 to 30 June 2026" / "2025年7月1日至
/// 2026年6月30日") of a report over a period, `{certification.{id}.as-of}` of a report as of one
/// day, `{certification.{id}.valid-until}` of a certificate.
pub fn certification_tokens(site: &SiteFacts, lang: Lang) -> Vec<(String, String)> {
    let mut tokens = Vec::new();
    for certification in &site.certification {
        let name = |field: &str| format!("certification.{}.{field}", certification.id);
        tokens.push((name("issuer"), certification.issuer.clone()));
        match certification.evidence() {
            Some(Evidence::ReportForPeriod(start, end)) => {
                let (start, end) = (long_date(start, lang), long_date(end, lang));
                let period = match lang {
                    Lang::En => format!("{start} to {end}"),
                    Lang::Zh => format!("{start}至{end}"),
                };
                tokens.push((name("period"), period));
            }
            Some(Evidence::ReportAsOf(day)) => tokens.push((name("as-of"), long_date(day, lang))),
            Some(Evidence::Certificate(_, until)) => {
                tokens.push((name("valid-until"), long_date(until, lang)));
            }
            None => {}
        }
    }
    tokens
}

/// The EVM chains named in `[[chain]]`, which the `{evm_chains}+` figure may not exceed.
pub fn evm_chains_named(site: &SiteFacts) -> usize {
    site.chain
        .iter()
        .filter(|chain| chain.family == ChainFamily::Evm)
        .count()
}

/// The number of supported chains the site claims: the named chains minus two.
pub fn chain_count(site: &SiteFacts) -> usize {
    site.chain.len().saturating_sub(CHAINS_NOT_COUNTED)
}

/// A figure as prose writes it: "300", "USD 10 billion" / "100 亿美元".
pub fn in_prose(site: &SiteFacts, figure: Figure, lang: Lang) -> String {
    let figures = &site.figures;
    match figure {
        Figure::Clients => grouped(claimed(figures.institutional_clients)),
        Figure::Assets => grouped(u64::from(figures.supported_assets)),
        Figure::Chains => chain_count(site).to_string(),
        Figure::Safeguarded => money_in_words(figures.safeguarded_usd, lang),
        Figure::Insurance => money_in_words(figures.insurance_usd, lang),
    }
}

/// The clients the site claims ("more than 300", "300+"): the exact count rounded down to a
/// hundred, or to ten below a hundred, so that "more than" stays true of the count.
fn claimed(count: u32) -> u64 {
    let step = if count >= 100 { 100 } else { 10 };
    u64::from(count / step * step)
}

/// Whether `figure` is a floor the fact exceeds, so that "over" / 逾 before it is true: listed in
/// `[figures] floor`, or counted below the fact (the clients rounded down to fewer than served;
/// the chains, the named ones minus two).
pub fn is_floor(site: &SiteFacts, figure: Figure) -> bool {
    let clients = site.figures.institutional_clients;
    site.figures.floor.contains(&figure)
        || match figure {
            Figure::Clients => u64::from(clients) > claimed(clients),
            Figure::Chains => true,
            Figure::Assets | Figure::Safeguarded | Figure::Insurance => false,
        }
}

/// A figure as a figure strip shows it: "300+", "USD 10bn+" / "逾 100 亿美元", "USD 50m", with
/// "+" (逾 before an amount of money in Chinese, never a trailing `+`) only on a floor
/// ([`is_floor`]): the one place the strips word "more than".
pub fn in_strip(site: &SiteFacts, figure: Figure, lang: Lang) -> String {
    let over = is_floor(site, figure);
    let usd = match figure {
        Figure::Safeguarded => site.figures.safeguarded_usd,
        Figure::Insurance => site.figures.insurance_usd,
        Figure::Clients | Figure::Assets | Figure::Chains => {
            let count = in_prose(site, figure, lang);
            return if over { format!("{count}+") } else { count };
        }
    };
    let amount = money_short(usd, lang);
    match (over, lang) {
        (false, _) => amount,
        (true, Lang::En) => format!("{amount}+"),
        (true, Lang::Zh) => format!("逾 {amount}"),
    }
}
