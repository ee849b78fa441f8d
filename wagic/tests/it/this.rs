//! `this(test)` before a lasting effect (the turn tests, `controllerlife`/`opponentlife`
//! against a number, `untapped`/`tapped`): its exact IR, its refusals, and the effect
//! holding only while its test does.

use std::sync::Arc;

use compiler::ir::{Condition, Expr};

use wagic::runner::{self, Verdict};
use wagic::table::Library;

use super::behaviour::test;
use super::front::error_of;
use super::front_ir::ir_of;

/// The cards of these tests (their own library).
const CARDS: &str = "[card]\nname=Grizzly Bears\nmana={1}{G}\ntype=Creature\npower=2\ntoughness=2\n[/card]\n\
[card]\nname=Shock\ntarget=creature,player\nauto=damage:2\nmana={R}\ntype=Instant\n[/card]\n\
[card]\nname=Mountain\ntype=Basic Land\nsubtype=Mountain\n[/card]\n\
[card]\nname=Night Watch\nauto=this(variable{opponentturn}>0) lord(creature|mybattlefield) 0/2\n\
type=Enchantment\n[/card]\n\
[card]\nname=Day Watch\nauto=this(variable{controllerturn} > 0) lord(creature|mybattlefield) 0/2\n\
type=Enchantment\n[/card]\n";

fn verdict(test: &str) -> Verdict {
    super::behaviour::verdict_of("this.txt", CARDS, test)
}

/// The condition of the one auto of a card, written out (`None` without one).
fn condition_of(card: &str) -> Option<String> {
    let source = format!("[card]\nname=Test\n{card}\n[/card]\n");
    let blocks = wagic::reader::read(&source);
    let arena = bumpalo::Bump::new();
    let ir = wagic::front::lower_card(&blocks[0], &arena).expect("the card compiles");
    let name = |index: usize| wagic::CATALOGUE.functions[index].name;
    ir.autos[0].statements[0].condition.map(|condition| match condition {
        Condition::If(Expr::Call(function, [])) => format!("{}()", name(function.index())),
        Condition::If(Expr::Not(Expr::Call(function, []))) => format!("not {}()", name(function.index())),
        other => format!("{other:?}"),
    })
}

#[test]
fn a_turn_test_is_the_condition_of_a_continuous_effect() {
    // A lord's effect, run again after every change, on every match while the test holds.
    let night = "auto=this(variable{opponentturn}>0) lord(creature|mybattlefield) 0/2\ntype=Enchantment";
    assert_eq!(ir_of(night), ["auto[continuous]: filterNone pump"]);
    assert_eq!(condition_of(night).as_deref(), Some("not myturn()"));
    // On the card itself.
    let day = "auto=this(variable{controllerturn}>0) 1/1\ntype=Creature";
    assert_eq!(ir_of(day), ["auto[continuous]: - pump"]);
    assert_eq!(condition_of(day).as_deref(), Some("myturn()"));
    // Without an operator, at least 1: the same test.
    assert_eq!(condition_of("auto=this(variable{controllerturn}) 1/1\ntype=Creature").as_deref(), Some("myturn()"));
}

#[test]
fn other_tests_and_one_shot_effects_under_this_are_refused() {
    for (card, refused) in [
        ("auto=this(variable{urzatron}>0) 1/1\ntype=Creature", "unsupported: `this(variable{...})` amount `urzatron`"),
        (
            "auto=this(variable{controllerturn}<1) 1/1\ntype=Creature",
            "unsupported: `this(variable{...})` amount `controllerturn`",
        ),
        (
            "auto=this(variable{type:creature:opponentbattlefield}<1) 3/3\ntype=Creature",
            "unsupported: `this(variable{type:...})`, a count of cards",
        ),
        (
            "auto=this(opponentdamagecount>0) -cantattack\ntype=Creature",
            "unsupported: `this(...)` other than a turn test, `controllerlife`, `opponentlife`, a poison count, `gear`, `auras`, `x` or `variable{amount}` against a number, `untapped`, `tapped` or `counter{0/0.n.name}`, `counter{1/1.n}`, `counter{-1/-1.n}` or `cantargetcard(spec)`",
        ),
        (
            "auto=may this(variable{controllerturn}>0) draw:1 controller\ntype=Creature",
            "unsupported: `this(...)` with `may`",
        ),
        (
            "auto=@each my upkeep:this(tapped) destroy target(creature)\ntype=Creature",
            "unsupported: `this(...)` of an effect that asks its player",
        ),
    ] {
        assert_eq!(error_of(card).as_deref(), Some(refused), "{card}");
    }
}

#[test]
fn the_effect_holds_only_in_the_turns_its_test_names() {
    // On the opponent's turn, Night Watch's creatures have +0/+2: Shock leaves the Bears;
    // Day Watch's bonus ended with its controller's turn: Shock kills them.
    let moves = "eot\nnext\nnext\nnext\nMountain\nShock\nGrizzly Bears\n";
    let board = |watch: &str, bears: &str| {
        let init = format!("[PLAYER1]\ninplay:{watch},Grizzly Bears\n[PLAYER2]\nhand:Shock\ninplay:Mountain\n");
        let expected = format!("FIRSTMAIN\n[PLAYER1]\n{bears}[PLAYER2]\ninplay:Mountain\ngraveyard:Shock\n");
        verdict(&test(&init, moves, &expected))
    };
    assert_eq!(board("Night Watch", "inplay:Night Watch,Grizzly Bears\n"), Verdict::Passed);
    assert_eq!(board("Day Watch", "inplay:Day Watch\ngraveyard:Grizzly Bears\n"), Verdict::Passed);
    // On its controller's own turn Night Watch gives nothing: their own Shock kills them.
    let init = "[PLAYER1]\ninplay:Night Watch,Grizzly Bears,Mountain\nhand:Shock\n[PLAYER2]\n";
    let expected = "FIRSTMAIN\n[PLAYER1]\ninplay:Night Watch,Mountain\ngraveyard:Shock,Grizzly Bears\n[PLAYER2]\n";
    assert_eq!(verdict(&test(init, "Mountain\nShock\nGrizzly Bears\n", expected)), Verdict::Passed);
}

#[test]
fn life_and_tapped_tests_are_the_condition_of_a_continuous_effect() {
    let shape = |test: &str| {
        let card = format!("auto=this({test}) 1/1\ntype=Creature");
        assert_eq!(ir_of(&card), ["auto[continuous]: - pump"], "{test}");
        condition_of(&card).unwrap_or_default()
    };
    // The source's controller's life (`me`, variable 0), or the opponent's, against the
    // number; `untapped` is `not hasterm(this, 'tapped')`.
    let lifetotal = wagic::CATALOGUE.functions.iter().position(|function| function.name == "lifetotal");
    let hasterm = wagic::CATALOGUE.functions.iter().position(|function| function.name == "hasterm");
    let (lifetotal, hasterm) = (lifetotal.unwrap_or_default(), hasterm.unwrap_or_default());
    assert_eq!(
        shape("controllerlife < 6"),
        format!("If(Binary(Compare(Lt), Call(FunctionIdx({lifetotal}), [Var(VariableIdx(0))]), Int(6)))")
    );
    assert_eq!(
        shape("opponentlife>=11"),
        format!("If(Binary(Compare(Ge), Call(FunctionIdx({lifetotal}), [Var(VariableIdx(1))]), Int(11)))")
    );
    assert!(
        shape("untapped")
            .starts_with(&format!("If(Not(Call(FunctionIdx({hasterm}), [Var(VariableIdx(2)), Str(\"tapped\")])"))
    );
    assert!(
        shape("tapped")
            .starts_with(&format!("If(Call(FunctionIdx({hasterm}), [Var(VariableIdx(2)), Str(\"tapped\")])"))
    );
    for test in ["controllerlife", "controllerlife<x", "poisoncount<2", "counter{1/1.1.level}>=1", "gear<x"] {
        let card = format!("auto=this({test}) 1/1\ntype=Creature");
        assert!(error_of(&card).is_some_and(|error| error.contains("`this(...)` other than")), "{test}");
    }
}

#[test]
fn an_untapped_test_holds_while_the_card_is_untapped() {
    let cards = "[card]\nname=Sentinel\nauto=this(untapped) 0/3\nauto={T}:life:1 controller\nmana={W}\ntype=Creature\npower=1\ntoughness=1\n[/card]\n\
                 [card]\nname=Shock\ntarget=creature,player\nauto=damage:2\nmana={R}\ntype=Instant\n[/card]\n";
    let library = Arc::new(Library::compile(&[("this.txt", cards.to_string())]).expect("the cards compile"));
    let verdict = |test: &str| runner::run(&library, &wagic::testfile::read(test).expect("a test"));
    // Untapped, a 1/4: Shock leaves it; tapped (its ability), a 1/1: Shock kills it.
    let shocked = |moves: &str, expected: &str| {
        verdict(&test(
            "[PLAYER1]\ninplay:Sentinel\nhand:Shock\nmanapool:{R}\n[PLAYER2]\n",
            &format!("{moves}Shock\nSentinel\n"),
            &format!("FIRSTMAIN\n[PLAYER1]\n{expected}[PLAYER2]\n"),
        ))
    };
    assert_eq!(shocked("", "inplay:Sentinel\ngraveyard:Shock\n"), Verdict::Passed);
    assert_eq!(shocked("Sentinel\n", "graveyard:Sentinel,Shock\nlife:21\n"), Verdict::Passed);
}

#[test]
fn power_toughness_counter_tests_compare_the_counters_as_wagic_does() {
    let shape = |test: &str| {
        let card = format!("auto=this({test}) 1/1\ntype=Creature");
        assert_eq!(ir_of(&card), ["auto[continuous]: - pump"], "{test}");
        condition_of(&card).unwrap_or_default()
    };
    let foreachcount = wagic::CATALOGUE.functions.iter().position(|function| function.name == "foreachcount");
    let count = |kind: &str| {
        format!("Call(FunctionIdx({}), [Var(VariableIdx(2)), Str(\"{kind}\")])", foreachcount.unwrap_or_default())
    };
    // Without an operator: at least the count inside; with one, the number after it.
    assert_eq!(shape("counter{1/1.10}"), format!("If(Binary(Compare(Ge), {}, Int(10)))", count("1/1")));
    assert_eq!(shape("counter{1/1.1} = 2"), format!("If(Binary(Compare(Eq), {}, Int(2)))", count("1/1")));
    assert_eq!(shape("counter{-1/-1.1}<1"), format!("If(Binary(Compare(Lt), {}, Int(1)))", count("-1/-1")));
    // Wagic's `ThisCounter` fails `>=` and `>` on a card with no such counter, whatever
    // the number: `>=0` holds from one counter on.
    assert_eq!(shape("counter{1/1.1}>=0"), format!("If(Binary(Compare(Ge), {}, Int(1)))", count("1/1")));
    assert_eq!(shape("counter{1/1}"), format!("If(Binary(Compare(Ge), {}, Int(1)))", count("1/1")));
}

#[test]
fn gear_and_auras_count_what_is_attached_to_the_card() {
    let shape = |test: &str| {
        let card = format!("auto=this({test}) -cantattack\nabilities=cantattack\ntype=Creature");
        assert_eq!(ir_of(&card), ["auto[continuous]: - -cantattack"], "{test}");
        condition_of(&card).unwrap_or_default()
    };
    let attachments = wagic::CATALOGUE.functions.iter().position(|function| function.name == "attachments");
    let count = |kind: &str| {
        format!("Call(FunctionIdx({}), [Var(VariableIdx(2)), Str(\"{kind}\")])", attachments.unwrap_or_default())
    };
    assert_eq!(shape("gear > 0"), format!("If(Binary(Compare(Gt), {}, Int(0)))", count("equipment")));
    assert_eq!(shape("gear !=0"), format!("If(Binary(Compare(Ne), {}, Int(0)))", count("equipment")));
    assert_eq!(shape("auras >= 1"), format!("If(Binary(Compare(Ge), {}, Int(1)))", count("aura")));
    // Without an operator, at least one.
    assert_eq!(shape("auras"), format!("If(Binary(Compare(Ge), {}, Int(1)))", count("aura")));
}

/// A creature that grows (Simic Initiate's counters), one that is stronger equipped
/// (Training Drone's `gear`) and one enchanted (Thran Golem's `auras`), with what equips
/// and enchants them.
const ATTACHED: &str = "[card]\nname=Grower\nauto={1}:counter(1/1,1)\nauto=this(counter{1/1.2}) 0/3\n\
mana={G}\ntype=Creature\npower=1\ntoughness=1\n[/card]\n\
[card]\nname=Drone\nauto=this(gear > 0) 0/3\nmana={2}\ntype=Artifact Creature\npower=1\ntoughness=1\n[/card]\n\
[card]\nname=Plate\nauto={1}:equip\nmana={1}\ntype=Artifact\nsubtype=Equipment\n[/card]\n\
[card]\nname=Golem\nauto=this(auras >= 1) 0/3\nmana={5}\ntype=Artifact Creature\npower=1\ntoughness=1\n[/card]\n\
[card]\nname=Blessing\ntarget=creature\nauto=1/0\nmana={W}\ntype=Enchantment\nsubtype=Aura\n[/card]\n\
[card]\nname=Shock\ntarget=creature,player\nauto=damage:2\nmana={R}\ntype=Instant\n[/card]\n\
[card]\nname=Last Stand\nauto=this(controllerlife < 6) draw:1 controller\nmana={U}\ntype=Instant\n[/card]\n\
[card]\nname=Forest\ntype=Basic Land\nsubtype=Forest\n[/card]\n\
[card]\nname=Throatseeker\nauto=this(variable{opponentpoisoncount} >0) 0/3\nmana={1}\ntype=Creature\npower=1\ntoughness=1\n[/card]\n";

fn attached_verdict(test: &str) -> Verdict {
    let library = Arc::new(Library::compile(&[("attached.txt", ATTACHED.to_string())]).expect("the cards compile"));
    runner::run(&library, &wagic::testfile::read(test).expect("a test"))
}

#[test]
fn a_counter_test_holds_from_the_counters_it_names() {
    // One +1/+1 counter: a 2/2 that Shock kills; two: a 3/3 that gets +0/+3 and lives.
    let shocked = |counters: usize, expected: &str| {
        attached_verdict(&test(
            "[PLAYER1]\ninplay:Grower\nhand:Shock\nmanapool:{R}{2}\n[PLAYER2]\n",
            &format!("{}Shock\nGrower\n", "Grower\n".repeat(counters)),
            &format!("FIRSTMAIN\n[PLAYER1]\n{expected}manapool:{{{}}}\n[PLAYER2]\n", 2 - counters),
        ))
    };
    assert_eq!(shocked(1, "graveyard:Grower,Shock\n"), Verdict::Passed);
    assert_eq!(shocked(2, "inplay:Grower\ngraveyard:Shock\n"), Verdict::Passed);
}

#[test]
fn gear_and_auras_tests_hold_while_something_is_attached() {
    // Equipped, the Drone is a 1/4 that Shock leaves; unequipped, a 1/1 it kills.
    let init = "[PLAYER1]\ninplay:Drone,Plate\nhand:Shock\nmanapool:{R}{1}\n[PLAYER2]\n";
    let equipped = test(
        init,
        "Plate\nDrone\nShock\nDrone\n",
        "FIRSTMAIN\n[PLAYER1]\ninplay:Drone,Plate\ngraveyard:Shock\n[PLAYER2]\n",
    );
    assert_eq!(attached_verdict(&equipped), Verdict::Passed);
    let bare = test(
        init,
        "Shock\nDrone\n",
        "FIRSTMAIN\n[PLAYER1]\ninplay:Plate\ngraveyard:Drone,Shock\nmanapool:{1}\n[PLAYER2]\n",
    );
    assert_eq!(attached_verdict(&bare), Verdict::Passed);
    // Enchanted, the Golem is a 2/4 that Shock leaves; without its Aura, a 1/1 it kills.
    let init = "[PLAYER1]\ninplay:Golem\nhand:Blessing,Shock\nmanapool:{R}{W}\n[PLAYER2]\n";
    let enchanted = test(
        init,
        "Blessing\nGolem\nShock\nGolem\n",
        "FIRSTMAIN\n[PLAYER1]\ninplay:Golem,Blessing\ngraveyard:Shock\n[PLAYER2]\n",
    );
    assert_eq!(attached_verdict(&enchanted), Verdict::Passed);
    let bare = test(
        init,
        "Shock\nGolem\n",
        "FIRSTMAIN\n[PLAYER1]\nhand:Blessing\ngraveyard:Golem,Shock\nmanapool:{W}\n[PLAYER2]\n",
    );
    assert_eq!(attached_verdict(&bare), Verdict::Passed);
}

#[test]
fn a_poison_count_test_reads_the_players_poison_counters() {
    let poisoncount = wagic::CATALOGUE.functions.iter().position(|function| function.name == "poisoncount");
    let count =
        |player: usize| format!("Call(FunctionIdx({}), [Var(VariableIdx({player}))])", poisoncount.unwrap_or(0));
    let card = |test: &str| format!("auto=this({test}) cantattack\ntype=Creature");
    let condition = |test: &str| condition_of(&card(test)).unwrap_or_default();
    assert_eq!(condition("variable{opponentpoisoncount} <1"), format!("If(Binary(Compare(Lt), {}, Int(1)))", count(1)));
    assert_eq!(condition("variable{mypoisoncount}"), format!("If(Binary(Compare(Ge), {}, Int(1)))", count(0)));
    // The opponent poisoned, the Throatseeker is a 1/4 that Shock leaves; else a 1/1.
    let shocked = |poison: &str, expected: &str| {
        attached_verdict(&test(
            &format!("[PLAYER1]\ninplay:Throatseeker\nhand:Shock\nmanapool:{{R}}\n[PLAYER2]\n{poison}"),
            "Shock\nThroatseeker\n",
            &format!("FIRSTMAIN\n[PLAYER1]\n{expected}[PLAYER2]\n{poison}"),
        ))
    };
    assert_eq!(shocked("poisoncount:1\n", "inplay:Throatseeker\ngraveyard:Shock\n"), Verdict::Passed);
    assert_eq!(shocked("", "graveyard:Throatseeker,Shock\n"), Verdict::Passed);
}

#[test]
fn a_one_shot_effect_under_this_is_done_when_its_test_holds_as_it_resolves() {
    // A trigger's effect: the test is its statement's condition, with a branch doing
    // nothing when it fails.
    let upkeep = "auto=@each my upkeep:this(controllerlife < 11) life:1 controller\ntype=Artifact";
    assert_eq!(ir_of(upkeep), ["auto[my upkeep]: me life ueot"]);
    let condition = condition_of(upkeep).unwrap_or_default();
    assert!(condition.starts_with("If(Binary(Compare(Lt), Call(") && condition.ends_with("Int(11)))"), "{condition}");
    // An instant's: at 5 life a card is drawn, at 20 none.
    let stand = |life: &str, expected: &str| {
        attached_verdict(&test(
            &format!("[PLAYER1]\nhand:Last Stand\nlibrary:Forest\nmanapool:{{U}}\n{life}[PLAYER2]\n"),
            "Last Stand\n",
            &format!("FIRSTMAIN\n[PLAYER1]\ngraveyard:Last Stand\n{expected}{life}[PLAYER2]\n"),
        ))
    };
    assert_eq!(stand("life:5\n", "hand:Forest\n"), Verdict::Passed);
    assert_eq!(stand("", "library:Forest\n"), Verdict::Passed);
}
