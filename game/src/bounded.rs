//! Reading a file whose size is not to be trusted (a deck, a scenario, a tally, a saved
//! game): its bound is checked while the bytes come, not only against the size the file
//! system reports, which is 0 for a device or a pipe that never ends (`/dev/zero`,
//! `<(yes)`): read to the end, those would take memory until the machine has none.

use std::fmt;
use std::io::{self, Read};
use std::path::Path;

/// How large a refused file is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Size {
    /// The file system's size of a regular file.
    Exactly(u64),
    /// A device or a pipe: the bytes read before stopping.
    AtLeast(u64),
}

impl fmt::Display for Size {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Size::Exactly(bytes) => write!(f, "{bytes} bytes"),
            Size::AtLeast(bytes) => write!(f, "at least {bytes} bytes"),
        }
    }
}

/// Why [`read_text`] or [`read_bytes`] gave nothing.
#[derive(Debug)]
pub enum ReadError {
    /// The file could not be read (invalid UTF-8 is `InvalidData`, as
    /// [`std::fs::read_to_string`] says it).
    Io(io::Error),
    /// The file holds more than the bound.
    TooLarge(Size),
}

impl ReadError {
    /// The error as an IO error, for a caller that reports those: a file over the bound
    /// `max` says so, naming what the file is (`"a source file"`).
    pub fn into_io(self, max: u64, what: &str) -> io::Error {
        match self {
            ReadError::Io(error) => error,
            ReadError::TooLarge(size) => {
                io::Error::new(io::ErrorKind::InvalidData, format!("{size}, more than the {max} {what} may have"))
            }
        }
    }
}

/// The bytes of `path`, or [`ReadError::TooLarge`] as soon as there are more than `max`.
pub fn read_bytes(path: &Path, max: u64) -> Result<Vec<u8>, ReadError> {
    let size = std::fs::metadata(path).map_err(ReadError::Io)?.len();
    if size > max {
        return Err(ReadError::TooLarge(Size::Exactly(size)));
    }
    let file = std::fs::File::open(path).map_err(ReadError::Io)?;
    // Room for the reported size; a file that grows or has no size grows the buffer as read.
    let mut bytes = Vec::with_capacity(usize::try_from(size).unwrap_or(0));
    file.take(max.saturating_add(1)).read_to_end(&mut bytes).map_err(ReadError::Io)?;
    if bytes.len() as u64 > max {
        return Err(ReadError::TooLarge(Size::AtLeast(bytes.len() as u64)));
    }
    Ok(bytes)
}

/// The text of `path` (UTF-8), or [`ReadError::TooLarge`] as soon as there are more than
/// `max` bytes.
pub fn read_text(path: &Path, max: u64) -> Result<String, ReadError> {
    String::from_utf8(read_bytes(path, max)?)
        .map_err(|_| ReadError::Io(io::Error::new(io::ErrorKind::InvalidData, "stream did not contain valid UTF-8")))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_within_the_bound_is_read_and_a_larger_one_refused_with_its_size() {
        let dir = std::env::temp_dir().join(format!("game-bounded-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let file = dir.join("ten.txt");
        std::fs::write(&file, "0123456789").unwrap();
        assert_eq!(read_text(&file, 10).unwrap(), "0123456789");
        assert!(matches!(read_text(&file, 9), Err(ReadError::TooLarge(Size::Exactly(10)))));
        std::fs::write(&file, b"\xff").unwrap();
        let Err(ReadError::Io(error)) = read_text(&file, 10) else { panic!("invalid UTF-8 read as text") };
        assert_eq!(error.to_string(), "stream did not contain valid UTF-8");
        let _ = std::fs::remove_dir_all(&dir);
    }

    /// `/dev/zero` reports size 0 and never ends.
    #[cfg(target_os = "linux")]
    #[test]
    fn a_device_that_never_ends_is_read_up_to_the_bound() {
        let refused = read_bytes(Path::new("/dev/zero"), 1000);
        assert!(matches!(refused, Err(ReadError::TooLarge(Size::AtLeast(1001)))), "{refused:?}");
        assert_eq!(Size::AtLeast(1001).to_string(), "at least 1001 bytes");
    }
}
