//! The `save` target's body: any bytes as a saved game (`rsc run --save`'s JSON), read and
//! replayed on the example set as `rsc replay FILE --set examples` does
//! (`game::sim::save`). A saved game either is refused with the [`SaveError`] `rsc
//! replay` prints, or replays to a verdict (matches, or diverges at a step); written back
//! as `rsc run --save` writes it, it reads back the same, and replaying it twice gives the
//! same verdict.
//!
//! Bytes that are not UTF-8 are decoded lossily (see the `deck` target).

use game::sim::save::{self, Replayed, SaveError, SavedGame};

use crate::example_set;

/// Checks `data` as a saved game; panics on a failure. What replaying it gave (`None`: it
/// is no saved game).
pub fn check(data: &[u8]) -> Option<Result<Replayed, SaveError>> {
    let text = String::from_utf8_lossy(data);
    let saved = match SavedGame::parse(&text) {
        Ok(saved) => saved,
        Err(error) => {
            assert!(
                matches!(error, SaveError::NotASave(_) | SaveError::Format(_)),
                "parsing gave an error of replaying: {error}"
            );
            let _message = error.to_string();
            return None;
        }
    };
    let written =
        serde_json::to_string_pretty(&saved).unwrap_or_else(|error| panic!("a read save does not write: {error}"));
    let again = SavedGame::parse(&written).unwrap_or_else(|error| panic!("a written save does not read back: {error}"));
    assert!(again == saved, "a save written and read back differs");
    let set = example_set::set();
    let first = save::replay(&saved, &set);
    if let Err(error) = &first {
        assert!(
            matches!(error, SaveError::Deck { .. } | SaveError::Setup(_)),
            "replaying gave an error of parsing: {error}"
        );
        let _message = error.to_string();
    }
    let second = save::replay(&saved, &set);
    assert!(first == second, "replaying twice gave {first:?}, then {second:?}");
    Some(first)
}
