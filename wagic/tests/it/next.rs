//! `@next phase:effect` on a permanent: the next such phase after it entered, either
//! player's, once; on a spell, a delayed draw or tap left as it resolves: their exact IR,
//! their refusals, and what they do to the board.

use vm::runtime::Value;
use wagic::runner::Verdict;

use super::behaviour::test;
use super::board::{BATTLEFIELD, HAND, P0, P1, Play, Table};
use super::front::error_of;
use super::front_ir::ir_of;

/// The cards of these tests (their own library).
const CARDS: &str = "[card]\nname=Seer\nauto=@next upkeep:draw:1\nmana={G}\ntype=Creature\npower=1\ntoughness=1\n[/card]\n\
[card]\nname=Forest\ntype=Basic Land\nsubtype=Forest\n[/card]\n\
[card]\nname=Wine\nauto=@next upkeep:draw:1\nauto=life:1\nmana={W}\ntype=Instant\n[/card]\n\
[card]\nname=Purge\ntarget=*|graveyard\nauto=moveto(exile)\nmana={B}\ntype=Instant\n[/card]\n";

fn verdict(test: &str) -> Verdict {
    super::behaviour::verdict_of("next.txt", CARDS, test)
}

#[test]
fn a_next_trigger_is_a_phase_trigger_payable_once() {
    // The upkeep of either player, the auto costing `nextonce`.
    assert_eq!(ir_of("auto=@next upkeep:draw:1\ntype=Creature"), ["auto[any upkeep]: - draw ueot"]);
    let source = "[card]\nname=Test\nauto=@next upkeep:draw:1\ntype=Creature\n[/card]\n";
    let blocks = wagic::reader::read(source);
    let arena = bumpalo::Bump::new();
    let ir = wagic::front::lower_card(&blocks[0], &arena).expect("the card compiles");
    let costs: Vec<&str> =
        ir.autos[0].costs.iter().map(|cost| wagic::CATALOGUE.costs[cost.cost.index()].name).collect();
    assert_eq!(costs, ["nextonce"]);
    // `@each` keeps no such cost.
    let source = "[card]\nname=Test\nauto=@each upkeep:draw:1\ntype=Creature\n[/card]\n";
    let blocks = wagic::reader::read(source);
    let ir = wagic::front::lower_card(&blocks[0], &arena).expect("the card compiles");
    assert!(ir.autos[0].costs.is_empty());
}

#[test]
fn next_with_a_player_or_on_a_spell_is_refused() {
    for (card, refused) in [
        ("auto=@next my upkeep:draw:1\ntype=Creature", "unsupported: trigger `@next` other than `@next phase`"),
        ("auto=@next my upkeep:draw:1\ntype=Instant", "unsupported: trigger `@next` other than `@next phase`"),
    ] {
        assert_eq!(error_of(card).as_deref(), Some(refused), "{card}");
    }
}

#[test]
fn the_trigger_fires_at_the_next_upkeep_whoever_s_and_then_never() {
    let init = "[PLAYER1]\nhand:Seer\nmanapool:{G}\nlibrary:Forest,Forest,Forest\n[PLAYER2]\n";
    // The opponent's upkeep is the next: its controller draws there.
    let expected = "DRAW\n[PLAYER1]\ninplay:Seer\nhand:Forest\nlibrary:Forest,Forest\n[PLAYER2]\n";
    assert_eq!(verdict(&test(init, "Seer\neot\nnext\nnext\n", expected)), Verdict::Passed);
    // Its controller's own upkeep after that: no second card (only the draw step's).
    let expected = "FIRSTMAIN\n[PLAYER1]\ninplay:Seer\nhand:Forest,Forest\nlibrary:Forest\n[PLAYER2]\n";
    assert_eq!(verdict(&test(init, "Seer\neot\neot\nnext\nnext\nnext\n", expected)), Verdict::Passed);
}

/// The integer arguments of each link's catalogue call of the card's spell statements.
fn spell_call_args(card: &str) -> Vec<(String, Vec<i32>)> {
    use compiler::ir::{Arg, Effect, Expr};
    let source = format!("[card]\nname=Test\n{card}\n[/card]\n");
    let blocks = wagic::reader::read(&source);
    let arena = bumpalo::Bump::new();
    let ir = wagic::front::lower_card(&blocks[0], &arena).expect("the card compiles");
    let mut calls = Vec::new();
    for action in ir.actions {
        for statement in action.statements {
            for link in statement.chain {
                let Effect::Call { command, args, .. } = link.effect else { continue };
                let ints = args.iter().filter_map(|arg| match arg {
                    Arg::Value(Expr::Int(value)) => Some(*value),
                    _ => None,
                });
                calls.push((wagic::CATALOGUE.commands[command.index()].name.to_string(), ints.collect()));
            }
        }
    }
    calls
}

#[test]
fn a_spells_next_trigger_is_a_delayed_draw_or_tap_left_as_it_resolves() {
    let upkeep = wagic::CATALOGUE.event_index("upkeep").expect("an event") as i32;
    let end = wagic::CATALOGUE.event_index("endofturn").expect("an event") as i32;
    // Either player's phase (0), once (1), not ended by the source's move (0), the action,
    // waiting on the source (0).
    let draw = i32::from(wagic::host::PhaseAction::DRAW);
    let tap = i32::from(wagic::host::PhaseAction::TAP);
    for line in ["@next upkeep:draw:1", "@next upkeep:draw:1 controller", "@next  Upkeep:draw:1  controller"] {
        let card = format!("auto={line}\nauto=life:1\ntype=Instant");
        assert_eq!(ir_of(&card), ["action[0]: - phaseaction; - life ueot"], "{line}");
        let calls = spell_call_args(&card);
        assert_eq!(calls[0], ("phaseaction".to_string(), vec![upkeep, 0, 1, 0, draw, 0]), "{line}");
    }
    let ray = "target=creature\nauto=untap\nauto=@next endofturn:tap\ntype=Instant";
    assert_eq!(spell_call_args(ray)[1], ("phaseaction".to_string(), vec![end, 0, 1, 0, tap, 0]));
    let construct =
        "unsupported: trigger on an instant or sorcery other than `@next phase:draw:1` or `@next phase:tap`";
    for line in
        ["@next upkeep:draw:2 controller", "@next upkeep:draw:1 opponent", "@next endofturn:tap", "@each upkeep:draw:1"]
    {
        let card = format!("auto={line}\ntype=Sorcery");
        let expected =
            if line.starts_with("@each") { "unsupported: trigger on an instant or sorcery" } else { construct };
        assert_eq!(error_of(&card).as_deref(), Some(expected), "{line}");
    }
}

#[test]
fn a_spells_delayed_draw_comes_at_the_next_upkeep_once_whatever_becomes_of_the_card() {
    let init = "[PLAYER1]\nhand:Wine,Purge\nmanapool:{W}{B}\nlibrary:Forest,Forest,Forest\n[PLAYER2]\n";
    // The opponent's upkeep is the next: the spell's controller draws there, though the
    // card has left its graveyard.
    let expected = "UPKEEP\n[PLAYER1]\nhand:Forest\nexile:Wine\nlibrary:Forest,Forest\ngraveyard:Purge\nlife:21\n\
                    [PLAYER2]\n";
    assert_eq!(verdict(&test(init, "Wine\nPurge\nWine\neot\nnext\n", expected)), Verdict::Passed);
    // Not before: the draw waits for the upkeep.
    let expected = "UNTAP\n[PLAYER1]\ngraveyard:Wine\nlibrary:Forest,Forest,Forest\nhand:Purge\n\
                    life:21\n[PLAYER2]\n";
    assert_eq!(verdict(&test(init, "Wine\neot\n", expected)), Verdict::Passed);
    // Its controller's own upkeep after that: no second card (only the draw step's).
    let expected = "FIRSTMAIN\n[PLAYER1]\ngraveyard:Wine\nhand:Purge,Forest,Forest\nlibrary:Forest\nlife:21\n\
                    [PLAYER2]\n";
    assert_eq!(verdict(&test(init, "Wine\neot\neot\nnext\nnext\nnext\n", expected)), Verdict::Passed);
}

#[test]
fn a_spells_delayed_tap_taps_its_target_at_the_next_end_of_turn() {
    let mut table = Table::with_cards(
        "[card]\nname=Ray\ntarget=creature\nauto=untap\nauto=@next endofturn:tap\nmana={U}\ntype=Instant\n[/card]\n\
         [card]\nname=Bears\nmana={1}{G}\ntype=Creature\npower=2\ntoughness=2\n[/card]\n",
    );
    let bears = table.put("Bears", P1, BATTLEFIELD);
    let ray = table.put("Ray", P0, HAND);
    table.settle();
    table.answers.push(vec![Value::Card(bears)]);
    table.cast(ray, P0);
    assert!(!table.board.get(bears).expect("the bears").tapped);
    table.run_phase_actions("upkeep", P0);
    assert!(!table.board.get(bears).expect("the bears").tapped, "not at another phase");
    table.run_phase_actions("endofturn", P0);
    assert!(table.board.get(bears).expect("the bears").tapped);
    // Once: untapped, it stays so at the next end of turn.
    wagic::host::WagicHost::set_tapped(&mut table.board, bears, false);
    table.run_phase_actions("endofturn", P1);
    assert!(!table.board.get(bears).expect("the bears").tapped);
}
