//! The cards a test names by Wagic id (a board line's `hand:1372`, a `[DO]` line
//! `129693`), named through Wagic's set files ([`crate::sets`]) before the test is played:
//! Wagic's `Rules::getMTGId` reads a number as an id, and the set files map each id to its
//! card.
//!
//! Wagic tells two printings of one card apart by their ids: it finds every card a test
//! names by the id it stands for (a name stands for the id `MTGAllCards` gives it,
//! [`Sets::id_of_name`]), and a `[DO]` line clicks the first card with that id, not the
//! first of that name (`inplay:1373,1374` then `1374` clicks the second Swamp). So each
//! card set on the board keeps its id ([`Resolved::init_ids`]) and each move the id it
//! names ([`Resolved::move_ids`]). A card given as `name (set)` (`recover (INV)`) is its
//! printing in that set, as Wagic reads it.

use super::{Skip, at, skip};
use crate::sets::{SetEntry, Sets};
use crate::table::Library;
use crate::testfile::{CardRef, TestFile, Zone};

/// The reason of a test naming a card by id when no set files were given.
pub const NO_SETS: &str = "a card given by its Wagic id (pass Wagic's set files: `--sets`)";

/// A test whose ids are named, with the ids its cards and moves stand for.
pub(super) struct Resolved {
    /// The test, every card of its board lines named by name (lower case, as the test
    /// reader writes names); its `[DO]` lines as written.
    pub test: TestFile,
    /// The id of each card `[INIT]` sets, in the order the runner sets them (each player,
    /// each zone in [`Zone::ALL`] order, each card as listed; `*` sets none): `None` for
    /// a name no printing has.
    pub init_ids: Vec<Option<i32>>,
    /// The id each `[DO]` line names: its number, or the id of the card it names; `None`
    /// for a line naming no card with a printing (a token, `next`...).
    pub move_ids: Vec<Option<i32>>,
}

/// `test` with each Wagic id named, or `None` when it names no card by id (then names
/// alone tell its cards apart). Skipped, with set files given: a token's id (negative: the
/// id of the card that made it, negated), an id the set files do not map, a card the card
/// files have and no set file prints (Wagic does not set it on the board). With none, a
/// test naming a card by id is left to the runner's own check ([`NO_SETS`]).
pub(super) fn resolve(library: &Library, sets: Option<&Sets>, test: &TestFile) -> Result<Option<Resolved>, Skip> {
    let has_id = |card: &CardRef| matches!(card, CardRef::Id(_));
    let board_ids = [&test.init, &test.expected]
        .iter()
        .any(|state| state.players.iter().any(|player| player.zones.iter().any(|(_, cards)| cards.iter().any(has_id))));
    let move_ids = test.moves.iter().any(|step| move_id(&step.text).is_some());
    let Some(sets) = sets else {
        // The runner's own check reports an id, at the first.
        return Ok(None);
    };
    let known = |entry: &SetEntry| library.name_of(&entry.name).is_some();
    // A card given as `name (set)`: its name, and the id of its printing in that set.
    let in_set = |text: &str| -> Option<(String, Option<i32>)> {
        if library.name_of(text).is_some() {
            return None;
        }
        let (name, set) = in_set_descriptor(text)?;
        library.name_of(name)?;
        Some((name.to_string(), sets.id_of_name_in_set(name, set, known)))
    };
    let has_set = |card: &CardRef| matches!(card, CardRef::Name(name) if in_set(name).is_some());
    let set_descriptors = [&test.init, &test.expected].iter().any(|state| {
        state.players.iter().any(|player| player.zones.iter().any(|(_, cards)| cards.iter().any(has_set)))
    });
    // Wagic sets on the board only the cards its collection holds: a card no set file
    // prints is left off (`MTGPlayerCards::parseLine`, "Card unfound").
    for state in [&test.init, &test.expected] {
        for player in &state.players {
            for (_, cards) in &player.zones {
                for card in cards {
                    if let CardRef::Name(name) = card
                        && library.name_of(name).is_some()
                        && in_set(name).is_none()
                        && sets.id_of_name(name, known).is_none()
                    {
                        return Err(skip("a card no set file prints (Wagic leaves it off the board)", name.clone()));
                    }
                }
            }
        }
    }
    if !board_ids && !move_ids && !set_descriptors {
        return Ok(None);
    }
    let name_of = |id: i64, place: &dyn Fn() -> String| -> Result<String, Skip> {
        if id < 0 {
            return Err(skip("a token given by its Wagic id (the id of the card that made it, negated)", place()));
        }
        let printing = i32::try_from(id)
            .ok()
            .and_then(|id| sets.printing(id, known))
            .ok_or_else(|| skip("a Wagic id the set files do not map", place()))?;
        Ok(printing.entry.name.to_lowercase())
    };
    let mut init_ids = Vec::new();
    for player in &test.init.players {
        for zone in Zone::ALL {
            for card in player.cards(zone) {
                match card {
                    CardRef::Id(id) => init_ids.push(i32::try_from(*id).ok()),
                    CardRef::Name(name) => match in_set(name) {
                        Some((_, id)) => init_ids.push(id),
                        None => init_ids.push(sets.id_of_name(name, known)),
                    },
                    CardRef::Any => {}
                }
            }
        }
    }
    let mut resolved = test.clone();
    for state in [&mut resolved.init, &mut resolved.expected] {
        for player in &mut state.players {
            for (_, cards) in &mut player.zones {
                for card in cards {
                    match card {
                        CardRef::Id(id) => {
                            let id = *id;
                            *card = CardRef::Name(name_of(id, &|| id.to_string())?);
                        }
                        CardRef::Name(name) => {
                            if let Some((plain, _)) = in_set(name) {
                                *name = plain;
                            }
                        }
                        CardRef::Any => {}
                    }
                }
            }
        }
    }
    let mut move_ids = Vec::with_capacity(resolved.moves.len());
    for step in &mut resolved.moves {
        match move_id(&step.text) {
            Some(id) => {
                // The line stays as written (a skip quotes it): the runner finds its card
                // by the id alone.
                name_of(id, &|| at(step.line, &step.text))?;
                move_ids.push(i32::try_from(id).ok());
            }
            None if library.name_of(&step.text).is_some() => move_ids.push(sets.id_of_name(&step.text, known)),
            None => match in_set(&step.text) {
                Some((plain, id)) => {
                    step.text = plain;
                    move_ids.push(id);
                }
                None => move_ids.push(None),
            },
        }
    }
    Ok(Some(Resolved { test: resolved, init_ids, move_ids }))
}

/// The name and the set of a card given as `name (set)`, split as Wagic's
/// `MTGAllCards::getCardByName` splits it: at the first ` (`, up to the first `)`.
fn in_set_descriptor(text: &str) -> Option<(&str, &str)> {
    let (name, rest) = text.split_once(" (")?;
    let (set, _) = rest.split_once(')')?;
    Some((name.trim(), set.trim()))
}

/// The id a `[DO]` line gives, as Wagic's `Rules::getMTGId` reads a line that is a
/// number (the test reader trims it).
fn move_id(text: &str) -> Option<i64> {
    text.parse::<i64>().ok().filter(|&id| id != 0)
}
