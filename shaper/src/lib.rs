//! Shapes one piece of a printable sheet's title in one font: rustybuzz
//! (HarfBuzz's shaping in Rust) turns characters into the font's glyphs,
//! joining Arabic letters, moving Indic vowel signs, forming conjuncts and
//! setting marks on their letters. mazelab's `render::pdf::fonts` cuts
//! the title into such pieces and places the glyphs.
//!
//! It is its own crate because the shaper is large (some 180 KB
//! compressed) and few titles need it: the command line links it, and the
//! page fetches it as a bare WebAssembly module (`wasm` below) the first
//! time a title in another script is printed. Both read a shaping in
//! the same numbers (`numbers`, `from_numbers`).

/// One glyph of a shaped piece, in the font's units.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shaped {
    /// The font's glyph number.
    pub glyph: u16,
    /// The byte offset in the piece of the text the glyph writes.
    pub cluster: u32,
    /// How far the pen moves after it.
    pub x_advance: i32,
    /// How far it is drawn from the pen, across and up.
    pub x_offset: i32,
    pub y_offset: i32,
}

/// `text` shaped in the font `font` (a TrueType or OpenType file), left to
/// right or right to left: the font's units per em and the glyphs in the
/// order they are drawn, left to right. `None` if the font cannot be read.
#[cfg(feature = "shape")]
pub fn shape(font: &[u8], text: &str, rtl: bool) -> Option<(u16, Vec<Shaped>)> {
    let face = rustybuzz::Face::from_slice(font, 0)?;
    let mut buffer = rustybuzz::UnicodeBuffer::new();
    buffer.push_str(text);
    buffer.set_direction(if rtl {
        rustybuzz::Direction::RightToLeft
    } else {
        rustybuzz::Direction::LeftToRight
    });
    buffer.guess_segment_properties();
    let shaped = rustybuzz::shape(&face, &[], buffer);
    let glyphs = shaped
        .glyph_infos()
        .iter()
        .zip(shaped.glyph_positions())
        .map(|(info, pos)| Shaped {
            glyph: info.glyph_id as u16,
            cluster: info.cluster,
            x_advance: pos.x_advance,
            x_offset: pos.x_offset,
            y_offset: pos.y_offset,
        })
        .collect();
    Some((face.units_per_em() as u16, glyphs))
}

/// A shaping as the page reads it: `[count, units per em]`, then five
/// numbers a glyph (`[glyph, cluster, x advance, x offset, y offset]`).
pub fn numbers(per_em: u16, glyphs: &[Shaped]) -> Vec<i32> {
    let mut numbers: Vec<i32> = vec![glyphs.len() as i32, i32::from(per_em)];
    for g in glyphs {
        numbers.extend([
            i32::from(g.glyph),
            g.cluster as i32,
            g.x_advance,
            g.x_offset,
            g.y_offset,
        ]);
    }
    numbers
}

/// A shaping from its numbers (`numbers`' inverse): `None` if they are
/// not a count, units per em and five numbers a glyph.
pub fn from_numbers(numbers: &[i32]) -> Option<(u16, Vec<Shaped>)> {
    let count = usize::try_from(*numbers.first()?).ok()?;
    if numbers.len() != 2 + 5 * count {
        return None;
    }
    let per_em = u16::try_from(numbers[1]).ok().filter(|&e| e > 0)?;
    let glyphs = numbers[2..]
        .chunks_exact(5)
        .map(|g| Shaped {
            glyph: g[0] as u16,
            cluster: g[1] as u32,
            x_advance: g[2],
            x_offset: g[3],
            y_offset: g[4],
        })
        .collect();
    Some((per_em, glyphs))
}

/// The page's interface: numbers only. The page copies a font's bytes and
/// a piece's UTF-8 into memory it asks for (`alloc`), calls `shape_piece`,
/// and reads the answer: `[count, units per em]`, then for each glyph
/// `[glyph, cluster, x advance, x offset, y offset]`, all 32-bit.
#[cfg(all(target_arch = "wasm32", feature = "shape"))]
mod wasm {
    /// `len` bytes for the page to fill; kept until `release`.
    #[unsafe(no_mangle)]
    pub extern "C" fn alloc(len: usize) -> *mut u8 {
        let mut bytes = std::mem::ManuallyDrop::new(vec![0u8; len]);
        bytes.as_mut_ptr()
    }

    /// Gives back what `alloc` (or `shape_piece`'s answer) took.
    ///
    /// # Safety
    /// `ptr` and `len` must be what `alloc` gave and was asked for.
    #[unsafe(no_mangle)]
    pub unsafe extern "C" fn release(ptr: *mut u8, len: usize) {
        drop(unsafe { Vec::from_raw_parts(ptr, len, len) });
    }

    /// Shapes the UTF-8 text at `text` in the font at `font`; the answer's
    /// address (its length in bytes is `(2 + 5 * count) * 4`), or null if
    /// the font cannot be read or the text is not UTF-8.
    ///
    /// # Safety
    /// Both ranges must be memory `alloc` gave, filled.
    #[unsafe(no_mangle)]
    pub unsafe extern "C" fn shape_piece(
        font: *const u8,
        font_len: usize,
        text: *const u8,
        text_len: usize,
        rtl: u32,
    ) -> *mut u8 {
        let font = unsafe { std::slice::from_raw_parts(font, font_len) };
        let text = unsafe { std::slice::from_raw_parts(text, text_len) };
        let Some((per_em, glyphs)) = std::str::from_utf8(text)
            .ok()
            .and_then(|text| super::shape(font, text, rtl != 0))
        else {
            return std::ptr::null_mut();
        };
        let answer = super::numbers(per_em, &glyphs);
        let bytes: Vec<u8> = answer.iter().flat_map(|v| v.to_le_bytes()).collect();
        let mut bytes = std::mem::ManuallyDrop::new(bytes.into_boxed_slice());
        bytes.as_mut_ptr()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_shaping_reads_back_from_its_numbers() {
        let glyphs = [
            Shaped {
                glyph: 7,
                cluster: 0,
                x_advance: 500,
                x_offset: -3,
                y_offset: 12,
            },
            Shaped {
                glyph: 65535,
                cluster: 4,
                x_advance: 0,
                x_offset: 0,
                y_offset: 0,
            },
        ];
        let numbers = numbers(2048, &glyphs);
        assert_eq!(from_numbers(&numbers), Some((2048, glyphs.to_vec())));
        assert_eq!(from_numbers(&numbers[..numbers.len() - 1]), None);
        assert_eq!(from_numbers(&[-1, 1000]), None);
        assert_eq!(from_numbers(&[0, 0]), None, "no units per em");
        assert_eq!(from_numbers(&[]), None);
    }
}
