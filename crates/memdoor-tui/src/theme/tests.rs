use super::*;

fn shipped_files() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../themes");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "toml"))
        .collect();
    files.sort();
    files
}

#[test]
fn every_shipped_theme_loads() {
    let files = shipped_files();
    assert!(files.len() >= 2, "expected dark and light in themes/: {files:?}");
    for path in files {
        let theme = Theme::from_file(&path).unwrap_or_else(|e| panic!("{e:#}"));
        assert_eq!(Some(theme.name.as_str()), path.file_stem().and_then(|s| s.to_str()));
    }
}

#[test]
fn built_ins_resolve_by_name_without_a_config_dir() {
    for name in Theme::built_in_names() {
        assert_eq!(Theme::load_from(name, None).unwrap().name, name);
    }
    assert_eq!(Theme::default().name, "dark");
}

/// WCAG relative luminance; the shipped palettes must stay readable.
fn luminance(c: Color) -> f64 {
    let Color::Rgb(r, g, b) = c else { panic!("shipped colours are #rrggbb: {c:?}") };
    let lin = |v: u8| {
        let v = v as f64 / 255.0;
        if v <= 0.03928 {
            v / 12.92
        } else {
            ((v + 0.055) / 1.055).powf(2.4)
        }
    };
    0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b)
}

fn contrast(a: Color, b: Color) -> f64 {
    let (x, y) = (luminance(a), luminance(b));
    (x.max(y) + 0.05) / (x.min(y) + 0.05)
}

#[test]
fn shipped_palettes_are_readable() {
    for name in Theme::built_in_names() {
        let p = Theme::load_from(name, None).unwrap().palette;
        assert!(contrast(p.text, p.background) >= 4.5, "{name}: text");
        assert!(contrast(p.status_fg, p.status_bg) >= 4.5, "{name}: status bar");
        for (key, c) in [("pass", p.pass), ("fail", p.fail), ("warn", p.warn), ("accent", p.accent), ("title", p.title)]
        {
            assert!(contrast(c, p.background) >= 3.0, "{name}: {key}");
        }
    }
    let light = Theme::load_from("light", None).unwrap().palette;
    assert!(luminance(light.background) > 0.9, "light is for white backgrounds");
}

const GOOD: &str = r##"
syntax = "base16-ocean.dark"
[palette]
background = "reset"
text = "white"
dim = "darkgray"
border = "8"
border_focus = "#00aaff"
title = "yellow"
accent = "cyan"
pass = "green"
fail = "red"
warn = "light-yellow"
selection = "#333333"
status_bg = "blue"
status_fg = "white"
"##;

fn write(dir: &Path, file: &str, text: &str) -> PathBuf {
    let path = dir.join(file);
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(&path, text).unwrap();
    path
}

#[test]
fn user_themes_come_from_the_config_dir_or_a_path() {
    let dir = tempfile::tempdir().unwrap();
    let path = write(dir.path(), "themes/mine.toml", GOOD);
    let theme = Theme::load_from("mine", Some(dir.path())).unwrap();
    assert_eq!(theme.name, "mine");
    assert_eq!(theme.palette.background, Color::Reset);
    assert_eq!(theme.palette.border, Color::Indexed(8));
    assert_eq!(theme.palette.border_focus, Color::Rgb(0, 0xaa, 0xff));
    assert_eq!(Theme::load_from(path.to_str().unwrap(), None).unwrap().palette, theme.palette);
    let err = format!("{:#}", Theme::load_from("nope", Some(dir.path())).unwrap_err());
    assert!(err.contains("\"nope\"") && err.contains("nope.toml") && err.contains("dark"), "{err}");
}

#[test]
fn syntax_file_is_relative_to_the_theme_file() {
    let dir = tempfile::tempdir().unwrap();
    let tm = r#"<?xml version="1.0" encoding="UTF-8"?>
<plist version="1.0"><dict><key>name</key><string>Tiny</string>
<key>settings</key><array><dict><key>settings</key><dict>
<key>foreground</key><string>#123456</string></dict></dict></array></dict></plist>"#;
    write(dir.path(), "sub/tiny.tmTheme", tm);
    let text = GOOD.replace(r#"syntax = "base16-ocean.dark""#, r#"syntax_file = "tiny.tmTheme""#);
    let path = write(dir.path(), "sub/t.toml", &text);
    let theme = Theme::from_file(&path).unwrap();
    assert_eq!(theme.syntax.name.as_deref(), Some("Tiny"));
    let missing = write(dir.path(), "other/t.toml", &text);
    let err = format!("{:#}", Theme::from_file(&missing).unwrap_err());
    assert!(err.contains("syntax_file") && err.contains("tiny.tmTheme"), "{err}");
}

/// Parses `text` as a file named bad.toml and returns the error message.
fn error_of(text: &str) -> String {
    let dir = tempfile::tempdir().unwrap();
    let path = write(dir.path(), "bad.toml", text);
    format!("{:#}", Theme::from_file(&path).expect_err("should not load"))
}

#[test]
fn errors_name_the_file_and_the_key() {
    let err = error_of(&GOOD.replace(r#"text = "white""#, r#"text = "blurple""#));
    assert!(err.contains("bad.toml") && err.contains("palette.text") && err.contains("blurple"), "{err}");
    let err = error_of(&GOOD.replace(r#"warn = "light-yellow""#, r##"warn = "#12345""##));
    assert!(err.contains("palette.warn") && err.contains("#12345"), "{err}");
    let err = error_of(&format!("{GOOD}bogus = \"red\"\n"));
    assert!(err.contains("bad.toml") && err.contains("bogus"), "{err}");
    let err = error_of(&GOOD.replace("selection = \"#333333\"\n", ""));
    assert!(err.contains("bad.toml") && err.contains("selection"), "{err}");
    let err = error_of(&format!("colour = 1\n{GOOD}"));
    assert!(err.contains("colour"), "{err}");
    let err = error_of(&GOOD.replace("base16-ocean.dark", "no-such-theme"));
    assert!(err.contains("syntax") && err.contains("no-such-theme") && err.contains("InspiredGitHub"), "{err}");
    let err = error_of(&format!("syntax_file = \"x.tmTheme\"\n{GOOD}"));
    assert!(err.contains("not both"), "{err}");
    let err = error_of("syntax = [");
    assert!(err.contains("bad.toml"), "{err}");
    let err = format!("{:#}", Theme::load_from("/no/such/dir/x.toml", None).unwrap_err());
    assert!(err.contains("/no/such/dir/x.toml"), "{err}");
}
