//! Wagic's engine rules written as card code (`front/alias.rs`'s `WRITTEN`): Sudden
//! Impact's and Gaze of Adamaro's damage by the target's hand, Psychic Drain, the laces'
//! colours and Mana Vault's draw-step damage, each played on Wagic's own card (read in
//! place; each test skips when the files are absent) and checked against its printed text.

use wagic::runner::{self, Verdict};

use super::behaviour::test;
use super::board::library;

/// The verdict of a Wagic behaviour test on Wagic's three card files, `None` without them.
fn verdict(test: &str) -> Option<Verdict> {
    Some(runner::run(&library()?, &wagic::testfile::read(test).expect("a test")))
}

#[test]
fn sudden_impact_deals_damage_equal_to_the_cards_in_the_targets_hand() {
    // text=: Sudden Impact deals damage equal to the number of cards in target player's
    // hand to that player.
    let init = "[PLAYER1]\nhand:Sudden Impact\nmanapool:{3}{R}\n[PLAYER2]\nhand:Forest,Forest,Mountain\n";
    let expected = "FIRSTMAIN\n[PLAYER1]\ngraveyard:Sudden Impact\n[PLAYER2]\nhand:Forest,Forest,Mountain\nlife:17\n";
    let Some(passed) = verdict(&test(init, "Sudden Impact\np2\n", expected)) else { return };
    assert_eq!(passed, Verdict::Passed);
    // An empty hand: no damage.
    let empty = test(
        "[PLAYER1]\nhand:Sudden Impact\nmanapool:{3}{R}\n[PLAYER2]\n",
        "Sudden Impact\np2\n",
        "FIRSTMAIN\n[PLAYER1]\ngraveyard:Sudden Impact\n[PLAYER2]\n",
    );
    assert_eq!(verdict(&empty), Some(Verdict::Passed));
}

#[test]
fn gaze_of_adamaro_at_its_caster_counts_the_hand_without_the_spell() {
    // text=: Gaze of Adamaro deals damage equal to the number of cards in target
    // player's hand to that player. (The spell itself is on the stack, out of the hand.)
    let init = "[PLAYER1]\nhand:Gaze of Adamaro,Forest,Forest\nmanapool:{2}{R}{R}\n[PLAYER2]\nhand:Forest\n";
    let expected =
        "FIRSTMAIN\n[PLAYER1]\nhand:Forest,Forest\ngraveyard:Gaze of Adamaro\nlife:18\n[PLAYER2]\nhand:Forest\n";
    assert_eq!(verdict(&test(init, "Gaze of Adamaro\np1\n", expected)).unwrap_or(Verdict::Passed), Verdict::Passed);
}

#[test]
fn psychic_drain_mills_the_target_x_cards_and_its_caster_gains_x_life() {
    // text=: Target player puts the top X cards of his or her library into his or her
    // graveyard and you gain X life. (X = 3: the pool's {3} beyond {U}{B}.)
    let init = "[PLAYER1]\nhand:Psychic Drain\nmanapool:{3}{U}{B}\n[PLAYER2]\nlibrary:Forest,Mountain,Island,Swamp\n";
    let expected = "FIRSTMAIN\n[PLAYER1]\ngraveyard:Psychic Drain\nlife:23\n\
                    [PLAYER2]\nlibrary:Forest\ngraveyard:Mountain,Island,Swamp\n";
    let Some(passed) = verdict(&test(init, "Psychic Drain\np2\n", expected)) else { return };
    assert_eq!(passed, Verdict::Passed);
    // More than the library holds: all of it goes, and the caster gains X all the same.
    let short = test(
        "[PLAYER1]\nhand:Psychic Drain\nmanapool:{3}{U}{B}\n[PLAYER2]\nlibrary:Forest\n",
        "Psychic Drain\np2\n",
        "FIRSTMAIN\n[PLAYER1]\ngraveyard:Psychic Drain\nlife:23\n[PLAYER2]\ngraveyard:Forest\n",
    );
    assert_eq!(verdict(&short), Some(Verdict::Passed));
}

#[test]
fn a_lace_makes_target_permanent_its_colour_only() {
    use vm::runtime::Value;
    use wagic::table::{BATTLEFIELD, HAND, P0, P1, Table};
    // text= (Chaoslace): Target spell or permanent becomes red. (Its mana symbols remain
    // unchanged.) Each lace its own colour, the permanent's others gone.
    let Some(library) = library() else { return };
    for (lace, colour) in [
        ("Chaoslace", "red"),
        ("Deathlace", "black"),
        ("Lifelace", "green"),
        ("Purelace", "white"),
        ("Thoughtlace", "blue"),
    ] {
        let mut table = Table::with_library(library.clone());
        let bears = table.try_put("Grizzly Bears", P1, BATTLEFIELD).expect("bears");
        assert_eq!(table.board.colours(bears), ["green"]);
        let spell = table.try_put(lace, P0, HAND).expect("the lace");
        table.answers.push(vec![Value::Card(bears)]);
        table.try_cast(spell, P0).expect("cast");
        assert_eq!(table.board.colours(bears), [colour], "{lace}");
        // It lasts beyond the turn.
        table.try_end_turn(P0).expect("end of turn");
        assert_eq!(table.board.colours(bears), [colour], "{lace} after the turn");
    }
}

#[test]
fn mana_vault_deals_1_damage_to_its_controller_in_their_draw_step_only_if_tapped() {
    // text=: Mana Vault doesn't untap during your untap step. -- At the beginning of your
    // upkeep, you may pay {4}. If you do, untap Mana Vault. -- At the beginning of your
    // draw step, if Mana Vault is tapped, it deals 1 damage to you. -- {T}: Add {3}.
    let test = |moves: &str, life: u32| {
        format!(
            "[INIT]\nUPKEEP\n[PLAYER1]\ninplay:Mana Vault\nlibrary:Forest\n[PLAYER2]\n[DO]\n{moves}next\n\
             [ASSERT]\nDRAW\n[PLAYER1]\ninplay:Mana Vault\nhand:Forest\nlife:{life}\n[PLAYER2]\n[END]\n"
        )
    };
    // Tapped for its {3} in the upkeep (the pool empties as the step ends): 1 damage.
    let Some(tapped) = verdict(&test("Mana Vault\n", 19)) else { return };
    assert_eq!(tapped, Verdict::Passed);
    // Untapped: none.
    assert_eq!(verdict(&test("", 20)), Some(Verdict::Passed));
}

#[test]
fn a_written_rule_on_a_card_of_another_kind_is_refused() {
    use super::front::error_of;
    use super::front_ir::ir_of;
    let refused = Some("unsupported: key `alias`");
    // The hand counted is the target player's: a spell at a creature has none.
    assert_eq!(error_of("target=creature\nalias=129750\nmana={R}\ntype=Instant").as_deref(), refused);
    // Psychic Drain's rule reads the X paid.
    assert_eq!(error_of("target=player\nalias=89114\nmana={U}{B}\ntype=Sorcery").as_deref(), refused);
    // A lace's target is its rule's: a spell with one of its own is not a lace.
    assert_eq!(error_of("target=creature\nalias=1282\nmana={R}\ntype=Instant").as_deref(), refused);
    // Mana Vault's rule is a permanent's.
    assert_eq!(error_of("alias=1124\nmana={1}\ntype=Sorcery").as_deref(), refused);
    // Written as its lines: Psychic Drain's are the two effects on the spell's target.
    assert_eq!(
        ir_of("target=player\nalias=89114\nmana={X}{U}{B}\ntype=Sorcery"),
        ir_of("target=player\nauto=deplete:X\nauto=life:X controller\nmana={X}{U}{B}\ntype=Sorcery")
    );
}
