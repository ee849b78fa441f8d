//! The errors of writing and of loading a bundle, apart from both so that the writer, the
//! loader and the verifier all depend on this module and none on another.

use std::fmt;

use super::format::FORMAT_VERSION;

/// Why a bundle could not be written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum BuildError {
    /// A table, an entry or an operand exceeds a limit of the format.
    Limit(String),
    /// A label was bound twice or used without being bound.
    Label(String),
    /// The written bundle does not load: the code or metadata handed to the builder is
    /// inconsistent (a compiler bug).
    Invalid(LoadError),
}

impl fmt::Display for BuildError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BuildError::Limit(message) => write!(f, "bundle limit exceeded: {message}"),
            BuildError::Label(message) => write!(f, "bad label: {message}"),
            BuildError::Invalid(error) => write!(f, "the bundle written does not load: {error}"),
        }
    }
}

impl std::error::Error for BuildError {}

/// Why bytes could not be loaded. Each variant's message is one line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LoadError {
    /// The bytes do not start with the bundle magic.
    NotABundle,
    /// The bundle has a format version this runtime does not know yet.
    NewerVersion {
        /// The bundle's version.
        found: u16,
    },
    /// The bundle has a format version older than any this runtime reads.
    OlderVersion {
        /// The bundle's version.
        found: u16,
    },
    /// The bundle was built against another catalogue.
    CatalogueMismatch {
        /// The catalogue the bundle names.
        bundle_name: String,
        /// Its hash.
        bundle_hash: u32,
        /// The runtime's catalogue name.
        runtime_name: &'static str,
        /// Its hash.
        runtime_hash: u32,
    },
    /// Anything else: the byte at `offset` is not what the format allows there.
    Corrupt {
        /// Byte offset from the start of the bundle.
        offset: usize,
        /// What is wrong, in a few words.
        reason: String,
    },
}

impl fmt::Display for LoadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LoadError::NotABundle => f.write_str("not an .rsb bundle"),
            LoadError::NewerVersion { found } => {
                write!(f, "format version {found} is newer than this runtime's {FORMAT_VERSION}")
            }
            LoadError::OlderVersion { found } => {
                write!(f, "format version {found} is older than this runtime's {FORMAT_VERSION}")
            }
            LoadError::CatalogueMismatch { bundle_name, bundle_hash, runtime_name, runtime_hash } => {
                write!(
                    f,
                    "built against catalogue {}#{bundle_hash:08x}, this runtime has {}#{runtime_hash:08x}",
                    bundle_name.escape_debug(),
                    runtime_name.escape_debug(),
                )
            }
            LoadError::Corrupt { offset, reason } => {
                write!(f, "corrupt bundle at offset {offset}: {reason}")
            }
        }
    }
}

impl std::error::Error for LoadError {}

/// A [`LoadError::Corrupt`] at `offset`.
pub(super) fn corrupt(offset: usize, reason: impl Into<String>) -> LoadError {
    LoadError::Corrupt { offset, reason: reason.into() }
}
