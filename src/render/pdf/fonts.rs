//! Fonts for what Helvetica cannot write: a sheet's title in any script.
//!
//! Helvetica (a font every PDF reader has, so nothing is embedded) writes
//! Western European text. Any other character is written in a fallback
//! font chosen by its script (`candidates`): the Noto font made for that
//! script (about 140 of them, from Adlam to Yi), DejaVu Sans for Latin,
//! Greek, Cyrillic and symbols, Droid Sans Fallback for Chinese, Japanese
//! and Korean, and Noto's symbol and mathematics fonts after them.
//!
//! The title is then laid out as a reader expects (`Fonts::line`):
//! 1. The Unicode bidirectional algorithm (`unicode-bidi`) cuts it into
//!    runs in the order they are seen, right-to-left runs (Hebrew,
//!    Arabic) reversed.
//! 2. Each run is cut where its font changes; a combining mark stays with
//!    the letter it sits on.
//! 3. rustybuzz shapes each piece in its font: Arabic letters join,
//!    Indic vowel signs move and conjuncts form, marks sit on their
//!    letters, with each glyph's own offset and advance.
//!
//! A fallback font is embedded only when a title uses it, and then only the
//! outlines of the glyphs it uses (`subsetter` keeps glyph numbers and
//! drops the other outlines), as a CID font whose character codes are its
//! glyph numbers, with a map from each glyph back to the text it writes,
//! so the text stays searchable and copyable.
//!
//! The command line has the fonts built in (`Fonts::bundled`); the page
//! fetches each from its own `fonts/` folder the first time a title needs
//! it (`FALLBACKS`, `Fonts::next_needed`).

use crate::error::MazeError;
use mazelab_shaper::Shaped;
use pdf_writer::types::{CidFontType, FontFlags, SystemInfo, UnicodeCmap};
use pdf_writer::{Filter, Finish, Name, Pdf, Rect, Ref, Str};
use std::borrow::Cow;
use unicode_script::{Script, UnicodeScript};

// `FALLBACKS`, the fallback fonts' names (the `.ttf` files of
// `www/fonts`), and natively their bytes; written by build.rs.
include!(concat!(env!("OUT_DIR"), "/font_files.rs"));

/// The fonts that may write `c`, the likeliest first: the font made for
/// each of its scripts, then DejaVu Sans (and the CJK font for a character
/// of the CJK blocks); a character of no script in particular (a
/// symbol, a mark) may also be in the symbol and mathematics fonts.
fn candidates(c: char) -> Vec<&'static str> {
    let mut names: Vec<&'static str> = Vec::new();
    let mut add = |name: &str| {
        if let Some(&n) = FALLBACKS.iter().find(|&&n| n == name) {
            if !names.contains(&n) {
                names.push(n);
            }
        }
    };
    let cjk = matches!(c as u32, 0x2e80..=0x9fff | 0xac00..=0xd7af | 0xf900..=0xfaff | 0xfe30..=0xfe4f | 0xff00..=0xffef | 0x20000..=0x3ffff);
    let mut common = true;
    for script in c.script_extension().iter() {
        match script {
            Script::Common | Script::Inherited => {}
            Script::Han
            | Script::Hiragana
            | Script::Katakana
            | Script::Hangul
            | Script::Bopomofo => {
                common = false;
                add("DroidSansFallback");
            }
            _ => {
                common = false;
                let name: String = script.full_name().chars().filter(|&c| c != '_').collect();
                let name = match name.as_str() {
                    "Nko" => "NKo",
                    "MeroiticCursive" | "MeroiticHieroglyphs" => "Meroitic",
                    other => other,
                };
                add(&format!("NotoSans{name}-Regular"));
                add(&format!("NotoSerif{name}-Regular"));
                add(&format!("NotoSans{name}Supplement-Regular"));
            }
        }
    }
    if cjk {
        add("DroidSansFallback");
    }
    add("DejaVuSans");
    if common {
        for name in [
            "NotoSansSymbols2-Regular",
            "NotoSansSymbols-Regular",
            "NotoSansMath-Regular",
            "NotoSansMayanNumerals-Regular",
            "NotoSansIndicSiyaqNumbers-Regular",
        ] {
            add(name);
        }
    }
    names
}

/// The fallback fonts at hand, in the order they were added, and (in the
/// page, which shapes in a module of its own) the pieces shaped so far.
#[derive(Clone, Default)]
pub struct Fonts {
    faces: Vec<Loaded>,
    shaped: Vec<ShapedPiece>,
}

/// A piece of a title the page shaped: the font's units per em and its
/// glyphs in drawing order.
#[derive(Clone)]
struct ShapedPiece {
    piece: Unshaped,
    per_em: u16,
    glyphs: Vec<Shaped>,
}

/// A piece of a title the page must shape before the sheet is made.
#[derive(Clone)]
pub struct Unshaped {
    /// The font, one of `FALLBACKS`.
    pub font: &'static str,
    /// The piece's text, in logical order.
    pub text: String,
    /// Whether it runs right to left.
    pub rtl: bool,
}

impl Unshaped {
    fn is(&self, font: &str, text: &str, rtl: bool) -> bool {
        self.font == font && self.text == text && self.rtl == rtl
    }
}

#[derive(Clone)]
struct Loaded {
    name: &'static str,
    data: Cow<'static, [u8]>,
}

/// A title laid out: its glyphs left to right, in thousandths of an em.
pub(super) struct Line {
    pub(super) glyphs: Vec<Placed>,
    /// The pen's travel over the whole title.
    pub(super) width: f32,
}

/// One glyph of a laid-out title.
pub(super) struct Placed {
    /// `None` for Helvetica, `Some(k)` for the `k`th font at hand.
    pub(super) font: Option<usize>,
    /// Helvetica's WinAnsi byte, or the fallback font's glyph number.
    pub(super) code: u16,
    /// Where it is drawn from the title's start, and how far the pen moves.
    pub(super) x: f32,
    pub(super) y: f32,
    pub(super) advance: f32,
    /// The text it writes (empty for a glyph that shares its text with
    /// the one before, such as a conjunct's second half).
    pub(super) text: String,
}

impl Fonts {
    /// No fallback font: Western European text only.
    pub fn none() -> Fonts {
        Fonts::default()
    }

    /// Every fallback font, built into the program.
    #[cfg(not(target_arch = "wasm32"))]
    pub fn bundled() -> Fonts {
        Fonts {
            faces: FALLBACKS
                .iter()
                .zip(BUNDLED)
                .map(|(&name, data)| Loaded {
                    name,
                    data: Cow::Borrowed(data),
                })
                .collect(),
            shaped: Vec::new(),
        }
    }

    /// Adds the fallback font `name` (one of `FALLBACKS`) read from its
    /// file; a file that is not that font is refused.
    pub fn add(&mut self, name: &str, data: Vec<u8>) -> Result<(), MazeError> {
        let bad = |why: &str| MazeError::BadValue {
            what: "font file",
            given: format!("{name}.ttf: {why}"),
            valid: format!(
                "one of the {} fonts of the page's fonts/ folder",
                FALLBACKS.len()
            ),
        };
        let name = *FALLBACKS
            .iter()
            .find(|&&n| n == name)
            .ok_or_else(|| bad("not a font the sheet uses"))?;
        let face = ttf_parser::Face::parse(&data, 0).map_err(|e| bad(&e.to_string()))?;
        if face.tables().glyf.is_none() {
            return Err(bad("its outlines are not TrueType's"));
        }
        if !self.faces.iter().any(|f| f.name == name) {
            self.faces.push(Loaded {
                name,
                data: Cow::Owned(data),
            });
        }
        Ok(())
    }

    fn face(&self, k: usize) -> ttf_parser::Face<'_> {
        ttf_parser::Face::parse(&self.faces[k].data, 0).expect("checked when added")
    }

    fn at_hand(&self, name: &str) -> Option<usize> {
        self.faces.iter().position(|f| f.name == name)
    }

    /// Which font writes `c`: `None` for Helvetica, `Some(k)` for the
    /// `k`th fallback font at hand; `Err` if none has it.
    pub(super) fn font_for(&self, c: char) -> Result<Option<usize>, char> {
        if super::win_ansi(c).is_some() {
            return Ok(None);
        }
        candidates(c)
            .into_iter()
            .filter_map(|name| self.at_hand(name))
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

    /// The next fallback font to fetch for `text`: for the first
    /// character whose likeliest fonts are not all at hand, the first of
    /// them not at hand (so a character is set in the same font as on the
    /// command line, where every font is at hand).
    pub fn next_needed(&self, text: &str) -> Option<&'static str> {
        text.chars()
            .filter(|&c| super::win_ansi(c).is_none())
            .find_map(|c| {
                for name in candidates(c) {
                    match self.at_hand(name) {
                        None => return Some(name),
                        Some(k) if self.face(k).glyph_index(c).is_some() => return None,
                        Some(_) => {}
                    }
                }
                None
            })
    }

    /// `text` laid out left to right as it reads: bidirectional runs in
    /// their order, each cut by font and shaped. A character no font
    /// writes is Helvetica's "?" (`check` refuses such a title first).
    pub(super) fn line(&self, text: &str) -> Line {
        let mut line = Line {
            glyphs: Vec::new(),
            width: 0.0,
        };
        for (font, piece, rtl) in self.pieces(text) {
            match font {
                Some(k) => self.set_shaped(&mut line, k, piece, rtl),
                None => helvetica(&mut line, piece, rtl),
            }
        }
        line
    }

    /// `text` cut into pieces of one font and one direction, in the order
    /// they are drawn from the left: the bidirectional runs in visual
    /// order, a right-to-left run's pieces reversed.
    fn pieces<'t>(&self, text: &'t str) -> Vec<(Option<usize>, &'t str, bool)> {
        let mut pieces = Vec::new();
        let bidi = unicode_bidi::BidiInfo::new(text, None);
        for paragraph in &bidi.paragraphs {
            let (levels, runs) = bidi.visual_runs(paragraph, paragraph.range.clone());
            for run in runs {
                let rtl = levels[run.start].is_rtl();
                let mut in_run = self.by_font(&text[run]);
                if rtl {
                    in_run.reverse();
                }
                pieces.extend(in_run.into_iter().map(|(font, piece)| (font, piece, rtl)));
            }
        }
        pieces
    }

    /// The pieces of `text` in fallback fonts not shaped yet: none on the
    /// command line, which shapes as it goes; in the page, what it must
    /// shape (`add_shaped`) before the sheet is made.
    pub fn unshaped(&self, text: &str) -> Vec<Unshaped> {
        if cfg!(target_arch = "wasm32") {
            self.not_in_cache(text)
        } else {
            Vec::new()
        }
    }

    /// The pieces of `text` in fallback fonts not among those shaped.
    fn not_in_cache(&self, text: &str) -> Vec<Unshaped> {
        let mut wanted: Vec<Unshaped> = Vec::new();
        for (font, piece, rtl) in self.pieces(text) {
            let Some(k) = font else { continue };
            let font = self.faces[k].name;
            let known = self.shaped.iter().map(|s| &s.piece).chain(&wanted);
            if !known.into_iter().any(|p| p.is(font, piece, rtl)) {
                wanted.push(Unshaped {
                    font,
                    text: piece.to_string(),
                    rtl,
                });
            }
        }
        wanted
    }

    /// The bytes of fallback font `name`, if at hand.
    pub fn font_bytes(&self, name: &str) -> Option<&[u8]> {
        self.at_hand(name).map(|k| &*self.faces[k].data)
    }

    /// Keeps the page's shaping of `piece`: the shaper module's answer
    /// (`mazelab_shaper::numbers`). An answer that is not such numbers is
    /// refused.
    pub fn add_shaped(&mut self, piece: Unshaped, answer: &[i32]) -> Result<(), MazeError> {
        let (per_em, glyphs) =
            mazelab_shaper::from_numbers(answer).ok_or_else(|| MazeError::BadValue {
                what: "shaped title",
                given: format!("{} numbers for {:?}", answer.len(), piece.text),
                valid: "the shaper's answer: a count, units per em and five numbers a glyph".into(),
            })?;
        self.shaped.push(ShapedPiece {
            piece,
            per_em,
            glyphs,
        });
        Ok(())
    }

    /// `piece` shaped in fallback font `k`: on the command line by the
    /// shaper itself, in the page from what it shaped before. A piece not
    /// shaped falls back to each character's own glyph.
    fn shaped(&self, k: usize, piece: &str, rtl: bool) -> (u16, Vec<Shaped>) {
        #[cfg(not(target_arch = "wasm32"))]
        if let Some(shaped) = mazelab_shaper::shape(&self.faces[k].data, piece, rtl) {
            return shaped;
        }
        self.as_page_shaped(k, piece, rtl)
    }

    /// `piece` as the page shaped it, or each character's own glyph.
    fn as_page_shaped(&self, k: usize, piece: &str, rtl: bool) -> (u16, Vec<Shaped>) {
        let name = self.faces[k].name;
        if let Some(p) = self.shaped.iter().find(|p| p.piece.is(name, piece, rtl)) {
            return (p.per_em, p.glyphs.clone());
        }
        let face = self.face(k);
        let mut glyphs: Vec<Shaped> = piece
            .char_indices()
            .map(|(i, c)| {
                let glyph = face.glyph_index(c).map_or(0, |g| g.0);
                let advance = face.glyph_hor_advance(ttf_parser::GlyphId(glyph));
                Shaped {
                    glyph,
                    cluster: i as u32,
                    x_advance: i32::from(advance.unwrap_or(0)),
                    x_offset: 0,
                    y_offset: 0,
                }
            })
            .collect();
        if rtl {
            glyphs.reverse();
        }
        (face.units_per_em(), glyphs)
    }

    /// `run` cut where its font changes; a mark (a character of the
    /// Inherited script: accents, joiners, variation selectors) stays in
    /// the font of the letter before it when that font has it.
    fn by_font<'t>(&self, run: &'t str) -> Vec<(Option<usize>, &'t str)> {
        let mut pieces: Vec<(Option<usize>, &'t str)> = Vec::new();
        let mut start = 0;
        let mut current: Option<Option<usize>> = None;
        for (i, c) in run.char_indices() {
            let own = self.font_for(c).unwrap_or(None);
            let font = match current {
                Some(Some(k))
                    if c.script() == Script::Inherited && self.face(k).glyph_index(c).is_some() =>
                {
                    Some(k)
                }
                _ => own,
            };
            if current.is_some_and(|f| f != font) {
                pieces.push((current.expect("checked"), &run[start..i]));
                start = i;
            }
            current = Some(font);
        }
        if let Some(font) = current {
            pieces.push((font, &run[start..]));
        }
        pieces
    }

    /// Shapes `piece` in fallback font `k` and sets it after the line.
    fn set_shaped(&self, line: &mut Line, k: usize, piece: &str, rtl: bool) {
        let (per_em, glyphs) = self.shaped(k, piece, rtl);
        // Each cluster's text runs from its start to the next cluster's.
        let mut starts: Vec<usize> = glyphs.iter().map(|g| g.cluster as usize).collect();
        starts.sort_unstable();
        starts.dedup();
        let mut written: Vec<usize> = Vec::new();
        let em = |v: i32| v as f32 * 1000.0 / f32::from(per_em);
        for g in glyphs {
            let cluster = g.cluster as usize;
            let text = if written.contains(&cluster)
                || !piece.is_char_boundary(cluster.min(piece.len()))
            {
                String::new()
            } else {
                written.push(cluster);
                let end = starts
                    .iter()
                    .copied()
                    .find(|&s| s > cluster)
                    .unwrap_or(piece.len())
                    .min(piece.len());
                piece.get(cluster..end).unwrap_or_default().to_string()
            };
            line.glyphs.push(Placed {
                font: Some(k),
                code: g.glyph,
                x: line.width + em(g.x_offset),
                y: em(g.y_offset),
                advance: em(g.x_advance),
                text,
            });
            line.width += em(g.x_advance);
        }
    }

    /// The advance the reader gives glyph `code` of fallback font `k`
    /// (its width in the font's widths table), in thousandths of an em.
    pub(super) fn natural_advance(&self, k: usize, code: u16) -> f32 {
        let face = self.face(k);
        let advance = face
            .glyph_hor_advance(ttf_parser::GlyphId(code))
            .unwrap_or(0);
        f32::from(advance) * 1000.0 / f32::from(face.units_per_em())
    }

    /// Writes fallback font `k` into `pdf` as a Type 0 font at `id`, with
    /// the outlines of the glyphs `line` sets in it only. `next` gives the
    /// object numbers it needs.
    pub(super) fn embed(
        &self,
        pdf: &mut Pdf,
        id: Ref,
        k: usize,
        line: &Line,
        mut next: impl FnMut() -> Ref,
    ) {
        let face = self.face(k);
        // Each glyph with the text it writes; a glyph met twice keeps the
        // text it was first met with (a glyph that writes nothing of its
        // own maps to nothing).
        let mut used: Vec<(u16, &str)> = Vec::new();
        for g in line.glyphs.iter().filter(|g| g.font == Some(k)) {
            match used.iter_mut().find(|(code, _)| *code == g.code) {
                Some(entry) if entry.1.is_empty() => entry.1 = &g.text,
                Some(_) => {}
                None => used.push((g.code, &g.text)),
            }
        }
        used.sort_unstable_by_key(|&(g, _)| g);
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
        for &(g, text) in used.iter().filter(|(_, text)| !text.is_empty()) {
            to_unicode.pair_with_multiple(g, text.chars());
        }
        pdf.cmap(cmap, &to_unicode.finish());
    }

    /// How many fallback fonts are at hand.
    pub(super) fn len(&self) -> usize {
        self.faces.len()
    }
}

/// Sets `piece` in Helvetica after the line; right to left, its
/// characters reversed and its brackets mirrored.
fn helvetica(line: &mut Line, piece: &str, rtl: bool) {
    let chars: Vec<char> = if rtl {
        piece.chars().rev().map(mirrored).collect()
    } else {
        piece.chars().collect()
    };
    for c in chars {
        let code = super::win_ansi(c).unwrap_or(b'?');
        let advance = f32::from(super::helvetica_width(code));
        line.glyphs.push(Placed {
            font: None,
            code: code.into(),
            x: line.width,
            y: 0.0,
            advance,
            text: c.to_string(),
        });
        line.width += advance;
    }
}

/// A bracket as it is drawn in right-to-left text: facing the other way.
fn mirrored(c: char) -> char {
    match c {
        '(' => ')',
        ')' => '(',
        '[' => ']',
        ']' => '[',
        '{' => '}',
        '}' => '{',
        '<' => '>',
        '>' => '<',
        '\u{ab}' => '\u{bb}',
        '\u{bb}' => '\u{ab}',
        c => c,
    }
}

// The fonts are built in natively only.
#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;

    /// The fonts of `line`'s glyphs by name, one entry a change of font.
    fn fonts_of(fonts: &Fonts, line: &Line) -> Vec<&'static str> {
        let mut names: Vec<&'static str> = Vec::new();
        for g in &line.glyphs {
            let name = g.font.map_or("Helvetica", |k| fonts.faces[k].name);
            if names.last() != Some(&name) {
                names.push(name);
            }
        }
        names
    }

    /// The texts of `line`'s glyphs, left to right.
    fn texts(line: &Line) -> String {
        line.glyphs.iter().map(|g| g.text.as_str()).collect()
    }

    #[test]
    fn each_character_is_set_in_the_font_made_for_its_script() {
        let fonts = Fonts::bundled();
        let line = fonts.line("Ab \u{2713}\u{8ff7} c\u{13000}\u{e01}");
        assert_eq!(
            fonts_of(&fonts, &line),
            [
                "Helvetica",
                "DejaVuSans",
                "DroidSansFallback",
                "Helvetica",
                "NotoSansEgyptianHieroglyphs-Regular",
                "NotoSansThai-Regular"
            ]
        );
        assert_eq!(texts(&line), "Ab \u{2713}\u{8ff7} c\u{13000}\u{e01}");
        // Tangut and the rarest Chinese characters are in none.
        assert_eq!(
            fonts.missing("c\u{17000}\u{20000}\u{17000}"),
            ['\u{17000}', '\u{20000}']
        );
    }

    #[test]
    fn every_font_is_tried_for_some_character() {
        let mut chosen: Vec<&str> = (0x20..0x3_2000)
            .filter_map(char::from_u32)
            .flat_map(candidates)
            .collect();
        chosen.sort_unstable();
        chosen.dedup();
        let unused: Vec<&str> = FALLBACKS
            .iter()
            .copied()
            .filter(|n| !chosen.contains(n))
            .collect();
        // A font named unlike its script would be fetched for nothing.
        assert!(unused.is_empty(), "never chosen: {unused:?}");
    }

    #[test]
    fn hebrew_reads_right_to_left_with_its_brackets_mirrored() {
        let fonts = Fonts::bundled();
        // "Shalom (2026)", a right-to-left paragraph: the word at the
        // right, its last letter drawn first from the left.
        let line = fonts.line("\u{5e9}\u{5dc}\u{5d5}\u{5dd} (2026)");
        assert_eq!(texts(&line), "(2026) \u{5dd}\u{5d5}\u{5dc}\u{5e9}");
        assert_eq!(
            fonts_of(&fonts, &line),
            ["Helvetica", "NotoSansHebrew-Regular"]
        );
        // Left to right, each glyph after the one before.
        for pair in line.glyphs.windows(2) {
            assert!(pair[1].x >= pair[0].x, "{} then {}", pair[0].x, pair[1].x);
        }
        // A Latin word in it keeps its own order.
        let mixed = fonts.line("\u{5e9}\u{5dc}\u{5d5}\u{5dd} Class");
        assert_eq!(texts(&mixed), "Class \u{5dd}\u{5d5}\u{5dc}\u{5e9}");
    }

    #[test]
    fn arabic_letters_take_their_joined_forms() {
        let fonts = Fonts::bundled();
        let line = fonts.line("\u{628}\u{628}\u{628}");
        let k = line.glyphs[0].font.expect("a fallback font");
        assert_eq!(fonts.faces[k].name, "NotoSansArabic-Regular");
        let alone = fonts.face(k).glyph_index('\u{628}').unwrap().0;
        let drawn: Vec<u16> = line.glyphs.iter().map(|g| g.code).collect();
        assert_eq!(drawn.len(), 3);
        // Final, middle and initial forms, none the letter standing alone.
        assert!(drawn.iter().all(|&g| g != alone), "{drawn:?} vs {alone}");
        assert_ne!(drawn[0], drawn[1]);
        assert_ne!(drawn[1], drawn[2]);
    }

    #[test]
    fn devanagari_vowel_sign_i_is_drawn_before_its_consonant() {
        let fonts = Fonts::bundled();
        let line = fonts.line("\u{915}\u{93f}");
        let k = line.glyphs[0].font.expect("a fallback font");
        assert_eq!(fonts.faces[k].name, "NotoSansDevanagari-Regular");
        assert_eq!(line.glyphs.len(), 2);
        let ka = fonts.face(k).glyph_index('\u{915}').unwrap().0;
        assert_ne!(line.glyphs[0].code, ka, "the sign comes first");
        assert_eq!(line.glyphs[1].code, ka);
        // One cluster: its text is written once, on the first glyph.
        assert_eq!(texts(&line), "\u{915}\u{93f}");
        // A conjunct: ka, virama, ssa make fewer glyphs than letters.
        let conjunct = fonts.line("\u{915}\u{94d}\u{937}");
        assert!(conjunct.glyphs.len() < 3, "{}", conjunct.glyphs.len());
    }

    #[test]
    fn the_page_fetches_the_fonts_a_title_needs_and_no_more() {
        let mut fonts = Fonts::none();
        assert_eq!(fonts.next_needed("Class 3B \u{2013} Friday"), None);
        assert_eq!(fonts.next_needed("\u{8ff7}"), Some("DroidSansFallback"));
        assert_eq!(fonts.next_needed("\u{2713}"), Some("DejaVuSans"));
        assert_eq!(
            fonts.next_needed("\u{5e9}\u{5dc}\u{5d5}\u{5dd}"),
            Some("NotoSansHebrew-Regular")
        );
        let whole = Fonts::bundled();
        let bytes = |name: &str| {
            let k = whole.at_hand(name).unwrap();
            whole.faces[k].data.to_vec()
        };
        fonts.add("DejaVuSans", bytes("DejaVuSans")).unwrap();
        assert_eq!(fonts.next_needed("\u{2713}"), None);
        // DejaVu Sans has Hebrew letters too, but the Hebrew font is
        // the one made for them, as on the command line.
        assert_eq!(
            fonts.next_needed("\u{5e9}\u{5dc}\u{5d5}\u{5dd}"),
            Some("NotoSansHebrew-Regular")
        );
        fonts
            .add("DroidSansFallback", bytes("DroidSansFallback"))
            .unwrap();
        assert_eq!(fonts.next_needed("\u{8ff7}"), None);
        // Tangut has no font: nothing more to fetch once DejaVu Sans is in.
        assert_eq!(fonts.next_needed("\u{17000}"), None);
        assert!(fonts.add("DejaVuSans", b"not a font".to_vec()).is_err());
        assert!(fonts.add("Comic", bytes("DejaVuSans")).is_err());
    }

    #[test]
    fn the_pages_shaping_through_the_shaper_module_gives_the_same_glyphs() {
        let fonts = Fonts::bundled();
        let title = "\u{645}\u{631}\u{62d}\u{628}\u{627} \u{915}\u{94d}\u{937} Class";
        let mut page = fonts.clone();
        let wanted = page.not_in_cache(title);
        // An Arabic word, a space (Helvetica, not shaped), a conjunct.
        assert_eq!(wanted.len(), 2);
        let arabic = page.at_hand("NotoSansArabic-Regular").unwrap();
        let word = wanted
            .iter()
            .find(|w| w.font == "NotoSansArabic-Regular")
            .unwrap();
        assert!(word.rtl);
        let (per_em, live) = fonts.shaped(arabic, &word.text, true);
        assert!(live.len() >= 4);
        for piece in wanted {
            // The module's answer, as the page reads it from its memory.
            let font = page.font_bytes(piece.font).unwrap();
            let (per_em, glyphs) = mazelab_shaper::shape(font, &piece.text, piece.rtl).unwrap();
            let answer = mazelab_shaper::numbers(per_em, &glyphs);
            assert!(page
                .add_shaped(
                    Unshaped {
                        font: piece.font,
                        text: piece.text.clone(),
                        rtl: piece.rtl
                    },
                    &answer[1..]
                )
                .is_err());
            page.add_shaped(piece, &answer).unwrap();
        }
        assert!(page.not_in_cache(title).is_empty());
        let text = fonts.line(title);
        let as_page_shaped = {
            let k = arabic;
            let (cached_per_em, cached) =
                page.as_page_shaped(k, "\u{645}\u{631}\u{62d}\u{628}\u{627}", true);
            assert_eq!(cached_per_em, per_em);
            cached.iter().map(|g| g.glyph).collect::<Vec<u16>>()
        };
        assert_eq!(
            as_page_shaped,
            live.iter().map(|g| g.glyph).collect::<Vec<u16>>()
        );
        assert!(text.width > 0.0);
    }

    #[test]
    fn every_bundled_font_has_truetype_outlines() {
        let fonts = Fonts::bundled();
        assert_eq!(fonts.len(), FALLBACKS.len());
        for (k, loaded) in fonts.faces.iter().enumerate() {
            assert!(fonts.face(k).tables().glyf.is_some(), "{}", loaded.name);
        }
    }
}
