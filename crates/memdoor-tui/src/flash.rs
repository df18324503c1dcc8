//! The one-line message in the status bar. Accepting an answer saves it
//! and copies it at once; the two results come back in either order and
//! the line shows both, so they are kept apart here rather than told apart
//! by their words.

use std::fmt;
use std::path::PathBuf;

#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Flash {
    /// The result of an action, or why it did nothing.
    Note(String),
    /// What became of accepting: the save and the copy, each once known.
    Accepted { saved: Option<Result<PathBuf, String>>, copied: Option<Result<String, String>> },
}

impl Flash {
    /// `flash` with the save's result, keeping a copy's result already shown.
    pub(crate) fn with_saved(flash: Option<Flash>, saved: Result<PathBuf, String>) -> Flash {
        let copied = match flash {
            Some(Flash::Accepted { copied, .. }) => copied,
            _ => None,
        };
        Flash::Accepted { saved: Some(saved), copied }
    }

    /// `flash` with the copy's result, keeping a save's result already shown.
    pub(crate) fn with_copied(flash: Option<Flash>, copied: Result<String, String>) -> Flash {
        let saved = match flash {
            Some(Flash::Accepted { saved, .. }) => saved,
            _ => None,
        };
        Flash::Accepted { saved, copied: Some(copied) }
    }
}

impl fmt::Display for Flash {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Flash::Note(text) => f.write_str(text),
            Flash::Accepted { saved, copied } => {
                let saved = saved.as_ref().map(|s| match s {
                    Ok(path) => format!("accepted: saved to {}", path.display()),
                    Err(e) => format!("save failed: {e}"),
                });
                let copied = copied.as_ref().map(|c| match c {
                    Ok(how) => format!("copied ({how})"),
                    Err(e) => format!("copy failed: {e}"),
                });
                f.write_str(&saved.into_iter().chain(copied).collect::<Vec<_>>().join("; "))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_save_and_a_copy_show_together_in_either_order() {
        let saved = Flash::with_saved(None, Ok("a.py".into()));
        let both = Flash::with_copied(Some(saved), Ok("clipboard".into()));
        assert_eq!(both.to_string(), "accepted: saved to a.py; copied (clipboard)");
        let copied = Flash::with_copied(Some(Flash::Note("copy was asked".into())), Err("no clipboard".into()));
        assert_eq!(copied.to_string(), "copy failed: no clipboard", "an older note goes");
        let both = Flash::with_saved(Some(copied), Err("disk full".into()));
        assert_eq!(both.to_string(), "save failed: disk full; copy failed: no clipboard");
    }
}
