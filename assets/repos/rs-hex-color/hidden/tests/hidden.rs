use hexcolor::{parse_hex, ColorError, Rgb};

#[test]
fn shorthand_white_and_black() {
    assert_eq!(parse_hex("#FFF"), Ok(Rgb { r: 255, g: 255, b: 255 }));
    assert_eq!(parse_hex("#000"), Ok(Rgb { r: 0, g: 0, b: 0 }));
}

#[test]
fn shorthand_matches_long_form() {
    for (short, long) in [("#abc", "#aabbcc"), ("#1F8", "#11ff88"), (" #09e ", "#0099ee")] {
        assert_eq!(parse_hex(short), parse_hex(long), "{short}");
        assert_eq!(parse_hex(short).unwrap().to_hex(), long.trim());
    }
}

#[test]
fn other_lengths_still_rejected() {
    assert_eq!(parse_hex("#"), Err(ColorError::BadLength(0)));
    assert_eq!(parse_hex("#ab"), Err(ColorError::BadLength(2)));
    assert_eq!(parse_hex("#abcd"), Err(ColorError::BadLength(4)));
    assert_eq!(parse_hex("#abcdefa"), Err(ColorError::BadLength(7)));
}

#[test]
fn shorthand_bad_digit_and_hash() {
    assert_eq!(parse_hex("#fgz"), Err(ColorError::BadDigit('g')));
    assert_eq!(parse_hex("fa0"), Err(ColorError::MissingHash));
}
