//! A permanent's `phaseaction[phase] effect`, pumps of counts (`type:spec:zone`) and their
//! `nonstatic` form (Angry Mob's lines), and a printed power read as Wagic's `atoi` does:
//! the exact IR, the refusals, and what they do on the board.

use wagic::runner::Verdict;

use super::behaviour::test;
use super::board::{BATTLEFIELD, HAND, P0, P1, Play, Table};
use super::front::error_of;
use super::front_ir::ir_of;

/// Angry Mob's lines on a creature of one mana, with what the tests need around it.
const CARDS: &str = "[card]\nname=Mob\n\
auto=phaseaction[my untap] type:swamp:opponentbattlefield/type:swamp:opponentbattlefield ueot nonstatic\n\
auto=type:swamp:opponentbattlefield/type:swamp:opponentbattlefield ueot nonstatic\n\
mana={W}\ntype=Creature\npower=2+*\ntoughness=2+*\n[/card]\n\
[card]\nname=Measure\ntarget=creature\nauto=moveto(exile)\nauto=dynamicability<!mytgt powerlifegain targetcontroller!>\nmana={W}\ntype=Instant\n[/card]\n\
[card]\nname=Bounce\ntarget=*|battlefield\nauto=moveto(ownerhand)\nmana={U}\ntype=Instant\n[/card]\n\
[card]\nname=Sword\nauto={T}:target(creature|mybattlefield) transforms((,newability[phaseaction[endofturn once] bury],newability[3/3])) ueot\n\
mana={1}\ntype=Artifact\n[/card]\n\
[card]\nname=Keeper\nauto={T}:target(creature) phaseaction[endofturn once sourceinplay] destroy\nmana={1}\ntype=Artifact\n[/card]\n\
[card]\nname=Hexer\nauto={T}:target(creature) phaseaction[opponent endofturn once] destroy\nmana={1}\ntype=Artifact\n[/card]\n\
[card]\nname=Thief\nauto={T}:target(creature|opponentbattlefield) transforms((,newability[moveTo(opponentbattlefield)],\
newability[phaseaction[endofturn sourceinplay] moveTo(ownerbattlefield)],newability[untap],haste)) ueot\n\
mana={1}\ntype=Artifact\n[/card]\n\
[card]\nname=Bears\nmana={1}{G}\ntype=Creature\npower=2\ntoughness=2\n[/card]\n\
[card]\nname=Swamp\ntype=Basic Land\nsubtype=Swamp\n[/card]\n\
[card]\nname=Plains\ntype=Basic Land\nsubtype=Plains\n[/card]\n";

fn verdict(test: &str) -> Verdict {
    super::behaviour::verdict_of("phaseaction.txt", CARDS, test)
}

/// The names of the functions an auto's statements test (`[[if f(...)]]`).
fn conditions(card: &str) -> Vec<Vec<String>> {
    let source = format!("[card]\nname=Test\n{card}\n[/card]\n");
    let blocks = wagic::reader::read(&source);
    let arena = bumpalo::Bump::new();
    let ir = wagic::front::lower_card(&blocks[0], &arena).expect("the card compiles");
    let named = |statement: &compiler::ir::Statement<'_>| match statement.condition {
        Some(compiler::ir::Condition::If(compiler::ir::Expr::Call(function, args))) => {
            format!("{}({})", wagic::CATALOGUE.functions[function.index()].name, args.len())
        }
        Some(_) => "other".to_string(),
        None => "-".to_string(),
    };
    ir.autos.iter().map(|auto| auto.statements.iter().map(named).collect()).collect()
}

#[test]
fn a_phase_action_is_an_auto_on_its_phase_and_a_nonstatic_pump_a_mark_and_a_continuous_pump() {
    let mob = "auto=phaseaction[my untap] type:swamp:opponentbattlefield/type:swamp:opponentbattlefield ueot \
               nonstatic\ntype=Creature";
    assert_eq!(ir_of(mob), ["auto[my untap]: - livepump ueot", "auto[continuous]: - pump"]);
    assert_eq!(conditions(mob), [vec!["-"], vec!["livepumped(2)"]]);
    // Each phase word as Wagic searches them, each player's turn or both.
    for (options, event) in [
        ("endofturn sourceinplay", "auto[any endofturn]: - moveto"),
        ("opponent upkeep,sourceinplay", "auto[opp upkeep]: - moveto"),
        ("combatends,sourceinplay", "auto[any combatends]: - moveto"),
        ("sourceinplay", "auto[any upkeep]: - moveto"),
    ] {
        let card = format!("auto=phaseaction[{options}] moveto(ownerhand)\ntype=Creature");
        assert_eq!(ir_of(&card), [event], "{options}");
    }
    // Without `nonstatic`, counted as the pump begins: one pump per match, or one per side.
    assert_eq!(
        ir_of("auto=type:creature:mybattlefield/type:creature:mybattlefield ueot\ntype=Instant"),
        ["action[0]: - pump ueot"]
    );
    assert_eq!(ir_of("auto=-type:forest:battlefield/1 ueot\ntype=Instant"), ["action[0]: - pump,pump ueot"]);
    // A pump of numbers is the same with `nonstatic`.
    assert_eq!(ir_of("auto=2/2 ueot nonstatic\ntype=Creature"), ["auto[]: - pump ueot"]);
}

#[test]
fn phase_actions_and_nonstatic_pumps_wagic_runs_otherwise_are_refused_by_name() {
    for (card, refused) in [
        ("auto=phaseaction[endofturn once] sacrifice\ntype=Creature", "`phaseaction` with `once`"),
        ("auto=phaseaction[next,endofturn] sacrifice\ntype=Creature", "`phaseaction` with `next`"),
        ("auto=phaseaction[my upkeep checkex] sacrifice\ntype=Creature", "`phaseaction` with `checkex`"),
        ("auto=phaseaction[my opponent upkeep] 1/1 ueot\ntype=Creature", "`phaseaction` with both `my` and `opponent`"),
        ("auto=phaseaction[attackers] 1/1 ueot\ntype=Creature", "`phaseaction` at `attackers`"),
        (
            "auto=phaseaction[endofturn] sacrifice\ntype=Creature",
            "`phaseaction` without `sourceinplay` of an effect outlasting the turn",
        ),
        (
            "auto=phaseaction[upkeep sourceinplay] 1/1\ntype=Creature",
            "`phaseaction` of a lasting effect without `ueot`",
        ),
        (
            "auto=phaseaction[upkeep sourceinplay] may draw:1\ntype=Creature",
            "`phaseaction` of an effect with a question",
        ),
        ("auto=phaseaction[my upkeep once]:draw:1 controller\ntype=Creature", "`phaseaction` with `once`"),
        (
            "auto=phaseaction[my upkeep sourceinplay]:draw:1 controller\ntype=Creature",
            "`phaseaction[...]:` with a colon",
        ),
        ("auto=phaseactionmulti[endofturn] sacrifice\ntype=Creature", "`phaseactionmulti`"),
        (
            "auto=phaseaction[endofturn sourceinplay] sacrifice\ntype=Sorcery",
            "`phaseaction` on an instant, a sorcery or an Aura",
        ),
        (
            "auto={1}:target(creature) type:swamp:opponentbattlefield/type:swamp:opponentbattlefield ueot nonstatic\ntype=Creature",
            "`nonstatic` pump other than of the permanent itself",
        ),
        (
            "auto=type:swamp:battlefield/type:swamp:battlefield nonstatic\ntype=Creature",
            "`nonstatic` pump other than of the permanent itself",
        ),
        ("auto=draw:1 nonstatic\ntype=Creature", "`nonstatic` of an effect other than a pump"),
        ("auto=type:swamp:battlefield/halfuptype:swamp:battlefield\ntype=Instant", "effect `type`"),
    ] {
        assert_eq!(error_of(card).as_deref(), Some(format!("unsupported: {refused}").as_str()), "{card}");
    }
}

#[test]
fn a_nonstatic_pump_follows_its_count_until_the_end_of_the_turn() {
    // Three Swamps as the Mob enters: 5/5; one returned to its owner's hand: 4/4, which
    // Measure's life shows.
    let init = "[PLAYER1]\nhand:Mob,Bounce,Measure\nmanapool:{W}{W}{U}\n[PLAYER2]\ninplay:Swamp,Swamp,Swamp\n";
    let expected = "FIRSTMAIN\n[PLAYER1]\nexile:Mob\ngraveyard:Bounce,Measure\nlife:24\n[PLAYER2]\ninplay:Swamp,Swamp\nhand:Swamp\n";
    assert_eq!(verdict(&test(init, "Mob\nBounce\nSwamp\nMeasure\nMob\n", expected)), Verdict::Passed);
}

#[test]
fn the_phase_action_pumps_in_its_controllers_turns_only() {
    // Cast in the second main phase: the opponent's turn finds the Mob 2/2 (the pump of its
    // entering ended with the turn) ...
    let init = "[PLAYER1]\nhand:Mob\nmanapool:{W}\n[PLAYER2]\ninplay:Swamp,Swamp,Swamp,Plains\nhand:Measure\n";
    let moves = "Mob\neot\nnext\nnext\nnext\nPlains\nMeasure\nMob\n";
    let expected =
        "FIRSTMAIN\n[PLAYER1]\nexile:Mob\nlife:22\n[PLAYER2]\ninplay:Swamp,Swamp,Swamp,Plains\ngraveyard:Measure\n";
    let in_secondmain = |text: String| text.replacen("[INIT]\nFIRSTMAIN", "[INIT]\nSECONDMAIN", 1);
    assert_eq!(verdict(&in_secondmain(test(init, moves, expected))), Verdict::Passed);
    // ... and its controller's next untap step pumps it again: 5/5.
    let init = "[PLAYER1]\ninplay:Plains\nhand:Mob,Measure\nmanapool:{W}\n[PLAYER2]\ninplay:Swamp,Swamp,Swamp\n";
    let moves = "Mob\neot\neot\nnext\nnext\nnext\nPlains\nMeasure\nMob\n";
    let expected = "FIRSTMAIN\n[PLAYER1]\ninplay:Plains\nexile:Mob\ngraveyard:Measure\nlife:25\n[PLAYER2]\ninplay:Swamp,Swamp,Swamp\n";
    assert_eq!(verdict(&in_secondmain(test(init, moves, expected))), Verdict::Passed);
}

#[test]
fn a_printed_power_is_its_leading_number_as_wagics_atoi_reads_it() {
    // Before the fix the table read `2+*` as 0 (not a number): Angry Mob died 0/0 in its
    // opponent's turn.
    let mut table = Table::with_cards(
        "[card]\nname=Starred\nmana={W}\ntype=Creature\npower=2+*\ntoughness=-1x\n[/card]\n\
         [card]\nname=Star\nmana={W}\ntype=Creature\npower=*\ntoughness=3\n[/card]\n",
    );
    let starred = table.put("Starred", P0, HAND);
    let star = table.put("Star", P1, BATTLEFIELD);
    assert_eq!((table.board.power(starred), table.board.toughness(starred)), (2, -1));
    assert_eq!((table.board.power(star), table.board.toughness(star)), (0, 3));
}

#[test]
fn a_phase_action_in_an_ability_waits_on_its_target_card() {
    let sword = "auto={T}:target(creature|mybattlefield) transforms((,newability[phaseaction[endofturn once] bury],\
                 newability[3/3])) ueot\ntype=Artifact";
    assert_eq!(ir_of(sword), ["action[1]: filterSome(Exact(1)) transforms,phaseaction,pump ueot"]);
    let raider = "auto=@combat(attacking) source(this):phaseaction[combatends,sourceinplay] sacrifice\ntype=Creature";
    assert_eq!(ir_of(raider), ["auto[attacking?]: - phaseaction ueot"]);
    for (line, refused) in [
        ("auto={T}:phaseaction[endofturn once] draw:2", "`phaseaction` of `draw`"),
        ("auto={T}:phaseaction[next,endofturn] destroy", "`phaseaction` with `next`"),
        ("auto={T}:phaseaction[my upkeep once checkex] destroy", "`phaseaction` with `checkex`"),
        ("auto={T}:phaseaction[endofturn once] life:-1 && draw:1", "`phaseaction` of `life`"),
    ] {
        let card = format!("{line}\ntype=Artifact");
        assert_eq!(error_of(&card), Some(format!("unsupported: {refused}")), "{line}");
    }
}

#[test]
fn a_phase_action_runs_at_its_phase_in_the_turns_it_names() {
    // Celestial Sword's: +3/+3 now, buried at the next end step (the cleanup after it).
    let init = "[PLAYER1]\ninplay:Sword,Bears\n[PLAYER2]\n";
    let pumped = "SECONDMAIN\n[PLAYER1]\ninplay:Sword,Bears\n[PLAYER2]\n";
    assert_eq!(verdict(&test(init, "Sword\nBears\ngoto secondmain\n", pumped)), Verdict::Passed);
    let buried = "UNTAP\n[PLAYER1]\ninplay:Sword\ngraveyard:Bears\n[PLAYER2]\n";
    assert_eq!(verdict(&test(init, "Sword\nBears\neot\n", buried)), Verdict::Passed);
    // Its source leaving does not stop it (no `sourceinplay`).
    let init = "[PLAYER1]\ninplay:Sword,Bears\nhand:Bounce\nmanapool:{U}\n[PLAYER2]\n";
    let expected = "UNTAP\n[PLAYER1]\nhand:Sword\ngraveyard:Bounce,Bears\n[PLAYER2]\n";
    assert_eq!(verdict(&test(init, "Sword\nBears\nBounce\nSword\neot\n", expected)), Verdict::Passed);
    // With `sourceinplay` it does.
    let init = "[PLAYER1]\ninplay:Keeper\nhand:Bounce\nmanapool:{U}\n[PLAYER2]\ninplay:Bears\n";
    let expected = "UNTAP\n[PLAYER1]\nhand:Keeper\ngraveyard:Bounce\n[PLAYER2]\ninplay:Bears\n";
    assert_eq!(verdict(&test(init, "Keeper\nBears\nBounce\nKeeper\neot\n", expected)), Verdict::Passed);
    let init = "[PLAYER1]\ninplay:Keeper\n[PLAYER2]\ninplay:Bears\n";
    let expected = "UNTAP\n[PLAYER1]\ninplay:Keeper\n[PLAYER2]\ngraveyard:Bears\n";
    assert_eq!(verdict(&test(init, "Keeper\nBears\neot\n", expected)), Verdict::Passed);
    // The opponent's end step only: the Bears live through their attacker's controller's.
    let init = "[PLAYER1]\ninplay:Hexer\n[PLAYER2]\ninplay:Bears\n";
    let alive = "UNTAP\n[PLAYER1]\ninplay:Hexer\n[PLAYER2]\ninplay:Bears\n";
    assert_eq!(verdict(&test(init, "Hexer\nBears\neot\n", alive)), Verdict::Passed);
    let destroyed = "UNTAP\n[PLAYER1]\ninplay:Hexer\n[PLAYER2]\ngraveyard:Bears\n";
    assert_eq!(verdict(&test(init, "Hexer\nBears\neot\neot\n", destroyed)), Verdict::Passed);
}

#[test]
fn a_new_abilitys_zones_are_the_transformed_cards_controllers_and_a_stolen_creature_goes_back() {
    // `opponentbattlefield` of the opponent's creature is the source's controller's: the
    // Bears change sides, then go back at the end step (Threaten's lines).
    let init = "[PLAYER1]\ninplay:Thief\n[PLAYER2]\ninplay:Bears\n";
    let stolen = "SECONDMAIN\n[PLAYER1]\ninplay:Thief,Bears\n[PLAYER2]\n";
    assert_eq!(verdict(&test(init, "Thief\nBears\ngoto secondmain\n", stolen)), Verdict::Passed);
    let back = "UNTAP\n[PLAYER1]\ninplay:Thief\n[PLAYER2]\ninplay:Bears\n";
    assert_eq!(verdict(&test(init, "Thief\nBears\neot\n", back)), Verdict::Passed);
    // A target of either player's: whose the zone is depends on the card chosen.
    let either = "auto={T}:target(creature) transforms((,newability[moveTo(mybattlefield)])) ueot\ntype=Artifact";
    assert_eq!(
        error_of(either).as_deref(),
        Some("unsupported: `newability[...]` naming a zone by whose it is, on a card maybe not its controller's")
    );
    // The permanent itself is its controller's.
    assert_eq!(error_of("auto={T}:transforms((,newability[moveTo(myhand)])) ueot\ntype=Artifact"), None);
}

#[test]
fn an_effect_until_end_of_turn_ends_with_the_turn_whoever_made_it() {
    use vm::runtime::Value;
    // The opponent's instant in the first player's turn: its +3/+3 and its live pump's
    // mark end at that turn's end, as every `ueot` effect does in Wagic. Before the fix
    // the table ended only the active player's.
    let mut table = Table::with_cards(
        "[card]\nname=Growth\ntarget=creature\nauto=3/3\nmana={G}\ntype=Instant\n[/card]\n\
         [card]\nname=Bears\nmana={1}{G}\ntype=Creature\npower=2\ntoughness=2\n[/card]\n",
    );
    let bears = table.put("Bears", P1, BATTLEFIELD);
    let growth = table.put("Growth", P1, HAND);
    table.settle();
    table.answers.push(vec![Value::Card(bears)]);
    table.cast(growth, P1);
    assert_eq!(table.board.power(bears), 5);
    table.end_turn(P0);
    assert_eq!(table.board.power(bears), 2);
}
