use hexcolor::{parse_hex, ColorError, Rgb};

#[test]
fn six_digits() {
    assert_eq!(parse_hex("#1e90FF"), Ok(Rgb { r: 0x1e, g: 0x90, b: 0xff }));
    assert_eq!(parse_hex(" #000000 ").unwrap().to_hex(), "#000000");
}

#[test]
fn errors() {
    assert_eq!(parse_hex("ffffff"), Err(ColorError::MissingHash));
    assert_eq!(parse_hex("#12345"), Err(ColorError::BadLength(5)));
    assert_eq!(parse_hex("#12345z"), Err(ColorError::BadDigit('z')));
}

#[test]
fn shorthand() {
    assert_eq!(parse_hex("#fa0"), Ok(Rgb { r: 0xff, g: 0xaa, b: 0x00 }));
}
