//! `maxCast(spec)n` (Wagic's `ACastRestriction`): a player cannot cast a spell of the spec
//! once they cast n of them this turn, while the permanent is on the battlefield (only
//! during its controller's turn under `this(variable{controllerturn}>0)`) or until end of
//! turn from a spell. The limit read from the spec, the IR, the refusals of the forms not
//! modelled, and the casts refused by the runner (Wagic's clicks) and by the table.

use wagic::cast_limit::{self, CastLimit};
use wagic::runner::Verdict;

use super::behaviour::test;
use super::board::{GRAVEYARD, HAND, P0, P1, Play, Table};
use super::front::error_of;
use super::front_ir::ir_of;

/// Rule of Law, Silence and Grand Abolisher as Wagic writes them, and spells to cast.
const CARDS: &str = "[card]\nname=Rule of Law\nauto=maxCast(*)1\nauto=maxCast(*)1 opponent\nmana={2}{W}\ntype=Enchantment\n[/card]\n\
[card]\nname=Silence\nauto=maxCast(*)0 opponent\nmana={W}\ntype=Instant\n[/card]\n\
[card]\nname=Grand Abolisher\nauto=this(variable{controllerturn}>0) maxCast(*)0 opponent\nmana={W}{W}\ntype=Creature\npower=2\ntoughness=2\n[/card]\n\
[card]\nname=Gift\nauto=life:1 controller\nmana={W}\ntype=Sorcery\n[/card]\n\
[card]\nname=Prayer\nauto=life:1 controller\nmana={W}\ntype=Instant\n[/card]\n\
[card]\nname=Chant\ntarget=player\nauto=maxCast(*)0\nmana={W}\ntype=Instant\n[/card]\n\
[card]\nname=Plains\ntype=Basic Land\nsubtype=Plains\n[/card]\n\
[card]\nname=Island\ntype=Basic Land\nsubtype=Island\n[/card]\n";

fn verdict(test: &str) -> Verdict {
    super::behaviour::verdict_of("maxcast.txt", CARDS, test)
}

#[test]
fn the_limit_is_read_from_the_spec_and_its_count() {
    let limit = |any_of, none_of, colour, count| Some(CastLimit { count, any_of, none_of, colour });
    assert_eq!(cast_limit::read("*", "1"), limit(0, 0, 0, 1));
    // Creature is the first of the card types, artifact the second, instant and sorcery
    // the fifth and sixth; blue the second colour.
    assert_eq!(cast_limit::read("creature", "0"), limit(1, 0, 0, 0));
    assert_eq!(cast_limit::read("*[instant;sorcery]", "0"), limit(0b11_0000, 0, 0, 0));
    assert_eq!(cast_limit::read("*[-artifact]", "1"), limit(0, 0b10, 0, 1));
    assert_eq!(cast_limit::read("creature[blue]", "0"), limit(1, 0, 2, 0));
    for (spec, count) in [("*[share!name!]", "0"), ("*[chosencolor]", "0"), ("goblin", "0"), ("*", "x"), ("*", "+1")] {
        assert_eq!(cast_limit::read(spec, count), None, "{spec} {count}");
    }
    for limit in [limit(0b111_1111, 0b111_1111, 5, 15), limit(1, 0, 2, 0)] {
        let limit = limit.expect("a limit");
        assert_eq!(CastLimit::unpack(limit.pack()), limit);
    }
}

#[test]
fn a_limit_lasts_while_in_play_on_a_permanent_and_the_turn_from_a_spell() {
    assert_eq!(
        ir_of("auto=maxCast(*)1\nauto=maxCast(*)1 opponent\ntype=Enchantment"),
        ["auto[]: - maxcast", "auto[]: opp maxcast"]
    );
    assert_eq!(ir_of("auto=maxCast(*)0 opponent\ntype=Instant"), ["action[0]: opp maxcast ueot"]);
    assert_eq!(ir_of("target=player\nauto=maxCast(*)0\ntype=Instant"), ["action[0]: - maxcast ueot"]);
    let during_its_turn = ir_of("auto=this(variable{controllerturn}>0) maxCast(*)0 opponent\ntype=Creature");
    assert_eq!(during_its_turn.len(), 1);
    assert!(during_its_turn[0].ends_with("opp maxcast"), "{during_its_turn:?}");
    let refused = "unsupported: `maxCast(spec)n` other than a spec of `*` or a card type with at most one bracket \
                   (types one of which the spell has, one type it lacks or a colour) and n from 0 to 15";
    for line in ["maxCast(*[share!name!])0 controller", "maxCast(*)x", "maxCast(goblin)0"] {
        assert_eq!(error_of(&format!("auto={line}\ntype=Enchantment")).as_deref(), Some(refused), "{line}");
    }
}

#[test]
fn rule_of_law_refuses_a_second_spell_until_the_next_turn() {
    let init = "[PLAYER1]\ninplay:Rule of Law,Plains,Plains\nhand:Gift,Prayer\nlibrary:Island\n\
                [PLAYER2]\nlibrary:Island\n";
    // One spell: cast.
    let expected = "FIRSTMAIN\n[PLAYER1]\ninplay:Rule of Law,Plains,Plains\nhand:Prayer\ngraveyard:Gift\n\
                    library:Island\nlife:21\n[PLAYER2]\nlibrary:Island\n";
    assert_eq!(verdict(&test(init, "Plains\nGift\n", expected)), Verdict::Passed);
    // A second: Wagic's cast rules do not react to the click, the mana stays.
    let paid = "[PLAYER1]\ninplay:Rule of Law\nhand:Gift,Prayer\nmanapool:{W}{W}\n[PLAYER2]\n";
    let expected =
        "FIRSTMAIN\n[PLAYER1]\ninplay:Rule of Law\nhand:Prayer\ngraveyard:Gift\nmanapool:{W}\nlife:21\n[PLAYER2]\n";
    assert_eq!(verdict(&test(paid, "Gift\nPrayer\n", expected)), Verdict::Passed);
    let cast = "FIRSTMAIN\n[PLAYER1]\ninplay:Rule of Law\ngraveyard:Gift,Prayer\nlife:22\n[PLAYER2]\n";
    assert!(matches!(verdict(&test(paid, "Gift\nPrayer\n", cast)), Verdict::Failed(_)));
    // The next turn of its caster, a new count: p1's turn passes, then p0 casts again.
    let moves = "Plains\nGift\neot\neot\nnext\nnext\nnext\neot\neot\nnext\nnext\nnext\nPlains\nPrayer\n";
    let expected = "FIRSTMAIN\n[PLAYER1]\ninplay:Rule of Law,Plains,Plains\nhand:Island\ngraveyard:Gift,Prayer\n\
                    life:22\n[PLAYER2]\nhand:Island\n";
    assert_eq!(verdict(&test(init, moves, expected)), Verdict::Passed);
}

#[test]
fn orims_chant_keeps_its_target_player_from_casting() {
    // text=: Target player can't cast spells this turn.
    let init = "[PLAYER1]\nhand:Chant,Gift\nmanapool:{W}{W}\n[PLAYER2]\n";
    let expected = "FIRSTMAIN\n[PLAYER1]\ngraveyard:Chant,Gift\nlife:21\n[PLAYER2]\n";
    assert_eq!(verdict(&test(init, "Chant\np2\nGift\n", expected)), Verdict::Passed);
    // At its caster: the click on Gift does nothing.
    let expected = "FIRSTMAIN\n[PLAYER1]\nhand:Gift\ngraveyard:Chant\nmanapool:{W}\n[PLAYER2]\n";
    assert_eq!(verdict(&test(init, "Chant\np1\nGift\n", expected)), Verdict::Passed);
}

#[test]
fn silence_keeps_its_casters_opponent_from_casting_this_turn_only() {
    let mut table = Table::with_cards(CARDS);
    let silence = table.put("Silence", P0, HAND);
    let prayer = table.put("Prayer", P1, HAND);
    let own = table.put("Prayer", P0, HAND);
    table.settle();
    assert!(table.try_cast(silence, P0).expect("cast"));
    // The opponent's Prayer stays in hand; the caster's own is cast.
    assert!(!table.try_cast(prayer, P1).expect("refused"));
    assert_eq!(table.board.card(prayer).zone, HAND);
    assert!(table.try_cast(own, P0).expect("cast"));
    assert_eq!(table.board.card(own).zone, GRAVEYARD);
    // The next turn, it is cast.
    table.end_turn(P0);
    table.board.active = P1;
    table.settle();
    assert!(table.try_cast(prayer, P1).expect("cast"));
    assert_eq!(table.board.card(prayer).zone, GRAVEYARD);
}

#[test]
fn grand_abolisher_keeps_opponents_from_casting_during_its_controllers_turn() {
    let mut table = Table::with_cards(CARDS);
    table.board.active = P0;
    table.put("Grand Abolisher", P0, wagic::table::BATTLEFIELD);
    let prayers = [table.put("Prayer", P1, HAND), table.put("Prayer", P1, HAND)];
    let own = table.put("Prayer", P0, HAND);
    table.settle();
    assert!(!table.try_cast(prayers[0], P1).expect("refused"), "its controller's turn");
    assert!(table.try_cast(own, P0).expect("cast"), "its controller casts");
    // The opponent's turn begins (its untap step: the continuous autos run again).
    table.end_turn(P0);
    table.board.active = P1;
    table.untap_step(P1).expect("untaps");
    assert!(table.try_cast(prayers[0], P1).expect("cast"), "the opponent's own turn");
    assert!(table.try_cast(prayers[1], P1).expect("cast"), "no count: any number");
}
