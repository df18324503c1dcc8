//! Parse CSS-style hex colours for a terminal theme file.

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Rgb {
    pub r: u8,
    pub g: u8,
    pub b: u8,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ColorError {
    MissingHash,
    BadLength(usize),
    BadDigit(char),
}

/// Parse "#rrggbb" (either case, surrounding whitespace allowed).
pub fn parse_hex(text: &str) -> Result<Rgb, ColorError> {
    let digits = text.trim().strip_prefix('#').ok_or(ColorError::MissingHash)?;
    if let Some(bad) = digits.chars().find(|c| !c.is_ascii_hexdigit()) {
        return Err(ColorError::BadDigit(bad));
    }
    if digits.len() != 6 {
        return Err(ColorError::BadLength(digits.len()));
    }
    let byte = |i: usize| u8::from_str_radix(&digits[i..i + 2], 16).unwrap();
    Ok(Rgb { r: byte(0), g: byte(2), b: byte(4) })
}

impl Rgb {
    pub fn to_hex(self) -> String {
        format!("#{:02x}{:02x}{:02x}", self.r, self.g, self.b)
    }
}
