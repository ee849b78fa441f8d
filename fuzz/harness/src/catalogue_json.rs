//! The `catalogue` target's body: any bytes as a catalogue file (`rsc --catalogue FILE`),
//! checked as `catalogue_file::load` checks one, but with `catalogue_file::check`, which
//! leaks nothing, so that a long run does not grow. A refused file gets diagnostics with
//! stable codes (E0102 to E0108), at most `MAX_DIAGNOSTICS`, each inside the file (at
//! character boundaries when the file is UTF-8), the same twice. An accepted file, written
//! back in the documented form (`Checked::to_json`), is accepted again and writes back the
//! same text. Within a per-process budget of leaked memory ([`LEAK_BUDGET`]), the accepted
//! file is also loaded: `catalogue_file::to_json` of the catalogue writes that same text,
//! and the text loads to a catalogue of the same `CatalogueId`.

use std::sync::atomic::{AtomicUsize, Ordering};

use compiler::{Code, Diagnostic};
use vm::catalogue::Catalogue;

/// The most memory one process leaks loading accepted files: a fraction of the fuzzer's
/// 2 GiB RSS limit, enough for thousands of catalogues. Past it, accepted files are only
/// checked and written back, which leaks nothing.
pub const LEAK_BUDGET: usize = 512 << 20;

/// What loading `json`, a file as `Checked::to_json` writes it, leaks at most. That form
/// puts each string on a line of its own, and every line is at most one leaked string (an
/// allocation of its bytes, at most 32 more with the allocator's own) and at most 32 bytes
/// of the structs and slices holding it (a `NamedSpec` is 32 bytes over four lines, a
/// `CommandSpec` 72 over eight): 64 bytes a line, the text's bytes, and the catalogue's
/// own struct.
fn leak_cost(json: &str) -> usize {
    let lines = json.bytes().filter(|&byte| byte == b'\n').count();
    lines.saturating_mul(64).saturating_add(json.len()).saturating_add(size_of::<Catalogue>() + 64)
}

static LEAKED: AtomicUsize = AtomicUsize::new(0);

/// Whether `cost` more bytes may be leaked in this process; counts them if so.
fn within_budget(cost: usize) -> bool {
    LEAKED
        .fetch_update(Ordering::Relaxed, Ordering::Relaxed, |leaked| {
            leaked.checked_add(cost).filter(|&total| total <= LEAK_BUDGET)
        })
        .is_ok()
}

/// Checks `data` as a catalogue file; panics on a failure. Whether it was accepted.
pub fn check(data: &[u8]) -> bool {
    let checked = match catalogue_file::check(data) {
        Ok(checked) => checked,
        Err(diagnostics) => {
            refused_well(data, &diagnostics);
            let again = catalogue_file::check(data).err();
            assert!(again.as_ref() == Some(&diagnostics), "checking the file twice gave other diagnostics");
            return false;
        }
    };
    let json = checked.to_json();
    let rechecked = catalogue_file::check(json.as_bytes()).unwrap_or_else(|diagnostics| {
        panic!("an accepted file, written back, is refused: {:?}\n{json}", summary(&json, &diagnostics))
    });
    assert_eq!(rechecked.name(), checked.name(), "written back, the catalogue's name changed");
    assert!(rechecked.to_json() == json, "an accepted file, written back twice, changed:\n{json}");
    if within_budget(leak_cost(&json).saturating_mul(2)) {
        let name = checked.name().to_owned();
        let catalogue = checked.leak();
        assert_eq!(catalogue.name, name, "the loaded catalogue has another name");
        assert!(catalogue.unknown_roles().is_empty(), "a loaded catalogue has roles naming nothing");
        let written = catalogue_file::to_json(catalogue);
        assert!(written == json, "the loaded catalogue writes another file:\n{written}\nthan the checked one:\n{json}");
        let reloaded = catalogue_file::load(written.as_bytes()).expect("the file written back loads");
        assert_eq!(reloaded.id(), catalogue.id(), "the file written back loads to another catalogue");
    }
    true
}

/// A refused file's diagnostics: some, at most `MAX_DIAGNOSTICS`, each with a catalogue
/// file's code, a message and a label, and a span inside the file (at character boundaries
/// when it is UTF-8).
fn refused_well(data: &[u8], diagnostics: &[Diagnostic]) {
    assert!(!diagnostics.is_empty(), "a refused file has no diagnostic");
    assert!(diagnostics.len() <= catalogue_file::MAX_DIAGNOSTICS, "{} diagnostics", diagnostics.len());
    let text = std::str::from_utf8(data).ok();
    let codes = [Code::E0102, Code::E0103, Code::E0104, Code::E0105, Code::E0106, Code::E0107, Code::E0108];
    for diagnostic in diagnostics {
        assert!(codes.contains(&diagnostic.code), "a catalogue file refused with {:?}", diagnostic.code);
        assert!(!diagnostic.message.is_empty() && !diagnostic.label.is_empty(), "{diagnostic:?}");
        let (start, end) = (diagnostic.span.start as usize, diagnostic.span.end as usize);
        assert!(start <= end && end <= data.len(), "{diagnostic:?} is outside the file of {} bytes", data.len());
        if let Some(text) = text {
            assert!(text.is_char_boundary(start) && text.is_char_boundary(end), "{diagnostic:?} splits a character");
        }
    }
    // The roles are checked last, only on a file with no other problem.
    let roles = diagnostics.iter().filter(|diagnostic| diagnostic.code == Code::E0106).count();
    assert!(roles == 0 || roles == diagnostics.len(), "an E0106 beside other problems: {diagnostics:?}");
}

/// `(code, span, message)` of each diagnostic, for a failure's message.
fn summary(file: &str, diagnostics: &[Diagnostic]) -> Vec<(Code, String, String)> {
    diagnostics
        .iter()
        .map(|diagnostic| {
            let span = file.get(diagnostic.span.start as usize..diagnostic.span.end as usize).unwrap_or("?");
            (diagnostic.code, span.to_owned(), diagnostic.message.clone())
        })
        .collect()
}
