//! Examples written as blocks: a header ("Input:", "**Output:** 3",
//! "Sample Input 1", "Example input:") and the lines or fenced block under
//! it, paired input with the output right after.

#[derive(Clone, Copy, PartialEq)]
enum Side {
    Input,
    Output,
}

/// A line that heads an example's input or output: "Input:", "**Output:** 3",
/// "Sample Input 1", "Example input:"; and whether it said sample/example.
/// A bare "Input" without a colon is a format section (AtCoder), not an example.
fn header(line: &str) -> Option<(Side, bool, &str)> {
    let t = line.trim().trim_start_matches(['#', '*', '_', '>', '-', ' ']);
    let lower = t.to_ascii_lowercase();
    let (sampled, skip) =
        ["sample ", "example "].iter().find(|p| lower.starts_with(*p)).map_or((false, 0), |p| (true, p.len()));
    let (side, word) = if lower[skip..].starts_with("input") {
        (Side::Input, 5)
    } else if lower[skip..].starts_with("output") {
        (Side::Output, 6)
    } else {
        return None;
    };
    let mut rest = t[skip + word..].trim_start_matches(['*', '_']);
    rest = rest.trim_start_matches(|c: char| c == ' ' || c == '#' || c.is_ascii_digit()).trim_start_matches(['*', '_']);
    let colon = rest.starts_with(':');
    rest = rest.trim_start_matches(':').trim_start_matches(['*', '_']).trim();
    // Without a colon only "Sample Input 1" alone on its line is a header.
    (colon || (sampled && rest.is_empty())).then_some((side, sampled, rest))
}

/// A line that starts something else: a header, "Explanation:", "Example 2".
fn ends_block(line: &str) -> bool {
    let t = line.trim().trim_start_matches(['#', '*', '_', '>', ' ']);
    let lower = t.to_ascii_lowercase();
    let label = t.starts_with(char::is_alphabetic)
        && t.find(':')
            .is_some_and(|c| c <= 30 && t[..c].chars().all(|ch| ch.is_alphanumeric() || ch == ' ' || ch == '*'));
    header(line).is_some()
        || label
        || lower.starts_with("example")
        || lower.starts_with("sample")
        || lower.starts_with("constraint")
}

/// The example text under a header: what follows its colon and the lines
/// after it, or the following fenced block, up to a blank line or a label.
fn block(lines: &[&str], at: usize, inline: &str) -> String {
    let mut out: Vec<&str> = Vec::new();
    let mut i = at + 1;
    if inline.is_empty() {
        while i < lines.len() && lines[i].trim().is_empty() {
            i += 1;
        }
        if i < lines.len() && lines[i].trim_start().starts_with("```") {
            let body = lines[i + 1..].iter().take_while(|l| !l.trim_start().starts_with("```"));
            return body.map(|l| l.trim_end()).collect::<Vec<_>>().join("\n");
        }
    } else {
        out.push(inline.trim_matches('`'));
    }
    while i < lines.len()
        && !lines[i].trim().is_empty()
        && !ends_block(lines[i])
        && !lines[i].trim_start().starts_with("```")
    {
        out.push(lines[i].trim_end());
        i += 1;
    }
    out.join("\n")
}

/// Words that mark a description of the data ("a string s", "The first
/// line contains N.") rather than the data itself.
const PROSE: &[&str] =
    &["a", "an", "the", "of", "contains", "given", "each", "integer", "integers", "string", "line", "lines", "number"];

/// Sentences describing a format rather than showing data (skipping real
/// data that reads like English is the safe mistake).
fn is_prose(block: &str) -> bool {
    block.lines().any(|l| {
        let words: Vec<String> =
            l.split_whitespace().map(|w| w.trim_matches(|c: char| !c.is_alphanumeric()).to_ascii_lowercase()).collect();
        let wordy = words.iter().filter(|w| !w.is_empty() && w.chars().all(char::is_alphabetic)).count();
        (wordy >= 5 && l.trim_end().ends_with(['.', ':']))
            || (wordy >= 3 && words.iter().any(|w| PROSE.contains(&w.as_str())))
    })
}

/// Each input block and the output block right after it.
pub(super) fn pairs(text: &str) -> Vec<(String, String)> {
    let lines: Vec<&str> = text.lines().collect();
    let heads: Vec<(usize, Side, bool, &str)> =
        lines.iter().enumerate().filter_map(|(i, l)| header(l).map(|(s, sampled, r)| (i, s, sampled, r))).collect();
    // Given sample headers, a plain "Input:" is more likely a format section.
    let any_sampled = heads.iter().any(|h| h.2);
    let heads: Vec<_> = heads.into_iter().filter(|h| h.2 || !any_sampled).collect();
    heads
        .windows(2)
        .filter(|w| w[0].1 == Side::Input && w[1].1 == Side::Output)
        .map(|w| (block(&lines, w[0].0, w[0].3), block(&lines, w[1].0, w[1].3)))
        .filter(|(i, o)| !i.trim().is_empty() && !o.trim().is_empty() && !is_prose(i) && !is_prose(o))
        .collect()
}
