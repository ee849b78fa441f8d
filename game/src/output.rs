//! Writing an output file (a bundle, a saved game, a tally, a report) so that a write that
//! fails part way (a full disk, a killed process, a file-size limit) leaves the user's
//! previous file as it was: the bytes go to a temporary file beside the target, which is
//! then renamed over it (one file system, so the rename is atomic). A device or a pipe
//! (`/dev/null`, `/dev/stdout`, `>(cat)`) is written directly: renaming over it would
//! replace the device, not write to it.

use std::fs::{self, File, OpenOptions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

/// What an output path names, once symbolic links are followed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Target {
    /// No file yet: it will be created at this path (its folder resolved).
    New(PathBuf),
    /// A regular file, replaced whole; the path is the file itself (a symbolic link to it
    /// is kept, and the file it names replaced).
    File(PathBuf),
    /// A character or block device (`/dev/null`, a terminal), or a file named through
    /// `/dev` (`/dev/stdout` redirected to a file), written directly.
    Device,
    /// A named pipe (FIFO) or a socket, written directly (an open waits for a reader).
    Pipe,
}

/// Tries at most this many temporary names before giving up (each is new to the process,
/// so a clash means another process chose the same name).
const TEMPORARY_NAME_TRIES: u32 = 64;

/// Names the temporary files of this process apart.
static TEMPORARY_COUNTER: AtomicU64 = AtomicU64::new(0);

/// What `path` names, or why it cannot be written: a folder, a symbolic link to nothing (a
/// clear refusal, as `cp` gives, rather than creating a file elsewhere than the user
/// sees), a folder that does not exist.
pub fn target(path: &Path) -> io::Result<Target> {
    let link = fs::symlink_metadata(path);
    let metadata = match fs::metadata(path) {
        Ok(metadata) => metadata,
        Err(error) if error.kind() == io::ErrorKind::NotFound => {
            if link.is_ok_and(|link| link.file_type().is_symlink()) {
                let to = fs::read_link(path).map(|to| to.display().to_string()).unwrap_or_default();
                return Err(io::Error::new(
                    io::ErrorKind::NotFound,
                    format!("it is a symbolic link to {to}, which does not exist"),
                ));
            }
            return Ok(Target::New(resolved_new(path)?));
        }
        Err(error) => return Err(error),
    };
    if metadata.is_dir() {
        return Err(io::Error::new(io::ErrorKind::IsADirectory, "it is a folder"));
    }
    // `/dev/stdout` redirected to a file (`> out`) names the open descriptor, not a file to
    // replace: written directly, into the file the shell opened.
    if metadata.is_file() && !path.starts_with("/dev") {
        return Ok(Target::File(fs::canonicalize(path)?));
    }
    Ok(if metadata.is_file() || is_device(&metadata) { Target::Device } else { Target::Pipe })
}

/// Fails unless `path` can be written by [`write()`]: checked before a long run, so that
/// it does not end on an unwritable output. Nothing is changed: an existing file is opened
/// without being truncated, and the temporary file made beside it is removed again.
pub fn check_writable(path: &Path) -> io::Result<()> {
    match target(path)? {
        Target::New(path) => drop(Temporary::beside(&path)?),
        Target::File(path) => {
            OpenOptions::new().append(true).open(&path)?;
            drop(Temporary::beside(&path)?);
        }
        // Opening a pipe would wait for its reader: it is opened when written.
        Target::Device | Target::Pipe => {}
    }
    Ok(())
}

/// Writes `bytes` to `path`: a file is replaced whole or not at all (its permissions
/// kept); a device or a pipe is written directly.
pub fn write(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let (path, permissions) = match target(path)? {
        Target::New(path) => (path, None),
        Target::File(path) => {
            // A file the user may not write stays refused, as writing in place refused it.
            let permissions = OpenOptions::new().append(true).open(&path)?.metadata()?.permissions();
            (path, Some(permissions))
        }
        Target::Device | Target::Pipe => return OpenOptions::new().write(true).open(path)?.write_all(bytes),
    };
    let mut temporary = Temporary::beside(&path)?;
    temporary.file.write_all(bytes)?;
    if let Some(permissions) = permissions {
        temporary.file.set_permissions(permissions)?;
    }
    // On disk before the rename, so that a crash cannot leave the new name on an empty file.
    temporary.file.sync_all()?;
    fs::rename(&temporary.path, &path)?;
    temporary.renamed = true;
    Ok(())
}

/// A temporary file beside an output, removed when dropped unless it was renamed.
struct Temporary {
    path: PathBuf,
    file: File,
    renamed: bool,
}

impl Temporary {
    /// Creates a new file in `target`'s folder, named after it (`.name.PID.N.partial`), so
    /// that a file left by a killed process says whose it was.
    fn beside(target: &Path) -> io::Result<Temporary> {
        let folder = folder_of(target);
        // Shortened, so that the temporary name stays within the file system's limit.
        let name: String = target.file_name().unwrap_or_default().to_string_lossy().chars().take(64).collect();
        let mut last = io::Error::from(io::ErrorKind::AlreadyExists);
        for _ in 0..TEMPORARY_NAME_TRIES {
            let count = TEMPORARY_COUNTER.fetch_add(1, Ordering::Relaxed);
            let path = folder.join(format!(".{name}.{}.{count}.partial", std::process::id()));
            match OpenOptions::new().write(true).create_new(true).open(&path) {
                Ok(file) => return Ok(Temporary { path, file, renamed: false }),
                Err(error) if error.kind() == io::ErrorKind::AlreadyExists => last = error,
                Err(error) => {
                    return Err(io::Error::new(
                        error.kind(),
                        format!("cannot make a temporary file in {}: {error}", folder.display()),
                    ));
                }
            }
        }
        Err(last)
    }
}

impl Drop for Temporary {
    fn drop(&mut self) {
        if !self.renamed {
            // Best effort: the error that led here is the one worth reporting.
            let _ = fs::remove_file(&self.path);
        }
    }
}

/// The folder of `path` (`.` for a bare name).
fn folder_of(path: &Path) -> &Path {
    path.parent().filter(|folder| !folder.as_os_str().is_empty()).unwrap_or(Path::new("."))
}

/// A path that does not exist yet, with its folder resolved (symbolic links, `..`).
fn resolved_new(path: &Path) -> io::Result<PathBuf> {
    let name = path.file_name().ok_or_else(|| io::Error::new(io::ErrorKind::InvalidInput, "it names no file"))?;
    Ok(fs::canonicalize(folder_of(path))?.join(name))
}

#[cfg(unix)]
fn is_device(metadata: &fs::Metadata) -> bool {
    use std::os::unix::fs::FileTypeExt;
    metadata.file_type().is_char_device() || metadata.file_type().is_block_device()
}

#[cfg(not(unix))]
fn is_device(_: &fs::Metadata) -> bool {
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    fn folder(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("game-output-{name}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).unwrap();
        dir
    }

    /// The names in `dir`, sorted: a temporary file left behind shows here.
    fn names(dir: &Path) -> Vec<String> {
        let mut names: Vec<String> =
            fs::read_dir(dir).unwrap().map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned()).collect();
        names.sort();
        names
    }

    #[test]
    fn a_file_is_created_then_replaced_whole_and_nothing_is_left_beside_it() {
        let dir = folder("replace");
        let out = dir.join("out.bin");
        write(&out, b"first, a longer text").unwrap();
        assert_eq!(fs::read(&out).unwrap(), b"first, a longer text");
        write(&out, b"second").unwrap();
        assert_eq!(fs::read(&out).unwrap(), b"second");
        assert_eq!(names(&dir), ["out.bin"]);
        let _ = fs::remove_dir_all(&dir);
    }

    /// A name near the file system's limit (255 bytes) still leaves room for the
    /// temporary name beside it.
    #[test]
    fn a_file_with_a_long_name_is_replaced() {
        let dir = folder("long");
        let out = dir.join("n".repeat(250));
        fs::write(&out, b"old").unwrap();
        write(&out, b"new").unwrap();
        assert_eq!(fs::read(&out).unwrap(), b"new");
        let _ = fs::remove_dir_all(&dir);
    }

    #[cfg(unix)]
    #[test]
    fn a_replaced_file_keeps_its_permissions_and_a_link_to_it_stays_a_link() {
        use std::os::unix::fs::PermissionsExt;
        let dir = folder("link");
        let real = dir.join("real.bin");
        fs::write(&real, b"old").unwrap();
        fs::set_permissions(&real, fs::Permissions::from_mode(0o640)).unwrap();
        let link = dir.join("link.bin");
        std::os::unix::fs::symlink("real.bin", &link).unwrap();
        write(&link, b"new").unwrap();
        assert!(fs::symlink_metadata(&link).unwrap().file_type().is_symlink());
        assert_eq!(fs::read(&real).unwrap(), b"new");
        assert_eq!(fs::metadata(&real).unwrap().permissions().mode() & 0o777, 0o640);
        assert_eq!(names(&dir), ["link.bin", "real.bin"]);
        let _ = fs::remove_dir_all(&dir);
    }

    #[cfg(unix)]
    #[test]
    fn a_symbolic_link_to_nothing_is_refused_naming_where_it_points() {
        let dir = folder("dangling");
        let link = dir.join("out.bin");
        std::os::unix::fs::symlink("missing/file.bin", &link).unwrap();
        let error = write(&link, b"new").unwrap_err();
        assert_eq!(error.to_string(), "it is a symbolic link to missing/file.bin, which does not exist");
        assert_eq!(check_writable(&link).unwrap_err().to_string(), error.to_string());
        assert_eq!(names(&dir), ["out.bin"]);
        let _ = fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_folder_is_refused() {
        let dir = folder("folder");
        assert_eq!(write(&dir, b"x").unwrap_err().to_string(), "it is a folder");
        let _ = fs::remove_dir_all(&dir);
    }

    #[cfg(target_os = "linux")]
    #[test]
    fn a_device_is_written_directly_and_its_errors_reported() {
        assert_eq!(target(Path::new("/dev/null")).unwrap(), Target::Device);
        write(Path::new("/dev/null"), b"gone").unwrap();
        check_writable(Path::new("/dev/null")).unwrap();
        // Renamed over, `/dev/full` would be a file; written, it is full.
        let full = write(Path::new("/dev/full"), b"x").unwrap_err();
        assert_eq!(full.kind(), io::ErrorKind::StorageFull, "{full}");
    }

    /// A folder no temporary file can be made in: the old file is kept, byte for byte.
    #[cfg(target_os = "linux")]
    #[test]
    fn a_file_whose_folder_takes_no_new_file_is_kept() {
        // `/proc/self` refuses new files even to root (the tests may run as root, where a
        // read-only folder would not refuse).
        // Written in place, the thread's name would change.
        let before = fs::read("/proc/self/comm").unwrap();
        let error = write(Path::new("/proc/self/comm"), b"renamed").unwrap_err();
        assert!(error.to_string().starts_with("cannot make a temporary file in /proc/"), "{error}");
        assert_eq!(fs::read("/proc/self/comm").unwrap(), before);
    }
}
