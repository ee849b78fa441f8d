//! `bushido(p/t)`: the exact IR, its refusals, and a creature pumped once as it blocks or
//! is blocked, however many creatures block it.

use wagic::runner::Verdict;

use super::behaviour::test;
use super::front::error_of;
use super::front_ir::ir_of;

/// The cards of these tests (their own library).
const CARDS: &str = "[card]\nname=Samurai\nauto=bushido(1/1)\nmana={W}\ntype=Creature\npower=2\ntoughness=2\n[/card]\n\
[card]\nname=Pawn\nmana={W}\ntype=Creature\npower=1\ntoughness=1\n[/card]\n\
[card]\nname=Page\nmana={W}\ntype=Creature\npower=1\ntoughness=1\n[/card]\n\
[card]\nname=Serf\nmana={W}\ntype=Creature\npower=1\ntoughness=1\n[/card]\n\
[card]\nname=Brute\nmana={W}\ntype=Creature\npower=2\ntoughness=2\n[/card]\n";

fn verdict(test: &str) -> Verdict {
    super::behaviour::verdict_of("bushido.txt", CARDS, test)
}

/// The integer arguments of the card's first auto's call, and its events' names.
fn bushido_of(card: &str) -> (Vec<String>, Vec<i32>) {
    use compiler::ir::{Arg, Effect, Expr};
    let source = format!("[card]\nname=Test\n{card}\n[/card]\n");
    let blocks = wagic::reader::read(&source);
    let arena = bumpalo::Bump::new();
    let ir = wagic::front::lower_card(&blocks[0], &arena).expect("the card compiles");
    let auto = &ir.autos[0];
    let events = auto.events.iter().map(|event| wagic::CATALOGUE.events[event.event.index()].name.to_string());
    let Effect::Call { args, .. } = auto.statements[0].chain[0].effect else { panic!("a call") };
    let ints = args.iter().filter_map(|arg| match arg {
        Arg::Value(Expr::Int(value)) => Some(*value),
        _ => None,
    });
    (events.collect(), ints.collect())
}

#[test]
fn bushido_is_a_pump_once_on_the_cards_blocking_and_blocked_events() {
    // Each event tested for the card itself (`?`), the pump until end of turn.
    assert_eq!(ir_of("auto=bushido(2/1)\ntype=Creature"), ["auto[blocking?, blocked?]: - bushido ueot"]);
    assert_eq!(
        bushido_of("auto=Bushido( 2/1 )\ntype=Creature"),
        (vec!["blocking".into(), "blocked".into()], vec![2, 1])
    );
    let construct = "unsupported: `bushido` other than `bushido(p/t)` of whole numbers";
    for line in ["bushido(x/x)", "bushido(1/1) ueot", "bushido(1)"] {
        assert_eq!(error_of(&format!("auto={line}\ntype=Creature")).as_deref(), Some(construct), "{line}");
    }
    // Given to other cards, or on a spell: not this form.
    assert!(error_of("auto=lord(creature) bushido(1/1)\ntype=Enchantment").is_some());
    assert!(error_of("auto=bushido(1/1)\ntype=Instant").is_some());
}

#[test]
fn a_blocked_creature_with_bushido_is_pumped_once_whatever_its_blockers() {
    // Blocked by three 1/1s: 3/3 once, so it dies to their three damage (pumped once per
    // blocker, it would survive as a 5/5); its three damage kill them.
    let init = "[PLAYER1]\ninplay:Samurai\n[PLAYER2]\ninplay:Pawn,Page,Serf\n";
    let moves = "next\nnext\nSamurai\nnext\nPawn\nPage\nSerf\nnext\nnext\nnext\nnext\n";
    let expected = "COMBATEND\n[PLAYER1]\ngraveyard:Samurai\n[PLAYER2]\ngraveyard:Pawn,Page,Serf\n";
    assert_eq!(verdict(&test(init, moves, expected)), Verdict::Passed);
}

#[test]
fn a_blocking_creature_with_bushido_is_pumped_and_survives() {
    // Blocking a 2/2, the 2/2 Samurai is a 3/3: it survives and kills the attacker.
    let init = "[PLAYER1]\ninplay:Brute\n[PLAYER2]\ninplay:Samurai\n";
    let moves = "next\nnext\nBrute\nnext\nSamurai\nnext\nnext\n";
    let expected = "COMBATEND\n[PLAYER1]\ngraveyard:Brute\n[PLAYER2]\ninplay:Samurai\n";
    assert_eq!(verdict(&test(init, moves, expected)), Verdict::Passed);
    // Without a block it is no bigger: the unblocked 2/2 deals 2.
    let expected = "COMBATEND\n[PLAYER1]\ninplay:Brute\n[PLAYER2]\ninplay:Samurai\nlife:18\n";
    assert_eq!(verdict(&test(init, "next\nnext\nBrute\nnext\nnext\nnext\n", expected)), Verdict::Passed);
}
