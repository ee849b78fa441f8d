//! Named counters (`counter(0/0,n,name)`, `this(counter{0/0.n.name})`): their exact IR,
//! their refusals, and their counts on the table (up, down to none, the last `time`
//! counter sacrificing its card).

use std::sync::Arc;

use compiler::ir::{Arg, Condition, Effect, Expr};

use wagic::runner::{self, Verdict};
use wagic::table::Library;

use super::behaviour::test;
use super::front::error_of;
use super::front_ir::ir_of;

/// The arguments of the one call of a card's one activated ability, written out.
fn call_args_of(card: &str) -> String {
    let source = format!("[card]\nname=Test\n{card}\n[/card]\n");
    let blocks = wagic::reader::read(&source);
    let arena = bumpalo::Bump::new();
    let ir = wagic::front::lower_card(&blocks[0], &arena).expect("the card compiles");
    match ir.actions[0].statements[0].chain[0].effect {
        Effect::Call { args, .. } => args
            .iter()
            .map(|arg| match arg {
                Arg::Value(Expr::Int(n)) => n.to_string(),
                Arg::Value(Expr::Str(s)) => format!("'{s}'"),
                other => format!("{other:?}"),
            })
            .collect::<Vec<_>>()
            .join(", "),
        other => format!("{other:?}"),
    }
}

/// The condition of the one auto of a card, written out.
fn condition_of(card: &str) -> String {
    let source = format!("[card]\nname=Test\n{card}\n[/card]\n");
    let blocks = wagic::reader::read(&source);
    let arena = bumpalo::Bump::new();
    let ir = wagic::front::lower_card(&blocks[0], &arena).expect("the card compiles");
    match ir.autos[0].statements[0].condition {
        Some(Condition::If(condition)) => format!("{condition:?}"),
        other => format!("{other:?}"),
    }
}

#[test]
fn a_named_counter_is_the_counter_call_with_its_name_in_lowercase() {
    assert_eq!(call_args_of("auto={3}:counter(0/0,1,Level) asSorcery\ntype=Creature"), "0, 0, 1, 'level'");
    // Wagic splits at `.` too, and a negative count removes.
    assert_eq!(call_args_of("auto={1}:counter(0/0.-2.Time)\ntype=Artifact"), "0, 0, -2, 'time'");
    // A name beside a power and toughness other than 0/0 changes nothing (`sameAs`).
    assert_eq!(call_args_of("auto={1}:counter(1/1,2,Growth)\ntype=Creature"), "1, 1, 2");
    assert_eq!(ir_of("auto=@each my upkeep:counter(0/0,1,Spore)\ntype=Creature"), ["auto[my upkeep]: - counter ueot"]);
    for (card, refused) in [
        ("auto={1}:counter(0/0,1)\ntype=Artifact", "unsupported: counter 0/0 without a name"),
        (
            "auto={1}:counter(0/0,1,Charge,2)\ntype=Artifact",
            "unsupported: counter with a most count (`counter(p/t,n,name,most)`)",
        ),
        ("auto={1}:counter(charge)\ntype=Artifact", "unsupported: counter other than `p/t`"),
    ] {
        assert_eq!(error_of(card).as_deref(), Some(refused), "{card}");
    }
}

#[test]
fn this_counter_is_the_count_of_that_name_against_a_number() {
    let counters = wagic::CATALOGUE.functions.iter().position(|function| function.name == "counters");
    let counters = counters.unwrap_or_default();
    let count = format!("Call(FunctionIdx({counters}), [Var(VariableIdx(2)), Str(\"level\")])");
    // Without an operator: at least the count written inside (Wagic's `ThisCounter`).
    assert_eq!(ir_of("auto=this(counter{0/0,4,Level}) 2/1\ntype=Creature"), ["auto[continuous]: - pump"]);
    assert_eq!(
        condition_of("auto=this(counter{0/0,4,Level}) 2/1\ntype=Creature"),
        format!("Binary(Compare(Ge), {count}, Int(4))")
    );
    // With one, the number after it (the count inside is replaced).
    assert_eq!(
        condition_of("auto=this(counter{0/0.1.Level}<1) flying\ntype=Creature"),
        format!("Binary(Compare(Lt), {count}, Int(1))")
    );
    for test in ["counter{0/0.1}", "counter{1/1.1.level}", "counter{0/0.1.level}<x", "counter{0/0.one.level}"] {
        let card = format!("auto=this({test}) 1/1\ntype=Creature");
        assert!(error_of(&card).is_some_and(|error| error.contains("`this(...)` other than")), "{test}");
    }
}

#[test]
fn maxlevel_tells_wagics_ai_only_and_compiles_to_nothing() {
    assert_eq!(ir_of("auto=maxlevel:4\ntype=Creature"), ["auto[]: "]);
    assert!(error_of("auto=maxlevel:four\ntype=Creature").is_some());
}

/// Cards of named counters: a leveler, an artifact that loses a time counter and a card
/// that gives two.
const CARDS: &str = "[card]\nname=Festercreep\nauto=counter(1/1,1)\n\
auto={1}{B}{C(1/1,-1)}:all(other creature) -1/-1 ueot\n\
mana={1}{B}\ntype=Creature\nsubtype=Elemental\npower=0\ntoughness=0\n[/card]\n\
[card]\nname=Cinderhaze Wretch\nauto={C(-1/-1,1)}:untap\ntext=Put a -1/-1 counter on Cinderhaze Wretch: Untap \
Cinderhaze Wretch.\nmana={4}{B}\ntype=Creature\nsubtype=Elemental Shaman\npower=3\ntoughness=2\n[/card]\n\
[card]\nname=Raging Goblin\nmana={R}\ntype=Creature\npower=1\ntoughness=1\n[/card]\n\
[card]\nname=Grizzly Bears\nmana={1}{G}\ntype=Creature\npower=2\ntoughness=2\n[/card]\n\
[card]\nname=Leveler\nauto={1}:counter(0/0,1,Level)\n\
auto=this(counter{0/0.2.Level}) 2/2\nmana={W}\ntype=Creature\npower=1\ntoughness=1\n[/card]\n\
[card]\nname=Hourglass\nauto={1}:counter(0/0,-1,Time)\nmana={1}\ntype=Artifact\n[/card]\n\
[card]\nname=Timekeeper\nauto={1}:counter(0/0,2,Time) target(artifact)\nmana={1}\ntype=Artifact\n[/card]\n\
[card]\nname=Shock\ntarget=creature,player\nauto=damage:2\nmana={R}\ntype=Instant\n[/card]\n";

fn verdict(test: &str) -> Verdict {
    super::behaviour::verdict_of("counters.txt", CARDS, test)
}

#[test]
fn a_level_counts_its_counters_and_its_bonus_holds_from_the_second() {
    // One level: a 1/1 that Shock kills; two: a 3/3 that Shock leaves.
    let shocked = |levels: usize, expected: &str| {
        verdict(&test(
            "[PLAYER1]\ninplay:Leveler\nhand:Shock\nmanapool:{R}{2}\n[PLAYER2]\n",
            &format!("{}Shock\nLeveler\n", "Leveler\n".repeat(levels)),
            &format!("FIRSTMAIN\n[PLAYER1]\n{expected}manapool:{{{}}}\n[PLAYER2]\n", 2 - levels),
        ))
    };
    assert_eq!(shocked(1, "graveyard:Leveler,Shock\n"), Verdict::Passed);
    assert_eq!(shocked(2, "inplay:Leveler\ngraveyard:Shock\n"), Verdict::Passed);
}

#[test]
fn counters_are_removed_down_to_none_and_the_last_time_counter_sacrifices() {
    let run = |moves: &str, expected: &str| {
        verdict(&test(
            "[PLAYER1]\ninplay:Hourglass,Timekeeper\nmanapool:{3}\n[PLAYER2]\n",
            moves,
            &format!("FIRSTMAIN\n[PLAYER1]\n{expected}[PLAYER2]\n"),
        ))
    };
    // Removing a counter it does not have does nothing: of the two given later, the next
    // removal leaves one, and the card stays (the Timekeeper's second click is its target).
    let kept = "Hourglass\nTimekeeper\nHourglass\nHourglass\n";
    assert_eq!(run(kept, "inplay:Hourglass,Timekeeper\n"), Verdict::Passed);
    // Two given, two removed: the last one sacrifices it.
    let gone = "Timekeeper\nHourglass\nHourglass\nHourglass\n";
    assert_eq!(run(gone, "inplay:Timekeeper\ngraveyard:Hourglass\n"), Verdict::Passed);
}

#[test]
fn removing_a_minus_one_counter_from_a_creature_without_one_changes_nothing() {
    // Heartmender's "remove a -1/-1 counter from each creature you control" on a creature
    // without one: the Bears stay 2/2 and Shock kills them (they were once given +1/+1).
    let cards = "[card]\nname=Mender\nauto={1}:counter(-1/-1,-1) target(creature)\nmana={1}\ntype=Artifact\n[/card]\n\
                 [card]\nname=Witherer\nauto={1}:counter(-1/-1,1) target(creature)\nmana={1}\ntype=Artifact\n[/card]\n";
    let library =
        Arc::new(Library::compile(&[("counters.txt", format!("{CARDS}{cards}"))]).expect("the cards compile"));
    let run = |moves: &str, expected: &str| {
        let init = "[PLAYER1]\ninplay:Mender,Witherer,Grizzly Bears\nhand:Shock\nmanapool:{R}{3}\n[PLAYER2]\n";
        let test = test(init, moves, &format!("FIRSTMAIN\n[PLAYER1]\n{expected}[PLAYER2]\n"));
        runner::run(&library, &wagic::testfile::read(&test).expect("a test"))
    };
    let shocked = "inplay:Mender,Witherer\ngraveyard:Grizzly Bears,Shock\n";
    assert_eq!(
        run("Mender\nGrizzly Bears\nShock\nGrizzly Bears\n", &format!("{shocked}manapool:{{2}}\n")),
        Verdict::Passed
    );
    // One -1/-1 counter given, one removed, one more removal does nothing: a 2/2 again.
    let twice = "Witherer\nGrizzly Bears\nMender\nGrizzly Bears\nMender\nGrizzly Bears\nShock\nGrizzly Bears\n";
    assert_eq!(run(twice, &format!("{shocked}manapool:{{0}}\n")), Verdict::Passed);
}

/// The refusal of a counter cost the front end does not compile.
const REFUSED_COUNTER_COST: &str =
    "unsupported: counter cost other than `{C(0/0,n,name)}`, `{C(1/1,n)}` or `{C(-1/-1,n)}`";

#[test]
fn a_counter_cost_is_the_c_cost_with_the_filter_of_the_counters_it_removes() {
    let source = "[card]\nname=Test\nauto={C(0/0,-3,Spore)}:life:1 controller\ntype=Creature\n[/card]\n";
    let blocks = wagic::reader::read(source);
    let arena = bumpalo::Bump::new();
    let ir = wagic::front::lower_card(&blocks[0], &arena).expect("the card compiles");
    let [cost] = ir.actions[0].costs else { panic!("one cost: {:?}", ir.actions[0].costs) };
    assert_eq!(wagic::CATALOGUE.costs[cost.cost.index()].name, "C");
    let filter = cost.filter.expect("a filter");
    assert!(matches!(filter.types, [compiler::ir::TypeTerm { atom: compiler::ir::TypeAtom::This, .. }]));
    let [[term]] = filter.terms else { panic!("one term: {:?}", filter.terms) };
    let vm::bytecode::TermKind::Compare { property, op, value } = term.kind else { panic!("{term:?}") };
    assert_eq!(wagic::catalogue::COMPARABLE_FILTERS[property.index()].name, "counter{spore}");
    assert_eq!((op, value, term.negated), (vm::bytecode::CompareOp::Ge, 3, false));
    for (card, refused) in [
        ("auto={C(1/0,-1)}:draw:1\ntype=Creature", REFUSED_COUNTER_COST),
        ("auto={C(0/0,one,Loyalty)}:draw:1\ntype=Creature", REFUSED_COUNTER_COST),
        ("auto={C(0/0,-1,Gizmo)}:draw:1\ntype=Artifact", "unsupported: counters named `gizmo` in a cost"),
    ] {
        assert_eq!(error_of(card).as_deref(), Some(refused), "{card}");
    }
}

#[test]
fn a_spec_counts_named_counters_and_any_counter() {
    assert_eq!(
        ir_of("auto=lord(creature[counter{0/0.2.Bribe}]) cantattack\ntype=Enchantment"),
        ["auto[continuous]: filterNone +cantattack"]
    );
    for term in ["counter{1/1.1}", "counter{1/1}", "counter{-1/-1.2}", "-counter{1/1}"] {
        let card = format!("auto=lord(creature[{term}]) cantattack\ntype=Enchantment");
        assert_eq!(error_of(&card), None, "{term}");
    }
    for (term, refused) in [
        ("counter{0/0.0.bribe}", "spec term `counter{...}` other than"),
        ("counter{1/1.0}", "spec term `counter{...}` other than"),
        ("counter{2/2.1}", "spec term `counter{...}` other than"),
        ("counter{1/1.1.bribe}", "spec term `counter{...}` other than"),
        ("counter{notany}", "spec term `counter{...}` other than"),
        ("counter{0/0.1.gizmo}", "counters named `gizmo` in a spec"),
        ("counter{bribe}>=1", "spec term `counter{...}` other than"),
    ] {
        let card = format!("auto=lord(creature[{term}]) cantattack\ntype=Enchantment");
        assert!(error_of(&card).is_some_and(|error| error.contains(refused)), "{term}: {:?}", error_of(&card));
    }
}

/// Cards of counter costs and specs: a giver of spore counters, a creature that pays
/// two for 3 life, and an enchantment whose lord shrinks creatures with two or more.
const SPORE_CARDS: &str = "[card]\nname=Spore Giver\nauto={1}:counter(0/0,1,Spore) target(creature)\n\
mana={1}\ntype=Artifact\n[/card]\n\
[card]\nname=Sporeling\nauto={C(0/0,-2,Spore)}:life:3 controller\nmana={G}\ntype=Creature\npower=2\ntoughness=2\n[/card]\n\
[card]\nname=Spore Blight\nauto=lord(creature[counter{0/0.2.spore}]) 0/-2\nmana={B}\ntype=Enchantment\n[/card]\n\
[card]\nname=Spore Ward\nauto=lord(creature[-counter{0/0.1.spore}]) 0/-2\nmana={B}\ntype=Enchantment\n[/card]\n";

fn spore_verdict(init: &str, moves: &str, expected: &str) -> Verdict {
    let library = Arc::new(Library::compile(&[("spores.txt", SPORE_CARDS.to_string())]).expect("the cards compile"));
    let test = test(init, moves, &format!("FIRSTMAIN\n{expected}"));
    runner::run(&library, &wagic::testfile::read(&test).expect("a test"))
}

#[test]
fn a_counter_cost_is_paid_from_the_counters_and_refused_without_enough() {
    let init = "[PLAYER1]\ninplay:Spore Giver,Sporeling\nmanapool:{3}\n[PLAYER2]\n";
    let give = "Spore Giver\nSporeling\n";
    // One counter: the cost cannot be paid; two: 3 life, once.
    let one = format!("{give}Sporeling\n");
    let expected = "[PLAYER1]\ninplay:Spore Giver,Sporeling\nmanapool:{2}\nlife:20\n[PLAYER2]\n";
    assert_eq!(spore_verdict(init, &one, expected), Verdict::Passed);
    let two = format!("{give}{give}Sporeling\nSporeling\n");
    let expected = "[PLAYER1]\ninplay:Spore Giver,Sporeling\nmanapool:{1}\nlife:23\n[PLAYER2]\n";
    assert_eq!(spore_verdict(init, &two, expected), Verdict::Passed);
}

#[test]
fn a_lord_of_counted_counters_holds_from_the_count_and_its_negation_below_it() {
    let init = "[PLAYER1]\ninplay:Spore Giver,Spore Blight,Grizzly Bears\nmanapool:{2}\n[PLAYER2]\n";
    let bears = "[card]\nname=Grizzly Bears\nmana={1}{G}\ntype=Creature\npower=2\ntoughness=2\n[/card]\n";
    let library =
        Arc::new(Library::compile(&[("spores.txt", format!("{SPORE_CARDS}{bears}"))]).expect("the cards compile"));
    let run = |init: &str, moves: &str, expected: &str| {
        let test = test(init, moves, &format!("FIRSTMAIN\n{expected}"));
        runner::run(&library, &wagic::testfile::read(&test).expect("a test"))
    };
    let give = "Spore Giver\nGrizzly Bears\n";
    let one = "[PLAYER1]\ninplay:Spore Giver,Spore Blight,Grizzly Bears\n[PLAYER2]\n";
    assert_eq!(run(init, give, &one.replace("\n[PLAYER2]", "\nmanapool:{1}\n[PLAYER2]")), Verdict::Passed);
    let two = "[PLAYER1]\ninplay:Spore Giver,Spore Blight\ngraveyard:Grizzly Bears\nmanapool:{0}\n[PLAYER2]\n";
    assert_eq!(run(init, &format!("{give}{give}"), two), Verdict::Passed);
    // Spore Ward shrinks those with none: the Bears die at once, unless given one first
    // (the Ward enters after the counter; a lord follows its matches).
    let ward = "[PLAYER1]\ninplay:Spore Giver,Grizzly Bears\nhand:Spore Ward\nmanapool:{1}{B}\n[PLAYER2]\n";
    let kept = "[PLAYER1]\ninplay:Spore Giver,Grizzly Bears,Spore Ward\nmanapool:{0}\n[PLAYER2]\n";
    assert_eq!(run(ward, &format!("{give}Spore Ward\n"), kept), Verdict::Passed);
    let died = "[PLAYER1]\ninplay:Spore Giver,Spore Ward\ngraveyard:Grizzly Bears\nmanapool:{1}\n[PLAYER2]\n";
    assert_eq!(run(ward, "Spore Ward\n", died), Verdict::Passed);
}

#[test]
fn a_lord_of_power_follows_a_plus_one_counter() {
    // A +1/+1 counter makes the Bears a 3/3 that Big Blight's lord then matches: a 3/0.
    // (Before counters were an event, the lord never saw the change.)
    let cards = "[card]\nname=Giver\nauto={1}:counter(1/1,1) target(creature)\nmana={1}\ntype=Artifact\n[/card]\n\
                 [card]\nname=Big Blight\nauto=lord(creature[power>=3]) 0/-3\nmana={B}\ntype=Enchantment\n[/card]\n\
                 [card]\nname=Grizzly Bears\nmana={1}{G}\ntype=Creature\npower=2\ntoughness=2\n[/card]\n";
    let library = Arc::new(Library::compile(&[("power.txt", cards.to_string())]).expect("the cards compile"));
    let test = test(
        "[PLAYER1]\ninplay:Giver,Big Blight,Grizzly Bears\nmanapool:{1}\n[PLAYER2]\n",
        "Giver\nGrizzly Bears\n",
        "FIRSTMAIN\n[PLAYER1]\ninplay:Giver,Big Blight\ngraveyard:Grizzly Bears\nmanapool:{0}\n[PLAYER2]\n",
    );
    assert_eq!(runner::run(&library, &wagic::testfile::read(&test).expect("a test")), Verdict::Passed);
}

#[test]
fn vanishing_is_time_counters_as_it_enters_and_one_removed_each_upkeep() {
    assert_eq!(ir_of("auto=vanishing:2\ntype=Creature"), ["auto[]: - counter", "auto[my upkeep]: - counter ueot"]);
    for card in ["auto=vanishing:0\ntype=Creature", "auto=vanishing:x\ntype=Creature", "auto=vanishing:2\ntype=Instant"]
    {
        assert!(
            error_of(card).is_some_and(|error| error.contains("`vanishing:n` other than a whole number from 1 to 100")),
            "{card}: {:?}",
            error_of(card)
        );
    }
}

#[test]
fn the_last_time_counter_removed_in_an_upkeep_sacrifices_and_its_leaving_is_seen() {
    // Vanishing 1 and a life gain as it leaves: put onto the battlefield by the test, it
    // has its counter; the upkeep's removal sacrifices it, and its own trigger sees the
    // move. (Before, a card moved by a trigger left play before its move was an event.)
    let cards = "[card]\nname=Sandglass\nauto=vanishing:1\n\
                 auto=@movedTo(this|nonbattlezone) from(myBattlefield):life:2\nmana={1}\ntype=Artifact\n[/card]\n";
    let library = Arc::new(Library::compile(&[("sand.txt", cards.to_string())]).expect("the cards compile"));
    let test = "[INIT]\nUNTAP\n[PLAYER1]\ninplay:Sandglass\n[PLAYER2]\n[DO]\nnext\nnext\n\
                [ASSERT]\nDRAW\n[PLAYER1]\ngraveyard:Sandglass\nlife:22\n[PLAYER2]\n[END]\n";
    assert_eq!(runner::run(&library, &wagic::testfile::read(test).expect("a test")), Verdict::Passed);
}

#[test]
fn fading_removes_a_fade_counter_each_upkeep_and_sacrifices_without_one() {
    assert_eq!(ir_of("auto=fading:3\ntype=Creature"), ["auto[]: - counter", "auto[my upkeep]: - counter ueot"]);
    let cards = "[card]\nname=Fader\nauto=fading:1\nmana={1}\ntype=Artifact\n[/card]\n";
    let library = Arc::new(Library::compile(&[("fade.txt", cards.to_string())]).expect("the cards compile"));
    let upkeeps = |turns: usize, expected: &str| {
        let test = format!(
            "[INIT]\nUNTAP\n[PLAYER1]\ninplay:Fader\n[PLAYER2]\n[DO]\n{}next\nnext\n\
             [ASSERT]\nDRAW\n[PLAYER1]\n{expected}\n[PLAYER2]\n[END]\n",
            "eot\neot\n".repeat(turns - 1)
        );
        runner::run(&library, &wagic::testfile::read(&test).expect("a test"))
    };
    // Its first upkeep removes its one counter; the next finds none and sacrifices it.
    assert_eq!(upkeeps(1, "inplay:Fader"), Verdict::Passed);
    assert_eq!(upkeeps(2, "graveyard:Fader"), Verdict::Passed);
}

#[test]
fn a_counter_cost_removes_plus_one_counters_and_puts_minus_one_counters_on() {
    // Festercreep's one +1/+1 counter pays its ability once: it is a 0/0 then, and the
    // other creatures get -1/-1 (the 1/1 dies); with no counter left it cannot pay again.
    let festercreep = verdict(&test(
        "[PLAYER1]\ninplay:Festercreep\nmanapool:{1}{B}\n[PLAYER2]\ninplay:Raging Goblin,Grizzly Bears\n",
        "Festercreep\n",
        "FIRSTMAIN\n[PLAYER1]\ngraveyard:Festercreep\n[PLAYER2]\ninplay:Grizzly Bears\ngraveyard:Raging Goblin\n",
    ));
    assert_eq!(festercreep, Verdict::Passed);
    // Each untap puts a -1/-1 counter on the 3/2 Wretch: the second leaves it a 1/0.
    let wretch = |untaps: usize, expected: &str| {
        verdict(&test(
            "[PLAYER1]\ninplay:Cinderhaze Wretch\n[PLAYER2]\n",
            &"Cinderhaze Wretch\n".repeat(untaps),
            &format!("FIRSTMAIN\n[PLAYER1]\n{expected}[PLAYER2]\n"),
        ))
    };
    assert_eq!(wretch(1, "inplay:Cinderhaze Wretch\n"), Verdict::Passed);
    assert_eq!(wretch(2, "graveyard:Cinderhaze Wretch\n"), Verdict::Passed);
}
