//! The cards a test names by Wagic id (a board line's `hand:1372`, a `[DO]` line
//! `129693`) named by name instead, through Wagic's set files ([`crate::sets`]), before the
//! test is played: Wagic's `Rules::getMTGId` reads a number as an id, and the set files
//! map each id to its card.
//!
//! Wagic tells two printings of one card apart by their ids, where the table knows cards
//! by name: a test that names one card by two ids, or by an id and by its name, is
//! skipped (Wagic finds a card by the id a name stands for, which may be the other
//! printing's).

use std::collections::HashMap;

use super::{Skip, at, skip};
use crate::sets::Sets;
use crate::table::Library;
use crate::testfile::{CardRef, TestFile};

/// The reason of a test naming a card by id when no set files were given.
pub const NO_SETS: &str = "a card given by its Wagic id (pass Wagic's set files: `--sets`)";

/// How a test names one card (by its lower-case name): the ids it uses, and whether it
/// names it by name too.
#[derive(Default)]
struct Naming {
    ids: Vec<i32>,
    by_name: bool,
}

/// `test` with each Wagic id replaced by its card's name (lower case, as the test reader
/// writes names), or `None` when it names no card by id. Skipped: an id with no set files
/// given, a token's id (negative: the id of the card that made it, negated), an id the set
/// files do not map, a card named by two ids or by an id and its name.
pub(super) fn resolve(library: &Library, sets: Option<&Sets>, test: &TestFile) -> Result<Option<TestFile>, Skip> {
    let has_id = |card: &CardRef| matches!(card, CardRef::Id(_));
    let board_ids = [&test.init, &test.expected]
        .iter()
        .any(|state| state.players.iter().any(|player| player.zones.iter().any(|(_, cards)| cards.iter().any(has_id))));
    let move_ids = test.moves.iter().any(|step| move_id(&step.text).is_some());
    if !board_ids && !move_ids {
        return Ok(None);
    }
    let mut namings: HashMap<String, Naming> = HashMap::new();
    let mut name_of = |id: i64, place: &dyn Fn() -> String| -> Result<String, Skip> {
        let Some(sets) = sets else { return Err(skip(NO_SETS, place())) };
        if id < 0 {
            return Err(skip("a token given by its Wagic id (the id of the card that made it, negated)", place()));
        }
        let printing = i32::try_from(id)
            .ok()
            .and_then(|id| sets.printing(id, |entry| library.name_of(&entry.name).is_some()))
            .ok_or_else(|| skip("a Wagic id the set files do not map", place()))?;
        let name = printing.entry.name.to_lowercase();
        let naming = namings.entry(name.clone()).or_default();
        if !naming.ids.contains(&printing.entry.id) {
            naming.ids.push(printing.entry.id);
        }
        Ok(name)
    };
    let mut resolved = test.clone();
    for state in [&mut resolved.init, &mut resolved.expected] {
        for player in &mut state.players {
            for (_, cards) in &mut player.zones {
                for card in cards {
                    if let CardRef::Id(id) = *card {
                        *card = CardRef::Name(name_of(id, &|| id.to_string())?);
                    }
                }
            }
        }
    }
    for step in &mut resolved.moves {
        if let Some(id) = move_id(&step.text) {
            step.text = name_of(id, &|| at(step.line, &step.text))?;
        }
    }
    // The names written as names, on the board and in the moves.
    let mut by_name = |name: &str| {
        if let Some(naming) = namings.get_mut(name) {
            naming.by_name = true;
        }
    };
    for state in [&test.init, &test.expected] {
        for player in &state.players {
            for (_, cards) in &player.zones {
                for card in cards {
                    if let CardRef::Name(name) = card {
                        by_name(name);
                    }
                }
            }
        }
    }
    for step in &test.moves {
        if move_id(&step.text).is_none() {
            by_name(&step.text);
        }
    }
    let mut mixed: Vec<(&String, &Naming)> =
        namings.iter().filter(|(_, naming)| naming.ids.len() > 1 || naming.by_name).collect();
    mixed.sort_by_key(|(name, _)| *name);
    if let Some((name, naming)) = mixed.first() {
        let ids: Vec<String> = naming.ids.iter().map(i32::to_string).collect();
        let detail = format!("{name}: {}{}", ids.join(", "), if naming.by_name { " and its name" } else { "" });
        return Err(skip(
            "a card named by two Wagic ids, or by an id and its name (Wagic tells printings apart)",
            detail,
        ));
    }
    Ok(Some(resolved))
}

/// The id a `[DO]` line gives, as Wagic's `Rules::getMTGId` reads a line that is a
/// number (the test reader trims it).
fn move_id(text: &str) -> Option<i64> {
    text.parse::<i64>().ok().filter(|&id| id != 0)
}
