//! Hygiene for text that leaves memdoor: secrets out of URLs before they
//! are shown or logged, and control sequences out of untrusted text before
//! it reaches a terminal. Plain functions; imports nothing of memdoor.

use std::borrow::Cow;

/// `url` with its password (in the user part or a `pass=` query) shown as `***`.
pub fn redact_url(url: &str) -> String {
    let Some((scheme, rest)) = url.split_once("://") else { return url.to_string() };
    // The last '@' ends the user part even when the password holds '@', '/' or '?'.
    // A leading '/' is a unix socket path, which has no user part.
    let at = if rest.starts_with('/') { None } else { rest.rfind('@') };
    let (user, tail) = match at {
        Some(i) => match rest[..i].split_once(':') {
            Some((name, _)) => (format!("{name}:***"), &rest[i..]),
            None => (rest[..i].to_string(), &rest[i..]),
        },
        None => (String::new(), rest),
    };
    let tail = match tail.split_once('?') {
        Some((path, query)) => {
            let pairs: Vec<String> = query
                .split('&')
                .map(|pair| match pair.split_once('=') {
                    Some((k, _)) if k == "pass" || k == "password" => format!("{k}=***"),
                    _ => pair.to_string(),
                })
                .collect();
            format!("{path}?{}", pairs.join("&"))
        }
        None => tail.to_string(),
    };
    format!("{scheme}://{user}{tail}")
}

/// `text` made safe to write to a terminal: escape sequences (CSI, OSC, DCS
/// and the rest) and control characters other than newline and tab are
/// dropped, so text from a model, a worker, a server or a journal cannot
/// move the cursor, hide a line or set the clipboard. Only for a terminal:
/// output redirected to a file stays byte-exact.
pub fn terminal_safe(text: &str) -> Cow<'_, str> {
    if !text.chars().any(needs_care) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\x1b' => skip_escape(&mut chars),
            // C1 controls: CSI, OSC, DCS, SOS, PM, APC take a body like their ESC forms.
            '\u{9b}' => skip_csi(&mut chars),
            '\u{90}' | '\u{9d}' | '\u{98}' | '\u{9e}' | '\u{9f}' => skip_string(&mut chars),
            '\n' | '\t' => out.push(c),
            c if needs_care(c) => {}
            c => out.push(c),
        }
    }
    Cow::Owned(out)
}

fn needs_care(c: char) -> bool {
    (c.is_control() && c != '\n' && c != '\t')
        || matches!(c, '\u{2028}' | '\u{2029}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}')
}

type Chars<'a> = std::iter::Peekable<std::str::Chars<'a>>;

/// After ESC: the rest of the sequence.
fn skip_escape(chars: &mut Chars<'_>) {
    match chars.next() {
        Some('[') => skip_csi(chars),
        Some(']' | 'P' | 'X' | '^' | '_') => skip_string(chars),
        // ESC ( B and the like: intermediates, then one final byte.
        Some(c) if ('\x20'..='\x2f').contains(&c) => {
            while chars.next_if(|c| ('\x20'..='\x2f').contains(c)).is_some() {}
            chars.next();
        }
        _ => {}
    }
}

/// Parameters and intermediates, then one final byte (0x40–0x7e).
fn skip_csi(chars: &mut Chars<'_>) {
    for c in chars.by_ref() {
        if ('\x40'..='\x7e').contains(&c) || c == '\x1b' {
            return;
        }
    }
}

/// A string body up to BEL or ST (ESC \\ or 0x9c).
fn skip_string(chars: &mut Chars<'_>) {
    while let Some(c) = chars.next() {
        match c {
            '\x07' | '\u{9c}' => return,
            '\x1b' => {
                chars.next_if_eq(&'\\');
                return;
            }
            _ => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn redact_hides_passwords_only() {
        assert_eq!(redact_url("redis://127.0.0.1:6379"), "redis://127.0.0.1:6379");
        assert_eq!(redact_url("redis://:pw@h:1/2"), "redis://:***@h:1/2");
        assert_eq!(redact_url("rediss://alice:p@s/s?w@h:1"), "rediss://alice:***@h:1");
        assert_eq!(redact_url("redis://alice@h"), "redis://alice@h");
        assert_eq!(redact_url("redis+unix:///run/r.sock?db=1&pass=pw"), "redis+unix:///run/r.sock?db=1&pass=***");
        assert_eq!(redact_url("not a url"), "not a url");
    }

    #[test]
    fn terminal_text_loses_escapes_and_controls_only() {
        assert!(matches!(terminal_safe("def f():\n\treturn 1 # é ✓"), Cow::Borrowed(_)));
        // OSC 52 (clipboard), with BEL and with ST; CSI erase-line; a cursor move; a charset switch.
        let hostile = "a\x1b]52;c;ZXZpbA==\x07b\x1b]0;title\x1b\\c\x1b[2Kd\x1b[10;1He\x1b(0f\r\x08g\x00h";
        assert_eq!(terminal_safe(hostile), "abcdefgh");
        // C1 forms, a lone ESC at the end, and bidirectional overrides.
        assert_eq!(terminal_safe("x\u{9b}31my\u{9d}8;;http://e\u{9c}z\u{202e}w\x1b"), "xyzw");
        // An unterminated sequence eats to the end rather than leak its body.
        assert_eq!(terminal_safe("ok\x1b]52;c;AAAA"), "ok");
    }
}
