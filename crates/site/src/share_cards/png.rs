//! A canvas as a PNG file, written by the `png` crate: 8-bit indexed when it has at most 256
//! colours (a card has a few flat colours and their anti-aliased blends, and its indexed file is
//! under half the size of an RGB one), else 8-bit RGB; lossless either way, without row filters
//! (they do not help indexed images) and at zlib's best compression.

use std::collections::HashMap;

use png::{BitDepth, ColorType, DeflateCompression, Encoder, Filter};

use super::draw::Canvas;

/// zlib's best compression: a card is drawn once and then served from memory.
const BEST: DeflateCompression = DeflateCompression::Level(9);

/// The PNG file of `canvas`.
pub fn encode(canvas: &Canvas) -> Vec<u8> {
    let mut file = Vec::new();
    let mut encoder = Encoder::new(&mut file, canvas.width, canvas.height);
    encoder.set_depth(BitDepth::Eight);
    encoder.set_deflate_compression(BEST);
    encoder.set_filter(Filter::NoFilter);
    let data = match indexed(canvas) {
        Some((palette, indexes)) => {
            encoder.set_color(ColorType::Indexed);
            encoder.set_palette(palette);
            indexes
        }
        None => {
            encoder.set_color(ColorType::Rgb);
            canvas.pixels.as_flattened().to_vec()
        }
    };
    let mut writer = encoder
        .write_header()
        .expect("a canvas has a size PNG allows");
    writer
        .write_image_data(&data)
        .expect("writing to memory cannot fail");
    writer.finish().expect("writing to memory cannot fail");
    file
}

/// The palette (three bytes a colour) and the pixels as indexes into it; `None` past 256
/// colours.
fn indexed(canvas: &Canvas) -> Option<(Vec<u8>, Vec<u8>)> {
    let mut indexes: HashMap<[u8; 3], u8> = HashMap::new();
    let mut palette = Vec::new();
    let mut pixels = Vec::with_capacity(canvas.pixels.len());
    // Most pixels are the colour of the one before: remember it rather than look it up.
    let mut previous = None;
    for &pixel in &canvas.pixels {
        let index = match previous {
            Some((colour, index)) if colour == pixel => index,
            _ => {
                let next = indexes.len();
                let index = match indexes.get(&pixel) {
                    Some(&index) => index,
                    None => {
                        let index = u8::try_from(next).ok()?;
                        indexes.insert(pixel, index);
                        palette.extend_from_slice(&pixel);
                        index
                    }
                };
                previous = Some((pixel, index));
                index
            }
        };
        pixels.push(index);
    }
    Some((palette, pixels))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The pixels of a PNG file, read back by the `png` crate's decoder, as RGB.
    fn decoded(file: &[u8]) -> (u32, u32, Vec<[u8; 3]>) {
        let mut decoder = png::Decoder::new(std::io::Cursor::new(file));
        decoder.set_transformations(png::Transformations::EXPAND);
        let mut reader = decoder.read_info().expect("a PNG header");
        let mut buffer = vec![0; reader.output_buffer_size().expect("a sized image")];
        let frame = reader.next_frame(&mut buffer).expect("a PNG image");
        assert_eq!(frame.color_type, ColorType::Rgb);
        let pixels = buffer[..frame.buffer_size()]
            .chunks_exact(3)
            .map(|pixel| [pixel[0], pixel[1], pixel[2]])
            .collect();
        (frame.width, frame.height, pixels)
    }

    #[test]
    fn a_few_colours_are_written_indexed_and_read_back_unchanged() {
        let mut canvas = Canvas::new(40, 30, [11, 37, 69]);
        canvas.fill("M3.5 2.2L37.1 5.9L20.3 28.4Z", None, [255, 255, 255]);
        let file = encode(&canvas);
        assert_eq!(file[25], ColorType::Indexed as u8, "colour type in IHDR");
        assert_eq!(decoded(&file), (40, 30, canvas.pixels));
    }

    #[test]
    fn more_than_256_colours_are_written_as_rgb_and_read_back_unchanged() {
        let mut canvas = Canvas::new(32, 16, [0, 0, 0]);
        for (at, pixel) in canvas.pixels.iter_mut().enumerate() {
            *pixel = [at as u8, (at >> 8) as u8, 7];
        }
        let file = encode(&canvas);
        assert_eq!(file[25], ColorType::Rgb as u8, "colour type in IHDR");
        assert_eq!(decoded(&file), (32, 16, canvas.pixels));
    }
}
