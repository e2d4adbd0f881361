//! LZ-string's base64 form (`compressToBase64` / `decompressFromBase64` of the JavaScript
//! library), which f-puzzles' `?load=` links and SudokuPad's `fpuzzles...` links carry.
//!
//! The algorithm is an LZW variant over UTF-16 code units. Codes are written low bit
//! first, packed into six-bit base64 characters high bit first, each code as wide as the
//! dictionary then needs (2 bits at the start, one more each time the dictionary fills the
//! width). Code 0 brings a new 8-bit character, 1 a 16-bit one, 2 ends the text; any other
//! names a dictionary entry, or the entry about to be made (the previous one plus its own
//! first character). Every code after the first adds the previous entry plus the first
//! character of this one. The text ends with `=` padding to a multiple of four.
//!
//! [`decompress_from_base64`] refuses anything malformed (a character outside the
//! alphabet, a code naming no entry, a text that stops before its end code) and stops at
//! [`MAX_OUTPUT`] code units, so a short input cannot expand into gigabytes.
//!
//! ```
//! use numpl_core::variant::lz_string::{compress_to_base64, decompress_from_base64};
//!
//! let packed = compress_to_base64(r#"{"size":9}"#);
//! assert_eq!(packed, "N4IgzglgXgpiBcBOAvkA");
//! assert_eq!(decompress_from_base64(&packed).as_deref(), Some(r#"{"size":9}"#));
//! ```

use std::collections::HashMap;

const B64: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/// The most UTF-16 code units [`decompress_from_base64`] produces (4 Mi): far above any
/// puzzle's JSON.
pub const MAX_OUTPUT: usize = 4 << 20;

fn b64_value(b: u8) -> Option<u32> {
    match b {
        b'A'..=b'Z' => Some((b - b'A') as u32),
        b'a'..=b'z' => Some((b - b'a') as u32 + 26),
        b'0'..=b'9' => Some((b - b'0') as u32 + 52),
        b'+' => Some(62),
        b'/' => Some(63),
        _ => None,
    }
}

struct BitReader<'a> {
    src: &'a [u8],
    at: usize,
    word: u32,
    left: u32,
}

impl BitReader<'_> {
    /// `width` bits, low bit first; `None` past the end or at a character outside base64.
    fn read(&mut self, width: u32) -> Option<u32> {
        let mut code = 0u32;
        for k in 0..width {
            if self.left == 0 {
                let &b = self.src.get(self.at)?;
                self.at += 1;
                self.word = b64_value(b)?;
                self.left = 6;
            }
            self.left -= 1;
            if (self.word >> self.left) & 1 == 1 {
                code |= 1 << k;
            }
        }
        Some(code)
    }
}

/// A dictionary entry: one character, or a run of the output written so far.
#[derive(Clone, Copy)]
enum Entry {
    Char(u16),
    Run { start: usize, len: usize },
}

/// Decodes LZ-string's base64 form (trailing `=` optional) to the text it holds; `None`
/// for text that is not of this form, or would exceed [`MAX_OUTPUT`] code units, or is
/// not valid UTF-16.
pub fn decompress_from_base64(text: &str) -> Option<String> {
    let src = text.trim_end_matches('=').as_bytes();
    let mut bits = BitReader {
        src,
        at: 0,
        word: 0,
        left: 0,
    };
    // Codes 0, 1 and 2 are commands; entries start at 3.
    let mut dict: Vec<Entry> = vec![Entry::Char(0); 3];
    let mut out: Vec<u16> = Vec::new();
    let mut num_bits = 2u32;
    let mut enlarge_in = 4u64;
    let first = match bits.read(2)? {
        0 => bits.read(8)? as u16,
        1 => bits.read(16)? as u16,
        2 => return Some(String::new()),
        _ => return None,
    };
    dict.push(Entry::Char(first));
    out.push(first);
    num_bits = num_bits.max(3);
    // The previous entry, as a run of the output.
    let mut prev = (0usize, 1usize);
    loop {
        if num_bits > 31 {
            return None;
        }
        let mut code = bits.read(num_bits)? as usize;
        match code {
            0 | 1 => {
                let ch = bits.read(if code == 0 { 8 } else { 16 })? as u16;
                dict.push(Entry::Char(ch));
                code = dict.len() - 1;
                enlarge_in -= 1;
            }
            2 => return String::from_utf16(&out).ok(),
            _ => {}
        }
        if enlarge_in == 0 {
            enlarge_in = 1 << num_bits;
            num_bits += 1;
        }
        let start = out.len();
        match dict.get(code).copied() {
            Some(Entry::Char(ch)) if code > 2 => out.push(ch),
            Some(Entry::Run { start: s, len }) => {
                if start + len > MAX_OUTPUT {
                    return None;
                }
                out.extend_from_within(s..s + len);
            }
            None if code == dict.len() => {
                // The entry about to be made: the previous one plus its first character.
                let (s, len) = prev;
                if start + len + 1 > MAX_OUTPUT {
                    return None;
                }
                out.extend_from_within(s..s + len);
                out.push(out[s]);
            }
            _ => return None,
        }
        let len = out.len() - start;
        // The previous entry plus this one's first character, which follows it in the
        // output.
        dict.push(Entry::Run {
            start: prev.0,
            len: prev.1 + 1,
        });
        prev = (start, len);
        enlarge_in -= 1;
        if enlarge_in == 0 {
            enlarge_in = 1 << num_bits;
            num_bits += 1;
        }
    }
}

struct BitWriter {
    out: String,
    val: u32,
    pos: u32,
}

impl BitWriter {
    /// Writes the low `width` bits of `value`, low bit first.
    fn write(&mut self, width: u32, mut value: u32) {
        for _ in 0..width {
            self.val = (self.val << 1) | (value & 1);
            value >>= 1;
            if self.pos == 5 {
                self.out.push(B64[self.val as usize] as char);
                self.val = 0;
                self.pos = 0;
            } else {
                self.pos += 1;
            }
        }
    }
}

/// Encodes `text` in LZ-string's base64 form, as `LZString.compressToBase64` does (the
/// same characters, `=` padding included), so f-puzzles and SudokuPad read it.
pub fn compress_to_base64(text: &str) -> String {
    let units: Vec<u16> = text.encode_utf16().collect();
    let mut w = BitWriter {
        out: String::new(),
        val: 0,
        pos: 0,
    };
    let mut dict: HashMap<Vec<u16>, u32> = HashMap::new();
    let mut to_create: std::collections::HashSet<Vec<u16>> = std::collections::HashSet::new();
    let mut dict_size = 3u32;
    let mut num_bits = 2u32;
    let mut enlarge_in = 2u64;
    let mut cur: Vec<u16> = Vec::new();
    // Writes the current phrase: a new character first, else its code.
    let emit = |cur: &[u16],
                w: &mut BitWriter,
                dict: &HashMap<Vec<u16>, u32>,
                to_create: &mut std::collections::HashSet<Vec<u16>>,
                num_bits: &mut u32,
                enlarge_in: &mut u64| {
        if to_create.remove(cur) {
            let ch = cur[0];
            if ch < 256 {
                w.write(*num_bits, 0);
                w.write(8, ch as u32);
            } else {
                w.write(*num_bits, 1);
                w.write(16, ch as u32);
            }
            *enlarge_in -= 1;
            if *enlarge_in == 0 {
                *enlarge_in = 1 << *num_bits;
                *num_bits += 1;
            }
        } else {
            w.write(*num_bits, dict[cur]);
        }
        *enlarge_in -= 1;
        if *enlarge_in == 0 {
            *enlarge_in = 1 << *num_bits;
            *num_bits += 1;
        }
    };
    for &c in &units {
        let single = vec![c];
        if !dict.contains_key(&single) {
            dict.insert(single.clone(), dict_size);
            dict_size += 1;
            to_create.insert(single);
        }
        let mut wc = cur.clone();
        wc.push(c);
        if dict.contains_key(&wc) {
            cur = wc;
        } else {
            emit(
                &cur,
                &mut w,
                &dict,
                &mut to_create,
                &mut num_bits,
                &mut enlarge_in,
            );
            dict.insert(wc, dict_size);
            dict_size += 1;
            cur = vec![c];
        }
    }
    if !cur.is_empty() {
        emit(
            &cur,
            &mut w,
            &dict,
            &mut to_create,
            &mut num_bits,
            &mut enlarge_in,
        );
    }
    w.write(num_bits, 2);
    // Flush: pad the last character with zero bits (always one more character, as the
    // library does).
    loop {
        w.val <<= 1;
        if w.pos == 5 {
            w.out.push(B64[w.val as usize] as char);
            break;
        }
        w.pos += 1;
    }
    let mut out = w.out;
    while !out.len().is_multiple_of(4) {
        out.push('=');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trips() {
        let texts = [
            "",
            "a",
            "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa",
            "abababababab",
            r#"{"size":9,"grid":[[{"value":5,"given":true},{},{}]]}"#,
            "héllo wörld ✓ 数独 𝄞",
        ];
        for t in texts {
            let packed = compress_to_base64(t);
            assert_eq!(packed.len() % 4, 0, "{t}");
            assert_eq!(decompress_from_base64(&packed).as_deref(), Some(t), "{t}");
        }
    }

    #[test]
    fn known_values_of_the_javascript_library() {
        // LZString.compressToBase64 of these texts.
        assert_eq!(compress_to_base64(""), "Q===");
        assert_eq!(compress_to_base64("a"), "IZA=");
        assert_eq!(compress_to_base64("hello"), "BYUwNmD2Q===");
        assert_eq!(
            decompress_from_base64("BYUwNmD2Q===").as_deref(),
            Some("hello")
        );
        assert_eq!(decompress_from_base64("Q===").as_deref(), Some(""));
        // 16-bit characters, and a surrogate pair.
        assert_eq!(
            compress_to_base64("héllo wörld ✓ 数独 𝄞"),
            "BYS4NmD2AEDuBvAnMATahkcmoB1NA3TtQLBuB4u0A==="
        );
        assert_eq!(
            compress_to_base64(r#"{"a":[1,2,3],"b":"ababababab"}"#),
            "N4IghiBcDaCMA0AmeBmAuvEAjK4tn0IJAF8g"
        );
    }

    #[test]
    fn refuses_malformed_text() {
        for bad in ["", "!!!!", "BYUw", "BY*wNmD2Q===", "/////////////"] {
            assert_eq!(decompress_from_base64(bad), None, "{bad}");
        }
    }

    #[test]
    fn long_repetition_is_bounded() {
        let big = "x".repeat(100_000);
        let packed = compress_to_base64(&big);
        assert!(packed.len() < 2000);
        assert_eq!(decompress_from_base64(&packed), Some(big));
    }

    proptest::proptest! {
        #[test]
        fn any_text_round_trips(t in "\\PC{0,200}") {
            proptest::prop_assert_eq!(decompress_from_base64(&compress_to_base64(&t)), Some(t));
        }

        #[test]
        fn any_input_is_safe(t in "[A-Za-z0-9+/=]{0,300}") {
            let _ = decompress_from_base64(&t);
        }
    }
}
