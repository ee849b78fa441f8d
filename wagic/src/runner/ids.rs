//! The cards a test names by Wagic id (a board line's `hand:1372`, a `[DO]` line
//! `129693`), named through Wagic's set files ([`crate::sets`]) before the test is played:
//! Wagic's `Rules::getMTGId` reads a number as an id, and the set files map each id to its
//! card.
//!
//! Wagic tells two printings of one card apart by their ids: it finds every card a test
//! names by the id it stands for (a name stands for the id `MTGAllCards` gives it,
//! [`Sets::id_of_name`]), and a `[DO]` line clicks the first card with that id, not the
//! first of that name (`inplay:1373,1374` then `1374` clicks the second Swamp). So each
//! card set on the board keeps its id ([`Ids::init`]) and each move the id it
//! names ([`Ids::moves`]), and `[ASSERT]` finds each card it lists by its id, as Wagic's
//! `assertGame` does ([`identity_difference`]). A token's id is the id of the card that
//! made it, negated ([`wagic_id`]). A card given as `name (set)` (`recover (INV)`) is its
//! printing in that set, as Wagic reads it.

use std::collections::HashMap;

use vm::runtime::CardId;

use super::{Difference, Skip, at, skip, zone_of};
use crate::sets::{SetEntry, Sets};
use crate::table::{BATTLEFIELD, EXILE, GRAVEYARD, HAND, LIBRARY, Library, P0, P1, Table};
use crate::testfile::{CardRef, State, TestFile, Zone};

/// The reason of a test naming a card by id when no set files were given.
pub const NO_SETS: &str = "a card given by its Wagic id (pass Wagic's set files: `--sets`)";

/// A test whose ids are named, with the ids its cards and moves stand for.
pub(super) struct Resolved {
    /// The test, every card of its board lines named by name (lower case, as the test
    /// reader writes names); its `[DO]` lines as written.
    pub test: TestFile,
    /// The ids its cards and moves stand for.
    pub ids: Ids,
}

/// The Wagic ids a test's cards and moves stand for; all empty for a test that names no
/// card by id.
#[derive(Default)]
pub(super) struct Ids {
    /// The id of each card `[INIT]` sets, in the order the runner sets them (each player,
    /// each zone in [`Zone::ALL`] order, each card as listed; `*` sets none): `None` for
    /// a name no printing has.
    pub init: Vec<Option<i32>>,
    /// The id of each card `[ASSERT]` lists, in the same order.
    pub expected: Vec<Option<i32>>,
    /// The id each `[DO]` line names: its number, or the id of the card it names; `None`
    /// for a line naming no card with a printing (a token, `next`...).
    pub moves: Vec<Option<i32>>,
}

/// Where Wagic's `assertGame` finds the board unlike `[ASSERT]` by id: for each card
/// `[ASSERT]` lists in a zone, the first card with its id (each player's library, hand,
/// battlefield, graveyard, exile, in order) must be in that zone, when one has it at all.
/// `wagic_ids` are the ids of the cards on the board.
pub(super) fn identity_difference(
    table: &Table,
    wagic_ids: &HashMap<CardId, i32>,
    expected: &State,
    expected_ids: &[Option<i32>],
) -> Option<Difference> {
    let first_with = |id: i32| {
        for player in [P0, P1] {
            for zone in [LIBRARY, HAND, BATTLEFIELD, GRAVEYARD, EXILE] {
                for card in table.board.zone(player, zone) {
                    if wagic_id(table, wagic_ids, card) == Some(id) {
                        return Some((player, zone, card));
                    }
                }
            }
        }
        None
    };
    let mut ids = expected_ids.iter();
    for (index, want) in expected.players.iter().enumerate() {
        let player = if index == 0 { P0 } else { P1 };
        for zone in Zone::ALL {
            for _ in want.cards(zone) {
                let Some(id) = ids.next().copied().flatten() else { continue };
                let Some((found_player, found_zone, found)) = first_with(id) else { continue };
                if (found_player, found_zone) != (player, zone_of(zone)) {
                    let name = table.board.get(found).map_or(String::new(), |c| c.printed.name.to_lowercase());
                    let zone_name = |zone| match zone {
                        LIBRARY => "library",
                        HAND => "hand",
                        BATTLEFIELD => "inplay",
                        GRAVEYARD => "graveyard",
                        _ => "exile",
                    };
                    return Some(Difference {
                        place: format!("player {} {} (Wagic id {id})", index + 1, zone.key()),
                        expected: format!("{name} ({id}) there"),
                        actual: format!(
                            "it in player {} {}",
                            usize::from(found_player != P0) + 1,
                            zone_name(found_zone)
                        ),
                        notes: Vec::new(),
                    });
                }
            }
        }
    }
    None
}

/// The Wagic id of a card on the board: its printing's, or for a token the negated id
/// of the card that made it (Wagic's `Token` takes `-source->getMTGId()`).
pub(super) fn wagic_id(table: &Table, wagic_ids: &HashMap<CardId, i32>, card: CardId) -> Option<i32> {
    if let Some(&id) = wagic_ids.get(&card) {
        return Some(id);
    }
    let made_by = table.board.get(card)?.made_by?;
    wagic_ids.get(&made_by).and_then(|id| id.checked_neg())
}

/// `test` with each Wagic id named, or `None` when it names no card by id (then names
/// alone tell its cards apart). A token's id (negative: the id of the card that made it,
/// negated) in `[ASSERT]` is counted as `*` and found by its id. Skipped, with set files
/// given: a token's id in `[INIT]`, an id the set files do not map, a card the card files
/// have and no set file prints (Wagic does not set it on the board). With none, a
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
        let printing = i32::try_from(id)
            .ok()
            .and_then(|id| sets.printing(id, known))
            .ok_or_else(|| skip("a Wagic id the set files do not map", place()))?;
        Ok(printing.entry.name.to_lowercase())
    };
    // The id of each card of a board, in the order the runner sets and compares them
    // (`None` for `*`).
    let ids_of = |state: &State| {
        let mut ids = Vec::new();
        for player in &state.players {
            for zone in Zone::ALL {
                for card in player.cards(zone) {
                    match card {
                        CardRef::Id(id) => ids.push(i32::try_from(*id).ok()),
                        CardRef::Name(name) => match in_set(name) {
                            Some((_, id)) => ids.push(id),
                            None => ids.push(sets.id_of_name(name, known)),
                        },
                        CardRef::Any => ids.push(None),
                    }
                }
            }
        }
        ids
    };
    let init_ids = ids_of(&test.init);
    let expected_ids = ids_of(&test.expected);
    let mut resolved = test.clone();
    for (state, is_init) in [(&mut resolved.init, true), (&mut resolved.expected, false)] {
        for player in &mut state.players {
            for (_, cards) in &mut player.zones {
                for card in cards {
                    match card {
                        // A token's id: the id of the card that made it, negated. `[ASSERT]`
                        // counts it, and finds it by its id (`identity_difference`).
                        CardRef::Id(id) if *id < 0 && !is_init => *card = CardRef::Any,
                        CardRef::Id(id) if *id < 0 => {
                            return Err(skip(
                                "a token given by its Wagic id in [INIT] (Wagic's blank stand-in token is not modelled)",
                                id.to_string(),
                            ));
                        }
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
                // by the id alone (a token's: the id of the card that made it, negated).
                if id > 0 {
                    name_of(id, &|| at(step.line, &step.text))?;
                }
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
    Ok(Some(Resolved { test: resolved, ids: Ids { init: init_ids, expected: expected_ids, moves: move_ids } }))
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
