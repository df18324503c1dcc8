//! The effects that touch the world: files, the clipboard, `$EDITOR`.

use std::io::Write;
use std::path::PathBuf;

use base64::Engine;
use tokio::sync::mpsc;

use super::msg::{Edited, Msg, SavedAnswer};
use super::save_file::{write_answer, Saved};
use super::terminal::Tui;

pub fn save(path: PathBuf, contents: String, overwrite: bool, tx: mpsc::Sender<Msg>) {
    tokio::spawn(async move {
        let text = contents.clone();
        let written = tokio::task::spawn_blocking(move || write_answer(&path, &text, overwrite)).await;
        let msg = match written {
            Ok(Ok(Saved::Written(path))) => Msg::Saved(Ok(SavedAnswer { path, contents })),
            Ok(Ok(Saved::Exists(path))) => Msg::SaveExists { path, contents },
            Ok(Err(e)) => Msg::Saved(Err(e)),
            Err(e) => Msg::Saved(Err(e.to_string())),
        };
        let _ = tx.send(msg).await;
    });
}

/// The system clipboard when there is one (arboard); otherwise OSC 52, which
/// most terminals honour, over SSH too.
pub fn copy(text: String, tui: &mut Tui, tx: mpsc::Sender<Msg>) {
    let native = std::env::var_os("MEMDOOR_NO_CLIPBOARD").is_none()
        && arboard::Clipboard::new().and_then(|mut c| c.set_text(text.clone())).is_ok();
    let r = if native {
        Ok("clipboard")
    } else {
        let seq = format!("\x1b]52;c;{}\x07", base64::engine::general_purpose::STANDARD.encode(text.as_bytes()));
        tui.backend_mut()
            .write_all(seq.as_bytes())
            .and_then(|_| tui.backend_mut().flush())
            .map(|_| "OSC 52")
            .map_err(|e| e.to_string())
    };
    let _ = tx.try_send(Msg::Copied(r));
}

/// Writes `text` to a temporary file, runs `$VISUAL`/`$EDITOR` (else `vi`) on
/// it with the terminal, and reads it back — also when the editor exits
/// non-zero, so that what the user typed is never lost.
pub(crate) fn external_edit(text: &str) -> Result<Edited, String> {
    let mut file = tempfile::Builder::new().prefix("memdoor-").suffix(".py").tempfile().map_err(|e| e.to_string())?;
    file.write_all(text.as_bytes()).map_err(|e| e.to_string())?;
    if !text.ends_with('\n') {
        // Editors expect (and some add) a final newline.
        file.write_all(b"\n").map_err(|e| e.to_string())?;
    }
    file.flush().map_err(|e| e.to_string())?;
    let editor = std::env::var("VISUAL").or_else(|_| std::env::var("EDITOR")).unwrap_or_else(|_| "vi".into());
    // The editor may carry arguments ("code --wait"): let the shell split it.
    // The editor talks to the terminal itself, even when stdout is a pipe (--print).
    let tty =
        |_| std::fs::OpenOptions::new().read(true).write(true).open("/dev/tty").map_err(|e| format!("/dev/tty: {e}"));
    let status = std::process::Command::new("sh")
        .stdin(tty(())?)
        .stdout(tty(())?)
        .stderr(tty(())?)
        .arg("-c")
        .arg(format!("{editor} \"$1\""))
        .arg("sh")
        .arg(file.path())
        .status()
        .map_err(|e| format!("running {editor}: {e}"))?;
    let left = std::fs::read_to_string(file.path()).map_err(|e| format!("reading back what {editor} left: {e}"))?;
    Ok(match status.success() {
        true => Edited::Saved(left),
        // The editor's own words may carry escapes: the status line shows only ours.
        false => Edited::Failed {
            text: left,
            status: crate::hygiene::terminal_safe(&format!("{editor} exited with {status}")).into_owned(),
        },
    })
}
