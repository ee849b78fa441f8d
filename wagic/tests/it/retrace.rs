//! `retrace=` (Magic's retrace): an instant or sorcery cast from its owner's graveyard for
//! its mana and a land card of its owner's hand discarded; the game's side is
//! `play/retrace.rs`. What compiles, what is refused, and Wagic's own cards (read in
//! place; skipped when the files are absent).

use super::board::{GRAVEYARD, P0, Play, Table};
use super::front::error_of;

#[test]
fn a_retrace_cost_is_mana_and_one_land_card_discarded() {
    assert_eq!(error_of("retrace={R}{S(land|myhand)}\nauto=damage:1 opponent\ntype=Sorcery"), None);
    assert_eq!(error_of("retrace={2}{U}{discard(land|myhand)}\nauto=draw:1\ntype=Instant"), None);
    // Savage Conception's line forgets the land: it would be a flashback that stays.
    assert_eq!(
        error_of("retrace={4}{GU}{GU}\nauto=draw:1\ntype=Sorcery").as_deref(),
        Some("unsupported: `retrace` cost without a land card discarded")
    );
    assert_eq!(
        error_of("retrace={R}{S(land|myhand)}{S(land|myhand)}\nauto=draw:1\ntype=Sorcery").as_deref(),
        Some("unsupported: `retrace` cost without a land card discarded")
    );
    assert_eq!(
        error_of("retrace={R}{T}{S(land|myhand)}\nauto=draw:1\ntype=Sorcery").as_deref(),
        Some("unsupported: `retrace` cost other than mana and a land card discarded")
    );
    assert_eq!(
        error_of("retrace={R}{S(land|myhand)}\ntype=Creature\npower=1\ntoughness=1").as_deref(),
        Some("unsupported: `retrace` on a permanent")
    );
}

#[test]
fn wagics_retrace_cards_keep_their_mana_to_cast_from_the_graveyard() {
    let Some(mut table) = Table::new() else { return };
    let mut retrace = |name: &str| {
        let card = table.put(name, P0, GRAVEYARD);
        table.board.card(card).printed.retrace.clone()
    };
    // text=: Flame Jab deals 1 damage to target creature or player. -- Retrace
    assert_eq!(retrace("Flame Jab"), "{r}");
    assert_eq!(retrace("Syphon Life"), "{1}{b}{b}");
    assert_eq!(retrace("Grizzly Bears"), "");
}
