//! The facts of how the company operates, each in a file of its own: the channels
//! (`channels.toml`), the signing model (`signing.toml`), what each entity offers and its staking
//! particulars (`offerings.toml`), the recurring commitments (`commitments.toml`), the insurance
//! policy (`insurance.toml`), the attestation of client holdings (`holdings.toml`), where each
//! entity accepts clients from (`jurisdictions.toml`) and the client API (`developers.toml`). Copy
//! cites them as tokens; the claims register lists every citation.

use serde::Serialize;

use crate::schema::channels::Channels;
use crate::schema::commitments::Commitments;
use crate::schema::developers::Developers;
use crate::schema::holdings::Holdings;
use crate::schema::insurance::Insurance;
use crate::schema::jurisdictions::Jurisdictions;
use crate::schema::offerings::Offerings;
use crate::schema::signing::Signing;

/// The facts files, read together.
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
    /// `insurance.toml`.
    pub insurance: Insurance,
    /// `holdings.toml`.
    pub holdings: Holdings,
    /// `jurisdictions.toml`.
    pub jurisdictions: Jurisdictions,
    /// `developers.toml`.
    pub developers: Developers,
}
