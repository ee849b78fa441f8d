//! The `tally` target's body: any bytes as a tally file (`rsc sim --tally-out`'s JSON),
//! read and merged as `rsc sim merge` does (`game::sim::shard::Shard::parse`, then
//! `Shard::merge`), its summary printed in both formats and its HTML report drawn. A tally
//! is refused with a message, or: written back it reads back the same; merged alone it is
//! itself; merged with itself it is refused for counting its games twice (unless it counts
//! none); merged with a copy that counts no game (which adds its figures again) it writes a
//! tally that reads back.
//!
//! A mutation of the configuration breaks its hash, which `rsc` checks first; since
//! anyone can write a tally with a hash that fits, the text with its hash recomputed
//! (`with_hash_fixed`) is checked too, so that the fuzzer reaches what comes after.
//!
//! Bytes that are not UTF-8 are decoded lossily (see the `deck` target).

use game::sim::report;
use game::sim::shard::{Configuration, Shard, ShardError};
use game::sim::summary::{self, Results};

/// Checks `data` as a tally file; panics on a failure. Whether it was read as a tally (as
/// it is, or with its hash fixed).
pub fn check(data: &[u8]) -> bool {
    let text = String::from_utf8_lossy(data);
    let fixed = with_hash_fixed(&text).is_some_and(|fixed| check_text(&fixed));
    check_text(&text) || fixed
}

/// `text` with its `configuration_hash` made the hash of its `configuration`; `None` when
/// the text has no configuration to hash, or its hash fits already.
fn with_hash_fixed(text: &str) -> Option<String> {
    let mut value: serde_json::Value = serde_json::from_str(text).ok()?;
    let configuration: Configuration = serde_json::from_value(value.get("configuration")?.clone()).ok()?;
    let hash = configuration.hash();
    let object = value.as_object_mut()?;
    if object.get("configuration_hash").and_then(serde_json::Value::as_str) == Some(hash.as_str()) {
        return None;
    }
    object.insert("configuration_hash".to_owned(), serde_json::Value::String(hash));
    serde_json::to_string(&value).ok()
}

/// Checks one text; whether it is a tally.
fn check_text(text: &str) -> bool {
    let Ok(shard) = Shard::parse(text) else { return false };
    let again =
        Shard::parse(&shard.to_json()).unwrap_or_else(|error| panic!("a written tally does not read back: {error}"));
    assert!(again == shard, "a tally written and read back differs");
    let alone = Shard::merge(vec![("a.json".to_owned(), shard.clone())])
        .unwrap_or_else(|error| panic!("a tally alone does not merge: {error}"));
    // Merging joins ranges that touch (`[0, 2], [2, 6]` is `[0, 6]`), which a tally's
    // reader leaves as they are.
    let mut joined = shard.clone();
    joined.ranges = shard.ranges.iter().fold(Vec::new(), |mut ranges: Vec<[u64; 2]>, &range| {
        match ranges.last_mut() {
            Some(last) if last[1] == range[0] => last[1] = range[1],
            _ => ranges.push(range),
        }
        ranges
    });
    assert!(alone == joined, "a tally merged alone differs from itself");
    match Shard::merge(vec![("a.json".to_owned(), shard.clone()), ("b.json".to_owned(), shard.clone())]) {
        Err(ShardError::Overlap { .. }) if !shard.ranges.is_empty() => {}
        Ok(_) if shard.ranges.is_empty() => {}
        other => panic!("a tally merged with itself gave {other:?}"),
    }
    let mut no_games = shard.clone();
    no_games.ranges.clear();
    let merged = Shard::merge(vec![("a.json".to_owned(), shard), ("b.json".to_owned(), no_games)])
        .unwrap_or_else(|error| panic!("a tally and a copy counting no game do not merge: {error}"));
    Shard::parse(&merged.to_json()).unwrap_or_else(|error| panic!("a merged tally does not read back: {error}"));
    let _missing = merged.missing_games();
    let results = Results { shard: merged };
    let _table = summary::render(&results, summary::Format::Human);
    let _json = summary::render(&results, summary::Format::Json);
    let _html = report::render(&results);
    true
}
