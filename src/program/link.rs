//! A program in a link (key `program`): its UTF-8 text compressed with raw
//! DEFLATE, then written in base64url without padding, so a link carries a
//! page of code in a few hundred characters and any text survives the
//! round trip.

use crate::error::MazeError;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine;

/// The longest program a link may carry, in bytes of text: far more than
/// any starter, and a bound on what a hostile link can make the page
/// inflate.
pub const MAX_PROGRAM_BYTES: usize = 256 * 1024;

/// DEFLATE's strongest level: a link is written once and read often.
const LEVEL: u8 = 9;

/// The text as a link value.
pub fn encode(text: &str) -> String {
    URL_SAFE_NO_PAD.encode(miniz_oxide::deflate::compress_to_vec(
        text.as_bytes(),
        LEVEL,
    ))
}

/// The text a link value carries, or why it carries none.
pub fn decode(value: &str) -> Result<String, MazeError> {
    let bad = |why: &str| MazeError::BadValue {
        what: "program",
        given: format!("{} characters ({why})", value.len()),
        valid: "a program as the page writes it into a link (DEFLATE, then base64url)".into(),
    };
    let bytes = URL_SAFE_NO_PAD
        .decode(value.trim())
        .map_err(|_| bad("not base64url"))?;
    let text = miniz_oxide::inflate::decompress_to_vec_with_limit(&bytes, MAX_PROGRAM_BYTES)
        .map_err(|_| bad("not DEFLATE data, or over 256 KiB of text"))?;
    String::from_utf8(text).map_err(|_| bad("not UTF-8 text"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn any_text_survives_the_round_trip() {
        for text in [
            "",
            "function generate(maze, rng) {}",
            "// größe 4×4 — «ünïcödé» 迷路 🧩\nconst a = '\\u{1F9E9}';",
            &"maze.carve(a, b);\n".repeat(2000),
        ] {
            let value = encode(text);
            assert!(
                value
                    .bytes()
                    .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_'),
                "{value}"
            );
            assert_eq!(decode(&value).unwrap(), text);
        }
    }

    #[test]
    fn a_long_program_stays_short_in_a_link() {
        let text = "maze.carve(a, b);\n".repeat(2000);
        assert!(encode(&text).len() < text.len() / 50);
    }

    #[test]
    fn a_broken_value_is_refused_with_a_message() {
        for (value, says) in [
            ("not base64!", "not base64url"),
            ("AAAA", "not DEFLATE"),
            (&encode_bytes(&[0xff, 0xfe]), "not UTF-8"),
        ] {
            let err = decode(value).unwrap_err().to_string();
            assert!(err.contains(says), "{value}: {err}");
        }
        let huge = "x".repeat(MAX_PROGRAM_BYTES + 1);
        let err = decode(&encode(&huge)).unwrap_err().to_string();
        assert!(err.contains("over 256 KiB"), "{err}");
    }

    fn encode_bytes(bytes: &[u8]) -> String {
        URL_SAFE_NO_PAD.encode(miniz_oxide::deflate::compress_to_vec(bytes, LEVEL))
    }
}
