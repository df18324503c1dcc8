//! Diffs between two drafts (an agent's against the consensus, or against
//! another agent's) as styled lines: unified, or two columns side by side.

use std::borrow::Cow;
use std::time::Duration;

use ratatui::style::Style;
use ratatui::text::{Line, Span};
use similar::{Algorithm, ChangeTag, DiffTag, TextDiff};

use super::highlight::display_text;
use super::theme::Palette;

/// Lines of unchanged context around each change.
const CONTEXT: usize = 3;

/// Diffing is quadratic at worst; past this a pathological pair gets a
/// coarser diff rather than a frozen UI.
const TIMEOUT: Duration = Duration::from_millis(100);

const NO_DIFFERENCES: &str = "no differences";

/// `-`/`+`/` ` prefixed lines coloured fail/pass/text, `@@` hunk headers dim.
pub(crate) fn unified(old: &str, new: &str, palette: &Palette) -> Vec<Line<'static>> {
    let (old, new) = (normalise(old), normalise(new));
    let diff = diff(&old, &new);
    let dim = Style::default().fg(palette.dim);
    if unchanged(&diff) {
        return vec![Line::styled(NO_DIFFERENCES, dim)];
    }
    let mut out = Vec::new();
    let mut udiff = diff.unified_diff();
    udiff.context_radius(CONTEXT);
    for hunk in udiff.iter_hunks() {
        out.push(Line::styled(hunk.header().to_string(), dim));
        for change in hunk.iter_changes() {
            let (sign, colour) = match change.tag() {
                ChangeTag::Delete => ('-', palette.fail),
                ChangeTag::Insert => ('+', palette.pass),
                ChangeTag::Equal => (' ', palette.text),
            };
            let text = display_text(change.value(), &mut 0);
            out.push(Line::styled(format!("{sign}{text}"), Style::default().fg(colour)));
            if change.missing_newline() {
                out.push(Line::styled("\\ No newline at end of file", dim));
            }
        }
    }
    out
}

/// Old on the left, new on the right, each about `width / 2` columns with a
/// `│` between; lines are cut at the column, never wrapped, so every row is
/// exactly `width` wide. Groups of changes are headed by their line numbers.
pub(crate) fn side_by_side(old: &str, new: &str, width: u16, palette: &Palette) -> Vec<Line<'static>> {
    let width = usize::from(width);
    let (old, new) = (normalise(old), normalise(new));
    let diff = diff(&old, &new);
    let dim = Style::default().fg(palette.dim);
    if unchanged(&diff) {
        return vec![Line::from(cell("", NO_DIFFERENCES, width, dim))];
    }
    let left = width.saturating_sub(1) / 2;
    let right = width.saturating_sub(left + 1);
    let sep = Span::styled(if width > 0 { "│" } else { "" }, Style::default().fg(palette.border));
    let row = |l: Span<'static>, r: Span<'static>| Line::from(vec![l, sep.clone(), r]);
    let (old_lines, new_lines): (Vec<&str>, Vec<&str>) =
        (diff.iter_old_slices().collect(), diff.iter_new_slices().collect());
    let (ctx, del, ins) =
        (Style::default().fg(palette.text), Style::default().fg(palette.fail), Style::default().fg(palette.pass));
    let mut out = Vec::new();
    for group in diff.grouped_ops(CONTEXT) {
        let Some(first) = group.first() else { continue };
        let (o, n) = (first.old_range().start + 1, first.new_range().start + 1);
        out.push(row(cell("@@ ", &format!("-{o}"), left, dim), cell("@@ ", &format!("+{n}"), right, dim)));
        for op in &group {
            let (tag, o, n) = op.as_tag_tuple();
            if tag == DiffTag::Equal {
                for (a, b) in o.zip(n) {
                    out.push(row(cell("  ", old_lines[a], left, ctx), cell("  ", new_lines[b], right, ctx)));
                }
                continue;
            }
            // A replace pairs old and new lines up; the shorter side pads.
            for k in 0..o.len().max(n.len()) {
                let l = old_lines.get(o.start + k).filter(|_| k < o.len());
                let r = new_lines.get(n.start + k).filter(|_| k < n.len());
                out.push(row(
                    l.map_or_else(|| cell("", "", left, ctx), |t| cell("- ", t, left, del)),
                    r.map_or_else(|| cell("", "", right, ctx), |t| cell("+ ", t, right, ins)),
                ));
            }
        }
    }
    out
}

fn diff<'a>(old: &'a str, new: &'a str) -> TextDiff<'a, 'a, str> {
    // Patience keeps a moved function together instead of interleaving it.
    TextDiff::configure().algorithm(Algorithm::Patience).timeout(TIMEOUT).diff_lines(old, new)
}

fn unchanged(diff: &TextDiff<str>) -> bool {
    diff.ops().iter().all(|op| op.tag() == DiffTag::Equal)
}

/// CRLF against LF would mark every line changed while showing none.
fn normalise(text: &str) -> Cow<'_, str> {
    if text.contains('\r') {
        Cow::Owned(text.replace("\r\n", "\n"))
    } else {
        Cow::Borrowed(text)
    }
}

/// `prefix` then `text`, cut or padded to exactly `width` columns.
fn cell(prefix: &str, text: &str, width: usize, style: Style) -> Span<'static> {
    let mut out = String::with_capacity(width);
    let mut used = 0;
    let shown = display_text(text, &mut 0);
    for c in prefix.chars().chain(shown.chars()) {
        let mut buf = [0; 4];
        // ratatui's own measure, so the cut matches how it draws.
        let w = Span::raw(&*c.encode_utf8(&mut buf)).width();
        if used + w > width {
            break;
        }
        out.push(c);
        used += w;
    }
    out.extend(std::iter::repeat_n(' ', width - used));
    Span::styled(out, style)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::theme::Theme;
    use ratatui::buffer::Buffer;
    use ratatui::layout::Rect;
    use ratatui::widgets::{Paragraph, Widget};

    fn palette() -> Palette {
        Theme::default().palette
    }

    fn text(line: &Line) -> String {
        line.spans.iter().map(|s| s.content.as_ref()).collect()
    }

    fn texts(lines: &[Line]) -> Vec<String> {
        lines.iter().map(text).collect()
    }

    #[test]
    fn unified_marks_and_colours_changes() {
        let p = palette();
        let lines = unified("a\nb\nc\n", "a\nB\nc\nd\n", &p);
        assert_eq!(texts(&lines), ["@@ -1,3 +1,4 @@", " a", "-b", "+B", " c", "+d"]);
        let fg: Vec<_> = lines.iter().map(|l| l.style.fg).collect();
        assert_eq!(fg, [p.dim, p.text, p.fail, p.pass, p.text, p.pass].map(Some));
    }

    #[test]
    fn unified_keeps_three_lines_of_context_and_splits_distant_hunks() {
        let old: String = (1..=30).map(|i| format!("line {i}\n")).collect();
        let new = old.replace("line 5\n", "five\n").replace("line 25\n", "twenty-five\n");
        let lines = texts(&unified(&old, &new, &palette()));
        let headers: Vec<_> = lines.iter().filter(|l| l.starts_with("@@")).collect();
        assert_eq!(headers, ["@@ -2,7 +2,7 @@", "@@ -22,7 +22,7 @@"]);
        assert_eq!(lines.len(), 2 * (1 + 3 + 2 + 3));
        assert_eq!(&lines[1..4], [" line 2", " line 3", " line 4"]);
    }

    #[test]
    fn identical_and_empty_inputs_say_so() {
        let p = palette();
        for (old, new) in [("", ""), ("same\n", "same\n"), ("a\r\nb\r\n", "a\nb\n")] {
            assert_eq!(texts(&unified(old, new, &p)), [NO_DIFFERENCES], "{old:?}");
            let sbs = side_by_side(old, new, 30, &p);
            assert_eq!(texts(&sbs), [format!("{NO_DIFFERENCES:<30}")]);
        }
        assert_eq!(texts(&unified("", "x\ny\n", &p)), ["@@ -0,0 +1,2 @@", "+x", "+y"]);
        assert_eq!(texts(&unified("x\n", "", &p)), ["@@ -1 +0,0 @@", "-x"]);
        let no_eol = texts(&unified("x\n", "x", &p));
        assert_eq!(no_eol, ["@@ -1 +1 @@", "-x", "+x", "\\ No newline at end of file"]);
    }

    #[test]
    fn side_by_side_pairs_lines_in_two_columns() {
        let p = palette();
        let lines = side_by_side("a\nb\nc\n", "a\nB\nc\nd\n", 21, &p);
        let rows = texts(&lines);
        assert_eq!(
            rows,
            [
                "@@ -1     │@@ +1     ",
                "  a       │  a       ",
                "- b       │+ B       ",
                "  c       │  c       ",
                "          │+ d       ",
            ]
        );
        assert_eq!(lines[2].spans[0].style.fg, Some(p.fail));
        assert_eq!(lines[2].spans[2].style.fg, Some(p.pass));
        assert_eq!(lines[1].spans[0].style.fg, Some(p.text));
    }

    #[test]
    fn side_by_side_truncates_and_never_wraps() {
        let p = palette();
        let old = "short\n\tindented\n";
        let new = format!("{}\n\tindented\n漢字漢字漢字漢字\n", "long ".repeat(40));
        for width in [0u16, 1, 2, 3, 5, 9, 10, 31, 80] {
            let lines = side_by_side(old, &new, width, &p);
            assert!(!lines.is_empty());
            for line in &lines {
                assert_eq!(line.width(), usize::from(width), "width {width}: {line:?}");
            }
        }
        let rows = texts(&side_by_side(old, &new, 31, &p));
        assert!(rows.iter().any(|r| *r == "      indented │      indented "), "{rows:#?}");
        // A wide char that would straddle the column edge is left out.
        assert_eq!(rows[3], format!("{:15}│+ 漢字漢字漢字 ", ""));
    }

    #[test]
    fn side_by_side_draws_an_aligned_separator() {
        let p = palette();
        let new = "x = \"ünïcödé\"\ny = 2\nz\n";
        let lines = side_by_side("x = 1\ny = 2\n", new, 30, &p);
        let area = Rect::new(0, 0, 30, lines.len() as u16);
        let mut buf = Buffer::empty(area);
        Paragraph::new(lines.clone()).render(area, &mut buf);
        for y in 0..area.height {
            assert_eq!(buf[(14, y)].symbol(), "│", "row {y}");
        }
        assert_eq!(buf[(15, 1)].symbol(), "+");
        assert_eq!(buf[(17, 1)].symbol(), "x");
    }
}
