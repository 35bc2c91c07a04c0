//! The rules of the facts of how the company operates, each reported at its line of its file: the
//! channels keep the promises their hours allow, the signing model is a sound threshold of keys
//! placed on continents, the offerings name real entities, the commitments are real intervals,
//! every id is a unique slug; and no frequency is typed in copy.

use super::findings::token_id_problems;
use crate::ContentError;
use crate::schema::model::Content;
use crate::schema::{channels, commitments, offerings, signing};
use crate::source::files::ContentFiles;
use crate::validate::typed_frequencies;

/// Runs every rule and returns all violations.
pub fn check(content: &Content, files: &ContentFiles) -> Vec<ContentError> {
    let operations = &content.operations;
    let site = &content.site;
    let mut errors = Vec::new();
    let mut report = |file: &str, problems: Vec<(String, String)>| {
        let text = files.get(file).map(String::as_str).unwrap_or_default();
        errors.extend(
            problems
                .into_iter()
                .map(|(needle, message)| ContentError::near(file, text, &needle, message)),
        );
    };
    report(
        "channels.toml",
        channels::problems(&operations.channels, &site.duration),
    );
    report("signing.toml", signing::problems(&operations.signing));
    report(
        "offerings.toml",
        offerings::problems(&operations.offerings, &site.entity),
    );
    report(
        "commitments.toml",
        commitments::problems(&operations.commitments),
    );
    let durations = |id: &str| site.duration.iter().any(|d| d.id == id);
    report(
        "signing.toml",
        operations
            .signing
            .automatic
            .iter()
            .filter(|a| a.interval.as_deref().is_some_and(|id| !durations(id)))
            .map(|a| {
                (
                    format!("id = \"{}\"", a.id),
                    format!(
                        "automatic transfer `{}`: interval `{}` is not a [[duration]] of site.toml",
                        a.id,
                        a.interval.as_deref().unwrap_or_default()
                    ),
                )
            })
            .collect(),
    );
    if !durations(&operations.insurance.proceeds_within) {
        report(
            "insurance.toml",
            vec![(
                "proceeds_within".to_owned(),
                format!(
                    "`proceeds_within = \"{}\"` is not a [[duration]] of site.toml",
                    operations.insurance.proceeds_within
                ),
            )],
        );
    }
    let ids = [
        (
            "channels.toml",
            operations
                .channels
                .channel
                .iter()
                .map(|c| c.id.as_str())
                .collect::<Vec<_>>(),
        ),
        (
            "signing.toml",
            operations
                .signing
                .wallet
                .iter()
                .map(|w| w.id.as_str())
                .chain(operations.signing.approval.iter().map(|a| a.id.as_str()))
                .collect(),
        ),
        (
            "offerings.toml",
            operations
                .offerings
                .service
                .iter()
                .map(|s| s.id.as_str())
                .collect(),
        ),
        (
            "commitments.toml",
            operations
                .commitments
                .frequency
                .iter()
                .map(|f| f.id.as_str())
                .chain(operations.commitments.hours.iter().map(|h| h.id.as_str()))
                .collect(),
        ),
    ];
    for (file, ids) in ids {
        report(file, token_id_problems(ids));
    }
    errors.extend(typed_frequencies::check(
        files,
        &operations.commitments.frequency,
    ));
    errors
}
