//! The `tally` target's body: any bytes as a tally file (`rsc sim --tally-out`'s JSON, of
//! Card Fighters' Clash or of a Wagic sim), read and merged as `rsc sim merge` does
//! (`wagic_sim::shard::AnyShard::parse`, then the kind's merge), its summary printed in both
//! formats and its HTML report drawn. A tally
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

use std::fmt::Debug;

use game::sim::report;
use game::sim::shard::{self as cfc, Configuration, Shard, ShardError, TallyFile};
use game::sim::summary::{self, Results};
use wagic_sim::shard::{AnyShard, WagicShard};

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
    let given = value.get("configuration")?.clone();
    let hash = if value.get("format").and_then(serde_json::Value::as_str) == Some(wagic_sim::shard::FORMAT) {
        serde_json::from_value::<wagic_sim::shard::Configuration>(given).ok()?.hash()
    } else {
        serde_json::from_value::<Configuration>(given).ok()?.hash()
    };
    let object = value.as_object_mut()?;
    if object.get("configuration_hash").and_then(serde_json::Value::as_str) == Some(hash.as_str()) {
        return None;
    }
    object.insert("configuration_hash".to_owned(), serde_json::Value::String(hash));
    serde_json::to_string(&value).ok()
}

/// Checks one text; whether it is a tally (of either kind).
fn check_text(text: &str) -> bool {
    match AnyShard::parse(text) {
        Ok(AnyShard::Cfc(shard)) => {
            let merged = check_merges(*shard, Shard::to_json, Shard::parse);
            let _missing = merged.missing_games();
            let results = Results { shard: merged };
            let _table = summary::render(&results, summary::Format::Human);
            let _json = summary::render(&results, summary::Format::Json);
            let _html = report::render(&results);
            true
        }
        Ok(AnyShard::Wagic(shard)) => {
            let merged = check_merges(*shard, WagicShard::to_json, WagicShard::parse);
            let _missing = merged.missing_games();
            let results = wagic_sim::Results::of_shard(merged);
            let _table = wagic_sim::summary::table(&results);
            let _json = wagic_sim::summary::json(&results);
            let _html = wagic_sim::report::render(&results);
            true
        }
        Err(_) => false,
    }
}

/// Checks that `shard` writes back the same, merges alone into itself, is refused merged
/// with itself, and merged with a copy that counts no game writes a tally that reads back;
/// that tally.
fn check_merges<T: TallyFile + Clone + PartialEq + Debug>(
    shard: T,
    to_json: fn(&T) -> String,
    parse: fn(&str) -> Result<T, String>,
) -> T {
    let again = parse(&to_json(&shard)).unwrap_or_else(|error| panic!("a written tally does not read back: {error}"));
    assert!(again == shard, "a tally written and read back differs");
    let alone = cfc::merge_files(vec![("a.json".to_owned(), shard.clone())])
        .unwrap_or_else(|error| panic!("a tally alone does not merge: {error}"));
    // Merging joins ranges that touch (`[0, 2], [2, 6]` is `[0, 6]`), which a tally's
    // reader leaves as they are.
    let mut joined = shard.clone();
    joined.set_ranges(shard.ranges().iter().fold(Vec::new(), |mut ranges: Vec<[u64; 2]>, &range| {
        match ranges.last_mut() {
            Some(last) if last[1] == range[0] => last[1] = range[1],
            _ => ranges.push(range),
        }
        ranges
    }));
    assert!(alone == joined, "a tally merged alone differs from itself");
    let counts_games = !shard.ranges().is_empty();
    match cfc::merge_files(vec![("a.json".to_owned(), shard.clone()), ("b.json".to_owned(), shard.clone())]) {
        Err(ShardError::Overlap { .. }) if counts_games => {}
        Ok(_) if !counts_games => {}
        other => panic!("a tally merged with itself gave {other:?}"),
    }
    let mut no_games = shard.clone();
    no_games.set_ranges(Vec::new());
    let merged = cfc::merge_files(vec![("a.json".to_owned(), shard), ("b.json".to_owned(), no_games)])
        .unwrap_or_else(|error| panic!("a tally and a copy counting no game do not merge: {error}"));
    parse(&to_json(&merged)).unwrap_or_else(|error| panic!("a merged tally does not read back: {error}"));
    merged
}
