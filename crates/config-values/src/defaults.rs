//! Each key's default is written once, beside the key, as `#[serde(default = …)]`; the
//! `Default` of a section is that section read from an empty table.

use serde::de::DeserializeOwned;

/// `N`, the default of an integer key: `#[serde(default = "int::<N>")]`.
pub fn int<const N: u64>() -> u64 {
    N
}

/// `N`, the default of a count: `#[serde(default = "count::<N>")]`.
pub fn count<const N: usize>() -> usize {
    N
}

/// `true`, the default of a switch that is on.
pub fn yes() -> bool {
    true
}

/// A section with every key at its default: an empty table read.
pub fn from_serde<T: DeserializeOwned>() -> T {
    toml::Table::new()
        .try_into()
        .expect("every key has a default")
}

/// `Default` as [`from_serde`], for sections of the configuration.
#[macro_export]
macro_rules! default_from_serde {
    ($($section:ty),+) => {
        $(impl Default for $section {
            fn default() -> Self {
                $crate::defaults::from_serde()
            }
        })+
    };
}
pub use default_from_serde;
