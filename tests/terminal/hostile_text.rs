//! Model output and problem files are hostile: the readers of form and of
//! stated examples take any text — cut anywhere, multibyte characters at
//! every boundary, unbalanced quotes and brackets — without panicking, and
//! a repair stays a repair (twice is once).

use memdoor::problem::{stated, Mode};
use memdoor::team::repair_form;

/// Pieces that the readers treat specially, and characters of 1–4 bytes.
const PIECES: &[&str] = &[
    "def ",
    "f(",
    ")",
    "(",
    "self",
    ", ",
    "\"",
    "'",
    "\"\"\"",
    "\\",
    "#",
    "\n",
    "    ",
    "->",
    "→",
    "==",
    "returns ",
    ">>> ",
    "Input:",
    "Output:",
    "```",
    "```python\n",
    "input(\"n: \")",
    "print(",
    "solve(",
    "[1, 2]",
    "{\"a\": 1}",
    "True",
    "None",
    "é",
    "日本",
    "🦀",
    "\t",
    "class Solution:\n",
    "if __name__ == \"__main__\":\n",
    "assert ",
    "=",
    ":",
    "0x1F",
    "1e9",
    "-",
    "b'",
    "r\"",
    "f\"{x}\"",
    "lambda",
    "import sys\n",
    "sys.stdin",
    "\r\n",
    "'abc'",
    "3",
];

/// A deterministic stream of texts made of `PIECES` (xorshift).
fn texts(n: usize) -> impl Iterator<Item = String> {
    let mut state: u64 = 0x9E37_79B9_7F4A_7C15;
    (0..n).map(move |_| {
        let mut next = || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        let len = (next() % 40) as usize;
        (0..len).map(|_| PIECES[(next() % PIECES.len() as u64) as usize]).collect()
    })
}

#[test]
fn any_text_is_read_without_a_panic() {
    let modes = [Mode::Stdin, Mode::Functional { fn_name: "f".into() }];
    let starter = "class Solution:\n    def f(self, a: int) -> int:\n        ";
    // Samples that the pieces' literals can match, so the sample repair is exercised too.
    let samples: Vec<String> = ["abc\n", "3\n", "1 2\n", "2\n1 2\n"].map(String::from).to_vec();
    for text in texts(20_000) {
        let _ = stated(&text);
        for mode in &modes {
            let (once, _) = repair_form(&text, mode, starter, &samples);
            let (twice, more) = repair_form(&once, mode, starter, &samples);
            assert!(more.is_empty() && twice == once, "repairing twice changed {text:?}:\n{once}\n---\n{twice}");
        }
    }
}
