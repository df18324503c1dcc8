//! A candidate as a patch: the unified diff `git apply` takes (#30 item 5),
//! what the consensus pane shows, `solve --repo` prints, and the memory keeps.

use similar::TextDiff;

use super::workbench::Candidate;

/// Lines of unchanged context around each change (git's default).
const CONTEXT: usize = 3;

/// The candidate's changes as one git-style unified diff, files in path order.
pub fn unified(candidate: &Candidate) -> String {
    let mut out = String::new();
    for (path, change) in &candidate.changes {
        let before = change.before.as_deref().unwrap_or("");
        let diff = TextDiff::from_lines(before, change.after.as_str());
        out += &format!("diff --git a/{path} b/{path}\n");
        let old = match &change.before {
            Some(_) => format!("a/{path}"),
            None => {
                out += "new file mode 100644\n";
                "/dev/null".to_string()
            }
        };
        let body = diff.unified_diff().context_radius(CONTEXT).header(&old, &format!("b/{path}")).to_string();
        out += &body;
        if !out.ends_with('\n') {
            out.push('\n');
        }
    }
    out
}
