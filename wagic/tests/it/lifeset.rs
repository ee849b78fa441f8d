//! `lifeset:n` (Wagic's `AALifeSet`): a player's life total becomes n, a number or a count
//! of cards: the exact IR and what it does on the board.

use wagic::runner::Verdict;

use super::behaviour::test;
use super::front_ir::ir_of;

/// The cards of these tests (their own library).
const CARDS: &str = "[card]\nname=Wind\ntarget=player\nauto=lifeset:20\nmana={W}\ntype=Sorcery\n[/card]\n\
[card]\nname=Rhythm\nauto=lifeset:type:creature:mybattlefield controller\n\
auto=lifeset:type:creature:opponentbattlefield opponent\nmana={G}\ntype=Sorcery\n[/card]\n\
[card]\nname=Bears\nmana={G}\ntype=Creature\npower=2\ntoughness=2\n[/card]\n";

fn verdict(test: &str) -> Verdict {
    super::behaviour::verdict_of("lifeset.txt", CARDS, test)
}

/// The catalogue command and integer arguments of each link of the card's spell action.
fn calls(card: &str) -> Vec<(String, Vec<i32>, bool)> {
    use compiler::ir::{Arg, Effect, Expr};
    let source = format!("[card]\nname=Test\n{card}\n[/card]\n");
    let blocks = wagic::reader::read(&source);
    let arena = bumpalo::Bump::new();
    let ir = wagic::front::lower_card(&blocks[0], &arena).expect("the card compiles");
    let mut out = Vec::new();
    for statement in ir.actions[0].statements {
        for link in statement.chain {
            let Effect::Call { command, args, .. } = link.effect else { continue };
            let ints = args.iter().filter_map(|arg| match arg {
                Arg::Value(Expr::Int(value)) => Some(*value),
                _ => None,
            });
            let filter = args.iter().any(|arg| matches!(arg, Arg::Filter(_)));
            out.push((wagic::CATALOGUE.commands[command.index()].name.to_string(), ints.collect(), filter));
        }
    }
    out
}

#[test]
fn lifeset_is_a_player_command_of_a_number_or_a_count() {
    assert_eq!(ir_of("target=player\nauto=lifeset:20\ntype=Sorcery"), ["action[0]: - lifeset ueot"]);
    assert_eq!(calls("target=player\nauto=lifeset:20\ntype=Sorcery"), [("lifeset".to_string(), vec![20], false)]);
    assert_eq!(
        calls("auto=lifeset:type:creature:mybattlefield controller\ntype=Sorcery"),
        [("lifeset".to_string(), vec![1], true)]
    );
    assert_eq!(ir_of("auto=lifeset:7 opponent\ntype=Sorcery"), ["action[0]: opp lifeset ueot"]);
}

#[test]
fn a_life_total_becomes_the_number_up_or_down() {
    let init = "[PLAYER1]\nhand:Wind\nmanapool:{W}\nlife:10\n[PLAYER2]\n";
    let expected = "FIRSTMAIN\n[PLAYER1]\ngraveyard:Wind\nlife:20\n[PLAYER2]\n";
    assert_eq!(verdict(&test(init, "Wind\np1\n", expected)), Verdict::Passed);
    let init = "[PLAYER1]\nhand:Wind\nmanapool:{W}\n[PLAYER2]\nlife:33\n";
    let expected = "FIRSTMAIN\n[PLAYER1]\ngraveyard:Wind\n[PLAYER2]\nlife:20\n";
    assert_eq!(verdict(&test(init, "Wind\np2\n", expected)), Verdict::Passed);
    // Each player's life becomes the number of creatures they control.
    let init = "[PLAYER1]\nhand:Rhythm\ninplay:Bears,Bears\nmanapool:{G}\n[PLAYER2]\n";
    let expected = "FIRSTMAIN\n[PLAYER1]\ngraveyard:Rhythm\ninplay:Bears,Bears\nlife:2\n[PLAYER2]\nlife:0\n";
    assert_eq!(verdict(&test(init, "Rhythm\n", expected)), Verdict::Passed);
}
