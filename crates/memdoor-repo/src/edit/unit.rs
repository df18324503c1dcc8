//! What one top-level unit of a source text is, as whole definitions are
//! read (`definitions`): the units of a Python text by its indentation
//! (`python_units`), of a brace language's by its brackets (`brace_units`).

/// What one unit of a text is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum Unit {
    /// A named definition (a function, a class, an `impl`, a binding), with
    /// its decorators or attributes and its body.
    Definition(String),
    Import,
    Other,
}
