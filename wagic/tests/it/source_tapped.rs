//! `@each phase sourcenottap` and `sourcetap`: a phase trigger that fires only while its
//! source is untapped (tapped): the exact IR, its refusals, and Howling Mine's rule.

use wagic::runner::Verdict;

use super::behaviour::test;
use super::front::error_of;
use super::front_ir::ir_of;

/// The cards of these tests (their own library).
const CARDS: &str = "[card]\nname=Mine\nauto=@each opponent draw sourcenottap:draw:1 opponent\nauto={T}:life:1\n\
mana={2}\ntype=Artifact\n[/card]\n\
[card]\nname=Vault\nauto=@each opponent upkeep sourcetapped:life:3 controller\nauto={T}:life:1\nmana={2}\ntype=Artifact\n[/card]\n\
[card]\nname=Forest\ntype=Basic Land\nsubtype=Forest\n[/card]\n";

fn verdict(test: &str) -> Verdict {
    super::behaviour::verdict_of("source_tapped.txt", CARDS, test)
}

/// The functions each event's condition calls, outermost first, with `not` as `!`.
fn event_tests(card: &str) -> Vec<String> {
    use compiler::ir::Expr;
    fn walk(expr: &Expr<'_>, out: &mut String) {
        match expr {
            Expr::Not(inner) => {
                out.push('!');
                walk(inner, out);
            }
            Expr::And(left, right) => {
                walk(left, out);
                out.push('&');
                walk(right, out);
            }
            Expr::Call(function, args) => {
                let name = wagic::CATALOGUE.functions[function.index()].name;
                let strings: Vec<&str> = args
                    .iter()
                    .filter_map(|arg| match arg {
                        Expr::Str(text) => Some(*text),
                        _ => None,
                    })
                    .collect();
                out.push_str(&format!("{name}({})", strings.join(",")));
            }
            _ => out.push('?'),
        }
    }
    let source = format!("[card]\nname=Test\n{card}\n[/card]\n");
    let blocks = wagic::reader::read(&source);
    let arena = bumpalo::Bump::new();
    let ir = wagic::front::lower_card(&blocks[0], &arena).expect("the card compiles");
    ir.autos[0]
        .events
        .iter()
        .map(|event| {
            let mut out = String::new();
            if let Some(condition) = event.condition {
                walk(condition, &mut out);
            }
            out
        })
        .collect()
}

#[test]
fn a_phase_trigger_tests_its_source_untapped_or_tapped_as_the_phase_begins() {
    assert_eq!(
        ir_of("auto=@each my draw sourcenottap:draw:1 controller\ntype=Artifact"),
        ["auto[my draw?]: me draw ueot"]
    );
    for (option, test) in [
        ("sourcenottap", "!hasterm(tapped)"),
        ("sourceNotTapped", "!hasterm(tapped)"),
        ("sourcetap", "hasterm(tapped)"),
        ("sourcetapped", "hasterm(tapped)"),
    ] {
        let card = format!("auto=@each opponent upkeep {option}:life:1\ntype=Artifact");
        assert_eq!(event_tests(&card), [test], "{option}");
    }
    // Without the option, no test.
    assert_eq!(event_tests("auto=@each upkeep:life:1\ntype=Artifact"), [""]);
    // `@next` keeps its own form; other words stay refused.
    assert_eq!(
        error_of("auto=@next upkeep sourcenottap:draw:1\ntype=Artifact").as_deref(),
        Some("unsupported: trigger `@next` other than `@next phase`")
    );
    assert_eq!(
        error_of("auto=@each my upkeep sourceuntapped:draw:1\ntype=Artifact").as_deref(),
        Some("unsupported: trigger `@each` form")
    );
}

#[test]
fn an_untapped_mine_gives_the_opponent_a_card_a_tapped_one_does_not() {
    let init = "SECONDMAIN\n[PLAYER1]\ninplay:Mine\n[PLAYER2]\nlibrary:Forest,Forest,Forest\n";
    let test_of = |moves: &str, expected: &str| format!("[INIT]\n{init}[DO]\n{moves}[ASSERT]\n{expected}[END]\n");
    let expected = "FIRSTMAIN\n[PLAYER1]\ninplay:Mine\n[PLAYER2]\nhand:Forest,Forest\nlibrary:Forest\n";
    assert_eq!(verdict(&test_of("eot\nnext\nnext\nnext\n", expected)), Verdict::Passed);
    // Tapped in its controller's turn, it stays so through the opponent's untap step.
    let expected = "FIRSTMAIN\n[PLAYER1]\ninplay:Mine\nlife:21\n[PLAYER2]\nhand:Forest\nlibrary:Forest,Forest\n";
    assert_eq!(verdict(&test_of("Mine\neot\nnext\nnext\nnext\n", expected)), Verdict::Passed);
}

#[test]
fn a_vault_pays_only_while_tapped() {
    let init = "[PLAYER1]\ninplay:Vault\n[PLAYER2]\n";
    let expected = "UPKEEP\n[PLAYER1]\ninplay:Vault\nlife:24\n[PLAYER2]\n";
    assert_eq!(verdict(&test(init, "Vault\neot\nnext\n", expected)), Verdict::Passed);
    let expected = "UPKEEP\n[PLAYER1]\ninplay:Vault\n[PLAYER2]\n";
    assert_eq!(verdict(&test(init, "eot\nnext\n", expected)), Verdict::Passed);
}
