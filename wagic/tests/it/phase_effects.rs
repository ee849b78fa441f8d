//! The effects a phase action of a trigger, an activated ability or a `newability[...]`
//! runs later (`phaseaction[phase options] effect`): counters at end of combat, exile,
//! the top of the owner's library, a delayed draw, Dash's return (`moveto(ownerhand)
//! all(this)`) with the haste a `transforms(...) forever` gives the card itself; the
//! exact lowering, the refusals, and what each does to the game at its phase, not before.

use compiler::ir::{Arg, Effect, Expr};
use wagic::runner::Verdict;

use super::behaviour::test;
use super::front::error_of;
use super::front_ir::ir_of;

/// The cards, each with the lines of the Wagic card it stands for.
const CARDS: &str = "[card]\nname=Scout\nother={1}{R} name(Dash)\n\
auto=if paid(alternative) then transforms((,newability[haste],newability[phaseaction[endofturn sourceinplay] moveto(ownerhand) all(this)])) forever\n\
mana={R}{R}\ntype=Creature\npower=3\ntoughness=1\n[/card]\n\
[card]\nname=Beetle\nauto=counter(1/1,2)\n\
auto=@combat(attacking) source(this):phaseaction[combatends once] counter(1/1,-1)\n\
auto=@combat(blocking) source(this):phaseaction[combatends once] counter(1/1,-1)\n\
mana={1}\ntype=Artifact Creature\npower=0\ntoughness=0\n[/card]\n\
[card]\nname=Maze\nabilities=defender\nauto={0}:canattack ueot && phaseaction[endofturn once] moveTo(exile)\n\
mana={4}{U}\ntype=Creature\npower=4\ntoughness=5\n[/card]\n\
[card]\nname=Outrigger\nauto=@combat(attacking) source(this):phaseaction[combatends,sourceinplay] moveTo(ownerlibrary)\n\
mana={3}{U}\ntype=Creature\npower=5\ntoughness=5\n[/card]\n\
[card]\nname=Astrolabe\nauto={1}{T}{S}:Add{W}{W} && phaseaction[upkeep once] draw:1 controller\nmana={3}\ntype=Artifact\n[/card]\n\
[card]\nname=Bauble\nauto={T}{S}:name(recycle opponent) transforms((,newability[phaseaction[upkeep once] draw:1 opponent])) oneshot\n\
mana={0}\ntype=Artifact\n[/card]\n\
[card]\nname=Bears\nmana={1}{G}\ntype=Creature\npower=2\ntoughness=2\n[/card]\n\
[card]\nname=Forest\ntype=Basic Land\nsubtype=Forest\n[/card]\n";

fn verdict(test: &str) -> Verdict {
    super::behaviour::verdict_of("phase_effects.txt", CARDS, test)
}

/// The whole-number arguments of each `phaseaction` call of a card's autos and actions.
fn phase_action_args(card: &str) -> Vec<Vec<i32>> {
    let source = format!("[card]\nname=Test\n{card}\n[/card]\n");
    let blocks = wagic::reader::read(&source);
    let arena = bumpalo::Bump::new();
    let ir = wagic::front::lower_card(&blocks[0], &arena).expect("the card compiles");
    let phase_action = wagic::CATALOGUE.commands.iter().position(|command| command.name == "phaseaction");
    let statements =
        ir.autos.iter().flat_map(|auto| auto.statements).chain(ir.actions.iter().flat_map(|a| a.statements));
    let mut found = Vec::new();
    for statement in statements {
        for link in statement.chain {
            if let Effect::Call { command, args, .. } = link.effect
                && Some(command.index()) == phase_action
            {
                let ints = args.iter().map(|arg| if let Arg::Value(Expr::Int(value)) = arg { *value } else { -99 });
                found.push(ints.collect());
            }
        }
    }
    found
}

#[test]
fn a_phase_action_lowers_counters_exile_the_library_a_draw_and_dashs_return() {
    let event = |name: &str| i32::try_from(wagic::CATALOGUE.event_index(name).expect("an event")).expect("small");
    let (combat_ends, end, upkeep) = (event("combatends"), event("endofturn"), event("upkeep"));
    // phase, whose, once, sourceinplay, action, ontarget, power, toughness, count.
    let beetle = "auto=@combat(attacking) source(this):phaseaction[combatends once] counter(1/1,-1)\ntype=Creature";
    assert_eq!(ir_of(beetle), ["auto[attacking?]: - phaseaction ueot"]);
    assert_eq!(phase_action_args(beetle), [vec![combat_ends, 0, 1, 0, 7, 0, 1, 1, -1]]);
    let werewolf = "auto=@combat(blocking) source(this):phaseaction[combatends once] counter(-0/-2)\ntype=Creature";
    assert_eq!(phase_action_args(werewolf), [vec![combat_ends, 0, 1, 0, 7, 0, 0, -2, 1]]);
    let maze = "auto={0}:canattack ueot && phaseaction[endofturn once] moveTo(exile)\ntype=Creature";
    assert_eq!(phase_action_args(maze), [vec![end, 0, 1, 0, 8, 0, 0, 0, 0]]);
    let outrigger = "auto=@combat(attacking) source(this):phaseaction[combatends,sourceinplay] moveTo(ownerlibrary)\n\
                     type=Creature";
    assert_eq!(phase_action_args(outrigger), [vec![combat_ends, 0, 0, 1, 9, 0, 0, 0, 0]]);
    let astrolabe = "auto={1}{T}{S}:Add{W}{W} && phaseaction[upkeep once] draw:1 controller\ntype=Artifact";
    assert_eq!(phase_action_args(astrolabe), [vec![upkeep, 0, 1, 0, 6, 0, 0, 0, 0]]);
    // Dash: `all(this)` is the transformed card, the action's target already; its haste
    // is a grant to the card itself, which lasts until it moves as `forever` does.
    let dash = "other={1}{R} name(Dash)\nauto=if paid(alternative) then transforms((,newability[haste],\
                newability[phaseaction[endofturn sourceinplay] moveto(ownerhand) all(this)])) forever\ntype=Creature";
    assert_eq!(phase_action_args(dash), [vec![end, 0, 0, 1, 3, 1, 0, 0, 0]]);
}

#[test]
fn phase_actions_that_would_do_otherwise_than_the_card_says_are_refused_by_name() {
    for (card, refused) in [
        // Wiitigo's: one counter per block since the last upkeep, not one per turn.
        (
            "auto=@combat(blocking,blocked) source(this):phaseaction[my upkeep once] counter(1/1,2)\ntype=Creature",
            "`phaseaction` of a counter at an upkeep (one per trigger, not per turn)",
        ),
        (
            "auto=@combat(blocking) source(this):phaseaction[combatends once] counter(0/0,1,Paralyzation)\ntype=Creature",
            "`phaseaction` of a counter other than `p/t,n` of whole numbers",
        ),
        (
            "auto=@combat(attacking) source(this):phaseaction[combatends once] counter(1/1,x)\ntype=Creature",
            "`phaseaction` of a counter other than `p/t,n` of whole numbers",
        ),
        (
            "auto={R}:target(creature) transforms((,newability[phaseaction[endofturn once] flipacoin loseability \
             sacrifice loseabilityend flipend])) ueot\ntype=Creature",
            "`phaseaction` of `flipacoin` followed by `loseability`",
        ),
        (
            "auto={W}{S}:phaseaction[endofturn once] token(Spirit,creature spirit,1/1,white)\ntype=Creature",
            "`phaseaction` of `token`",
        ),
        // Tears of Rage's +X/+X, printed +X/+0.
        (
            "auto=all(creature[attacking]|mybattlefield) transforms((,newability[type:creature[attacking]:mybattlefield/\
             type:creature[attacking]:mybattlefield],newability[phaseaction[end once] sacrifice all(this)])) ueot\ntype=Instant",
            "`newability[...]` of a pump counted by `type:`",
        ),
        // A lasting change after `and!(`: the `and!(...)!` takes one-shot effects alone.
        (
            "auto=moveTo(myBattlefield) target(creature|mygraveyard) and!( transforms((,newability[haste])) forever)!\n\
             type=Creature",
            "`and!(...)!` other than one effect after another",
        ),
    ] {
        assert_eq!(error_of(card), Some(format!("unsupported: {refused}")), "{card}");
    }
}

#[test]
fn a_dashed_creature_has_haste_and_returns_to_its_owners_hand_at_the_end_step() {
    // Dashed: it attacks at once, and is still there after combat ...
    let init = "[PLAYER1]\nhand:Scout\nmanapool:{1}{R}\n[PLAYER2]\n";
    let attacked = "SECONDMAIN\n[PLAYER1]\ninplay:Scout\n[PLAYER2]\nlife:17\n";
    let moves = "Scout\nnext\nnext\nScout\nnext\nnext\nnext\nnext\n";
    assert_eq!(verdict(&test(init, moves, attacked)), Verdict::Passed);
    // ... and back in hand once the end step began.
    let returned = "UNTAP\n[PLAYER1]\nhand:Scout\n[PLAYER2]\nlife:17\n";
    assert_eq!(verdict(&test(init, &format!("{moves}eot\n"), returned)), Verdict::Passed);
    // Cast for its mana cost: no haste, and it stays.
    let init = "[PLAYER1]\nhand:Scout\nmanapool:{R}{R}\n[PLAYER2]\n";
    let stays = "UNTAP\n[PLAYER1]\ninplay:Scout\n[PLAYER2]\n";
    assert_eq!(verdict(&test(init, "Scout\nchoice 0\nnext\nnext\nScout\neot\n", stays)), Verdict::Passed);
}

#[test]
fn a_clockwork_creature_loses_a_counter_at_the_end_of_each_combat_it_attacked_in() {
    // 2/2 as it deals its damage; 1/1 the next time; then 0/0: dead at that combat's end.
    let init = "[PLAYER1]\ninplay:Beetle\n[PLAYER2]\n";
    let attack = "next\nnext\nBeetle\nnext\nnext\nnext\nnext\n";
    let once = "SECONDMAIN\n[PLAYER1]\ninplay:Beetle\n[PLAYER2]\nlife:18\n";
    assert_eq!(verdict(&test(init, attack, once)), Verdict::Passed);
    let twice = "SECONDMAIN\n[PLAYER1]\ngraveyard:Beetle\n[PLAYER2]\nlife:17\n";
    let moves = format!("{attack}eot\neot\nnext\nnext\nnext\n{attack}");
    assert_eq!(verdict(&test(init, &moves, twice)), Verdict::Passed);
}

#[test]
fn dark_maze_is_exiled_and_the_outrigger_put_on_its_library_at_their_phases() {
    // The Maze attacks for 4; still there in the second main phase, exiled at the end step.
    let init = "[PLAYER1]\ninplay:Maze\n[PLAYER2]\n";
    let moves = "Maze\nnext\nnext\nMaze\nchoice 0\nnext\nnext\nnext\nnext\n";
    assert_eq!(
        verdict(&test(init, moves, "SECONDMAIN\n[PLAYER1]\ninplay:Maze\n[PLAYER2]\nlife:16\n")),
        Verdict::Passed
    );
    assert_eq!(
        verdict(&test(init, &format!("{moves}eot\n"), "UNTAP\n[PLAYER1]\nexile:Maze\n[PLAYER2]\nlife:16\n")),
        Verdict::Passed
    );
    // The Outrigger deals its damage, then goes on top of its owner's library.
    let init = "[PLAYER1]\ninplay:Outrigger\nlibrary:Forest\n[PLAYER2]\n";
    let moves = "next\nnext\nOutrigger\nnext\nnext\nnext\nnext\n";
    let expected = "SECONDMAIN\n[PLAYER1]\nlibrary:Forest,Outrigger\n[PLAYER2]\nlife:15\n";
    assert_eq!(verdict(&test(init, moves, expected)), Verdict::Passed);
}

#[test]
fn a_delayed_draw_is_the_controllers_or_the_opponents_at_the_next_upkeep() {
    // Astrolabe: the mana at once, the card at the next turn's upkeep (the opponent's).
    let init = "[PLAYER1]\ninplay:Astrolabe\nlibrary:Forest\nmanapool:{1}\n[PLAYER2]\n";
    let now = "FIRSTMAIN\n[PLAYER1]\ngraveyard:Astrolabe\nlibrary:Forest\nmanapool:{W}{W}\n[PLAYER2]\n";
    assert_eq!(verdict(&test(init, "Astrolabe\n", now)), Verdict::Passed);
    let drawn = "UPKEEP\n[PLAYER1]\ngraveyard:Astrolabe\nhand:Forest\n[PLAYER2]\n";
    assert_eq!(verdict(&test(init, "Astrolabe\neot\nnext\n", drawn)), Verdict::Passed);
    // Lodestone Bauble's `draw:1 opponent`: the opponent draws.
    let init = "[PLAYER1]\ninplay:Bauble\n[PLAYER2]\nlibrary:Bears\n";
    let drawn = "UPKEEP\n[PLAYER1]\ngraveyard:Bauble\n[PLAYER2]\nhand:Bears\n";
    assert_eq!(verdict(&test(init, "Bauble\neot\nnext\n", drawn)), Verdict::Passed);
}

#[test]
fn a_tap_and_a_freeze_wait_for_the_end_of_combat() {
    use super::board::{BATTLEFIELD, P0, P1, Play, Table};
    use vm::runtime::Value;
    // Joven's Ferrets' two actions on one creature: tapped, and kept so through its
    // controller's next untap step, as combat ends; nothing before.
    let mut table = Table::with_cards(
        "[card]\nname=Snare\nauto={0}:target(creature) phaseaction[combatends once] tap && \
         phaseaction[combatends once] frozen\nmana={1}\ntype=Artifact\n[/card]\n\
         [card]\nname=Bears\nmana={1}{G}\ntype=Creature\npower=2\ntoughness=2\n[/card]\n",
    );
    let snare = table.put("Snare", P0, BATTLEFIELD);
    let bears = table.put("Bears", P1, BATTLEFIELD);
    table.settle();
    table.answers.push(vec![Value::Card(bears)]);
    assert!(table.activate(snare, P0));
    let state = |table: &Table| table.board.get(bears).map(|card| (card.tapped, card.frozen));
    assert_eq!(state(&table), Some((false, false)));
    table.run_phase_actions("combatdamage", P0);
    assert_eq!(state(&table), Some((false, false)));
    table.run_phase_actions("combatends", P0);
    assert_eq!(state(&table), Some((true, true)));
}
