//! `docs/bytecode.md` carries a generated op reference; this test fails when it is stale
//! and rewrites it under `UPDATE_EXPECT=1`.

use std::path::PathBuf;

use vm::bytecode::doc::{BEGIN_MARKER, END_MARKER, reference};

#[test]
fn the_op_reference_in_docs_is_fresh() {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../docs/bytecode.md");
    let text = std::fs::read_to_string(&path).expect("docs/bytecode.md exists");
    let begin = text.find(BEGIN_MARKER).expect("the begin marker") + BEGIN_MARKER.len();
    let end = text.find(END_MARKER).expect("the end marker");
    let fresh = format!("\n\n{}\n", reference());
    if text[begin..end] == fresh {
        return;
    }
    if std::env::var_os("UPDATE_EXPECT").is_some() {
        let updated = format!("{}{fresh}{}", &text[..begin], &text[end..]);
        std::fs::write(&path, updated).expect("docs/bytecode.md is writable");
    } else {
        panic!("docs/bytecode.md's op reference is stale: run `UPDATE_EXPECT=1 cargo test -p vm`");
    }
}
