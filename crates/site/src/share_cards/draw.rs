//! Drawing a share card onto an RGB canvas: the background colour, flat shapes, the logo's
//! pixels, and each run's glyph outlines filled with anti-aliasing (zeno's rasterizer).

use zeno::{Mask, Transform};

use super::layout::{Layout, Run, colour};

/// How many steps of coverage an anti-aliased edge is drawn with: the 16 of resvg's 4 × 4
/// supersampling, which the cards were drawn with before. A card then holds its few flat colours
/// and at most 16 blends of each text colour, well within a PNG palette's 256.
const COVERAGE_LEVELS: u32 = 16;

/// An opaque image, three bytes (red, green, blue) a pixel, row by row.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Canvas {
    /// Width in pixels.
    pub width: u32,
    /// Height in pixels.
    pub height: u32,
    /// Every pixel, row by row.
    pub pixels: Vec<[u8; 3]>,
}

impl Canvas {
    /// A canvas of one colour.
    pub fn new(width: u32, height: u32, colour: [u8; 3]) -> Self {
        Self {
            width,
            height,
            pixels: vec![colour; width as usize * height as usize],
        }
    }

    /// Fills the SVG path data `path` (non-zero rule), placed by `transform`, with `colour`.
    pub fn fill(&mut self, path: &str, transform: Option<Transform>, colour: [u8; 3]) {
        let (coverage, placement) = Mask::new(path).transform(transform).render();
        let width = placement.width as i64;
        for (row, line) in coverage.chunks_exact(width.max(1) as usize).enumerate() {
            let y = i64::from(placement.top) + row as i64;
            if y < 0 || y >= i64::from(self.height) {
                continue;
            }
            for (column, &cover) in line.iter().enumerate() {
                let x = i64::from(placement.left) + column as i64;
                if x < 0 || x >= i64::from(self.width) {
                    continue;
                }
                let pixel = &mut self.pixels[(y * i64::from(self.width) + x) as usize];
                *pixel = blend(*pixel, colour, cover);
            }
        }
    }

    /// Copies `rgb` (a `width` × `height` box, three bytes a pixel) with its top left corner at
    /// (`x`, `y`); what falls outside the canvas is left out.
    pub fn copy(&mut self, x: u32, y: u32, width: u32, rgb: &[u8]) {
        for (row, line) in rgb.chunks_exact(width as usize * 3).enumerate() {
            let y = y as usize + row;
            if y >= self.height as usize {
                break;
            }
            for (column, pixel) in line.chunks_exact(3).enumerate() {
                let x = x as usize + column;
                if x < self.width as usize {
                    self.pixels[y * self.width as usize + x] = [pixel[0], pixel[1], pixel[2]];
                }
            }
        }
    }

    /// Sets `run`'s text glyph by glyph, each placed at the run's baseline after the advances of
    /// the glyphs before it.
    fn text(&mut self, layout: &Layout, run: &Run) -> anyhow::Result<()> {
        let face = layout
            .faces
            .get(&run.face)
            .ok_or_else(|| anyhow::anyhow!("no face {:?}", run.face))?;
        let fill = colour(&run.fill)?;
        let scale = run.size / face.units_per_em;
        let mut pen = 0.0;
        let mut key = [0; 4];
        for character in run.text.chars() {
            let (advance, outline) = face
                .glyphs
                .get(&*character.encode_utf8(&mut key))
                .ok_or_else(|| anyhow::anyhow!("no glyph for {character:?} in {:?}", run.face))?;
            if !outline.is_empty() {
                let place = Transform::scale(scale, -scale).then_translate(run.x + pen, run.y);
                self.fill(outline, Some(place), fill);
            }
            pen += advance * scale;
        }
        Ok(())
    }
}

/// `base` with `colour` over it at `cover` (0–255), in [`COVERAGE_LEVELS`] steps.
fn blend(base: [u8; 3], colour: [u8; 3], cover: u8) -> [u8; 3] {
    let level = (u32::from(cover) * COVERAGE_LEVELS + 127) / 255;
    if level == 0 {
        return base;
    }
    let mix = |under: u8, over: u8| {
        let total = u32::from(under) * (COVERAGE_LEVELS - level) + u32::from(over) * level;
        ((total + COVERAGE_LEVELS / 2) / COVERAGE_LEVELS) as u8
    };
    [
        mix(base[0], colour[0]),
        mix(base[1], colour[1]),
        mix(base[2], colour[2]),
    ]
}

/// Draws the card whose text is `runs`.
pub fn draw(layout: &Layout, runs: &[Run]) -> anyhow::Result<Canvas> {
    let mut canvas = Canvas::new(layout.width, layout.height, colour(&layout.background)?);
    for shape in &layout.shapes {
        canvas.fill(&shape.path, None, colour(&shape.fill)?);
    }
    let logo = &layout.logo;
    canvas.copy(logo.x, logo.y, logo.width, &logo.rgb);
    for run in runs {
        canvas.text(layout, run)?;
    }
    Ok(canvas)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn full_cover_paints_the_colour_and_none_leaves_the_base() {
        let (base, over) = ([10, 20, 30], [250, 240, 230]);
        assert_eq!(blend(base, over, 255), over);
        assert_eq!(blend(base, over, 0), base);
        assert_eq!(blend(base, over, 3), base, "under half a step");
        assert_eq!(blend([0, 0, 0], [255, 255, 255], 128), [128, 128, 128]);
    }

    #[test]
    fn edges_take_at_most_the_coverage_levels_of_blends() {
        let mut canvas = Canvas::new(64, 64, [0, 0, 0]);
        canvas.fill("M4.3 4.7L60.2 9.1L30.6 58.4Z", None, [255, 255, 255]);
        let mut colours: Vec<_> = canvas.pixels.clone();
        colours.sort();
        colours.dedup();
        assert!(colours.len() > 8, "anti-aliased edges: {}", colours.len());
        assert!(colours.len() <= COVERAGE_LEVELS as usize + 1);
    }

    #[test]
    fn a_filled_square_covers_its_pixels_and_no_others() {
        let mut canvas = Canvas::new(8, 8, [0, 0, 0]);
        canvas.fill("M2 2H6V6H2Z", None, [9, 9, 9]);
        for y in 0..8 {
            for x in 0..8 {
                let inside = (2..6).contains(&x) && (2..6).contains(&y);
                let expected = if inside { [9, 9, 9] } else { [0, 0, 0] };
                assert_eq!(canvas.pixels[y * 8 + x], expected, "({x}, {y})");
            }
        }
    }

    #[test]
    fn shapes_and_copies_past_the_edge_are_clipped() {
        let mut canvas = Canvas::new(4, 4, [0, 0, 0]);
        canvas.fill("M-10 -10H2V20H-10Z", None, [1, 1, 1]);
        canvas.copy(3, 3, 2, &[7; 12]);
        assert_eq!(canvas.pixels[0], [1, 1, 1]);
        assert_eq!(canvas.pixels[15], [7, 7, 7]);
        assert_eq!(canvas.pixels[2], [0, 0, 0]);
    }
}
