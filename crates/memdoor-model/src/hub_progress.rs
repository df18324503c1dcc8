//! The Hugging Face hub's download events on a progress bar (stderr), so a
//! download of hundreds of MB never looks like a hang.

use std::sync::Mutex;

use hf_hub::progress::{DownloadEvent, ProgressEvent, ProgressHandler};
use indicatif::{ProgressBar, ProgressStyle};

#[derive(Default)]
pub(crate) struct Bar(Mutex<Option<ProgressBar>>);

impl ProgressHandler for Bar {
    fn on_progress(&self, event: &ProgressEvent) {
        let ProgressEvent::Download(event) = event else { return };
        let Ok(mut bar) = self.0.lock() else { return };
        match event {
            DownloadEvent::Start { total_bytes, .. } => {
                let style =
                    ProgressStyle::with_template("{bar:30.cyan/blue} {bytes}/{total_bytes} {bytes_per_sec} eta {eta}")
                        .expect("static template");
                *bar = Some(ProgressBar::new(*total_bytes).with_style(style));
            }
            // One file per download here: its bytes are the whole.
            DownloadEvent::Progress { files } => {
                if let Some(b) = bar.as_ref() {
                    b.set_position(files.iter().map(|f| f.bytes_completed).sum());
                }
            }
            DownloadEvent::AggregateProgress { bytes_completed, .. } => {
                if let Some(b) = bar.as_ref() {
                    b.set_position(*bytes_completed);
                }
            }
            DownloadEvent::Complete => {
                if let Some(b) = bar.take() {
                    b.finish_and_clear();
                }
            }
        }
    }
}
