//! `if` tests of the source or of the turn (`raid`, `morbid`, `spent(...)`,
//! `casted(this)`, `paid(...)`, the main phase) over effects that ask their player, over
//! `A && B`, with an `else`, and before `choice`: the test is checked first, so that
//! nothing is asked when it fails (a trigger's intervening "if"), and every part of the
//! effect runs under it.

use vm::runtime::Value;
use wagic::runner::Verdict;
use wagic::table::{BATTLEFIELD, HAND, P0, P1, STACK, Table};

use super::board::Play;

use super::behaviour::test;
use super::front::error_of;
use super::front_ir::ir_of;

/// Wagic's lines of Mardu Heart-Piercer, Ogre Savant, Heartstabber Mosquito and Sulfurous
/// Blast;
/// a sorcery of `if spent({B}) then A && B`, one of `ifnot ... then if ... then`, an
/// instant of `if cantargetcard(spec) then ... else` (as Bring Low's), and cards to use.
const CARDS: &str = "[card]\nname=Mardu Heart-Piercer\nauto=if raid then damage:2 target(creature,player)\n\
mana={3}{R}\ntype=Creature\nsubtype=Human Archer\npower=2\ntoughness=3\n[/card]\n\
[card]\nname=Ogre Savant\nauto=if spent({U}) then moveTo(ownerhand) target(creature)\n\
mana={4}{R}\ntype=Creature\nsubtype=Ogre Wizard\npower=3\ntoughness=2\n[/card]\n\
[card]\nname=Sulfurous Blast\n\
auto=if compare(restriction{assorcery}~morethan~0) then damage:3 all(creature,player) else damage:2 all(creature,player)\n\
mana={2}{R}{R}\ntype=Instant\n[/card]\n\
[card]\nname=Heartstabber Mosquito\nkicker={2}{B}\nauto=kicker destroy target(creature)\n\
mana={3}{B}\ntype=Creature\nsubtype=Insect\npower=2\ntoughness=2\n[/card]\n\
[card]\nname=Blood Tithe\nauto=if spent({B}) then damage:2 opponent && life:2 controller\nmana={2}\ntype=Sorcery\n[/card]\n\
[card]\nname=Green Glow\nauto=ifnot spent({W}) then if spent({G}) then life:1 controller\nmana={2}\ntype=Sorcery\n[/card]\n\
[card]\nname=Low Blow\ntarget=creature\nauto=if cantargetcard(creature[green]) then damage:5 else damage:3\n\
mana={R}\ntype=Instant\n[/card]\n\
[card]\nname=Grizzly Bears\nmana={1}{G}\ntype=Creature\npower=2\ntoughness=2\n[/card]\n\
[card]\nname=Hill Giant\nmana={3}{R}\ntype=Creature\npower=3\ntoughness=3\n[/card]\n\
[card]\nname=Craw Wurm\nmana={4}{G}{G}\ntype=Creature\npower=6\ntoughness=4\n[/card]\n\
[card]\nname=Stone Golem\nmana={5}\ntype=Artifact Creature\npower=4\ntoughness=4\n[/card]\n\
[card]\nname=Forest\ntype=Basic Land\nsubtype=Forest\n[/card]\n\
[card]\nname=Mountain\ntype=Basic Land\nsubtype=Mountain\n[/card]\n";

/// A table of the cards whose questions wait for an answer.
fn table() -> Table {
    let mut table = Table::with_cards(CARDS);
    table.hold_questions = true;
    table
}

fn verdict(test: &str) -> Verdict {
    super::behaviour::verdict_of("if_guarded.txt", CARDS, test)
}

/// Each statement's condition, as `if`, `guard[n]` (its links) or `-`, of a one-line card.
fn conditions(card: &str) -> Vec<String> {
    let source = format!("[card]\nname=Test\n{card}\n[/card]\n");
    let blocks = wagic::reader::read(&source);
    let arena = bumpalo::Bump::new();
    let ir = wagic::front::lower_card(&blocks[0], &arena).expect("the card compiles");
    let statements = match (ir.autos.first(), ir.actions.first()) {
        (Some(auto), _) => auto.statements,
        (None, Some(action)) => action.statements,
        (None, None) => &[],
    };
    statements
        .iter()
        .map(|statement| match statement.condition {
            Some(compiler::ir::Condition::If(_)) => "if".to_string(),
            Some(compiler::ir::Condition::Guarded { guard, may, .. }) => {
                format!("guard[{}]{}", guard.len(), if may.is_some() { " may" } else { "" })
            }
            Some(_) => "other".to_string(),
            None => "-".to_string(),
        })
        .collect()
}

#[test]
fn a_test_of_the_source_guards_a_target_and_a_may() {
    // The target is chosen once the test held: a guard before it, not an `if` after.
    let piercer = "auto=if raid then damage:2 target(creature,player)\ntype=Creature";
    assert_eq!(conditions(piercer), ["guard[1]"]);
    let hordemate = "auto=if raid then moveTo(mybattlefield) target(creature[manacost<=2]|mygraveyard)\ntype=Creature";
    assert_eq!(conditions(hordemate), ["guard[1]"]);
    // Without a question, the test stays the statement's `if`.
    assert_eq!(conditions("auto=if raid then draw:1 controller\ntype=Creature"), ["if"]);
    // "During your turn" (Jeering Instigator's): `myturn()`.
    let turn = "auto=if compare(restriction{myturnonly}~morethan~0) then draw:1 controller\ntype=Creature";
    assert_eq!(conditions(turn), ["if"]);
    // `ifnot A then if B then effect`: one `if` of both.
    assert_eq!(conditions("auto=ifnot spent({W}) then if spent({G}) then life:1 controller\ntype=Sorcery"), ["if"]);
    // `if A then B && C`: each part under the test.
    let tithe = "auto=if spent({B}) then damage:2 opponent && life:2 controller\ntype=Sorcery";
    assert_eq!(conditions(tithe), ["if", "if"]);
}

#[test]
fn other_forms_stay_refused_with_a_precise_diagnostic() {
    for (card, refused) in [
        (
            // A count the first part could change: Wagic checks it once for both.
            "auto=if type(creature|mybattlefield)~morethan~0 then may draw:1 controller && life:1 controller\n\
             type=Sorcery",
            "unsupported: `if ... then` with `&&` of a test other than the source's or the turn's (`paid(...)`, \
             `casted(this)`, `spent(...)`, `raid`, `morbid`)",
        ),
        (
            "auto=if spent({B}) then draw:1 controller && life:1 controller else life:2 controller\ntype=Sorcery",
            "unsupported: `if ... then ... else` with `&&`",
        ),
        (
            "target=creature\nauto=if cantargetcard(creature[green]) then damage:5 else damage:3 target(creature)\n\
             type=Instant",
            "unsupported: `if cantargetcard(...) then ... else` of an effect that asks its player",
        ),
        (
            "auto=ifnot type(artifact|mybattlefield)~morethan~0,type(land|mybattlefield)~morethan~0 then draw:1 \
             controller\ntype=Sorcery",
            "unsupported: `if` other than `if type(spec)~morethan|lessthan|equalto~n or type(spec) then effect`, \
             `paid(alternative|kicker)`, `casted(this)`, `spent({C})`, `raid` or `morbid`",
        ),
        (
            // The main phase is a test of a spell's casting only.
            "auto=if compare(restriction{assorcery}~morethan~0) then draw:1 controller\ntype=Creature",
            "unsupported: `if` other than `if type(spec)~morethan|lessthan|equalto~n or type(spec) then effect`, \
             `paid(alternative|kicker)`, `casted(this)`, `spent({C})`, `raid` or `morbid`",
        ),
    ] {
        assert_eq!(error_of(card).as_deref(), Some(refused), "{card}");
    }
}

#[test]
fn mardu_heart_piercer_asks_for_a_target_only_after_an_attack() {
    // A creature of its controller attacked: the Heart-Piercer's target is asked, the
    // Hill Giant takes 2 damage.
    let mut table = table();
    let bears = table.put("Grizzly Bears", P0, BATTLEFIELD);
    let giant = table.put("Hill Giant", P1, BATTLEFIELD);
    table.board.note_attack(bears);
    table.put("Mardu Heart-Piercer", P0, BATTLEFIELD);
    table.settle();
    assert!(table.held.is_some(), "the target is asked");
    table.try_answer_held(&[Value::Card(giant)]).expect("the target is taken");
    assert_eq!(table.board.get(giant).map(|card| card.damage), Some(2));
    // No attack: it enters and asks for nothing.
    let mut table = self::table();
    let giant = table.put("Hill Giant", P1, BATTLEFIELD);
    let piercer = table.put("Mardu Heart-Piercer", P0, BATTLEFIELD);
    table.settle();
    assert!(table.held.is_none(), "no target is asked");
    assert_eq!(table.board.get(piercer).map(|card| card.zone), Some(BATTLEFIELD));
    assert_eq!(table.board.get(giant).map(|card| card.damage), Some(0));
}

#[test]
fn ogre_savant_returns_a_creature_only_when_blue_paid_for_it() {
    // The runner pays its mana pool: blue among the mana spent returns the Bears.
    let savant = |pool: &str, moves: &str, theirs: &str| {
        verdict(&test(
            &format!("[PLAYER1]\nhand:Ogre Savant\nmanapool:{pool}\n[PLAYER2]\ninplay:Grizzly Bears\n"),
            moves,
            &format!("FIRSTMAIN\n[PLAYER1]\ninplay:Ogre Savant\n[PLAYER2]\n{theirs}"),
        ))
    };
    assert_eq!(savant("{4}{R}", "Ogre Savant\n", "inplay:Grizzly Bears\n"), Verdict::Passed);
    // With blue spent, the target is asked as it enters (the table, below: the runner
    // plays no question of an entering ability).
    let mut table = table();
    let bears = table.put("Grizzly Bears", P1, BATTLEFIELD);
    // Cast for {3}{U}{R}: it enters from the stack, the mana spent noted.
    let savant = table.put("Ogre Savant", P0, STACK);
    table.board.note_spent(savant, [0, 1, 0, 1, 0, 3], [0; 6]);
    table.board.move_to(savant, BATTLEFIELD);
    table.settle();
    assert!(table.held.is_some(), "the target is asked");
    table.try_answer_held(&[Value::Card(bears)]).expect("the target is taken");
    assert_eq!(table.board.get(bears).map(|card| card.zone), Some(HAND));
}

#[test]
fn heartstabber_mosquito_asks_for_a_creature_to_destroy_only_when_kicked() {
    // `kicker effect` is `if paid(kicker) then effect`: its target waits for the test.
    let mosquito = |kicked: bool| {
        let mut table = table();
        let bears = table.put("Grizzly Bears", P1, BATTLEFIELD);
        let mosquito = table.put("Heartstabber Mosquito", P0, STACK);
        table.board.kicked = kicked.then_some(mosquito);
        table.board.move_to(mosquito, BATTLEFIELD);
        table.settle();
        let asked = table.held.is_some();
        if asked {
            table.try_answer_held(&[Value::Card(bears)]).expect("the target is taken");
        }
        (asked, table.board.get(bears).map(|card| card.zone))
    };
    assert_eq!(mosquito(true), (true, Some(wagic::table::GRAVEYARD)));
    assert_eq!(mosquito(false), (false, Some(BATTLEFIELD)));
}

#[test]
fn both_parts_after_then_run_under_the_test() {
    let tithe = |pool: &str, mine: &str, theirs: &str| {
        verdict(&test(
            &format!("[PLAYER1]\nhand:Blood Tithe\nmanapool:{pool}\n[PLAYER2]\n"),
            "Blood Tithe\n",
            &format!("FIRSTMAIN\n[PLAYER1]\ngraveyard:Blood Tithe\n{mine}[PLAYER2]\n{theirs}"),
        ))
    };
    assert_eq!(tithe("{B}{R}", "life:22\n", "life:18\n"), Verdict::Passed);
    assert_eq!(tithe("{R}{R}", "", ""), Verdict::Passed);
    // `ifnot spent({W}) then if spent({G})`: green without white.
    let glow = |pool: &str, mine: &str| {
        verdict(&test(
            &format!("[PLAYER1]\nhand:Green Glow\nmanapool:{pool}\n[PLAYER2]\n"),
            "Green Glow\n",
            &format!("FIRSTMAIN\n[PLAYER1]\ngraveyard:Green Glow\n{mine}[PLAYER2]\n"),
        ))
    };
    assert_eq!(glow("{G}{G}", "life:21\n"), Verdict::Passed);
    assert_eq!(glow("{G}{W}", ""), Verdict::Passed);
    assert_eq!(glow("{R}{R}", ""), Verdict::Passed);
}

#[test]
fn sulfurous_blast_deals_three_in_a_main_phase_and_two_in_combat() {
    // In the first main phase: 3 to each creature and player, the Hill Giant dies.
    let main = test(
        "[PLAYER1]\nhand:Sulfurous Blast\nmanapool:{2}{R}{R}\n[PLAYER2]\ninplay:Hill Giant\n",
        "Sulfurous Blast\n",
        "FIRSTMAIN\n[PLAYER1]\ngraveyard:Sulfurous Blast\nlife:17\n[PLAYER2]\ngraveyard:Hill Giant\nlife:17\n",
    );
    assert_eq!(verdict(&main), Verdict::Passed);
    // As combat begins: 2, the Giant lives.
    let combat = "[INIT]\nCOMBATBEGIN\n[PLAYER1]\nhand:Sulfurous Blast\nmanapool:{2}{R}{R}\n[PLAYER2]\n\
                  inplay:Hill Giant\n[DO]\nSulfurous Blast\n[ASSERT]\nCOMBATBEGIN\n[PLAYER1]\n\
                  graveyard:Sulfurous Blast\nlife:18\n[PLAYER2]\ninplay:Hill Giant\nlife:18\n[END]\n";
    assert_eq!(verdict(combat), Verdict::Passed);
}

#[test]
fn a_target_card_test_picks_the_branch_as_the_spell_resolves() {
    // Green: 5 damage kills the Craw Wurm (toughness 4); otherwise 3, which the Golem survives.
    let blow = |creature: &str, after: &str| {
        verdict(&test(
            &format!("[PLAYER1]\nhand:Low Blow\nmanapool:{{R}}\n[PLAYER2]\ninplay:{creature}\n"),
            &format!("Low Blow\n{creature}\n"),
            &format!("FIRSTMAIN\n[PLAYER1]\ngraveyard:Low Blow\n[PLAYER2]\n{after}:{creature}\n"),
        ))
    };
    assert_eq!(blow("Craw Wurm", "graveyard"), Verdict::Passed);
    assert_eq!(blow("Stone Golem", "inplay"), Verdict::Passed);
}

#[test]
fn a_mode_under_a_test_of_the_turn_is_offered_when_it_holds() {
    // Caravan Vigil's two modes: the second guarded by `morbid`, the first not.
    let vigil = "auto=choice name(put in hand) moveTo(myhand) notatarget(land[basic]|mylibrary)\n\
                 auto=if morbid then choice name(put in play) moveTo(mybattlefield) notatarget(land[basic]|mylibrary)\n\
                 type=Sorcery";
    assert_eq!(
        ir_of(vigil),
        [
            "action[0]: - choiceoption; - choiceoption; filterSome(Exact(1)) moveto ueot; filterSome(Exact(1)) moveto ueot"
        ]
    );
    assert_eq!(conditions(vigil), ["-", "guard[1]", "guard[1]", "guard[1]"]);
    // Knight of the White Orchid's count against a count.
    let knight = "auto=if type(land|mybattlefield)~lessthan~type(land|opponentbattlefield) then choice name(fetch a \
                  plains) moveTo(mybattlefield) notatarget(plains|mylibrary)\ntype=Creature";
    assert_eq!(error_of(knight), None);
}
