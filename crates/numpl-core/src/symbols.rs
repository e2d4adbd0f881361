//! Symbol alphabets: which character stands for which value.

use crate::error::ParseErrorKind;

/// The default alphabet: `1`-`9`, then `A`-`Z` for 10-35.
const DEFAULT: &[u8; 35] = b"123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";

/// An alphabet: the characters for values 1..N, in value order.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Symbols {
    custom: Option<Vec<char>>,
}

/// What one character of a puzzle means.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Symbol {
    /// A blank cell.
    Blank,
    /// A value, 1-based.
    Value(u8),
    /// A character that is neither.
    Unknown,
}

impl Symbols {
    /// The default alphabet (`1`-`9`, `A`-`Z`, blanks `.` `0` `_` `/`).
    pub fn standard() -> Symbols {
        Symbols { custom: None }
    }

    /// A custom alphabet: exactly N distinct characters in value order. `.`, `_`, `/` and
    /// whitespace cannot be symbols: they stay blanks and separators.
    ///
    /// # Errors
    ///
    /// [`ParseErrorKind::Symbols`] when `chars` is empty or longer than 64 characters, holds
    /// a blank or separator, or holds a character twice.
    ///
    /// # Examples
    ///
    /// ```
    /// use numpl_core::{Symbol, Symbols};
    ///
    /// let hex = Symbols::custom("0123456789ABCDEF").unwrap();
    /// assert_eq!(hex.read('0', 16), Symbol::Value(1));
    /// assert_eq!(hex.write(16), Some('F'));
    /// assert!(Symbols::custom("1123").is_err());
    /// ```
    pub fn custom(chars: &str) -> Result<Symbols, ParseErrorKind> {
        let v: Vec<char> = chars.chars().collect();
        if v.is_empty() || v.len() > crate::MAX_SIZE {
            return Err(ParseErrorKind::Symbols(format!(
                "1 to 64 characters needed, got {}",
                v.len()
            )));
        }
        for (i, c) in v.iter().enumerate() {
            if matches!(c, '.' | '_' | '/' | '|' | '+' | '#') || c.is_whitespace() {
                return Err(ParseErrorKind::Symbols(format!(
                    "`{}` cannot be a symbol (it is a blank or a separator)",
                    c.escape_debug()
                )));
            }
            if v[..i].contains(c) {
                return Err(ParseErrorKind::Symbols(format!(
                    "`{}` appears twice",
                    c.escape_debug()
                )));
            }
        }
        Ok(Symbols { custom: Some(v) })
    }

    /// Whether this is a custom alphabet.
    pub fn is_custom(&self) -> bool {
        self.custom.is_some()
    }

    /// The number of values a custom alphabet has; `None` for the standard one.
    pub fn custom_len(&self) -> Option<usize> {
        self.custom.as_ref().map(Vec::len)
    }

    /// Checks that this alphabet can write and read a grid of side `n`.
    ///
    /// # Errors
    ///
    /// [`ParseErrorKind::Symbols`] when a custom alphabet does not have exactly `n` characters.
    pub fn check_size(&self, n: usize) -> Result<(), ParseErrorKind> {
        match &self.custom {
            Some(v) if v.len() != n => Err(ParseErrorKind::Symbols(format!(
                "{} characters but the grid has {n} values",
                v.len()
            ))),
            _ => Ok(()),
        }
    }

    /// What `c` means in a grid of side `n`.
    #[inline]
    pub fn read(&self, c: char, n: usize) -> Symbol {
        match &self.custom {
            Some(v) => {
                if let Some(i) = v.iter().position(|&s| s == c) {
                    Symbol::Value(i as u8 + 1)
                } else if matches!(c, '.' | '_' | '/') {
                    Symbol::Blank
                } else {
                    Symbol::Unknown
                }
            }
            None => match c {
                '.' | '0' | '_' | '/' => Symbol::Blank,
                '1'..='9' => Symbol::Value(c as u8 - b'0'),
                'A'..='Z' | 'a'..='z' => {
                    let v = c.to_ascii_uppercase() as u8 - b'A' + 10;
                    // Letters beyond N are still reported as out of range by the caller.
                    let _ = n;
                    Symbol::Value(v)
                }
                _ => Symbol::Unknown,
            },
        }
    }

    /// The character for `value` (1-based), `None` if the alphabet has none for it.
    #[inline]
    pub fn write(&self, value: u8) -> Option<char> {
        let i = (value as usize).checked_sub(1)?;
        match &self.custom {
            Some(v) => v.get(i).copied(),
            None => DEFAULT.get(i).map(|&b| b as char),
        }
    }

    /// Whether every value of a side-`n` grid has a single character.
    pub fn covers(&self, n: usize) -> bool {
        match &self.custom {
            Some(v) => v.len() >= n,
            None => n <= DEFAULT.len(),
        }
    }
}
