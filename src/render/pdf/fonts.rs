//! Fonts for what Helvetica cannot write: a sheet's title in any script.
//!
//! Helvetica (a font every PDF reader has, so nothing is embedded) writes
//! Western European text. Any other character is written in the first of
//! the fallback fonts that holds it: DejaVu Sans (Latin, Greek, Cyrillic,
//! Armenian, Georgian and symbols such as ✓), then Droid Sans
//! Fallback (Chinese, Japanese, Korean). A fallback font is embedded only
//! when a title uses it, and then only the outlines of the glyphs it uses
//! (`subsetter` keeps glyph numbers and drops the other outlines), as a
//! CID font whose character codes are its glyph numbers, with a map back
//! to Unicode so the text stays searchable and copyable. A title's runs
//! go left to right, so text written right to left is refused by name.
//!
//! The command line has the fonts built in (`Fonts::bundled`); the page
//! fetches each from its own `fonts/` folder the first time a title needs
//! it (`FALLBACKS`, `Fonts::next_needed`).

use crate::error::MazeError;
use pdf_writer::types::{CidFontType, FontFlags, SystemInfo, UnicodeCmap};
use pdf_writer::{Filter, Finish, Name, Pdf, Rect, Ref, Str};
use std::borrow::Cow;

/// The fallback fonts in the order they are tried: each file is
/// `www/fonts/NAME.ttf` (in the built page, `fonts/NAME.ttf`).
pub const FALLBACKS: [&str; 2] = ["DejaVuSans", "DroidSansFallback"];

/// Whether `c` belongs to a script written right to left (Hebrew,
/// Arabic, Syriac, Thaana, N'Ko and their kin): a title's runs go left to
/// right, so such text would print backwards (and Arabic unjoined).
pub(super) fn right_to_left(c: char) -> bool {
    matches!(c as u32, 0x0590..=0x08ff | 0xfb1d..=0xfdff | 0xfe70..=0xfeff | 0x10800..=0x10fff | 0x1e800..=0x1efff)
}

/// The fallback fonts at hand, in `FALLBACKS` order.
#[derive(Clone, Default)]
pub struct Fonts {
    faces: Vec<Loaded>,
}

#[derive(Clone)]
struct Loaded {
    name: &'static str,
    data: Cow<'static, [u8]>,
}

impl Fonts {
    /// No fallback font: Western European text only.
    pub fn none() -> Fonts {
        Fonts::default()
    }

    /// Every fallback font, built into the program.
    #[cfg(not(target_arch = "wasm32"))]
    pub fn bundled() -> Fonts {
        let data: [&'static [u8]; 2] = [
            include_bytes!("../../../www/fonts/DejaVuSans.ttf"),
            include_bytes!("../../../www/fonts/DroidSansFallback.ttf"),
        ];
        Fonts {
            faces: FALLBACKS
                .iter()
                .zip(data)
                .map(|(&name, data)| Loaded {
                    name,
                    data: Cow::Borrowed(data),
                })
                .collect(),
        }
    }

    /// Adds the fallback font `name` (one of `FALLBACKS`) read from its
    /// file; a file that is not that font is refused.
    pub fn add(&mut self, name: &str, data: Vec<u8>) -> Result<(), MazeError> {
        let bad = |why: &str| MazeError::BadValue {
            what: "font file",
            given: format!("{name}.ttf: {why}"),
            valid: format!("one of {}", FALLBACKS.join(", ")),
        };
        let name = *FALLBACKS
            .iter()
            .find(|&&n| n == name)
            .ok_or_else(|| bad("not a font the sheet uses"))?;
        ttf_parser::Face::parse(&data, 0).map_err(|e| bad(&e.to_string()))?;
        if !self.faces.iter().any(|f| f.name == name) {
            self.faces.push(Loaded {
                name,
                data: Cow::Owned(data),
            });
            self.faces
                .sort_by_key(|f| FALLBACKS.iter().position(|&n| n == f.name));
        }
        Ok(())
    }

    fn face(&self, k: usize) -> ttf_parser::Face<'_> {
        ttf_parser::Face::parse(&self.faces[k].data, 0).expect("checked when added")
    }

    /// Which font writes `c`: `None` for Helvetica, `Some(k)` for the
    /// `k`th fallback font at hand; `Err` if none has it.
    pub(super) fn font_for(&self, c: char) -> Result<Option<usize>, char> {
        if super::win_ansi(c).is_some() {
            return Ok(None);
        }
        (0..self.faces.len())
            .find(|&k| self.face(k).glyph_index(c).is_some())
            .map(Some)
            .ok_or(c)
    }

    /// The characters of `text` no font at hand writes.
    pub fn missing(&self, text: &str) -> Vec<char> {
        let mut missing: Vec<char> = Vec::new();
        for c in text.chars().filter_map(|c| self.font_for(c).err()) {
            if !missing.contains(&c) {
                missing.push(c);
            }
        }
        missing
    }

    /// The next fallback font to fetch for `text`, if a character of it is
    /// missing and a font not yet at hand might write it.
    pub fn next_needed(&self, text: &str) -> Option<&'static str> {
        if self.missing(text).is_empty() {
            return None;
        }
        FALLBACKS
            .iter()
            .copied()
            .find(|name| !self.faces.iter().any(|f| f.name == *name))
    }

    /// `text` cut into runs of one font each, each run's bytes in its
    /// font's encoding: Helvetica's WinAnsi bytes, a fallback font's glyph
    /// numbers (two bytes each). A character no font has is written `?`.
    pub(super) fn runs(&self, text: &str) -> Vec<(Option<usize>, Vec<u8>)> {
        let mut runs: Vec<(Option<usize>, Vec<u8>)> = Vec::new();
        for c in text.chars() {
            let (font, bytes) = match self.font_for(c) {
                Ok(Some(k)) => {
                    let glyph = self.face(k).glyph_index(c).expect("found above").0;
                    (Some(k), glyph.to_be_bytes().to_vec())
                }
                Ok(None) => (None, vec![super::win_ansi(c).expect("found above")]),
                Err(_) => (None, vec![b'?']),
            };
            match runs.last_mut() {
                Some((last, run)) if *last == font => run.extend(bytes),
                _ => runs.push((font, bytes)),
            }
        }
        runs
    }

    /// Writes fallback font `k` into `pdf` as a Type 0 font at `id`, with
    /// the outlines of the characters of `text` it writes only. `next`
    /// gives the object numbers it needs.
    pub(super) fn embed(
        &self,
        pdf: &mut Pdf,
        id: Ref,
        k: usize,
        text: &str,
        mut next: impl FnMut() -> Ref,
    ) {
        let face = self.face(k);
        let mut used: Vec<(u16, char)> = text
            .chars()
            .filter(|&c| self.font_for(c) == Ok(Some(k)))
            .map(|c| (face.glyph_index(c).expect("font_for found it").0, c))
            .collect();
        used.sort_unstable();
        used.dedup_by_key(|(glyph, _)| *glyph);
        let glyphs: Vec<u16> = used.iter().map(|&(g, _)| g).collect();
        // A subset font's name starts with six capitals of its own, so a
        // reader never takes it for the whole font.
        let tag: String = {
            let mut h: u32 = 2166136261;
            for g in &glyphs {
                h = (h ^ u32::from(*g)).wrapping_mul(16777619);
            }
            (0..6)
                .map(|i| char::from(b'A' + ((h >> (i * 5)) % 26) as u8))
                .collect()
        };
        let base = format!("{tag}+{}", self.faces[k].name);
        let per_em = f32::from(face.units_per_em());
        let scale = |v: i16| f32::from(v) * 1000.0 / per_em;
        let (cid, descriptor, file, cmap) = (next(), next(), next(), next());
        let system = SystemInfo {
            registry: Str(b"Adobe"),
            ordering: Str(b"Identity"),
            supplement: 0,
        };

        let mut type0 = pdf.type0_font(id);
        type0.base_font(Name(base.as_bytes()));
        type0.encoding_predefined(Name(b"Identity-H"));
        type0.descendant_font(cid);
        type0.to_unicode(cmap);
        type0.finish();

        let mut font = pdf.cid_font(cid);
        font.subtype(CidFontType::Type2);
        font.base_font(Name(base.as_bytes()));
        font.system_info(system);
        font.font_descriptor(descriptor);
        font.cid_to_gid_map_predefined(Name(b"Identity"));
        let mut widths = font.widths();
        for &g in &glyphs {
            let advance = face.glyph_hor_advance(ttf_parser::GlyphId(g)).unwrap_or(0);
            widths.consecutive(g, [f32::from(advance) * 1000.0 / per_em]);
        }
        widths.finish();
        font.finish();

        let bbox = face.global_bounding_box();
        let mut d = pdf.font_descriptor(descriptor);
        d.name(Name(base.as_bytes()));
        d.flags(FontFlags::SYMBOLIC);
        d.bbox(Rect::new(
            scale(bbox.x_min),
            scale(bbox.y_min),
            scale(bbox.x_max),
            scale(bbox.y_max),
        ));
        d.italic_angle(0.0);
        d.ascent(scale(face.ascender()));
        d.descent(scale(face.descender()));
        d.cap_height(scale(face.capital_height().unwrap_or(face.ascender())));
        d.stem_v(80.0);
        d.font_file2(file);
        d.finish();

        let subset = subsetter::subset(&self.faces[k].data, 0, subsetter::Profile::pdf(&glyphs))
            .unwrap_or_else(|_| self.faces[k].data.to_vec());
        let deflated = miniz_oxide::deflate::compress_to_vec_zlib(&subset, 6);
        pdf.stream(file, &deflated)
            .filter(Filter::FlateDecode)
            .pair(Name(b"Length1"), subset.len() as i32);

        let mut to_unicode = UnicodeCmap::new(Name(b"Custom"), system);
        for &(g, c) in &used {
            to_unicode.pair(g, c);
        }
        pdf.cmap(cmap, &to_unicode.finish());
    }

    /// How many fallback fonts are at hand.
    pub(super) fn len(&self) -> usize {
        self.faces.len()
    }
}

// The fonts are built in natively only.
#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;

    #[test]
    fn a_title_is_cut_into_runs_each_in_the_first_font_that_writes_it() {
        let fonts = Fonts::bundled();
        let runs = fonts.runs("Ab \u{2713}\u{8ff7} c\u{13000}");
        let by_font: Vec<Option<usize>> = runs.iter().map(|(f, _)| *f).collect();
        // Helvetica, DejaVu Sans (the tick), Droid (the kanji), Helvetica;
        // the hieroglyph no font has prints as "?" in Helvetica's run.
        assert_eq!(by_font, [None, Some(0), Some(1), None]);
        assert_eq!(runs[0].1, b"Ab ");
        assert_eq!(runs[1].1.len(), 2, "a glyph number, two bytes");
        assert_eq!(runs[3].1, b" c?");
        assert_eq!(fonts.missing("c\u{13000}\u{13000}"), ['\u{13000}']);
    }

    #[test]
    fn the_page_fetches_the_fonts_a_title_needs_in_order_and_no_more() {
        let mut fonts = Fonts::none();
        assert_eq!(fonts.next_needed("Class 3B \u{2013} Friday"), None);
        assert_eq!(fonts.next_needed("\u{8ff7}"), Some("DejaVuSans"));
        let whole = Fonts::bundled();
        fonts
            .add("DejaVuSans", whole.faces[0].data.to_vec())
            .unwrap();
        assert_eq!(fonts.next_needed("\u{2713}"), None);
        assert_eq!(fonts.next_needed("\u{8ff7}"), Some("DroidSansFallback"));
        fonts
            .add("DroidSansFallback", whole.faces[1].data.to_vec())
            .unwrap();
        assert_eq!(fonts.next_needed("\u{8ff7}"), None);
        // A character none has asks for nothing more.
        assert_eq!(fonts.next_needed("\u{13000}"), None);
        assert!(fonts.add("DejaVuSans", b"not a font".to_vec()).is_err());
        assert!(fonts.add("Comic", whole.faces[0].data.to_vec()).is_err());
    }
}
