use super::*;

fn ev(code: KeyCode, m: KeyModifiers) -> KeyEvent {
    KeyEvent::new(code, m)
}

#[test]
fn defaults_map_keys_to_actions() {
    let map = Keymap::default();
    assert_eq!(map.action(&ev(KeyCode::Char('q'), KeyModifiers::NONE)), Some(Action::Quit));
    assert_eq!(map.action(&ev(KeyCode::Char('c'), KeyModifiers::CONTROL)), Some(Action::Quit));
    assert_eq!(map.action(&ev(KeyCode::Char('E'), KeyModifiers::SHIFT)), Some(Action::EditExternal));
    assert_eq!(map.action(&ev(KeyCode::Tab, KeyModifiers::NONE)), Some(Action::FocusNext));
    assert_eq!(map.action(&ev(KeyCode::Char('3'), KeyModifiers::NONE)), Some(Action::Zoom3));
    assert_eq!(map.action(&ev(KeyCode::Char('x'), KeyModifiers::NONE)), None);
}

#[test]
fn overrides_rebind_and_unbind() {
    let o: BTreeMap<String, KeyEntry> =
        [("ctrl-s".to_string(), "Accept".into()), ("a".to_string(), "None".into())].into();
    let map = Keymap::with_overrides(&o).unwrap();
    assert_eq!(map.action(&ev(KeyCode::Char('s'), KeyModifiers::CONTROL)), Some(Action::Accept));
    assert_eq!(map.action(&ev(KeyCode::Char('a'), KeyModifiers::NONE)), None);
    assert!(map.bindings().iter().any(|(a, keys)| *a == Action::Accept && keys == &vec!["ctrl-s".to_string()]));
}

#[test]
fn bad_names_are_errors_that_name_them() {
    let o: BTreeMap<String, KeyEntry> = [("ctrl-s".to_string(), "Acept".into())].into();
    let err = format!("{:#}", Keymap::with_overrides(&o).unwrap_err());
    assert!(err.contains("Acept") && err.contains("ctrl-s"), "{err}");
    let o: BTreeMap<String, KeyEntry> = [("hyper-x".to_string(), "Quit".into())].into();
    let err = format!("{:#}", Keymap::with_overrides(&o).unwrap_err());
    assert!(err.contains("hyper-x"), "{err}");
    let o: BTreeMap<String, KeyEntry> =
        [("promt".to_string(), KeyEntry::Mode([("enter".to_string(), "Submit".to_string())].into()))].into();
    let err = format!("{:#}", Keymap::with_overrides(&o).unwrap_err());
    assert!(err.contains("promt") && err.contains("prompt, editor"), "{err}");
}

#[test]
fn each_mode_has_its_own_keys_and_tables_rebind_them() {
    let map = Keymap::default();
    let enter = ev(KeyCode::Enter, KeyModifiers::NONE);
    assert_eq!(map.action_in(KeyMode::Prompt, &enter), Some(Action::Submit));
    assert_eq!(map.action_in(KeyMode::Editor, &enter), None, "enter is text in the editor");
    assert_eq!(map.action_in(KeyMode::Quit, &enter), Some(Action::Yes));
    assert_eq!(map.action_in(KeyMode::Overwrite, &enter), None, "enter never replaces a file");
    assert_eq!(
        map.action_in(KeyMode::Prompt, &ev(KeyCode::Char('q'), KeyModifiers::NONE)),
        None,
        "q is text in the prompt"
    );

    let table: BTreeMap<String, String> =
        [("ctrl-d".to_string(), "SaveEdit".to_string()), ("ctrl-s".to_string(), "None".to_string())].into();
    let map = Keymap::with_overrides(&[("editor".to_string(), KeyEntry::Mode(table))].into()).unwrap();
    assert_eq!(map.action_in(KeyMode::Editor, &ev(KeyCode::Char('d'), KeyModifiers::CONTROL)), Some(Action::SaveEdit));
    assert_eq!(map.action_in(KeyMode::Editor, &ev(KeyCode::Char('s'), KeyModifiers::CONTROL)), None);
    assert_eq!(map.key_in(KeyMode::Editor, Action::SaveEdit).as_deref(), Some("ctrl-d"));
    assert_eq!(map.action(&ev(KeyCode::Char('q'), KeyModifiers::NONE)), Some(Action::Quit), "the panes keep theirs");
}
