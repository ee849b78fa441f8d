//! What a Wagic test needs that the table does not model, and the skips that say so:
//! before a test plays (its switches, its moves' words, its cards) and while it plays (a
//! keyword ability the table lacks, the legend rule's menu left unanswered, the table
//! stopping).

use super::*;

/// Skips a test whose board holds a card with a keyword ability the table does not
/// model, printed or granted.
pub(super) fn unmodelled_ability(table: &Table) -> Result<(), Skip> {
    let program = &table.library().program;
    for (index, card) in table.board.cards.iter().enumerate() {
        let mut abilities: Vec<&str> = card.printed.abilities.clone();
        if !card.token
            && let Ok(rules) = table.rules(CardId(index as u32))
        {
            let data = &program.cards()[rules.index()];
            abilities.extend(data.abilities.iter().map(|ability| CATALOGUE.abilities[ability.index()].name));
        }
        abilities.extend(table.board.abilities.on(CardId(index as u32)).map(|(_, _, ability)| *ability));
        let modelled = |ability: &&str| {
            MODELLED_ABILITIES.contains(ability)
                || crate::table::COLOUR_PROTECTIONS.iter().any(|(protection, _)| protection == ability)
                || costs::is_affinity(ability)
        };
        if let Some(ability) = abilities.iter().find(|ability| !modelled(ability)) {
            return Err(skip(
                "a keyword ability the table does not model",
                format!("{}: {ability}", card.printed.name),
            ));
        }
    }
    Ok(())
}

/// The legendary permanents of one name under one controller, when there are several
/// (Wagic's legend rule, `MTGLegendRule`): the newest to enter, and the others.
pub(super) fn legends_of_one_name(table: &Table) -> Option<(CardId, Vec<CardId>)> {
    let board = &table.board;
    let legendary = |index: usize| {
        let c = &board.cards[index];
        (c.zone == BATTLEFIELD && is_type(&c.printed.types, "legendary")).then_some(c)
    };
    for first in 0..board.cards.len() {
        let Some(c) = legendary(first) else { continue };
        let mut same: Vec<CardId> = (0..board.cards.len())
            .filter(|&other| {
                legendary(other).is_some_and(|o| o.controller == c.controller && o.printed.name == c.printed.name)
            })
            .map(|index| CardId(index as u32))
            .collect();
        if same.len() > 1 {
            same.sort_by_key(|&card| board.get(card).map_or(0, |c| c.order));
            let newest = same.pop()?;
            return Some((newest, same));
        }
    }
    None
}

/// Skips a test whose board holds two legendary permanents of one name under one
/// controller where no `choice` answers Wagic's legend rule menu.
pub(super) fn legend_rule(table: &Table) -> Result<(), Skip> {
    match legends_of_one_name(table) {
        Some((newest, _)) => Err(skip(
            "the legend rule's menu left unanswered",
            table.board.get(newest).map_or(String::new(), |c| c.printed.name.clone()),
        )),
        None => Ok(()),
    }
}

pub(super) fn table_skip(error: crate::table::TableError, line: u32, text: &str) -> Skip {
    let reason = match error {
        crate::table::TableError::Unanswered(_) => "a triggered or entering ability asks a question",
        crate::table::TableError::NotCompiled(..) | crate::table::TableError::UnknownCard(_) => {
            "a card that does not compile"
        }
        _ => "the table stops",
    };
    skip(reason, format!("{}: {error}", at(line, text)))
}

/// The words of Wagic's test suite the table does not play, and why.
fn unmodelled_move(text: &str) -> Option<&'static str> {
    let first = text.split_whitespace().next().unwrap_or("");
    Some(match first {
        "human" | "ai" => "[DO] `human`/`ai` (Wagic's AI is not modelled)",
        _ if text.contains(" -momir- ") => "momir games are not modelled",
        _ => return None,
    })
}

/// Skips a test that needs what the table does not model, before anything is played;
/// `ids_resolved` when the set files named the ids its moves give.
pub(super) fn check_modelled(library: &Library, test: &TestFile, ids_resolved: bool) -> Result<(), Skip> {
    if let Some((line, _)) = test.switches.iter().find(|(_, switch)| switch == "momir") {
        return Err(skip("momir games are not modelled", format!("line {line}")));
    }
    if test.expected.phase.is_none() {
        // Wagic compares the phase with one never set: such a test cannot pass there.
        return Err(skip("[ASSERT] names no phase", ""));
    }
    if test.moves.len() > MAX_MOVES {
        return Err(skip("more moves than the runner plays", format!("{} moves", test.moves.len())));
    }
    for step in &test.moves {
        if let Some(reason) = unmodelled_move(&step.text) {
            return Err(skip(reason, format!("line {}", step.line)));
        }
        if !ids_resolved && step.text.parse::<i64>().is_ok() {
            return Err(skip(NO_SETS, at(step.line, &step.text)));
        }
    }
    let mut cards = 0usize;
    for state in [&test.init, &test.expected] {
        for player in &state.players {
            if let Some((line, text)) = player.ignored.first() {
                return Err(skip("a player line Wagic ignores or the table does not model", at(*line, text)));
            }
            for (_, zone_cards) in &player.zones {
                for card in zone_cards {
                    cards += 1;
                    if let CardRef::Id(id) = card {
                        return Err(skip(NO_SETS, id.to_string()));
                    }
                }
            }
        }
    }
    if cards > MAX_CARDS {
        return Err(skip("more cards than the runner sets", format!("{cards} cards")));
    }
    // Every card of the board must have rules to run (one that does not compile might
    // have done anything in Wagic).
    for player in &test.init.players {
        for (_, zone_cards) in &player.zones {
            for card in zone_cards {
                let CardRef::Name(name) = card else { continue };
                let Some(written) = library.name_of(name) else {
                    return Err(skip("a card not in the card files", unknown_card(library, name)));
                };
                match library.rules_of(written) {
                    Ok(_) => {}
                    Err(Missing::Unknown) => {
                        return Err(skip("a card not in the card files", unknown_card(library, name)));
                    }
                    Err(Missing::NotCompiled(error)) => {
                        return Err(skip("a card that does not compile", format!("{written}: {error}")));
                    }
                }
            }
        }
    }
    Ok(())
}
