//! The facts of how the company operates, each in a file of its own: the channels
//! (`channels.toml`), the signing model (`signing.toml`), what each entity offers
//! (`offerings.toml`) and the recurring commitments (`commitments.toml`). Copy cites them as
//! tokens; the claims register lists every citation.

use serde::Serialize;

use super::channels::Channels;
use super::commitments::Commitments;
use super::offerings::Offerings;
use super::signing::Signing;

/// The four files, read together.
#[derive(Debug, Clone, Serialize)]
pub struct Operations {
    /// `channels.toml`.
    pub channels: Channels,
    /// `signing.toml`.
    pub signing: Signing,
    /// `offerings.toml`.
    pub offerings: Offerings,
    /// `commitments.toml`.
    pub commitments: Commitments,
}
