//! `ability$!target(<type:spec:opponentbattlefield>*|myhand) reject!$ targetedplayer`: a
//! discard of the player's own choosing, a card for each card the spec matches among the
//! card's controller's permanents (Mind Sludge's "target player discards a card for each
//! Swamp you control", Honden of Night's Reach): the catalogue's `discardchosen` with a
//! count of `type:spec:mybattlefield`, counted as it resolves. Its IR against the plain
//! form, what it does to the board, and the counts still refused.

use vm::runtime::Value;
use wagic::Command;

use super::board::{BATTLEFIELD, GRAVEYARD, HAND, P0, P1, Play, Table};
use super::front::error_of;
use super::front_ir::ir_of;

/// Cards of these tests, with Wagic's lines for them and their printed text.
const CARDS: &str = "[card]\nname=Mind Sludge\ntarget=player\n\
auto=ability$!name(discard) target(<type:swamp:opponentbattlefield>*|myhand) reject!$ targetedplayer\n\
text=Target player discards a card for each Swamp you control.\nmana={4}{B}\ntype=Sorcery\n[/card]\n\
[card]\nname=Rakdos's Return\ntarget=opponent\nauto=damage:x\n\
auto=ability$!name(discard) target(<storedx>*|myhand) reject!$ targetedplayer\n\
text=Rakdos's Return deals X damage to target opponent. That player discards X cards.\n\
mana={X}{B}{R}\ntype=Sorcery\n[/card]\n\
[card]\nname=Forest\ntype=Basic Land\nsubtype=Forest\n[/card]\n\
[card]\nname=Swamp\ntype=Basic Land\nsubtype=Swamp\n[/card]\n";

/// The discard `discardchosen` asks of `player`, as the table logs it.
fn discard_asked_of(player: u32) -> String {
    format!("Command(CommandIdx({}), {player})", Command::DiscardChosen.index())
}

#[test]
fn a_discard_counted_among_the_casters_permanents_is_discardchosen_of_that_count() {
    let pairs = [
        (
            "target=player\nauto=ability$!name(discard) target(<type:swamp:opponentbattlefield>*|myhand) reject!$ targetedplayer\ntype=Sorcery",
            "target=player\nauto=discardchosen:type:swamp:mybattlefield\ntype=Sorcery",
        ),
        (
            "auto=@each my upkeep:target(opponent) ability$!name(discard) target(<type:shrine:opponentbattlefield>*|myhand) reject !$ targetedplayer\ntype=Enchantment",
            "auto=@each my upkeep:target(opponent) discardchosen:type:shrine:mybattlefield\ntype=Enchantment",
        ),
    ];
    for (given, plain) in pairs {
        assert_eq!(ir_of(given), ir_of(plain), "{given}");
    }
}

#[test]
fn mind_sludge_makes_its_target_discard_a_card_per_swamp_its_caster_controls() {
    let sludge = |casters_swamps: usize| {
        let mut table = Table::with_cards(CARDS);
        let spell = table.put("Mind Sludge", P0, HAND);
        for _ in 0..casters_swamps {
            table.put("Swamp", P0, BATTLEFIELD);
        }
        // The target's own Swamps do not count.
        table.put("Swamp", P1, BATTLEFIELD);
        table.put("Swamp", P1, BATTLEFIELD);
        table.put("Swamp", P1, BATTLEFIELD);
        let hand: Vec<_> = (0..3).map(|_| table.put("Forest", P1, HAND)).collect();
        table.answers.push(vec![Value::Player(P1)]);
        table.answers.push(hand.iter().take(casters_swamps).map(|card| Value::Card(*card)).collect());
        table.cast(spell, P0);
        let asked = table.asked.contains(&discard_asked_of(1));
        (table.board.names(P1, HAND).len(), table.board.names(P1, GRAVEYARD).len(), asked)
    };
    // Two Swamps: p1 chooses two of their three cards.
    assert_eq!(sludge(2), (1, 2, true));
    // None: nothing is discarded, and nobody is asked.
    assert_eq!(sludge(0), (3, 0, false));
}

#[test]
fn other_counted_discards_stay_refused() {
    let message = "unsupported: `ability$!...!$` given to `targetedplayer` other than a discard, a sacrifice, a move, a \
                   draw or life";
    let cases = [
        // Ashen-Skin Zubera's "for each Zubera that died this turn" is not one graveyard's.
        "target=player\nauto=ability$!target(<type:zubera[fresh]:opponentgraveyard>*|myhand) reject!$ targetedplayer\ntype=Sorcery",
        "target=player\nauto=ability$!target(<type:creature|opponentbattlefield>*|myhand) reject!$ targetedplayer\ntype=Sorcery",
    ];
    for card in cases {
        assert_eq!(error_of(card).as_deref(), Some(message), "{card}");
    }
}

#[test]
fn rakdos_s_return_makes_its_target_opponent_discard_x_cards_of_their_choice() {
    let mut table = Table::with_cards(CARDS);
    let spell = table.put("Rakdos's Return", P0, HAND);
    let hand: Vec<_> = (0..3).map(|_| table.put("Forest", P1, HAND)).collect();
    table.put("Swamp", P1, HAND);
    table.board.x_paid = 3;
    table.answers.push(hand.iter().map(|card| Value::Card(*card)).collect());
    table.cast(spell, P0);
    assert!(table.asked.contains(&discard_asked_of(1)), "{:?}", table.asked);
    assert_eq!(table.board.player(P1).life, 17);
    assert_eq!(table.board.names(P1, HAND), ["Swamp"]);
    assert_eq!(table.board.names(P1, GRAVEYARD), ["Forest", "Forest", "Forest"]);
    // On a card without `{X}` in its cost there is no X paid to count.
    assert!(
        error_of(
            "target=player\nauto=ability$!target(<storedx>*|myhand) reject!$ targetedplayer\nmana={B}\ntype=Sorcery"
        )
        .is_some()
    );
}
