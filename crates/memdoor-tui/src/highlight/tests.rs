use super::*;

const DRAFT: &str = "I'll add the two numbers; if either is None, return 0.\n\
\n\
```python\n\
def add(a, b):\n\
    \"\"\"Sum of a and b,\n\
    even when one is None.\"\"\"\n\
    if a is None or b is None:  # nothing to add\n\
        return 0\n\
    return a + b\n\
```\n\
\n\
This handles **both** cases — `None` and ints.\n";

fn all(h: &Highlighted) -> Vec<Line<'static>> {
    h.lines(0, usize::MAX)
}

fn contents(line: &Line) -> String {
    line.spans.iter().map(|s| s.content.as_ref()).collect()
}

/// The span whose text is exactly `word` on line `index`.
fn span_of<'a>(lines: &'a [Line<'static>], index: usize, word: &str) -> &'a Span<'static> {
    lines[index]
        .spans
        .iter()
        .find(|s| s.content.trim() == word)
        .unwrap_or_else(|| panic!("no span {word:?} in {:?}", lines[index]))
}

fn at_once(text: &str) -> Highlighted {
    let mut h = Highlighted::new(&Theme::default());
    h.set_text(text);
    h
}

#[test]
fn streaming_in_random_pieces_matches_setting_at_once() {
    let expected = all(&at_once(DRAFT));
    assert_eq!(expected.len(), DRAFT.lines().count());
    let mut seed: u64 = 0x9e37_79b9_7f4a_7c15;
    for round in 0..50 {
        let mut h = Highlighted::new(&Theme::default());
        let mut rest = DRAFT;
        while !rest.is_empty() {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            // Pieces of 1..=12 bytes, moved back to a char boundary (the em dash).
            let mut cut = (1 + seed % 12) as usize;
            cut = cut.min(rest.len());
            while !rest.is_char_boundary(cut) {
                cut += 1;
            }
            let (piece, tail) = rest.split_at(cut);
            h.push(piece);
            rest = tail;
        }
        assert_eq!(h.text(), DRAFT);
        assert_eq!(all(&h), expected, "round {round}");
    }
}

#[test]
fn python_in_the_fence_is_highlighted_unlike_prose() {
    let lines = all(&at_once(DRAFT));
    let prose = lines[0].spans[0].style.fg;
    let def = span_of(&lines, 3, "def").style.fg;
    let ret = span_of(&lines, 7, "return").style.fg;
    assert_ne!(def, prose, "{:?}", lines[3]);
    assert_ne!(ret, prose, "{:?}", lines[7]);
    // The fenced line has several colours, not one "code" colour.
    let mut colours: Vec<_> = lines[3].spans.iter().map(|s| s.style.fg).collect();
    colours.dedup();
    assert!(colours.len() >= 3, "{:?}", lines[3]);
    // A comment's colour differs from code's, so python really parsed.
    let comment = lines[6].spans.iter().find(|s| s.content.contains("nothing")).unwrap();
    assert_ne!(comment.style.fg, ret);
    // After the fence, prose again: the same "if" is not a keyword there.
    let after = &lines[11];
    assert_eq!(after.spans[0].style.fg, prose, "{after:?}");
}

#[test]
fn only_newly_completed_lines_are_highlighted() {
    let mut h = Highlighted::new(&Theme::default());
    h.push("first ");
    assert_eq!((h.highlighted_lines(), h.line_count()), (0, 1));
    h.push("line\nsec");
    assert_eq!((h.highlighted_lines(), h.line_count()), (1, 2));
    h.push("ond\nthird\nfour");
    assert_eq!((h.highlighted_lines(), h.line_count()), (3, 4));
    h.push("th");
    assert_eq!(h.highlighted_lines(), 3);
    // Resending the same draft with more reuses the completed lines.
    h.set_text("first line\nsecond\nthird\nfourth\nfifth\n");
    assert_eq!((h.highlighted_lines(), h.line_count()), (5, 5));
    assert_eq!(all(&h), all(&at_once(h.text())));
    // A different text starts over, and its lines are right too.
    h.set_text("other\n");
    assert_eq!((h.highlighted_lines(), h.line_count()), (6, 1));
    assert_eq!(contents(&all(&h)[0]), "other");
}

#[test]
fn the_partial_line_is_plain_and_windows_clamp() {
    let theme = Theme::default();
    let mut h = Highlighted::new(&theme);
    assert_eq!((h.line_count(), h.lines(0, 10).len()), (0, 0));
    h.push("# Title\n```python\ndef f");
    let lines = h.lines(2, 5);
    assert_eq!(lines.len(), 1);
    assert_eq!(lines[0], Line::from(Span::styled("def f", Style::default().fg(theme.palette.text))));
    assert_eq!(h.lines(1, 1).len(), 1);
    assert!(h.lines(3, 1).is_empty());
    assert!(h.lines(usize::MAX, usize::MAX).is_empty());
    h.clear();
    assert_eq!((h.text(), h.line_count()), ("", 0));
}

#[test]
fn crlf_tabs_and_control_characters_display_cleanly() {
    let crlf = DRAFT.replace('\n', "\r\n");
    let lines = all(&at_once(&crlf));
    assert_eq!(lines, all(&at_once(DRAFT)));
    assert!(lines.iter().all(|l| !contents(l).contains('\r')));

    let h = at_once("```python\n\tx = 1\nab\tc\n\x1b[31mred\n");
    let shown: Vec<String> = all(&h).iter().map(contents).collect();
    assert_eq!(shown[1], "    x = 1");
    assert_eq!(shown[2], "ab  c");
    assert_eq!(shown[3], "\u{FFFD}[31mred");
}

#[test]
fn very_long_lines_do_not_stall_or_derail_highlighting() {
    let long = "x = 1 + ".repeat(25_000);
    let text = format!("```python\n{long}\ndef f():\n    pass\n```\n{long}\n");
    let h = at_once(&text);
    // The two long lines skip syntect (which would take seconds on them).
    assert_eq!(h.highlighted_lines(), 4);
    let lines = all(&h);
    assert_eq!(lines.len(), 6);
    assert_eq!(contents(&lines[1]), long);
    // Highlighting carried on past the long line.
    let prose = at_once("plain words\n").lines(0, 1)[0].spans[0].style.fg;
    assert_ne!(span_of(&lines, 2, "def").style.fg, prose);
}

#[test]
fn disabled_gives_plain_lines_and_can_be_turned_back_on() {
    let theme = Theme::default();
    let mut h = Highlighted::new(&theme);
    h.set_enabled(false);
    h.push(DRAFT);
    assert_eq!(h.highlighted_lines(), 0);
    let plain = Style::default().fg(theme.palette.text);
    for line in all(&h) {
        assert!(line.spans.iter().all(|s| s.style == plain), "{line:?}");
    }
    assert_eq!(all(&h).iter().map(contents).collect::<Vec<_>>(), DRAFT.lines().collect::<Vec<_>>());
    h.set_enabled(true);
    assert!(h.enabled());
    assert_eq!(all(&h), all(&at_once(DRAFT)));
}

#[test]
fn fences_pick_their_language_and_close_properly() {
    let fg = |text: &str, line: usize, word: &str| span_of(&all(&at_once(text)), line, word).style.fg;
    let prose = fg("def\n", 0, "def");
    let python = fg("```python\ndef f(): pass\n```\n", 1, "def");
    assert_ne!(python, prose);
    // Untagged and `py` fences are python too; so is one indented in a list.
    assert_eq!(fg("```\ndef f(): pass\n```\n", 1, "def"), python);
    assert_eq!(fg("~~~py\ndef f(): pass\n~~~\n", 1, "def"), python);
    assert_eq!(fg("1. code:\n    ```python3\n    def f(): pass\n    ```\n", 2, "def"), python);
    // An unknown tag is plain: one colour for the whole line.
    let output = all(&at_once("```output\ndef f(): pass\n```\n"));
    assert_eq!(output[1].spans.len(), 1, "{:?}", output[1]);
    // A shorter or different marker does not close; prose resumes after a real close.
    let text = "````python\n```\ndef f(): pass\n~~~~\ndef g(): pass\n````\ndef\n";
    let lines = all(&at_once(text));
    assert_eq!(span_of(&lines, 4, "def").style.fg, python);
    assert_eq!(span_of(&lines, 6, "def").style.fg, prose);
}
