//! `cantbetargetof(spec)` (Wagic's `ACantBeTargetFrom`): a permanent that the spells and
//! abilities of the cards a spec matches cannot target (on the battlefield and the stack),
//! counted again after every change; on the card itself, given by a lord or taught by an
//! Aura. Wagic's own cards (read in place; each test skips when the files are absent)
//! played through Wagic's target clicks, which ignore a click on a target refused.

use wagic::runner::{self, Verdict};

use super::board::library;

/// The verdict of a Wagic behaviour test on Wagic's three card files, `None` without them.
fn verdict(test: &str) -> Option<Verdict> {
    Some(runner::run(&library()?, &wagic::testfile::read(test).expect("a test")))
}

/// p0 casts `spell` (paid by `mana`) at p1's `clicked`, then at `other`; p1 has `board`.
fn cast_at(spell: &str, mana: &str, board: &str, clicked: &str, other: &str, expected: &str) -> Option<Verdict> {
    verdict(&format!(
        "[INIT]\nFIRSTMAIN\n[PLAYER1]\nhand:{spell}\nmanapool:{mana}\n[PLAYER2]\ninplay:{board}\n\
         [DO]\n{spell}\n{clicked}\n{other}\n[ASSERT]\nFIRSTMAIN\n{expected}[END]\n"
    ))
}

#[test]
fn suqata_firewalker_is_no_target_of_a_red_spell() {
    // text=: Suq'Ata Firewalker can't be the target of red spells or abilities from red
    // sources.
    let board = "Suq'Ata Firewalker,Grizzly Bears";
    // The click on the Firewalker is ignored: Shock takes the Bears.
    let expected = "[PLAYER1]\ngraveyard:Shock\n[PLAYER2]\ninplay:Suq'Ata Firewalker\ngraveyard:Grizzly Bears\n";
    let Some(shock) = cast_at("Shock", "{R}", board, "Suq'Ata Firewalker", "Grizzly Bears", expected) else {
        return;
    };
    assert_eq!(shock, Verdict::Passed);
    // A blue spell takes it.
    let expected = "[PLAYER1]\ngraveyard:Unsummon\n[PLAYER2]\nhand:Suq'Ata Firewalker\ninplay:Grizzly Bears\n";
    let unsummoned = cast_at("Unsummon", "{U}", board, "Suq'Ata Firewalker", "Grizzly Bears", expected);
    assert_eq!(unsummoned, Some(Verdict::Passed));
}

#[test]
fn tetravite_is_no_target_of_an_aura_spell() {
    // text=: Flying -- Tetravite can't be the target of Aura spells.
    let board = "Tetravite,Grizzly Bears";
    // The click on the Tetravite is ignored: Dead Weight still waits for its target.
    let test = format!(
        "[INIT]\nFIRSTMAIN\n[PLAYER1]\nhand:Dead Weight\nmanapool:{{B}}\n[PLAYER2]\ninplay:{board}\n\
         [DO]\nDead Weight\nTetravite\n[ASSERT]\nFIRSTMAIN\n[PLAYER1]\n[PLAYER2]\ngraveyard:Tetravite\n[END]\n"
    );
    let Some(Verdict::Skipped(waiting)) = verdict(&test) else { return };
    assert_eq!(waiting.reason, "a question the moves leave unanswered");
    // A Shock is no Aura: it takes the Tetravite (a 1/1).
    let expected = "[PLAYER1]\ngraveyard:Shock\n[PLAYER2]\ngraveyard:Tetravite\ninplay:Grizzly Bears\n";
    assert_eq!(cast_at("Shock", "{R}", board, "Tetravite", "Grizzly Bears", expected), Some(Verdict::Passed));
}

#[test]
fn spellbane_centaur_keeps_its_controllers_creatures_from_blue_spells() {
    // text=: Creatures you control can't be the targets of blue spells or abilities from
    // blue sources.
    let board = "Spellbane Centaur,Grizzly Bears";
    let expected =
        "[PLAYER1]\ngraveyard:Unsummon\nhand:Raging Goblin\n[PLAYER2]\ninplay:Spellbane Centaur,Grizzly Bears\n";
    let test = "[INIT]\nFIRSTMAIN\n[PLAYER1]\nhand:Unsummon\ninplay:Raging Goblin\nmanapool:{U}\n[PLAYER2]\n\
                inplay:Spellbane Centaur,Grizzly Bears\n[DO]\nUnsummon\nGrizzly Bears\nSpellbane Centaur\nRaging Goblin\n\
                [ASSERT]\nFIRSTMAIN\n";
    let Some(own) = verdict(&format!("{test}{expected}[END]\n")) else { return };
    assert_eq!(own, Verdict::Passed);
    // A red spell takes the Bears.
    let expected = "[PLAYER1]\ngraveyard:Shock\n[PLAYER2]\ninplay:Spellbane Centaur\ngraveyard:Grizzly Bears\n";
    assert_eq!(cast_at("Shock", "{R}", board, "Grizzly Bears", "Spellbane Centaur", expected), Some(Verdict::Passed));
}
