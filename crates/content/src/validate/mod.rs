//! Cross-file rules the types cannot express, one pass per concern; [`check`] runs them all.
//! Beside them, the rules over copy as text that the passes call ([`typed_durations`],
//! [`typed_figures`], [`typed_frequencies`], [`typed_money`], [`zh_dates`], the house terms of
//! `glossary.toml`), the en/zh [`parity`] of the files, and the contract-address checks
//! ([`addresses`]).

pub mod addresses;
mod channel_copy;
mod claims;
mod contact;
mod facts;
mod figure_floors;
mod findings;
mod glossary;
mod grammar;
mod illustrations;
#[cfg(test)]
mod marketing_fixture;
mod offering_copy;
mod operations;
mod pages;
pub mod parity;
mod particulars;
mod particulars_copy;
mod published_notices;
mod security;
mod signing_copy;
mod site;
mod supported_assets;
mod titles;
mod trust_line;
pub mod typed_durations;
pub mod typed_figures;
pub mod typed_frequencies;
pub mod typed_money;
pub mod zh_dates;

use crate::ContentError;
use crate::schema::model::Content;
use crate::source::files::ContentFiles;

/// Runs every cross-file rule and returns all violations.
pub fn check(content: &Content, files: &ContentFiles) -> Vec<ContentError> {
    let mut errors = site::check(content, files);
    errors.extend(pages::check(content, files));
    errors.extend(illustrations::check(content, files));
    errors.extend(grammar::check(content, files));
    errors.extend(supported_assets::check(content, files));
    errors.extend(contact::check(content));
    errors.extend(security::check(content, files));
    errors.extend(facts::check(content, files));
    errors.extend(claims::check(content, files));
    errors.extend(trust_line::check(content, files));
    errors.extend(operations::check(content, files));
    errors.extend(channel_copy::check(content, files));
    errors.extend(signing_copy::check(content, files));
    errors.extend(offering_copy::check(content, files));
    errors.extend(particulars::check(content, files));
    errors.extend(particulars_copy::check(content, files));
    errors.extend(titles::check(content, files));
    errors.extend(published_notices::check(files));
    errors.extend(figure_floors::check(&content.site, files));
    errors
}
