//! The share cards' layout as the UI build writes it (`ui/scripts/share-cards.mjs`): what every
//! card shares (its size and colour, flat shapes, the logo's pixels), the outline of every glyph
//! the cards use, and each card's text as runs of glyphs.

use std::collections::HashMap;

use base64::Engine;
use serde::{Deserialize, Deserializer};

/// The layout of every card.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Layout {
    /// The card's width in pixels.
    pub width: u32,
    /// The card's height in pixels.
    pub height: u32,
    /// The colour under everything (`#rrggbb`).
    pub background: String,
    /// Flat shapes every card shows, in the order they are drawn.
    pub shapes: Vec<Shape>,
    /// The logo, rasterized by the build.
    pub logo: Logo,
    /// The faces the runs name (`bold`, `regular`), with the glyphs the cards use.
    pub faces: HashMap<String, Face>,
    /// Each card's text by the URL path the card is served at.
    pub cards: HashMap<String, Vec<Run>>,
}

/// A shape filled with one colour.
#[derive(Debug, Deserialize)]
pub struct Shape {
    /// SVG path data, in pixels.
    pub path: String,
    /// `#rrggbb`.
    pub fill: String,
}

/// The logo's pixels and where they go.
#[derive(Debug, Deserialize)]
pub struct Logo {
    /// The left edge of the logo's box, in pixels.
    pub x: u32,
    /// The top edge of the logo's box, in pixels.
    pub y: u32,
    /// The box's width in pixels.
    pub width: u32,
    /// The box's height in pixels.
    pub height: u32,
    /// The box's pixels, three bytes (red, green, blue) each, row by row (base64 in the file).
    #[serde(deserialize_with = "from_base64")]
    pub rgb: Vec<u8>,
}

impl Logo {
    /// Whether the pixels fill the box exactly.
    pub fn check(&self) -> anyhow::Result<()> {
        let expected = self.width as usize * self.height as usize * 3;
        anyhow::ensure!(
            self.rgb.len() == expected,
            "the logo has {} bytes of pixels, not {expected}",
            self.rgb.len()
        );
        Ok(())
    }
}

/// Bytes written in base64, decoded when the layout is read.
fn from_base64<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Vec<u8>, D::Error> {
    let text = String::deserialize(deserializer)?;
    base64::engine::general_purpose::STANDARD
        .decode(text)
        .map_err(serde::de::Error::custom)
}

/// One face of the font.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Face {
    /// The font units in one em: a glyph's size in pixels is the run's size divided by this.
    pub units_per_em: f32,
    /// Each character's advance and outline (SVG path data in font units, y pointing up; empty
    /// for a space).
    pub glyphs: HashMap<String, (f32, String)>,
}

/// Text set in one face, size and colour on one baseline.
#[derive(Debug, Clone, Deserialize)]
pub struct Run {
    /// The face's key in [`Layout::faces`].
    pub face: String,
    /// The size in pixels (one em).
    pub size: f32,
    /// Where the baseline starts, in pixels from the left.
    pub x: f32,
    /// The baseline, in pixels from the top.
    pub y: f32,
    /// `#rrggbb`.
    pub fill: String,
    /// The text.
    pub text: String,
}

/// The red, green and blue of a `#rrggbb` colour.
pub fn colour(hex: &str) -> anyhow::Result<[u8; 3]> {
    let digits = hex
        .strip_prefix('#')
        .filter(|digits| digits.len() == 6 && digits.is_ascii())
        .ok_or_else(|| anyhow::anyhow!("{hex:?} is not a #rrggbb colour"))?;
    let channel = |at: usize| u8::from_str_radix(&digits[at..at + 2], 16);
    Ok([channel(0)?, channel(2)?, channel(4)?])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn colours_are_read_from_hex() {
        assert_eq!(colour("#0b2545").unwrap(), [0x0b, 0x25, 0x45]);
        assert_eq!(colour("#FFFFFF").unwrap(), [255, 255, 255]);
        for bad in ["0b2545", "#0b254", "#0b25451", "#zzzzzz", "#ééé"] {
            assert!(colour(bad).is_err(), "{bad}");
        }
    }
}
