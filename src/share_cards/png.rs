//! A canvas as a PNG file: 8-bit indexed when it has at most 256 colours (a card has a few flat
//! colours and their anti-aliased blends, and its indexed file is under half the size of an RGB
//! one), else 8-bit RGB; lossless either way. The file is four chunks written over flate2's
//! zlib stream and crc32fast's checksum, both of which the binary already carries.

use std::collections::HashMap;
use std::io::Write;

use flate2::Compression;
use flate2::write::ZlibEncoder;

use super::draw::Canvas;

/// The eight bytes every PNG file starts with.
const SIGNATURE: [u8; 8] = [0x89, b'P', b'N', b'G', b'\r', b'\n', 0x1a, b'\n'];
/// PNG colour types.
const INDEXED: u8 = 3;
const RGB: u8 = 2;

/// The PNG file of `canvas`.
pub fn encode(canvas: &Canvas) -> Vec<u8> {
    let (colour_type, palette, rows) = match indexed(canvas) {
        Some((palette, rows)) => (INDEXED, Some(palette), rows),
        None => (RGB, None, rgb_rows(canvas)),
    };
    let mut header = Vec::with_capacity(13);
    header.extend_from_slice(&canvas.width.to_be_bytes());
    header.extend_from_slice(&canvas.height.to_be_bytes());
    // Bit depth 8; compression, filter and interlace methods 0 (the only ones defined, no
    // interlacing).
    header.extend_from_slice(&[8, colour_type, 0, 0, 0]);
    let mut zlib = ZlibEncoder::new(Vec::new(), Compression::best());
    zlib.write_all(&rows)
        .expect("writing to memory cannot fail");
    let data = zlib.finish().expect("writing to memory cannot fail");

    let mut file = Vec::with_capacity(data.len() + 1024);
    file.extend_from_slice(&SIGNATURE);
    chunk(&mut file, b"IHDR", &header);
    if let Some(palette) = palette {
        chunk(&mut file, b"PLTE", &palette);
    }
    chunk(&mut file, b"IDAT", &data);
    chunk(&mut file, b"IEND", &[]);
    file
}

/// The palette (three bytes a colour) and the rows of indexes, each row after its filter type
/// (0, none: filters do not help indexed images); `None` past 256 colours.
fn indexed(canvas: &Canvas) -> Option<(Vec<u8>, Vec<u8>)> {
    let mut indexes: HashMap<[u8; 3], u8> = HashMap::new();
    let mut palette = Vec::new();
    let width = canvas.width as usize;
    let mut rows = Vec::with_capacity(canvas.pixels.len() + canvas.height as usize);
    // Most pixels are the colour of the one before: remember it rather than look it up.
    let mut previous = None;
    for line in canvas.pixels.chunks_exact(width.max(1)) {
        rows.push(0);
        for &pixel in line {
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
            rows.push(index);
        }
    }
    Some((palette, rows))
}

/// The rows of RGB pixels, each after its filter type (0, none).
fn rgb_rows(canvas: &Canvas) -> Vec<u8> {
    let width = canvas.width as usize;
    let mut rows = Vec::with_capacity(canvas.pixels.len() * 3 + canvas.height as usize);
    for line in canvas.pixels.chunks_exact(width.max(1)) {
        rows.push(0);
        rows.extend(line.iter().flatten());
    }
    rows
}

/// Appends a chunk: its length, type, data and the CRC of type and data.
fn chunk(file: &mut Vec<u8>, kind: &[u8; 4], data: &[u8]) {
    let length = u32::try_from(data.len()).expect("a chunk is under 4 GiB");
    file.extend_from_slice(&length.to_be_bytes());
    let mut crc = crc32fast::Hasher::new();
    crc.update(kind);
    crc.update(data);
    file.extend_from_slice(kind);
    file.extend_from_slice(data);
    file.extend_from_slice(&crc.finalize().to_be_bytes());
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The pixels of a PNG file, read by the `png` crate (a test-only decoder), as RGB.
    fn decoded(file: &[u8]) -> (u32, u32, Vec<[u8; 3]>) {
        let mut decoder = png::Decoder::new(std::io::Cursor::new(file));
        decoder.set_transformations(png::Transformations::EXPAND);
        let mut reader = decoder.read_info().expect("a PNG header");
        let mut buffer = vec![0; reader.output_buffer_size().expect("a sized image")];
        let frame = reader.next_frame(&mut buffer).expect("a PNG image");
        assert_eq!(frame.color_type, png::ColorType::Rgb);
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
        assert_eq!(file[25], INDEXED, "colour type in IHDR");
        assert_eq!(decoded(&file), (40, 30, canvas.pixels));
    }

    #[test]
    fn more_than_256_colours_are_written_as_rgb_and_read_back_unchanged() {
        let mut canvas = Canvas::new(32, 16, [0, 0, 0]);
        for (at, pixel) in canvas.pixels.iter_mut().enumerate() {
            *pixel = [at as u8, (at >> 8) as u8, 7];
        }
        let file = encode(&canvas);
        assert_eq!(file[25], RGB, "colour type in IHDR");
        assert_eq!(decoded(&file), (32, 16, canvas.pixels));
    }
}
