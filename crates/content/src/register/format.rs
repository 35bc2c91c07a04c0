//! The claims register as a compliance officer reads it (Markdown, one table per group) or as a
//! spreadsheet takes it (CSV, one row per citation).

use super::{Claim, Register};

/// The register as Markdown: a table per group, each fact with its values and citations.
pub fn markdown(register: &Register, title: &str) -> String {
    let citations: usize = register.claims.iter().map(|c| c.citations.len()).sum();
    let uncited = register
        .claims
        .iter()
        .filter(|c| c.citations.is_empty())
        .count();
    let mut out = format!(
        "# {title}\n\n{} facts, {citations} citations; {uncited} facts no page cites.\n",
        register.claims.len()
    );
    let mut group = None;
    for claim in &register.claims {
        if group != Some(claim.group) {
            group = Some(claim.group);
            out.push_str(&format!(
                "\n## {} ({})\n\n| Fact | English | Chinese | Cited in |\n|---|---|---|---|\n",
                claim.group.title(),
                claim.group.source()
            ));
        }
        out.push_str(&row(claim));
    }
    out
}

fn row(claim: &Claim) -> String {
    let fact = if claim.about.is_empty() {
        format!("`{{{}}}`", claim.token)
    } else {
        format!("`{{{}}}`<br>{}", claim.token, cell(&claim.about))
    };
    let cited = if claim.citations.is_empty() {
        "not cited".to_owned()
    } else {
        claim
            .citations
            .iter()
            .map(|c| format!("{}:{} {}", c.file, c.line, c.page))
            .collect::<Vec<_>>()
            .join("<br>")
    };
    format!(
        "| {fact} | {} | {} | {} |\n",
        cell(&claim.en),
        cell(&claim.zh),
        cell(&cited)
    )
}

/// Text safe in a Markdown table cell.
fn cell(text: &str) -> String {
    text.replace('|', "\\|").replace('\n', " ")
}

/// The register as CSV with a header row: one row per citation, and one row with no file for a
/// fact no page cites.
pub fn csv(register: &Register) -> String {
    let mut out = String::from("group,fact,about,english,chinese,language,file,line,page\n");
    for claim in &register.claims {
        let head = [
            claim.group.title(),
            &format!("{{{}}}", claim.token),
            &claim.about,
            &claim.en,
            &claim.zh,
        ]
        .map(field)
        .join(",");
        if claim.citations.is_empty() {
            out.push_str(&format!("{head},,,,\n"));
        }
        for c in &claim.citations {
            out.push_str(&format!(
                "{head},{},{},{},{}\n",
                c.lang.code(),
                field(&c.file),
                c.line,
                field(&c.page)
            ));
        }
    }
    out
}

/// One CSV field (RFC 4180): quoted when it holds a comma, a quote or a line break.
fn field(text: &str) -> String {
    if text.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", text.replace('"', "\"\""))
    } else {
        text.to_owned()
    }
}

#[cfg(test)]
mod tests {
    use super::super::{Citation, Group};
    use super::*;
    use crate::Lang;

    fn register() -> Register {
        Register {
            claims: vec![Claim {
                group: Group::Channels,
                token: "channel.incidents.hours".into(),
                about: "Incidents, lost keys | claims".into(),
                en: "around the clock, including weekends".into(),
                zh: "全天候".into(),
                citations: vec![Citation {
                    lang: Lang::En,
                    file: "en/faq.toml".into(),
                    line: 670,
                    page: "/faq/lost-or-damaged-security-key".into(),
                }],
            }],
        }
    }

    #[test]
    fn writes_a_table_per_group_with_every_citation() {
        let text = markdown(&register(), "Claims register");
        assert!(text.contains("## Channels (channels.toml)"), "{text}");
        assert!(text.contains(
            "| `{channel.incidents.hours}`<br>Incidents, lost keys \\| claims | around the clock, including weekends | 全天候 | en/faq.toml:670 /faq/lost-or-damaged-security-key |"
        ), "{text}");
    }

    #[test]
    fn writes_one_csv_row_per_citation_quoting_commas() {
        assert_eq!(
            csv(&register()),
            "group,fact,about,english,chinese,language,file,line,page\n\
             Channels,{channel.incidents.hours},\"Incidents, lost keys | claims\",\
             \"around the clock, including weekends\",全天候,en,en/faq.toml,670,\
             /faq/lost-or-damaged-security-key\n"
        );
    }
}
