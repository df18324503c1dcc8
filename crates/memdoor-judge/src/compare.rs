//! Comparing a program's output with the expected one, outside the sandbox:
//! the harness never sees an expected output, so nothing a program does in
//! its process can make it pass. The rules are LiveCodeBench's
//! (`testing_util.py`): stdin output line by line after `strip`, a line that
//! differs compared token-wise as `Decimal`s; a functional return value with
//! Python's `==` against the expected JSON value (ints exact at any size,
//! `True == 1`, `1 == 1.0`, NaN equal to nothing).

/// The output as the vote compares behaviours: stripped lines.
pub(crate) fn stdout_key(got: &str) -> String {
    stripped_lines(got).join("\n")
}

fn stripped_lines(text: &str) -> Vec<&str> {
    text.trim().split('\n').map(str::trim).collect()
}

/// Whether `got` answers as `expected` by the grader's rules: stdin output
/// (`stdin`) line by line, else a return value as JSON — what a test's
/// verdict compares, and what the team's judges compare outputs by.
pub fn same_output(stdin: bool, got: &str, expected: &str) -> bool {
    if stdin {
        same_stdout(got, expected)
    } else {
        same_value(got, expected)
    }
}

/// LiveCodeBench's stdin rule.
pub(crate) fn same_stdout(got: &str, expected: &str) -> bool {
    let (a, b) = (stripped_lines(got), stripped_lines(expected));
    a.len() == b.len() && a.iter().zip(&b).all(|(x, y)| x == y || same_decimals(x, y))
}

fn same_decimals(x: &str, y: &str) -> bool {
    let (xs, ys): (Vec<&str>, Vec<&str>) = (x.split_whitespace().collect(), y.split_whitespace().collect());
    xs.len() == ys.len()
        && xs.iter().zip(&ys).all(|(a, b)| match (Decimal::parse(a), Decimal::parse(b)) {
            (Some(a), Some(b)) => a.equals(&b),
            _ => false,
        })
}

/// A number as Python's `Decimal(str)` reads it, normalised: sign, digits
/// without leading or trailing zeros, and the exponent of the last digit.
#[derive(Debug, PartialEq)]
enum Decimal {
    Finite { negative: bool, digits: String, exponent: i64 },
    Infinite { negative: bool },
    NaN,
}

impl Decimal {
    fn parse(text: &str) -> Option<Decimal> {
        let (negative, rest) = match text.as_bytes().first()? {
            b'-' => (true, &text[1..]),
            b'+' => (false, &text[1..]),
            _ => (false, text),
        };
        let lower = rest.to_ascii_lowercase();
        if lower == "inf" || lower == "infinity" {
            return Some(Decimal::Infinite { negative });
        }
        if let Some(diagnostic) = lower.strip_prefix("snan").or_else(|| lower.strip_prefix("nan")) {
            return diagnostic.bytes().all(|b| b.is_ascii_digit()).then_some(Decimal::NaN);
        }
        let (mantissa, exp) = match lower.find('e') {
            Some(i) => (&lower[..i], Some(&lower[i + 1..])),
            None => (lower.as_str(), None),
        };
        let (int, frac) = mantissa.split_once('.').unwrap_or((mantissa, ""));
        let (int, frac) = (digits(int)?, digits(frac)?);
        if int.is_empty() && frac.is_empty() {
            return None;
        }
        let mut exponent: i64 = match exp {
            Some(e) => {
                let e = e.strip_prefix('+').unwrap_or(e);
                let (neg, e) = e.strip_prefix('-').map_or((false, e), |e| (true, e));
                let e = digits(e).filter(|e| !e.is_empty())?;
                let v: i64 = e.parse().ok()?;
                if neg {
                    -v
                } else {
                    v
                }
            }
            None => 0,
        };
        exponent -= frac.len() as i64;
        let all = format!("{int}{frac}");
        let trimmed = all.trim_start_matches('0');
        let kept = trimmed.trim_end_matches('0');
        exponent += (trimmed.len() - kept.len()) as i64;
        if kept.is_empty() {
            return Some(Decimal::Finite { negative: false, digits: String::new(), exponent: 0 });
        }
        Some(Decimal::Finite { negative, digits: kept.to_string(), exponent })
    }

    fn equals(&self, other: &Decimal) -> bool {
        !matches!(self, Decimal::NaN) && self == other
    }
}

/// ASCII digits with Python's single underscores between them (`1_000`).
fn digits(text: &str) -> Option<String> {
    if text.starts_with('_')
        || text.ends_with('_')
        || text.contains("__")
        || !text.bytes().all(|b| b.is_ascii_digit() || b == b'_')
    {
        return None;
    }
    Some(text.replace('_', ""))
}

/// Python's `==` between the value the program returned (as JSON) and the
/// expected JSON value; `false` when either does not read.
pub(crate) fn same_value(got: &str, expected: &str) -> bool {
    match (PyValue::parse(got), PyValue::parse(expected)) {
        (Some(a), Some(b)) => a.equals(&b),
        _ => false,
    }
}

mod pyvalue;
use pyvalue::PyValue;

#[cfg(test)]
mod tests;
