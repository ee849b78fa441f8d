//! Small card sets built in code, for examples and tests that must not depend on the corpus.

use crate::set::{AbilityType, CardDef, CardKind, CardSet};

/// A card definition with the usual defaults.
pub fn card(id: &str, number: &str, name: &str, kind: CardKind, bp: i32, sp: i32) -> CardDef {
    CardDef {
        id: id.to_owned(),
        number: Some(number.to_owned()),
        name: name.to_owned(),
        kind,
        subtype: (kind == CardKind::Character).then(|| "Fighter".to_owned()),
        bp,
        sp,
        backups: Vec::new(),
        ability: None,
        ability_name: None,
        rules_text: None,
        rules_file: None,
        rules: None,
    }
}

/// A tiny set: three plain characters, a character with a ■ ability, a damage action and a
/// reaction.
pub fn tiny_set() -> Result<CardSet, crate::SetError> {
    let mut cards = vec![
        card("t-c001", "T001", "Brawler", CardKind::Character, 500, 2),
        card("t-c002", "T002", "Guard", CardKind::Character, 700, 0),
        card("t-c003", "T003", "Titan", CardKind::Character, 1000, -3),
        card("t-c004", "T004", "Mystic", CardKind::Character, 400, 1),
        card("t-a001", "T005", "Fireball", CardKind::Action, 0, -2),
        card("t-r001", "T006", "Counter", CardKind::Reaction, 0, -1),
    ];
    cards[0].backups = vec!["Fighter".to_owned()];
    cards[3].ability = Some(AbilityType::Triggered);
    cards[3].rules_file = Some("T004-mystic.rules".to_owned());
    cards[4].rules_file = Some("T005-fireball.rules".to_owned());
    cards[5].rules_file = Some("T006-counter.rules".to_owned());
    let sources = vec![
        ("T004-mystic.rules".to_owned(), "action = {F}: draw()\n".to_owned()),
        ("T005-fireball.rules".to_owned(), "action = damage(300) to(opp)\n".to_owned()),
        ("T006-counter.rules".to_owned(), "action = sp(1)\n".to_owned()),
    ];
    CardSet::from_parts(cards, &sources)
}
