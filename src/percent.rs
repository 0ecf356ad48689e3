//! Percent-encoding of link values: what a query value cannot hold is
//! written `%XX`, and read back the same way.

/// Decodes `%XX` escapes and `+` as a space would be wrong here: pop specs
/// use `+`, so only `%XX` is decoded. Invalid escapes are kept as written.
pub fn percent_decode(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' && i + 2 < bytes.len() {
            // Two hex digits as bytes: a slice of the text could split a
            // character (`%é`).
            let hex = |b: u8| (b as char).to_digit(16);
            if let (Some(hi), Some(lo)) = (hex(bytes[i + 1]), hex(bytes[i + 2])) {
                out.push((hi * 16 + lo) as u8);
                i += 3;
                continue;
            }
        }
        out.push(bytes[i]);
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// Escapes what a query value cannot hold as is (`,` and `:` stay readable).
pub fn percent_encode(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for b in text.bytes() {
        if b.is_ascii_alphanumeric() || b"-_.~,:+/".contains(&b) {
            out.push(b as char);
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn percent_escapes_decode_and_bad_ones_stay() {
        assert_eq!(
            percent_decode("newest%3A75%2Crandom%3A25"),
            "newest:75,random:25"
        );
        assert_eq!(percent_decode("50%"), "50%");
        assert_eq!(percent_decode("%zz"), "%zz");
        assert_eq!(percent_encode("<b>"), "%3Cb%3E");
    }

    #[test]
    fn an_escape_before_a_wide_character_stays_as_written() {
        assert_eq!(percent_decode("%é1"), "%é1");
        assert_eq!(percent_decode("a%"), "a%");
        assert_eq!(percent_decode(&percent_encode("größe 4×4")), "größe 4×4");
    }
}
