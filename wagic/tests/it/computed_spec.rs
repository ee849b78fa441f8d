//! Specs reading a value Wagic computes as the spell resolves: as many targets as the X
//! paid (Thrive's `target=<prex>creature`), a bound that is the X paid (Killing Glare's
//! `creature[power<=prex]`, Meltdown's `all(artifact[manacost<=X])`) or another amount
//! (Mogis's Marauder's devotion). The value is worked out as the filter resolves; a
//! count of cards, a value where the table reads the spec itself, and a trigger's test
//! stay refused by name.

use std::sync::Arc;

use compiler::ir::Expr;
use vm::bytecode::{CompareOp, Qty, TermKind};
use vm::runtime::Value;
use wagic::runner::Verdict;
use wagic::table::{BATTLEFIELD, GRAVEYARD, HAND, Library, P0, P1, Table};

use super::behaviour::test;
use super::front::error_of;

/// The cards, each as Wagic's card file writes it.
const CARDS: &str = "[card]\nname=Thrive\ntarget=<prex>creature\nauto=counter(1/1,1)\n\
text=Put a +1/+1 counter on each of X target creatures.\nmana={X}{G}\ntype=Sorcery\n[/card]\n\
[card]\nname=Killing Glare\ntarget=creature[power<=prex]\nauto=destroy\n\
text=Destroy target creature with power X or less.\nmana={X}{B}\ntype=Instant\n[/card]\n\
[card]\nname=Meltdown\nauto=destroy all(artifact[manacost<=X])\n\
text=Destroy each artifact with converted mana cost X or less.\nmana={X}{R}\ntype=Sorcery\n[/card]\n\
[card]\nname=Distorting Wake\ntarget=<prex>*[-land]\nauto=moveTo(ownerhand)\n\
text=Return X target nonland permanents to their owners' hands.\nmana={X}{U}{U}{U}\ntype=Sorcery\n[/card]\n\
[card]\nname=Grizzly Bears\nmana={1}{G}\ntype=Creature\npower=2\ntoughness=2\n[/card]\n\
[card]\nname=Hill Giant\nmana={3}{R}\ntype=Creature\npower=3\ntoughness=3\n[/card]\n\
[card]\nname=Ornithopter\nmana={0}\ntype=Artifact Creature\npower=0\ntoughness=2\n[/card]\n\
[card]\nname=Mox\nmana={0}\ntype=Artifact\n[/card]\n\
[card]\nname=Juggernaut\nmana={4}\ntype=Artifact Creature\npower=5\ntoughness=3\n[/card]\n\
[card]\nname=Mountain\ntype=Basic Land\nsubtype=Mountain\n[/card]\n";

fn library() -> Arc<Library> {
    Arc::new(Library::compile(&[("computed.txt", CARDS.to_string())]).expect("the cards compile"))
}

fn verdict(test: &str) -> Verdict {
    super::behaviour::verdict_of("computed.txt", CARDS, test)
}

/// The rule target's one filter of a single-card file's card.
fn rule_filter<'i>(card: &str, arena: &'i bumpalo::Bump) -> compiler::ir::Filter<'i> {
    let source = format!("[card]\nname=Test\n{card}\n[/card]\n");
    let blocks = wagic::reader::read(&source);
    let ir = wagic::front::lower_card(&blocks[0], arena).expect("the card compiles");
    *ir.target.expect("a rule target").filters[0]
}

#[test]
fn a_count_or_bound_of_the_x_paid_is_the_filters_computed_value() {
    let arena = bumpalo::Bump::new();
    let x = Expr::Var(wagic::front::spec::variable("x"));
    let thrive = rule_filter("target=<prex>creature\nauto=counter(1/1,1)\nmana={X}{G}\ntype=Sorcery", &arena);
    assert!(matches!(thrive.qty, Some(Qty::Computed { up_to: false, .. })), "{:?}", thrive.qty);
    assert_eq!(thrive.computed.map(|value| format!("{value:?}")), Some(format!("{x:?}")));
    let glare = rule_filter("target=creature[power<=prex]\nauto=destroy\nmana={X}{B}\ntype=Instant", &arena);
    assert_eq!(glare.qty, Some(Qty::Exact(1)));
    assert!(
        matches!(glare.terms, [[term]] if matches!(term.kind, TermKind::CompareComputed { op: CompareOp::Le, .. })),
        "{:?}",
        glare.terms
    );
    assert_eq!(glare.computed.map(|value| format!("{value:?}")), Some(format!("{x:?}")));
    // `<upto:castx>`: up to the X paid.
    let upto = rule_filter("target=<upto:castx>creature\nauto=tap\nmana={X}{U}\ntype=Instant", &arena);
    assert!(matches!(upto.qty, Some(Qty::Computed { up_to: true, .. })), "{:?}", upto.qty);
    // A written count has no computed value.
    let two = rule_filter("target=<2>creature\nauto=tap\nmana={1}{U}\ntype=Instant", &arena);
    assert!(two.computed.is_none());
}

/// Thrive: "Put a +1/+1 counter on each of X target creatures." X = 2 with three
/// creatures: the two chosen get a counter, the third none; X = 0: no target, no counter.
#[test]
fn as_many_targets_as_the_x_paid_are_chosen() {
    let library = library();
    let run = |x: i32, chosen: usize| {
        let mut table = Table::with_library(Arc::clone(&library));
        let creatures = [
            table.try_put("Grizzly Bears", P0, BATTLEFIELD).expect("bears"),
            table.try_put("Hill Giant", P1, BATTLEFIELD).expect("giant"),
            table.try_put("Ornithopter", P1, BATTLEFIELD).expect("thopter"),
        ];
        let thrive = table.add_card("Thrive", P0, HAND, -1).expect("the spell");
        table.board.x_paid = x;
        if chosen > 0 {
            table.answers.push(creatures[..chosen].iter().map(|&card| Value::Card(card)).collect());
        }
        table.try_cast(thrive, P0).expect("cast");
        creatures.map(|card| table.board.power(card))
    };
    assert_eq!(run(2, 2), [3, 4, 0]);
    assert_eq!(run(0, 0), [2, 3, 0]);
}

/// Killing Glare: "Destroy target creature with power X or less." With X = 2 the Bears
/// (power 2) may be chosen and die; with X = 1 neither creature is a candidate.
#[test]
fn a_bound_of_the_x_paid_limits_the_candidates() {
    let library = library();
    let run = |x: i32, target: &str| {
        let mut table = Table::with_library(Arc::clone(&library));
        let bears = table.try_put("Grizzly Bears", P1, BATTLEFIELD).expect("bears");
        let giant = table.try_put("Hill Giant", P1, BATTLEFIELD).expect("giant");
        let glare = table.add_card("Killing Glare", P0, HAND, -1).expect("the spell");
        table.board.x_paid = x;
        let chosen = if target == "bears" { bears } else { giant };
        table.answers.push(vec![Value::Card(chosen)]);
        let _ = table.try_cast(glare, P0);
        table.board.names(P1, GRAVEYARD)
    };
    assert_eq!(run(2, "bears"), ["Grizzly Bears"]);
    // X = 3: the Giant may be chosen too.
    assert_eq!(run(3, "giant"), ["Hill Giant"]);
    // X = 1: neither is a candidate, nothing dies.
    assert!(run(1, "bears").is_empty());
}

/// Meltdown: "Destroy each artifact with converted mana cost X or less." X = 0: the Mox
/// and the Ornithopter; X = 4: the Juggernaut too. The lands and the Bears stay.
#[test]
fn all_of_a_bound_of_the_x_paid_takes_every_match() {
    let meltdown = |x: &str, expected: &str| {
        test(
            &format!(
                "[PLAYER1]\nhand:Meltdown\nmanapool:{{R}}{x}\n[PLAYER2]\ninplay:Mox,Ornithopter,Juggernaut,Grizzly Bears\n"
            ),
            "Meltdown\n",
            &format!("FIRSTMAIN\n[PLAYER1]\ngraveyard:Meltdown\nmanapool:{{0}}\n[PLAYER2]\n{expected}"),
        )
    };
    let x0 = meltdown("", "inplay:Juggernaut,Grizzly Bears\ngraveyard:Mox,Ornithopter\n");
    assert_eq!(verdict(&x0), Verdict::Passed);
    let x4 = meltdown("{4}", "inplay:Grizzly Bears\ngraveyard:Mox,Ornithopter,Juggernaut\n");
    assert_eq!(verdict(&x4), Verdict::Passed);
    // X = 3 leaves the Juggernaut.
    let x3 = meltdown("{3}", "inplay:Grizzly Bears\ngraveyard:Mox,Ornithopter,Juggernaut\n");
    assert_ne!(verdict(&x3), Verdict::Passed);
}

/// Distorting Wake as Wagic's own test plays it: X = 3, three nonland permanents
/// clicked, all three return to their owner's hand.
#[test]
fn a_test_clicks_as_many_targets_as_the_x_paid() {
    let wake = test(
        "[PLAYER1]\ninplay:Mox,Ornithopter,Grizzly Bears,Mountain\nhand:Distorting Wake\nmanapool:{3}{U}{U}{U}\n[PLAYER2]\n",
        "Distorting Wake\nMox\nOrnithopter\nGrizzly Bears\n",
        "FIRSTMAIN\n[PLAYER1]\ninplay:Mountain\nhand:Mox,Ornithopter,Grizzly Bears\ngraveyard:Distorting Wake\n\
         manapool:{0}\n[PLAYER2]\n",
    );
    assert_eq!(verdict(&wake), Verdict::Passed);
}

#[test]
fn computed_values_the_runtime_does_not_work_out_here_are_refused_by_name() {
    for (card, refused) in [
        // No `{X}` paid.
        (
            "target=<prex>creature\nauto=tap\nmana={U}\ntype=Instant",
            "spec value of the X paid on a card without one `{X}` in its mana cost",
        ),
        // Spellstutter Sprite: a count of cards is a command's `per` filter only.
        (
            "auto=fizzle target(*[manacost<=type:faerie:mybattlefield]|stack)\nmana={1}{U}\ntype=Creature",
            "spec value counting cards (`type:...`)",
        ),
        // A trigger's test of one card.
        (
            "auto=@movedto(creature[power<=x]|graveyard):life:1\nmana={X}\ntype=Artifact",
            "spec comparison with a computed value in a test of one card (a trigger's, `teach(...)`'s)",
        ),
        // A count the table reads itself.
        (
            "auto=if type(*[-land;manacost<=castx]|opponenthand)~lessthan~1 then draw:1\nmana={X}{U}\ntype=Sorcery",
            "spec comparison with a computed value (`power<=x`) other than a target's or `all(...)`'s",
        ),
        (
            "target=<prex>creature[power<=phandcount]\nauto=tap\nmana={X}{U}\ntype=Instant",
            "spec with two different computed values",
        ),
    ] {
        assert_eq!(error_of(card), Some(format!("unsupported: {refused}")), "{card}");
    }
}
