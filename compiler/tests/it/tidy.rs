//! Repository rules checked as tests: every Rust file opens with a `//!` line saying what
//! it is for, no file named like a card of the shared corpus is in the repository (the
//! corpus is read in place, never copied), and every file ARCHITECTURE.md names exists.

use std::path::{Path, PathBuf};

fn workspace_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// Every `*.rs` file below `dir`, skipping build output.
fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    for entry in entries.flatten() {
        let path = entry.path();
        let name = entry.file_name();
        let name = name.to_string_lossy();
        if path.is_dir() {
            if !matches!(name.as_ref(), "target" | ".git" | "corpus" | "artifacts") {
                rust_files(&path, out);
            }
        } else if name.ends_with(".rs") {
            out.push(path);
        }
    }
}

#[test]
fn every_rust_file_opens_with_a_module_doc_line() {
    let mut files = Vec::new();
    rust_files(&workspace_root(), &mut files);
    assert!(files.len() > 20, "found the workspace's files");
    let missing: Vec<String> = files
        .iter()
        .filter(|path| {
            let text = std::fs::read_to_string(path).unwrap_or_default();
            !text.starts_with("//!")
        })
        .map(|path| path.display().to_string())
        .collect();
    assert!(missing.is_empty(), "files without a `//!` first line:\n{}", missing.join("\n"));
}

#[test]
fn no_corpus_card_is_copied_into_the_repository() {
    let mut copies = Vec::new();
    let mut stack = vec![workspace_root()];
    while let Some(dir) = stack.pop() {
        let Ok(entries) = std::fs::read_dir(&dir) else { continue };
        for entry in entries.flatten() {
            let path = entry.path();
            let name = entry.file_name().to_string_lossy().into_owned();
            if path.is_dir() {
                if !matches!(name.as_str(), "target" | ".git") {
                    stack.push(path);
                }
            } else if is_corpus_card_name(&name) {
                copies.push(path.display().to_string());
            }
        }
    }
    assert!(copies.is_empty(), "corpus cards copied into the repository:\n{}", copies.join("\n"));
}

/// `C001-ryu.rules`, `A012-best-shot.rules`, `R040-whos-taller.rules`.
fn is_corpus_card_name(name: &str) -> bool {
    let bytes = name.as_bytes();
    bytes.len() > 11
        && matches!(bytes[0], b'A' | b'C' | b'R')
        && bytes[1..4].iter().all(u8::is_ascii_digit)
        && bytes[4] == b'-'
        && name.ends_with(".rules")
}

/// Every file or folder of the repository that ARCHITECTURE.md names in backticks (a path
/// such as `vm/src/catalogue.rs`, or one relative to its crate such as `exec/` or a bare
/// `exec.rs`) exists, so the map cannot point at what a change moved or removed. Paths
/// beside the repository (`../shared/...`) and globs are left out.
#[test]
fn every_file_the_architecture_map_names_exists() {
    let root = workspace_root();
    let map = std::fs::read_to_string(root.join("ARCHITECTURE.md")).expect("ARCHITECTURE.md is readable");
    // Every path of the repository, relative to its root, with a leading `/`.
    let mut paths = Vec::new();
    let mut stack = vec![root.clone()];
    while let Some(dir) = stack.pop() {
        let Ok(entries) = std::fs::read_dir(&dir) else { continue };
        for entry in entries.flatten() {
            let path = entry.path();
            let relative = path.strip_prefix(&root).unwrap_or(&path).to_string_lossy().replace('\\', "/");
            if path.is_dir() {
                if matches!(entry.file_name().to_str(), Some("target" | ".git")) {
                    continue;
                }
                stack.push(path);
            }
            paths.push(format!("/{relative}"));
        }
    }
    let names_a_path = |token: &str| {
        token.contains('/') || [".rs", ".md", ".toml", ".py", ".pyi", ".sh"].iter().any(|ext| token.ends_with(ext))
    };
    let mut missing = Vec::new();
    let mut checked = 0;
    for token in map.split('`').skip(1).step_by(2) {
        if !names_a_path(token) || token.contains(['*', ' ', '<']) || token.starts_with("..") || token.starts_with("//")
        {
            continue;
        }
        checked += 1;
        let wanted = format!("/{}", token.trim_end_matches('/'));
        if !paths.iter().any(|path| path.ends_with(&wanted)) {
            missing.push(token.to_owned());
        }
    }
    assert!(checked > 50, "read the map's paths: {checked}");
    assert!(missing.is_empty(), "ARCHITECTURE.md names what is not in the repository:\n{}", missing.join("\n"));
}
