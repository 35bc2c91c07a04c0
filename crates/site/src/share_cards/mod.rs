//! Share cards: the PNG image link previews show for each page (`og:image`), drawn the first time
//! it is asked for from the layout the UI build made (`ui/scripts/share-cards.mjs`). The binary
//! carries that layout and the outlines of the glyphs the cards use, compressed, instead of one
//! image per page; start-up reads none of it.

mod draw;
mod layout;
mod png;

use std::sync::OnceLock;

use anyhow::Context;

use crate::embedded::pack::unpacked;
use layout::Layout;

/// The cards of one UI build; each is drawn on request ([`ShareCards::png`]), its layout read on
/// the first.
#[derive(Debug)]
pub struct ShareCards {
    /// The layout's JSON as one brotli stream (`crates/site/build.rs`).
    packed: &'static [u8],
    /// The layout, read when the first card is drawn; the error text when it cannot be read.
    layout: OnceLock<Result<Layout, String>>,
}

impl ShareCards {
    /// The cards of the UI build embedded in this binary.
    pub fn embedded() -> Self {
        Self::new(crate::embedded::SHARE_CARD_LAYOUT)
    }

    /// The cards whose layout is `packed`: JSON in one brotli stream.
    pub fn new(packed: &'static [u8]) -> Self {
        Self {
            packed,
            layout: OnceLock::new(),
        }
    }

    /// The PNG file of the card served at `url` (`/_app/share/{page}.{hash}.png`), drawn now:
    /// some milliseconds.
    pub fn png(&self, url: &str) -> anyhow::Result<Vec<u8>> {
        let layout = self
            .layout
            .get_or_init(|| read_layout(self.packed).map_err(|error| format!("{error:#}")))
            .as_ref()
            .map_err(|error| anyhow::anyhow!("the share cards' layout: {error}"))?;
        let runs = layout
            .cards
            .get(url)
            .with_context(|| format!("no share card {url}"))?;
        let canvas = draw::draw(layout, runs).with_context(|| format!("drawing {url}"))?;
        Ok(png::encode(&canvas))
    }
}

fn read_layout(packed: &[u8]) -> anyhow::Result<Layout> {
    let text = unpacked(packed).context("a brotli stream")?;
    let layout: Layout = serde_json::from_slice(&text)?;
    layout.logo.check()?;
    Ok(layout)
}

#[cfg(test)]
mod tests {
    use super::*;
    use layout::Run;

    /// The embedded build's layout, read as the server reads it.
    fn embedded_layout() -> Layout {
        read_layout(crate::embedded::SHARE_CARD_LAYOUT).expect("the embedded layout")
    }

    /// In the title's band (rows 200 to 480): how many pixels differ between `a` and `b`, and
    /// how many of `a`'s are not the card's background.
    fn compare(layout: &Layout, a: &draw::Canvas, b: &draw::Canvas) -> (usize, usize) {
        let background = layout::colour(&layout.background).unwrap();
        let band = 200 * layout.width as usize..480 * layout.width as usize;
        let differing = band
            .clone()
            .filter(|&at| a.pixels[at] != b.pixels[at])
            .count();
        let ink = band.filter(|&at| a.pixels[at] != background).count();
        (differing, ink)
    }

    /// How many distinct colours a PNG file's pixels hold, and whether it is indexed.
    fn colours_of(file: &[u8]) -> (usize, bool) {
        let mut reader = ::png::Decoder::new(std::io::Cursor::new(file))
            .read_info()
            .unwrap();
        let indexed = reader.info().color_type == ::png::ColorType::Indexed;
        let mut pixels = vec![0; reader.output_buffer_size().unwrap()];
        let frame = reader.next_frame(&mut pixels).unwrap();
        let step = if indexed { 1 } else { 3 };
        let colours: std::collections::BTreeSet<&[u8]> =
            pixels[..frame.buffer_size()].chunks_exact(step).collect();
        (colours.len(), indexed)
    }

    #[test]
    fn every_card_of_the_embedded_build_is_drawn_indexed_whenever_a_palette_holds_it() {
        let cards = ShareCards::embedded();
        let layout = embedded_layout();
        assert!(!layout.cards.is_empty());
        for url in layout.cards.keys() {
            let file = cards.png(url).unwrap();
            assert_eq!(&file[..8], b"\x89PNG\r\n\x1a\n", "{url}");
            let (colours, indexed) = colours_of(&file);
            assert_eq!(indexed, colours <= 256, "{url}: {colours} colours");
        }
    }

    #[test]
    fn chinese_titles_come_out_as_their_own_glyphs() {
        let layout = embedded_layout();
        // A Chinese title, and the same characters in another order: a font without Chinese
        // glyphs would draw each as the same box, and the two cards alike.
        let chinese = |run: &Run| run.text.chars().filter(|c| *c >= '\u{4e00}').count() >= 4;
        let runs = layout
            .cards
            .values()
            .find(|runs| runs.iter().any(chinese))
            .expect("a card with a Chinese title");
        let reordered: Vec<Run> = runs
            .iter()
            .map(|run| {
                let mut characters: Vec<char> = run.text.chars().collect();
                if chinese(run) {
                    characters.rotate_left(1);
                }
                Run {
                    text: characters.into_iter().collect(),
                    ..run.clone()
                }
            })
            .collect();
        let card = draw::draw(&layout, runs).unwrap();
        let (differing, ink) = compare(&layout, &card, &draw::draw(&layout, &reordered).unwrap());
        assert!(ink > 5000, "the title is drawn: {ink} pixels of ink");
        assert!(differing > 500, "the glyphs differ: {differing} pixels");
    }

    #[test]
    fn an_unknown_card_is_an_error_not_a_panic() {
        let error = ShareCards::embedded()
            .png("/_app/share/none.png")
            .unwrap_err();
        assert_eq!(error.to_string(), "no share card /_app/share/none.png");
        static BROKEN: &[u8] = b"not brotli";
        let error = ShareCards::new(BROKEN)
            .png("/_app/share/x.png")
            .unwrap_err();
        assert!(error.to_string().starts_with("the share cards' layout: "));
    }
}
