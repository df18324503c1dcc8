use super::*;

fn path(p: &str) -> RepoPath {
    RepoPath::parse(p).unwrap()
}

#[test]
fn blocks_name_their_file_on_the_line_before_or_above_a_fence() {
    let answer = "Here is the fix.\n\nsrc/dates.py\n```python\n<<<<<<< SEARCH\n    return int(text)\n=======\n    return int(text.strip())\n>>>>>>> REPLACE\n```\n\nAnd a second:\n\n`src/util.py`\n<<<<<<< SEARCH\nA = 1\n=======\nA = 2\n>>>>>>> REPLACE\n";
    let edits = parse_edits(answer, &[]).unwrap();
    assert_eq!(edits.len(), 2);
    assert_eq!(edits[0].path, path("src/dates.py"));
    assert_eq!(edits[0].search, "    return int(text)\n");
    assert_eq!(edits[0].replace, "    return int(text.strip())\n");
    assert_eq!(edits[1].path, path("src/util.py"));
    assert_eq!(edits[1].replace, "A = 2\n");
}

#[test]
fn a_block_without_a_path_takes_the_previous_one_or_the_only_file() {
    let one = "<<<<<<< SEARCH\nx = 1\n=======\nx = 2\n>>>>>>> REPLACE\n";
    assert_eq!(parse_edits(one, &[]), Err(EditError::NoPath { block: 1 }));
    let only = path("a.py");
    assert_eq!(parse_edits(one, &[(only.clone(), "y = 1\n".into())]).unwrap()[0].path, only, "the only file shown");
    // Of several files shown, the one holding the SEARCH lines exactly once.
    let shown = [(path("a.py"), "y = 1\n".to_string()), (path("b.py"), "x = 1\nz = 2\n".to_string())];
    assert_eq!(parse_edits(one, &shown).unwrap()[0].path, path("b.py"));
    let twice = [(path("a.py"), "x = 1\n".to_string()), (path("b.py"), "x = 1\n".to_string())];
    assert_eq!(parse_edits(one, &twice), Err(EditError::NoPath { block: 1 }));
    let two = format!("b.py\n{one}\n{one}");
    let edits = parse_edits(&two, &[]).unwrap();
    assert_eq!(edits.iter().map(|e| e.path.to_string()).collect::<Vec<_>>(), ["b.py", "b.py"]);
}

#[test]
fn broken_blocks_and_paths_are_refused_with_reasons() {
    assert_eq!(parse_edits("just words", &[]), Err(EditError::NoBlocks));
    let cut = "a.py\n<<<<<<< SEARCH\nx = 1\n=======\nx = 2\n";
    assert_eq!(parse_edits(cut, &[]), Err(EditError::Unterminated { block: 1 }));
    let no_divider = "a.py\n<<<<<<< SEARCH\nx = 1\n";
    assert_eq!(parse_edits(no_divider, &[]), Err(EditError::Unterminated { block: 1 }));
    for bad in ["../etc/passwd", "/etc/passwd", "a/../../b.py"] {
        let answer = format!("{bad}\n<<<<<<< SEARCH\n=======\nx\n>>>>>>> REPLACE\n");
        assert!(matches!(parse_edits(&answer, &[]), Err(EditError::BadPath(_))), "{bad}");
    }
    for git in [".git/config", "sub/.GIT/hooks/pre-commit"] {
        let answer = format!("{git}\n<<<<<<< SEARCH\n=======\nx\n>>>>>>> REPLACE\n");
        assert!(matches!(parse_edits(&answer, &[]), Err(EditError::InGitDir(_))), "{git}");
    }
    let many = "a.py\n<<<<<<< SEARCH\n=======\nx\n>>>>>>> REPLACE\n".repeat(MAX_BLOCKS + 1);
    assert_eq!(parse_edits(&many, &[]), Err(EditError::TooManyBlocks));
    let huge = format!("a.py\n<<<<<<< SEARCH\n{}=======\nx\n>>>>>>> REPLACE\n", "y\n".repeat(MAX_SECTION_BYTES));
    assert_eq!(parse_edits(&huge, &[]), Err(EditError::SectionTooLarge { block: 1 }));
}

#[test]
fn search_must_match_whole_lines_exactly_once() {
    let text = "def f(x):\n    return x\n\ndef g(x):\n    return x\n";
    let edit =
        |search: &str, replace: &str| Edit { path: path("a.py"), search: search.into(), replace: replace.into() };
    let once = edit("def g(x):\n    return x\n", "def g(x):\n    return -x\n");
    assert_eq!(apply_edit(Some(text), &once, 1).unwrap(), "def f(x):\n    return x\n\ndef g(x):\n    return -x\n");
    let twice = edit("    return x\n", "    return 0\n");
    assert!(matches!(apply_edit(Some(text), &twice, 1), Err(EditError::Ambiguous { times: 2, .. })));
    let misspelt = edit("    return  x\n", "    return 0\n");
    assert!(matches!(apply_edit(Some(text), &misspelt, 1), Err(EditError::NotFound { .. })), "no near match");
    let mid_line = edit("(x):\n", "(y):\n");
    assert!(matches!(
        apply_edit(Some(text), &mid_line, 1),
        Err(EditError::Ambiguous { .. }) | Err(EditError::NotFound { .. })
    ));
}

#[test]
fn a_last_line_without_newline_matches_and_stays_without() {
    let text = "a = 1\nb = 2";
    let edit = Edit { path: path("a.py"), search: "b = 2\n".into(), replace: "b = 3\n".into() };
    assert_eq!(apply_edit(Some(text), &edit, 1).unwrap(), "a = 1\nb = 3");
}

#[test]
fn an_empty_search_creates_a_file_or_replaces_a_small_one() {
    let edit = Edit { path: path("new.py"), search: String::new(), replace: "x = 1\n".into() };
    assert_eq!(apply_edit(None, &edit, 1).unwrap(), "x = 1\n");
    assert_eq!(apply_edit(Some("old\n"), &edit, 1).unwrap(), "x = 1\n");
    let big = "y\n".repeat(MAX_WHOLE_FILE_BYTES);
    assert!(matches!(apply_edit(Some(&big), &edit, 1), Err(EditError::WholeFileTooLarge { .. })));
    let search_missing_file = Edit { search: "x\n".into(), ..edit };
    assert!(matches!(apply_edit(None, &search_missing_file, 1), Err(EditError::NotFound { .. })));
}

#[test]
fn a_search_of_blank_lines_is_lines_not_the_whole_file() {
    let blank = Edit { path: path("a.py"), search: "\n".into(), replace: "x = 1\n".into() };
    // Once in the file: that line is replaced, the rest kept (it used to replace the file).
    assert_eq!(apply_edit(Some("a = 1\n\nb = 2\n"), &blank, 1).unwrap(), "a = 1\nx = 1\nb = 2\n");
    assert!(matches!(apply_edit(Some("a\n\nb\n\nc\n"), &blank, 1), Err(EditError::Ambiguous { times: 2, .. })));
    // A new file has nothing to match: the block is its text.
    assert_eq!(apply_edit(None, &blank, 1).unwrap(), "x = 1\n");
}

#[test]
fn a_file_with_crlf_lines_is_matched_and_written_with_crlf() {
    let edit = Edit { path: path("w.py"), search: "b = 2\n".into(), replace: "b = 3\nc = 4\n".into() };
    assert_eq!(apply_edit(Some("a = 1\r\nb = 2\r\n"), &edit, 1).unwrap(), "a = 1\r\nb = 3\r\nc = 4\r\n");
    // The last line without its line end stays without.
    assert_eq!(apply_edit(Some("a = 1\r\nb = 2"), &edit, 1).unwrap(), "a = 1\r\nb = 3\r\nc = 4");
    // Replaced whole: CRLF throughout, as the file was.
    let whole = Edit { search: String::new(), ..edit.clone() };
    assert_eq!(apply_edit(Some("old\r\n"), &whole, 1).unwrap(), "b = 3\r\nc = 4\r\n");
    // Indentation lost by the model is found in CRLF files too.
    let shallow = Edit { path: path("w.py"), search: "x = 1\n".into(), replace: "x = 2\n".into() };
    assert_eq!(apply_edit(Some("def f():\r\n    x = 1\r\n"), &shallow, 1).unwrap(), "def f():\r\n    x = 2\r\n");
}

#[test]
fn a_file_of_thousands_of_indentations_is_not_searched_at_each() {
    // Every line a distinct depth of the block's first line: each depth
    // would cost a search of the whole file; past a few dozen none is tried.
    let text: String = (1..5000).map(|n| format!("{}x = 1\n", " ".repeat(n))).collect();
    let edit = Edit { path: path("h.py"), search: "x = 1\ny = 2\n".into(), replace: "z\n".into() };
    assert!(matches!(apply_edit(Some(&text), &edit, 1), Err(EditError::NotFound { .. })));
    // The depth that fits, among a few: found.
    let fits = |depths: usize| -> String {
        let mut t: String = (1..depths).map(|n| format!("{}x = 1\n", " ".repeat(n))).collect();
        t += &format!("{0}x = 1\n{0}y = 2\n", " ".repeat(depths));
        t
    };
    assert!(apply_edit(Some(&fits(8)), &edit, 1).is_ok());
    // Among more than 32: not looked for.
    assert!(matches!(apply_edit(Some(&fits(40)), &edit, 1), Err(EditError::NotFound { .. })));
}

#[test]
fn hostile_answers_never_panic() {
    for answer in [
        "<<<<<<< SEARCH",
        "<<<<<<< SEARCH\n=======",
        "\u{feff}é\n<<<<<<< SEARCH\né\n=======\n>>>>>>> REPLACE",
        "<<<<<<<<<< SEARCH\n",
        "ü.py\r\n<<<<<<< SEARCH\r\n\r\n=======\r\nx\r\n>>>>>>> REPLACE\r\n",
        "a\u{0}b.py\n<<<<<<< SEARCH\n=======\nx\n>>>>>>> REPLACE\n",
    ] {
        let _ = parse_edits(answer, &[]);
    }
    let crlf = parse_edits("ü.py\r\n<<<<<<< SEARCH\r\n\r\n=======\r\nx\r\n>>>>>>> REPLACE\r\n", &[]).unwrap();
    assert_eq!(crlf[0].replace, "x\n");
}

#[test]
fn labelled_fenced_blocks_are_edits_too() {
    // What Qwen2.5-Coder-0.5B writes when asked for SEARCH/REPLACE blocks.
    let shown = [
        (path("t.py"), "def f():\n    total = 1\n    return total\n".to_string()),
        (path("tests/test_t.py"), "from t import f\n".to_string()),
    ];
    let answer = "SEARCH\n```python\n    total = 1\n```\n\nREPLACE\n```python\n    total += 1\n```\n";
    let edits = parse_edits(answer, &shown).unwrap();
    assert_eq!(
        edits,
        [Edit { path: path("t.py"), search: "    total = 1\n".into(), replace: "    total += 1\n".into() }]
    );
    let cut = "### SEARCH:\n```python\n    total = 1\n```\nREPLACE\n```python\n    total";
    assert_eq!(parse_edits(cut, &shown), Err(EditError::Unterminated { block: 1 }));
}

#[test]
fn a_fenced_file_under_its_path_replaces_it_whole_unless_it_is_only_part_of_it() {
    let before = "def f():\n    return 1\n\n\ndef g():\n    return 2\n";
    let shown = [(path("m.py"), before.to_string()), (path("n.py"), String::new())];
    let whole = "m.py\n```python\ndef f():\n    return 10\n\n\ndef g():\n    return 2\n```\n";
    let edits = parse_edits(whole, &shown).unwrap();
    assert_eq!((edits[0].path.clone(), edits[0].search.as_str()), (path("m.py"), ""));
    // Part of it: the definitions it gives replace their namesakes, the rest stays.
    let part = "m.py\n```python\ndef f():\n    return 10\n```\n";
    let edits = parse_edits(part, &shown).unwrap();
    assert_eq!(
        edits,
        [Edit {
            path: path("m.py"),
            search: "def f():\n    return 1\n".into(),
            replace: "def f():\n    return 10\n".into()
        }]
    );
    // Only definitions the file lacks: added after its last one (a new test beside the tests).
    let other = "m.py\n```python\ndef h():\n    return 10\n```\n";
    let edits = parse_edits(other, &shown).unwrap();
    assert_eq!(edits.len(), 1);
    assert_eq!(edits[0].search, "def g():\n    return 2\n");
    assert_eq!(edits[0].replace, "def g():\n    return 2\n\n\ndef h():\n    return 10\n");
    // Part new, part code the file does not have: not the file, and not an edit of it.
    let other = "m.py\n```python\ndef h():\n    return 10\n\nX = h()\n```\n";
    assert_eq!(
        parse_edits(other, &shown),
        Err(EditError::TopLevelCode { block: 1, path: path("m.py"), line: "X = h()".into() })
    );
    // A snippet under no path, with several files shown, is not an edit.
    assert_eq!(parse_edits("```python\nprint(1)\n```\n", &shown), Err(EditError::NoBlocks));
}

#[test]
fn a_fence_closes_only_at_backticks_alone_as_many_as_opened_it() {
    // A README given whole: its own ```bash example is its text, not the block's end.
    let readme = "# Tool\n\n```bash\nmake\n```\n\nDone.\n";
    let shown = [(path("README.md"), "# Tool\n".to_string()), (path("a.py"), String::new())];
    let answer = format!("README.md\n````markdown\n{readme}````\n");
    let edits = parse_edits(&answer, &shown).unwrap();
    assert_eq!(edits, [Edit { path: path("README.md"), search: String::new(), replace: readme.into() }]);
    // In a three-backtick block, a ```bash line (an info string) does not close it either.
    let answer = "README.md\n```\nrun:\n```bash\nmake\n```\n";
    let edits = parse_edits(answer, &shown).unwrap();
    assert_eq!(edits[0].replace, "run:\n```bash\nmake\n");
    // Labelled blocks follow the same rule.
    let shown = [(path("t.py"), "X = '''\n```\n'''\n".to_string()), (path("u.py"), String::new())];
    let answer = "t.py\nSEARCH\n````python\nX = '''\n```\n````\nREPLACE\n````python\nX = '''\n````\n";
    let edits = parse_edits(answer, &shown).unwrap();
    assert_eq!(edits[0].search, "X = '''\n```\n");
    assert_eq!(edits[0].replace, "X = '''\n");
}

#[test]
fn a_python_block_under_no_path_edits_the_one_shown_file_defining_its_names() {
    let shown = [
        (path("calc/ops.py"), "def add(a, b):\n    return a - b\n\n\ndef neg(a):\n    return -a\n".to_string()),
        (
            path("tests/test_ops.py"),
            "from calc.ops import add\n\n\ndef test_add():\n    assert add(1, 2) == 3\n".into(),
        ),
        (path("calc/dup.py"), "def neg(a):\n    return -a\n".into()),
    ];
    // What a model asked to say first what it changes writes: prose, then the block.
    let answer =
        "`add` subtracts; it must add.\n\nHere is the new `add`:\n```python\ndef add(a, b):\n    return a + b\n```\n";
    assert_eq!(
        parse_edits(answer, &shown).unwrap(),
        [Edit {
            path: path("calc/ops.py"),
            search: "def add(a, b):\n    return a - b\n".into(),
            replace: "def add(a, b):\n    return a + b\n".into()
        }]
    );
    // A name two files define, or none does, tells no file: not an edit.
    let twice = "Here:\n```python\ndef neg(a):\n    return 0 - a\n```\n";
    assert_eq!(parse_edits(twice, &shown), Err(EditError::NoBlocks));
    let unknown = "Here:\n```python\ndef mul(a, b):\n    return a * b\n```\n";
    assert_eq!(parse_edits(unknown, &shown), Err(EditError::NoBlocks));
    // A block naming its file still goes there.
    let named = "calc/dup.py\n```python\ndef neg(a):\n    return 0 - a\n```\n";
    assert_eq!(parse_edits(named, &shown).unwrap()[0].path, path("calc/dup.py"));
}

#[test]
fn a_block_off_by_one_uniform_indentation_is_shifted_to_the_file() {
    let text = "def f(units):\n    for u in units:\n        total = u\n        if total:\n            print(total)\n    return total\n";
    let edit =
        |search: &str, replace: &str| Edit { path: path("t.py"), search: search.into(), replace: replace.into() };
    // What Qwen2.5-Coder writes: the lines at the wrong depth.
    let shallow = edit("    total = u\n    if total:\n", "    total += u\n    if total:\n");
    assert_eq!(
        apply_edit(Some(text), &shallow, 1).unwrap(),
        text.replace("        total = u\n", "        total += u\n"),
        "both sections shifted by the same four spaces"
    );
    let deep = edit("        return total\n", "        return total * 2\n");
    assert_eq!(apply_edit(Some(text), &deep, 1).unwrap(), text.replace("    return total\n", "    return total * 2\n"));
    // A different word is still no match, and two depths that fit are ambiguous.
    let wrong = edit("    total = v\n", "    total += v\n");
    assert!(matches!(apply_edit(Some(text), &wrong, 1), Err(EditError::NotFound { .. })));
    let two = "a:\n  x = 1\nb:\n    x = 1\n";
    assert!(matches!(apply_edit(Some(two), &edit("x = 1\n", "x = 2\n"), 1), Err(EditError::NotFound { .. })));
}

#[test]
fn an_answer_cut_off_inside_a_block_keeps_the_blocks_it_finished() {
    let shown = [(path("m.py"), "def f():\n    return 1\n\n\ndef g():\n    return 2\n".to_string())];
    let cut = "m.py\n```python\ndef f():\n    return 10\n```\n\nAnd its output:\n```\n...F\n=== FAIL";
    let edits = parse_edits(cut, &shown).unwrap();
    assert_eq!((edits.len(), edits[0].replace.as_str()), (1, "def f():\n    return 10\n"));
    // Cut off in its only block: nothing finished, and said.
    let only = "m.py\n```python\ndef f():\n    return 10\n";
    assert_eq!(parse_edits(only, &shown), Err(EditError::Unterminated { block: 1 }));
}

#[test]
fn methods_under_prose_go_into_the_shipped_rust_and_javascript_files_that_define_them() {
    let lib = include_str!("../../../assets/repos/rs-paginate/repo/src/lib.rs");
    let bus = include_str!("../../../assets/repos/js-event-once/repo/eventbus.js");
    let shown: Vec<Shown> = vec![
        (RepoPath::parse("src/lib.rs").unwrap(), lib.to_string()),
        (RepoPath::parse("eventbus.js").unwrap(), bus.to_string()),
    ];
    let answer = "Round up.\n\n```rust\npub fn page_count(&self) -> usize {\n    if self.total == 0 {\n        return 1;\n    }\n    (self.total + self.per_page - 1) / self.per_page\n}\n```\n\nAnd once:\n\n```javascript\nonce(event, handler) {\n  const wrapper = (...args) => { this.off(event, wrapper); handler(...args); };\n  return this.on(event, wrapper);\n}\n```\n";
    let edits = parse_edits(answer, &shown).unwrap();
    let after = |path: &str, text: &str| {
        edits
            .iter()
            .filter(|e| e.path.to_string() == path)
            .fold(text.to_string(), |t, e| apply_edit(Some(&t), e, 1).unwrap())
    };
    let lib_after = after("src/lib.rs", lib);
    assert!(lib_after.contains("        (self.total + self.per_page - 1) / self.per_page\n    }\n"), "{lib_after}");
    assert!(!lib_after.contains("self.total / self.per_page"));
    let bus_after = after("eventbus.js", bus);
    assert!(bus_after.contains("  once(event, handler) {\n    const wrapper"), "{bus_after}");
    assert!(
        bus_after.ends_with("    return this.on(event, wrapper);\n  }\n}\n\nmodule.exports = { EventBus };\n"),
        "{bus_after}"
    );
}

#[test]
fn a_snippet_under_no_path_beside_a_real_edit_is_left_out_not_refused() {
    let shown: Vec<Shown> = vec![
        (RepoPath::parse("calc.py").unwrap(), "def add(a, b):\n    return a - b\n".into()),
        (RepoPath::parse("util.py").unwrap(), "X = 1\n".into()),
    ];
    let answer = "calc.py\n```python\ndef add(a, b):\n    return a + b\n```\n\nTry it:\n\n```python\nprint(add(2, 3))\n```\n\nOr a helper:\n\n```python\ndef helper():\n    return 1\n```\n";
    let edits = parse_edits(answer, &shown).unwrap();
    assert_eq!(edits.len(), 1, "{edits:?}");
    assert_eq!(edits[0].path.to_string(), "calc.py");
}
