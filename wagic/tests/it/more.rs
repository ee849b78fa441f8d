//! The constructs compiled after the newer ones (`dynamicability` forms...): the front
//! end's exact IR of each and its refusals of the forms Wagic reads otherwise, then the
//! runner on hand-written cards, checked by what they do to the board.

use std::sync::Arc;

use wagic::runner::{self, Verdict};
use wagic::table::Library;

use super::behaviour::test;
use super::front::error_of;
use super::front_ir::ir_of;

/// The hand-written cards of these tests.
const CARDS: &str = "[card]\nname=Grizzly Bears\nmana={1}{G}\ntype=Creature\npower=2\ntoughness=2\n[/card]\n\
[card]\nname=Growth\ntarget=creature\nauto=3/3\nmana={G}\ntype=Instant\n[/card]\n\
[card]\nname=Sap\ntarget=creature\nauto=-3/0\nmana={B}\ntype=Instant\n[/card]\n\
[card]\nname=Shock\ntarget=creature,player\nauto=damage:2\nmana={R}\ntype=Instant\n[/card]\n\
[card]\nname=Hunter\nauto={B}{T}:target(creature) tap && dynamicability<!powerstrike!>\ntype=Creature\npower=1\ntoughness=1\n[/card]\n\
[card]\nname=Warden\nauto={T}:target(creature) dynamicability<!powerpumpboth!>\ntype=Creature\npower=2\ntoughness=2\n[/card]\n\
[card]\nname=Touch\ntarget=artifact[-creature]\nauto=dynamicability<!mytgt manacostpumpboth!> transforms((creature,setpower=0,settoughness=0)) ueot\nmana={U}\ntype=Instant\n[/card]\n\
[card]\nname=Tome\nmana={4}\ntype=Artifact\n[/card]\n\
[card]\nname=Vise\nauto=@each opponent upkeep:damage:morethanfourcards opponent\nmana={4}\ntype=Artifact\n[/card]\n\
[card]\nname=Island\ntype=Basic Land\nsubtype=Island\n[/card]\n\
[card]\nname=Jaguar\nauto=upcost[{G};next upkeep] sacrifice\nmana={G}\ntype=Creature\npower=2\ntoughness=2\n[/card]\n\
[card]\nname=Forest\ntype=Basic Land\nsubtype=Forest\n[/card]\n\
[card]\nname=Mediocrity\nauto=@movedTo(this|nonbattlezone) from(battlefield):life:-10 controller\nmana={U}\ntype=Enchantment\n[/card]\n\
[card]\nname=Gift\ntarget=*|myBattlefield\nauto=moveTo(opponentBattlefield)\nmana={U}\ntype=Sorcery\n[/card]\n\
[card]\nname=Bounce\ntarget=*\nauto=moveTo(ownerHand)\nmana={U}\ntype=Instant\n[/card]\n\
[card]\nname=Unmake\ntarget=enchantment\nauto=destroy\nmana={W}\ntype=Instant\n[/card]\n\
[card]\nname=Reinforce\nauto=if compare(lifetotal)~lessthan~compare(opponentlifetotal) then life:6\nmana={W}\ntype=Sorcery\n[/card]\n\
[card]\nname=Peek\nauto=if compare(ohandcount)~morethan~1 then draw:1 controller\nmana={U}\ntype=Sorcery\n[/card]\n\
[card]\nname=Raider\nauto=@combatdamagefoeof(player) from(this):draw:1 controller\ntype=Creature\npower=1\ntoughness=1\n[/card]\n\
[card]\nname=Scout\nauto=@combatdamageof(player) from(this):draw:1 controller\ntype=Creature\npower=1\ntoughness=1\n[/card]\n\
[card]\nname=Bargain\nauto={L:3}:draw:1 controller\nmana={B}\ntype=Artifact\n[/card]\n\
[card]\nname=Pact\nauto={L}:draw:1 controller\nmana={B}\ntype=Artifact\n[/card]\n\
[card]\nname=Mirror\nauto=@damaged(this):damage:thatmuch controller\ntype=Creature\npower=0\ntoughness=5\n[/card]\n\
[card]\nname=Hive\nauto=@damaged(this):token(Insect,Creature Insect,1/1,green)*thatmuch\ntype=Creature\npower=0\ntoughness=5\n[/card]\n\
[card]\nname=Brute\nauto=@combat(attacking,blocking) source(this):life:1 controller\ntype=Creature\npower=1\ntoughness=1\n[/card]\n\
[card]\nname=Child\nauto=upcost[{G}] sacrifice\nmana={G}\ntype=Creature\npower=7\ntoughness=7\n[/card]\n";

fn library() -> Arc<Library> {
    Arc::new(Library::compile(&[("more.txt", CARDS.to_string())]).expect("the cards compile"))
}

fn verdict(test: &str) -> Verdict {
    runner::run(&library(), &wagic::testfile::read(test).expect("a test"))
}

#[test]
fn dynamicability_acts_on_its_lines_target_with_an_amount_of_the_source_or_the_target() {
    // Auriok Bladewarden: the chosen target gets +X/+X, X the source's power.
    assert_eq!(
        ir_of("auto={T}:target(creature) dynamicability<!powerpumpboth!>\ntype=Creature"),
        ["action[1]: filterSome(Exact(1)) pump ueot"]
    );
    // Abyssal Hunter: the part after `&&` acts on the target the first part chose, as Wagic
    // gives every part of the line its one target: one statement, one choice.
    assert_eq!(
        ir_of("auto={B}{T}:target(creature) tap && dynamicability<!powerstrike!>\ntype=Creature"),
        ["action[2]: filterSome(Exact(1)) tap,damage ueot"]
    );
    // Karn's Touch: the ability after `!>` first (Wagic's stored ability), then the pump
    // by the spell's target's mana cost.
    let touch = "target=artifact[-creature]\nauto=dynamicability<!mytgt manacostpumpboth!> \
                 transforms((creature,setpower=0,settoughness=0)) ueot\ntype=Instant";
    assert_eq!(ir_of(touch), ["action[0]: - transforms,pump ueot"]);
    // Wild Beastmaster: every match of its lord gets its power.
    let beastmaster = "auto=@combat(attacking) source(this):lord(other creature|myBattlefield) \
                       dynamicability<!powerpumpboth!> ueot\ntype=Creature";
    assert_eq!(ir_of(beastmaster), ["auto[attacking?]: filterNone pump ueot"]);
    // The amount is the source's power, 0 when below 0 (Wagic's `AADynamic`).
    let source =
        "[card]\nname=Test\nauto={T}:target(creature) dynamicability<!powerpumpboth!>\ntype=Creature\n[/card]\n";
    let blocks = wagic::reader::read(source);
    let arena = bumpalo::Bump::new();
    let ir = wagic::front::lower_card(&blocks[0], &arena).expect("the card compiles");
    let debug = format!("{:?}", ir.actions[0].statements[0].chain[0].effect);
    let power = "Attr(Var(VariableIdx(2)), AttributeIdx(0))";
    let clamped = format!("Value(Or(And(Binary(Compare(Gt), {power}, Int(0)), {power}), Int(0)))");
    assert!(debug.contains(&format!("args: [{clamped}, {clamped}]")), "{debug}");
    assert_eq!((wagic::catalogue::VARIABLES[2].name, wagic::catalogue::ATTRIBUTES[0].name), ("this", "power"));
}

#[test]
fn dynamicability_forms_wagic_reads_otherwise_are_refused() {
    for (card, refusal) in [
        // A later part naming the target an earlier part chose as the ability resolves.
        (
            "auto={1}{T}:target(artifact) tap && dynamicability<!mytgt manacostpumpboth!>\ntype=Creature",
            "`dynamicability` reading a target chosen as it resolves",
        ),
        // Angelic Chorus: the entering creature's toughness may miss a lord's pump.
        (
            "auto=@movedTo(creature|mybattlefield):all(trigger[to]) dynamicability<!mytgt toughnesslifegain \
             targetcontroller!>\ntype=Enchantment",
            "`dynamicability` reading the card of its trigger",
        ),
        // A sacrificed source noted with another card: the snapshot would be the other's.
        (
            "auto={S}{E(creature|mygraveyard)}:target(creature,player) dynamicability<!powerstrike!>\ntype=Creature",
            "`dynamicability` reading a source its cost sacrificed with another card",
        ),
        // A fight with an ability after `!>`.
        (
            "auto={G}{G}{T}:target(creature) dynamicability<!powerstrike eachother!> tap\ntype=Creature",
            "`dynamicability` recipient `eachother` other than its source's damage to and from one target \
             chosen as it resolves",
        ),
        // Agonizing Demise's text has the spell deal the damage Wagic's target deals.
        (
            "target=creature\nauto=dynamicability<!mytgt powerstrike targetcontroller!>\ntype=Sorcery",
            "`dynamicability` damage dealt by its target",
        ),
        // Age counters are not counted.
        (
            "auto=@each my endofturn:may target(player) dynamicability<!agestrike!>\ntype=Creature",
            "`dynamicability` amount `age`",
        ),
        // A permanent's line with no target to act on.
        ("auto=dynamicability<!powerpumpboth!>\ntype=Creature", "`dynamicability` without a target"),
        // On an Aura, the line acts on the enchanted permanent: not compiled.
        (
            "target=creature\nauto=dynamicability<!powerpumpboth!>\ntype=Enchantment\nsubtype=Aura",
            "`dynamicability` on an Aura",
        ),
    ] {
        assert_eq!(error_of(card), Some(format!("unsupported: {refusal}")), "{card}");
    }
}

#[test]
fn a_dynamic_amount_is_read_as_the_effect_resolves_and_never_below_zero() {
    // Hunter, grown to 4/4, taps the Bears and deals them 4: they die.
    let grown = test(
        "[PLAYER1]\nhand:Growth\ninplay:Hunter\nmanapool:{G}{B}\n[PLAYER2]\ninplay:Grizzly Bears\n",
        "Growth\nHunter\nHunter\nGrizzly Bears\n",
        "FIRSTMAIN\n[PLAYER1]\ninplay:Hunter\ngraveyard:Growth\n[PLAYER2]\ngraveyard:Grizzly Bears\n",
    );
    assert_eq!(verdict(&grown), Verdict::Passed);
    // Ungrown, its 1 damage leaves them alive.
    let alive = test(
        "[PLAYER1]\ninplay:Hunter\nmanapool:{B}\n[PLAYER2]\ninplay:Grizzly Bears\n",
        "Hunter\nGrizzly Bears\n",
        "FIRSTMAIN\n[PLAYER1]\ninplay:Hunter\n[PLAYER2]\ninplay:Grizzly Bears\n",
    );
    assert_eq!(verdict(&alive), Verdict::Passed);
    // Warden gives the Bears +2/+2: they attack for 4.
    let pumped = test(
        "[PLAYER1]\ninplay:Warden,Grizzly Bears\n[PLAYER2]\n",
        "Warden\nGrizzly Bears\nnext\nnext\nGrizzly Bears\nnext\nnext\nnext\n",
        "COMBATEND\n[PLAYER1]\ninplay:Warden,Grizzly Bears\n[PLAYER2]\nlife:16\n",
    );
    assert_eq!(verdict(&pumped), Verdict::Passed);
    // Sapped to -1/2, Warden gives +0/+0, not -1/-1: the Bears still attack for 2.
    let sapped = test(
        "[PLAYER1]\nhand:Sap\ninplay:Warden,Grizzly Bears\nmanapool:{B}\n[PLAYER2]\n",
        "Sap\nWarden\nWarden\nGrizzly Bears\nnext\nnext\nGrizzly Bears\nnext\nnext\nnext\n",
        "COMBATEND\n[PLAYER1]\ninplay:Warden,Grizzly Bears\ngraveyard:Sap\n[PLAYER2]\nlife:18\n",
    );
    assert_eq!(verdict(&sapped), Verdict::Passed);
}

#[test]
fn dynamicabilitys_stored_ability_and_its_amount_both_reach_the_target() {
    // Touch makes the Tome a 0/0 creature, then +4/+4 (its mana cost): it survives a
    // Shock and attacks for 4.
    let touched = test(
        "[PLAYER1]\nhand:Touch,Shock\ninplay:Tome\nmanapool:{U}{R}\n[PLAYER2]\n",
        "Touch\nTome\nShock\nTome\nnext\nnext\nTome\nnext\nnext\nnext\n",
        "COMBATEND\n[PLAYER1]\ninplay:Tome\ngraveyard:Touch,Shock\n[PLAYER2]\nlife:16\n",
    );
    assert_eq!(verdict(&touched), Verdict::Passed);
}

#[test]
fn morethanfourcards_is_the_opponents_hand_beyond_four_as_the_effect_resolves() {
    // Viseling: the opponent's hand counted by the catalogue's `handsize`, less 4, 0 when
    // below (Wagic's `morethanfourcards` with no player target).
    let viseling = "auto=@each opponent upkeep:damage:morethanfourcards opponent\ntype=Artifact Creature";
    assert_eq!(ir_of(viseling), ["auto[opp upkeep]: opp damage ueot"]);
    let source = format!("[card]\nname=Test\n{viseling}\n[/card]\n");
    let blocks = wagic::reader::read(&source);
    let arena = bumpalo::Bump::new();
    let ir = wagic::front::lower_card(&blocks[0], &arena).expect("the card compiles");
    let debug = format!("{:?}", ir.autos[0].statements[0].chain[0].effect);
    let handsize = wagic::CATALOGUE.functions.iter().position(|function| function.name == "handsize");
    let beyond = format!("Binary(Sub, Call(FunctionIdx({}), [Var(VariableIdx(1))]), Int(4))", handsize.unwrap_or(99));
    let clamped = format!("Or(And(Binary(Compare(Gt), {beyond}, Int(0)), {beyond}), Int(0))");
    assert!(debug.contains(&format!("args: [Value({clamped})]")), "{debug}");
    assert_eq!(wagic::catalogue::VARIABLES[1].name, "opp");
    // Black Vise's player target, a spell's, another effect's: not compiled.
    for card in [
        "target=player\nauto=@each targetedplayer upkeep:damage:morethanfourcards targetedplayer\ntype=Artifact",
        "auto=damage:morethanfourcards opponent\ntype=Sorcery",
        "auto=@each opponent upkeep:life:morethanfourcards opponent\ntype=Artifact",
    ] {
        let error = error_of(card).unwrap_or_default();
        assert!(error.starts_with("unsupported: "), "{card}: {error}");
        assert!(!error.contains("dynamicability"), "{card}: {error}");
    }
    assert_eq!(
        error_of("auto=damage:morethanfourcards opponent\ntype=Sorcery").as_deref(),
        Some("unsupported: amount `morethanfourcards`")
    );
    // Six cards in the opponent's hand at their upkeep: 2 damage; four: none.
    for (hand, life) in [("Island,Island,Island,Island,Island,Island", 18), ("Island,Island,Island,Island", 20)] {
        let upkeep = test(
            &format!("[PLAYER1]\ninplay:Vise\n[PLAYER2]\nhand:{hand}\n"),
            "eot\nnext\n",
            &format!("UPKEEP\n[PLAYER1]\ninplay:Vise\n[PLAYER2]\nhand:{hand}\nlife:{life}\n"),
        );
        assert_eq!(verdict(&upkeep), Verdict::Passed, "{hand}");
    }
}

#[test]
fn upcost_is_an_ability_of_the_upkeep_and_its_effect_as_the_draw_step_begins_unpaid() {
    // Child of Gaea: the ability pays `upcost` (once, in its controller's upkeep) and the
    // cost, doing nothing; the effect runs on its controller's `draw` unless paid.
    let child = "auto=upcost[{G}{G}] sacrifice\nauto={1}{G}:regenerate\ntype=Creature";
    assert_eq!(ir_of(child), ["auto[my draw]: - moveto ueot", "action[2]: ", "action[2]: - regenerate ueot"]);
    let source = format!("[card]\nname=Test\n{child}\n[/card]\n");
    let blocks = wagic::reader::read(&source);
    let arena = bumpalo::Bump::new();
    let ir = wagic::front::lower_card(&blocks[0], &arena).expect("the card compiles");
    let upkeeppaid = wagic::CATALOGUE.functions.iter().position(|function| function.name == "upkeeppaid");
    let condition = format!("{:?}", ir.autos[0].statements[0].condition);
    let expected = format!("Some(If(Not(Call(FunctionIdx({}), [Var(VariableIdx(2))]))))", upkeeppaid.unwrap_or(99));
    assert_eq!(condition, expected);
    let costs: Vec<&str> =
        ir.actions[0].costs.iter().map(|cost| wagic::CATALOGUE.costs[cost.cost.index()].name).collect();
    assert_eq!(costs, ["upcost", "G"]);
    for (card, refusal) in [
        // A phase other than Wagic's echo.
        ("auto=upcost[{G};next draw] sacrifice\ntype=Creature", "`upcost[...;phase]` other than `next upkeep`"),
        // Wagic resolves the effect at once: no question.
        ("auto=upcost[{1}] may sacrifice\ntype=Creature", "`upcost[...]` of an effect that asks its player"),
        ("auto=upcost[{1}] destroy target(land)\ntype=Creature", "`upcost[...]` of an effect that asks its player"),
        (
            "target=creature\nauto=upcost[{1}] sacrifice\ntype=Enchantment\nsubtype=Aura",
            "`upcost[...]` on an instant, a sorcery or an Aura",
        ),
        ("auto=upcost[{1}] 1/1 limit:1\ntype=Creature", "`upcost[...]` of an effect other than a one-shot one"),
    ] {
        assert_eq!(error_of(card), Some(format!("unsupported: {refusal}")), "{card}");
    }
}

#[test]
fn an_upkeep_cost_paid_keeps_the_card_and_unpaid_its_effect_runs() {
    let upkeep = |moves: &str, expected: &str| {
        format!(
            "[INIT]\nUPKEEP\n[PLAYER1]\ninplay:Child\nmanapool:{{G}}{{G}}\n[PLAYER2]\n[DO]\n{moves}[ASSERT]\n{expected}[END]\n"
        )
    };
    // Paid once in the upkeep: a second click does nothing.
    let twice = upkeep("Child\nChild\n", "UPKEEP\n[PLAYER1]\ninplay:Child\nmanapool:{G}\n[PLAYER2]\n");
    assert_eq!(verdict(&twice), Verdict::Passed);
    // Paid, the Child stays as the draw step begins (the pool empties with the step).
    let paid = upkeep("Child\nnext\n", "DRAW\n[PLAYER1]\ninplay:Child\nmanapool:{0}\n[PLAYER2]\n");
    assert_eq!(verdict(&paid), Verdict::Passed);
    // Unpaid: sacrificed as the draw step begins.
    let unpaid = upkeep("next\n", "DRAW\n[PLAYER1]\ngraveyard:Child\nmanapool:{0}\n[PLAYER2]\n");
    assert_eq!(verdict(&unpaid), Verdict::Passed);
    // Outside the upkeep the ability is not offered: the click pays nothing.
    let main = test(
        "[PLAYER1]\ninplay:Child\nmanapool:{G}\n[PLAYER2]\n",
        "Child\n",
        "FIRSTMAIN\n[PLAYER1]\ninplay:Child\nmanapool:{G}\n[PLAYER2]\n",
    );
    assert_eq!(verdict(&main), Verdict::Passed);
    // The opponent's draw step asks nothing of it.
    let theirs =
        test("[PLAYER1]\ninplay:Child\n[PLAYER2]\n", "eot\nnext\nnext\n", "DRAW\n[PLAYER1]\ninplay:Child\n[PLAYER2]\n");
    assert_eq!(verdict(&theirs), Verdict::Passed);
}

#[test]
fn echo_is_an_upkeep_cost_until_the_first_draw_step_since_the_card_entered() {
    // Pouncing Jaguar: `echo` in place of `upcost`, and the auto costs `echoend`.
    let jaguar = "auto=upcost[{G};next upkeep] sacrifice\ntype=Creature";
    assert_eq!(ir_of(jaguar), ["auto[my draw]: - moveto ueot", "action[2]: "]);
    let source = format!("[card]\nname=Test\n{jaguar}\n[/card]\n");
    let blocks = wagic::reader::read(&source);
    let arena = bumpalo::Bump::new();
    let ir = wagic::front::lower_card(&blocks[0], &arena).expect("the card compiles");
    let names = |costs: &[compiler::ir::Cost<'_>]| -> Vec<&str> {
        costs.iter().map(|cost| wagic::CATALOGUE.costs[cost.cost.index()].name).collect()
    };
    assert_eq!((names(ir.actions[0].costs), names(ir.autos[0].costs)), (vec!["echo", "G"], vec!["echoend"]));
    let first = |moves: &str, expected: &str| {
        format!(
            "[INIT]\nUPKEEP\n[PLAYER1]\ninplay:Jaguar,Forest\nmanapool:{{G}}\n[PLAYER2]\n[DO]\n{moves}[ASSERT]\n{expected}[END]\n"
        )
    };
    // Unpaid at its first upkeep: sacrificed.
    let unpaid = first("next\n", "DRAW\n[PLAYER1]\ninplay:Forest\ngraveyard:Jaguar\nmanapool:{0}\n[PLAYER2]\n");
    assert_eq!(verdict(&unpaid), Verdict::Passed);
    // Paid: the next upkeep offers it no more (the click pays nothing)...
    let offered = first(
        "Jaguar\neot\neot\nnext\nForest\nJaguar\n",
        "UPKEEP\n[PLAYER1]\ninplay:Jaguar,Forest\nmanapool:{G}\n[PLAYER2]\n",
    );
    assert_eq!(verdict(&offered), Verdict::Passed);
    // ...and unpaid then, the Jaguar stays.
    let stays =
        first("Jaguar\neot\neot\nnext\nnext\n", "DRAW\n[PLAYER1]\ninplay:Jaguar,Forest\nmanapool:{0}\n[PLAYER2]\n");
    assert_eq!(verdict(&stays), Verdict::Passed);
}

#[test]
fn nonbattlezone_is_every_zone_but_the_battlefield_and_the_stack() {
    // `@movedTo(this|nonbattlezone) from(battlefield)`: the card's own move out of play,
    // wherever it goes (its spec alone, then `inzone` of neither zone).
    let leaves = "auto=@movedTo(this|nonbattlezone) from(battlefield):life:-10 controller\ntype=Enchantment";
    assert_eq!(ir_of(leaves), ["auto[movedto?]: me life ueot"]);
    let source = format!("[card]\nname=Test\n{leaves}\n[/card]\n");
    let blocks = wagic::reader::read(&source);
    let arena = bumpalo::Bump::new();
    let ir = wagic::front::lower_card(&blocks[0], &arena).expect("the card compiles");
    let condition = format!("{:?}", ir.autos[0].events[0].condition);
    for zone in ["Str(\"battlefield\")", "Str(\"stack\")"] {
        assert!(
            condition.contains(&format!("Not(Call(FunctionIdx(2), [Var(VariableIdx(4)), {zone}, Str(\"\")]))")),
            "{condition}"
        );
    }
    assert_eq!((wagic::CATALOGUE.functions[2].name, wagic::catalogue::VARIABLES[4].name), ("inzone", "trigger"));
    // Not a zone of a target: refused there.
    assert_eq!(
        error_of("auto=moveTo(myhand) target(creature|nonbattlezone)\ntype=Sorcery").as_deref(),
        Some("unsupported: zone `nonbattlezone`")
    );
    // To the graveyard or to a hand: its controller loses the life.
    let destroyed = test(
        "[PLAYER1]\ninplay:Mediocrity\nhand:Unmake\nmanapool:{W}\n[PLAYER2]\n",
        "Unmake\nMediocrity\n",
        "FIRSTMAIN\n[PLAYER1]\ngraveyard:Mediocrity,Unmake\nlife:10\n[PLAYER2]\n",
    );
    assert_eq!(verdict(&destroyed), Verdict::Passed);
    // Given away, then bounced to its owner's hand: the player who controlled it as it
    // left loses the life (last known information), not its owner.
    let bounced = test(
        "[PLAYER1]\ninplay:Mediocrity\nhand:Gift,Bounce\nmanapool:{U}{U}\n[PLAYER2]\n",
        "Gift\nMediocrity\nBounce\nMediocrity\n",
        "FIRSTMAIN\n[PLAYER1]\nhand:Mediocrity\ngraveyard:Gift,Bounce\n[PLAYER2]\nlife:10\n",
    );
    assert_eq!(verdict(&bounced), Verdict::Passed);
}

#[test]
fn if_compare_runs_its_effect_only_when_the_amounts_compare_so() {
    // Timely Reinforcements' life line: the statement's condition, `lifetotal(me) <
    // lifetotal(opp)`, checked as the effect resolves.
    let timely = "auto=if compare(lifetotal)~lessthan~compare(opponentlifetotal) then life:6\ntype=Sorcery";
    assert_eq!(ir_of(timely), ["action[0]: - life ueot"]);
    let source = format!("[card]\nname=Test\n{timely}\n[/card]\n");
    let blocks = wagic::reader::read(&source);
    let arena = bumpalo::Bump::new();
    let ir = wagic::front::lower_card(&blocks[0], &arena).expect("the card compiles");
    let lifetotal = wagic::CATALOGUE.functions.iter().position(|function| function.name == "lifetotal").unwrap_or(99);
    let life = |player: usize| format!("Call(FunctionIdx({lifetotal}), [Var(VariableIdx({player}))])");
    let expected = format!("Some(If(Binary(Compare(Lt), {}, {})))", life(0), life(1));
    assert_eq!(format!("{:?}", ir.actions[0].statements[0].condition), expected);
    assert_eq!((wagic::catalogue::VARIABLES[0].name, wagic::catalogue::VARIABLES[1].name), ("me", "opp"));
    for card in [
        "auto=if compare(powertotalinplay)~morethan~3 then draw:1 controller\ntype=Sorcery",
        "auto=if compare(lifetotal)+1~morethan~3 then draw:1 controller\ntype=Sorcery",
        "auto=if compare(lifetotal)~morethan~3 then damage:1 target(creature)\ntype=Sorcery",
    ] {
        let error = error_of(card).unwrap_or_default();
        assert!(error.starts_with("unsupported: `if"), "{card}: {error}");
    }
    // Less life than the opponent: 6 more; as much: none, the spell still resolves.
    for (life, after) in [(19, 25), (20, 20)] {
        let reinforce = test(
            &format!("[PLAYER1]\nhand:Reinforce\nmanapool:{{W}}\nlife:{life}\n[PLAYER2]\n"),
            "Reinforce\n",
            &format!("FIRSTMAIN\n[PLAYER1]\ngraveyard:Reinforce\nlife:{after}\n[PLAYER2]\n"),
        );
        assert_eq!(verdict(&reinforce), Verdict::Passed, "{life}");
    }
    // The opponent's hand counted against a number: two cards, more than 1, a draw.
    for (hand, drawn) in [("Island,Island", "hand:Forest\n"), ("Island", "library:Forest\n")] {
        let peek = test(
            &format!("[PLAYER1]\nhand:Peek\nlibrary:Forest\nmanapool:{{U}}\n[PLAYER2]\nhand:{hand}\n"),
            "Peek\n",
            &format!("FIRSTMAIN\n[PLAYER1]\n{drawn}graveyard:Peek\n[PLAYER2]\nhand:{hand}\n"),
        );
        assert_eq!(verdict(&peek), Verdict::Passed, "{hand}");
    }
}

#[test]
fn combat_damage_to_a_player_of_either_side_is_the_damaged_event_with_both_tests() {
    // `@combatdamagefoeof(player)`: combat damage only, dealt to the opponent.
    let raider = "auto=@combatdamagefoeof(player) from(this):draw:1 controller\ntype=Creature";
    assert_eq!(ir_of(raider), ["auto[damaged?]: me draw ueot"]);
    let source = format!("[card]\nname=Test\n{raider}\n[/card]\n");
    let blocks = wagic::reader::read(&source);
    let arena = bumpalo::Bump::new();
    let ir = wagic::front::lower_card(&blocks[0], &arena).expect("the card compiles");
    let condition = format!("{:?}", ir.autos[0].events[0].condition);
    // `combatdamage` (8), and the object (`trigger`, 4) is `opp` (1).
    assert!(condition.contains("Var(VariableIdx(8))"), "{condition}");
    assert!(condition.contains("Binary(Compare(Eq), Var(VariableIdx(4)), Var(VariableIdx(1)))"), "{condition}");
    let names: Vec<&str> = [8, 4, 1].iter().map(|&index| wagic::catalogue::VARIABLES[index].name).collect();
    assert_eq!(names, ["combatdamage", "trigger", "opp"]);
    // Unblocked, the Raider draws; the Scout's trigger is its controller's damage: none.
    for (attacker, library, hand) in [("Raider", "", "hand:Forest\n"), ("Scout", "library:Forest\n", "")] {
        let attack = test(
            &format!("[PLAYER1]\ninplay:{attacker}\nlibrary:Forest\n[PLAYER2]\n"),
            &format!("next\nnext\n{attacker}\nnext\nnext\nnext\n"),
            &format!("COMBATEND\n[PLAYER1]\ninplay:{attacker}\n{library}{hand}[PLAYER2]\nlife:19\n"),
        );
        assert_eq!(verdict(&attack), Verdict::Passed, "{attacker}");
    }
}

#[test]
fn a_life_cost_is_its_amount_and_is_paid_only_from_as_much_life() {
    // `{L:3}`: the catalogue's `L` with a count of 3.
    let source = "[card]\nname=Test\nauto={L:3}:draw:1 controller\ntype=Artifact\n[/card]\n";
    let blocks = wagic::reader::read(source);
    let arena = bumpalo::Bump::new();
    let ir = wagic::front::lower_card(&blocks[0], &arena).expect("the card compiles");
    let [cost] = ir.actions[0].costs else { panic!("one cost") };
    assert_eq!((wagic::CATALOGUE.costs[cost.cost.index()].name, cost.count), ("L", Some(3)));
    for card in ["auto={L:0}:draw:1\ntype=Artifact", "auto={L:x}:draw:1\ntype=Artifact"] {
        assert!(error_of(card).unwrap_or_default().starts_with("unsupported: "), "{card}");
    }
    // Griselbrand's test in small: from 4 life, one activation pays 3 (drawing the last
    // card listed, the library's top); the second is not offered (Wagic's
    // `SpecificLifeCost` needs the amount), nor `{L}` from 0 life.
    let library = "library:Forest,Island\n";
    for (card, life, after, hand, left) in
        [("Bargain", 4, 1, "hand:Island\n", "library:Forest\n"), ("Pact", 0, 0, "", library)]
    {
        let activated = test(
            &format!("[PLAYER1]\ninplay:{card}\nlife:{life}\n{library}[PLAYER2]\n"),
            &format!("{card}\n{card}\n"),
            &format!("FIRSTMAIN\n[PLAYER1]\ninplay:{card}\nlife:{after}\n{hand}{left}[PLAYER2]\n"),
        );
        assert_eq!(verdict(&activated), Verdict::Passed, "{card}");
    }
}

#[test]
fn thatmuch_in_a_damage_trigger_is_the_damage_dealt() {
    // The damaged event's `thatmuch` (10), negated for `-thatmuch`.
    let mirror = "[card]\nname=Test\nauto=@damaged(this):damage:thatmuch controller\n\
                  auto=@damaged(this):life:-thatmuch opponent\ntype=Creature\n[/card]\n";
    let blocks = wagic::reader::read(mirror);
    let arena = bumpalo::Bump::new();
    let ir = wagic::front::lower_card(&blocks[0], &arena).expect("the card compiles");
    let amounts: Vec<String> =
        ir.autos.iter().map(|auto| format!("{:?}", auto.statements[0].chain[0].effect)).collect();
    assert!(amounts[0].contains("args: [Value(Var(VariableIdx(9)))]"), "{}", amounts[0]);
    assert!(amounts[1].contains("args: [Value(Neg(Var(VariableIdx(9))))]"), "{}", amounts[1]);
    assert_eq!(wagic::catalogue::VARIABLES[9].name, "thatmuch");
    // Outside a damage trigger there is no damage to read.
    for card in [
        "auto=@each my upkeep:damage:thatmuch controller\ntype=Creature",
        "auto={T}:damage:thatmuch controller\ntype=Creature",
        // After a damage trigger's line, an upkeep cost's effect is no trigger's.
        "auto=@damaged(this):life:1\nauto=upcost[{1}] damage:thatmuch controller\ntype=Creature",
    ] {
        assert_eq!(error_of(card).as_deref(), Some("unsupported: amount `thatmuch`"), "{card}");
    }
    // Shocked, the opponent's Mirror deals them the 2 it took.
    let shocked = test(
        "[PLAYER1]\nhand:Shock\nmanapool:{R}\n[PLAYER2]\ninplay:Mirror\n",
        "Shock\nMirror\n",
        "FIRSTMAIN\n[PLAYER1]\ngraveyard:Shock\n[PLAYER2]\ninplay:Mirror\nlife:18\n",
    );
    assert_eq!(verdict(&shocked), Verdict::Passed);
}

#[test]
fn a_token_count_of_thatmuch_in_a_damage_trigger_is_one_per_damage() {
    let hive = "[card]\nname=Test\nauto=@damaged(this):token(Insect,Creature Insect,1/1,green)*thatmuch\n\
                type=Creature\n[/card]\n";
    let blocks = wagic::reader::read(hive);
    let arena = bumpalo::Bump::new();
    let ir = wagic::front::lower_card(&blocks[0], &arena).expect("the card compiles");
    let link = format!("{:?}", ir.autos[0].statements[0].chain[0].effect);
    assert!(link.contains("Value(Var(VariableIdx(9)))]"), "{link}");
    assert_eq!(
        error_of("auto={T}:token(Insect,Creature Insect,1/1,green)*thatmuch\ntype=Creature").as_deref(),
        Some("unsupported: token count `thatmuch`")
    );
    // Shocked, the Hive makes two Insects.
    let shocked = test(
        "[PLAYER1]\nhand:Shock\ninplay:Hive\nmanapool:{R}\n[PLAYER2]\n",
        "Shock\nHive\n",
        "FIRSTMAIN\n[PLAYER1]\ninplay:Hive,Insect,Insect\ngraveyard:Shock\n[PLAYER2]\n",
    );
    assert_eq!(verdict(&shocked), Verdict::Passed);
}

#[test]
fn a_combat_trigger_of_several_kinds_is_one_event_each() {
    assert_eq!(
        ir_of("auto=@combat(attacking,blocking) source(this):life:1 controller\ntype=Creature"),
        ["auto[attacking?, blocking?]: me life ueot"]
    );
    for card in [
        "auto=@combat(attacking,attacking) source(this):life:1\ntype=Creature",
        "auto=@combat(turnlimited,blocked) source(this):life:1\ntype=Creature",
        "auto=@combat(blocked,unblocked) source(this):life:1\ntype=Creature",
    ] {
        assert!(error_of(card).unwrap_or_default().starts_with("unsupported: trigger `@combat("), "{card}");
    }
    // Attacking, the Brute's controller gains 1.
    let attack = test(
        "[PLAYER1]\ninplay:Brute\n[PLAYER2]\n",
        "next\nnext\nBrute\nnext\nnext\nnext\n",
        "COMBATEND\n[PLAYER1]\ninplay:Brute\nlife:21\n[PLAYER2]\nlife:19\n",
    );
    assert_eq!(verdict(&attack), Verdict::Passed);
}
