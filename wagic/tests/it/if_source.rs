//! `if` and `ifnot` tests of the source card (Wagic's `IfThenAbility` with the cast
//! restrictions `paid(alternative)`, `paid(kicker)` and `casted(this)`): their IR, and
//! the effect running only when the test holds (or, `ifnot`, fails) as it resolves.

use wagic::runner::Verdict;

use super::behaviour::test;
use super::front::error_of;
use super::front_ir::ir_of;

/// A creature whose entering effect depends on its being cast (Reiver Demon's "if you
/// cast it from your hand"; the other, on its not being cast), a spell returning it from
/// the graveyard, an instant with an alternative cost, lands to draw, and the turn's tests:
/// an entering effect if its controller attacked (raid), a spell's if a creature died
/// (morbid); a sorcery and a creature testing the mana paid to cast them; a sorcery of
/// two count tests (Scepter of Empires'), and Keeper of the Mind's count against a count
/// and a number.
const CARDS: &str = "[card]\nname=Stoker\nauto=if casted(this) then damage:2 opponent\n\
auto=ifnot casted(this) then life:3 controller\nmana={R}\ntype=Creature\npower=1\ntoughness=1\n[/card]\n\
[card]\nname=Return\ntarget=creature|mygraveyard\nauto=moveTo(mybattlefield)\nmana={B}\ntype=Sorcery\n[/card]\n\
[card]\nname=Trap\nother={U} name(Spring)\nauto=if paid(alternative) then draw:1 controller\n\
auto=ifnot paid(alternative) then life:2 controller\nmana={3}{U}\ntype=Instant\n[/card]\n\
[card]\nname=Forest\ntype=Basic Land\nsubtype=Forest\n[/card]\n\
[card]\nname=Mountain\ntype=Basic Land\nsubtype=Mountain\n[/card]\n\
[card]\nname=Heart-Piercer\nauto=if raid then damage:2 opponent\nmana={R}\ntype=Creature\npower=1\ntoughness=1\n[/card]\n\
[card]\nname=Tragic Slip\nauto=if morbid then damage:3 opponent\nmana={B}\ntype=Sorcery\n[/card]\n\
[card]\nname=Grizzly Bears\nmana={1}{G}\ntype=Creature\npower=2\ntoughness=2\n[/card]\n\
[card]\nname=Shock\ntarget=creature,player\nauto=damage:2\nmana={R}\ntype=Instant\n[/card]\n\
[card]\nname=Prism Bolt\nauto=if spent({R}) then damage:2 opponent\nauto=if spent({G}),spent({W}) then life:2 controller\n\
mana={2}\ntype=Sorcery\n[/card]\n\
[card]\nname=Empire Bolt\nauto=if type(Crown|mybattlefield)~morethan~0,type(Throne|mybattlefield)~morethan~0 then damage:3 opponent\n\
mana={R}\ntype=Sorcery\n[/card]\n\
[card]\nname=Keeper of the Mind\n\
auto={U}{T}:name(draw) if type(*|opponenthand)~morethan~type(*|myhand)+1 then draw:1 controller\n\
mana={U}{U}\ntype=Creature\npower=1\ntoughness=2\n[/card]\n\
[card]\nname=Crown\ntype=Artifact\n[/card]\n\
[card]\nname=Throne\ntype=Artifact\n[/card]\n\
[card]\nname=Herald\nauto=ifnot spent({U}) then sacrifice all(this)\nmana={1}\ntype=Creature\npower=1\ntoughness=1\n[/card]\n";

fn verdict(test: &str) -> Verdict {
    super::behaviour::verdict_of("if.txt", CARDS, test)
}

#[test]
fn paid_tests_are_the_alternative_and_kicker_effects() {
    // `if paid(alternative) then effect` is `alternative effect`; `paid(kicker)`, `kicker`.
    assert_eq!(
        ir_of("other={U}\nauto=if paid(alternative) then draw:1 controller\ntype=Instant"),
        ir_of("other={U}\nauto=alternative draw:1 controller\ntype=Instant")
    );
    assert_eq!(
        ir_of("kicker={1}\nauto=if paid(kicker) then draw:1 controller\ntype=Instant"),
        ir_of("kicker={1}\nauto=kicker draw:1 controller\ntype=Instant")
    );
    // The test, negated for `ifnot`, is the statement's condition.
    let condition = |line: &str| {
        let source = format!("[card]\nname=Test\n{line}\ntype=Sorcery\n[/card]\n");
        let blocks = wagic::reader::read(&source);
        let arena = bumpalo::Bump::new();
        let ir = wagic::front::lower_card(&blocks[0], &arena).expect("the card compiles");
        format!("{:?}", ir.actions[0].statements[0].condition)
    };
    let wascast = wagic::CATALOGUE.functions.iter().position(|function| function.name == "wascast");
    let call = format!("Call(FunctionIdx({}), [Var(VariableIdx(2))])", wascast.unwrap_or_default());
    assert_eq!(condition("auto=if casted(this) then draw:1 controller"), format!("Some(If({call}))"));
    assert_eq!(condition("auto=ifnot casted( this ) then draw:1 controller"), format!("Some(If(Not({call})))"));
}

#[test]
fn other_tests_and_asking_effects_stay_refused() {
    let construct = "unsupported: `if` other than `if type(spec)~morethan|lessthan|equalto~n or type(spec) then \
                     effect`, `paid(alternative|kicker)`, `casted(this)`, `spent({C})`, `raid` or `morbid`";
    for (line, refused) in [
        ("auto=if rebound then draw:1 controller", construct),
        ("auto=if paid(retrace) then draw:1 controller", construct),
        ("auto=ifnot type(creature|mybattlefield)~morethan~0 then draw:1 controller", construct),
        (
            // A test of two amounts before a target (a test of the source guards it: `if_guarded.rs`).
            "auto=if compare(lifetotal)~lessthan~compare(opponentlifetotal) then destroy target(creature)",
            "unsupported: `if` of an effect that asks its player",
        ),
    ] {
        assert_eq!(error_of(&format!("{line}\ntype=Sorcery")).as_deref(), Some(refused), "{line}");
    }
}

#[test]
fn a_cast_creature_does_its_entering_effect_and_one_put_onto_the_battlefield_does_not() {
    // Cast from hand: 2 damage to the opponent, no life gained.
    let cast = test(
        "[PLAYER1]\nhand:Stoker\nmanapool:{R}\n[PLAYER2]\n",
        "Stoker\n",
        "FIRSTMAIN\n[PLAYER1]\ninplay:Stoker\n[PLAYER2]\nlife:18\n",
    );
    assert_eq!(verdict(&cast), Verdict::Passed);
    // Returned from the graveyard by a spell: not cast, the `ifnot` line gains 3 life.
    let returned = test(
        "[PLAYER1]\nhand:Return\ngraveyard:Stoker\nmanapool:{B}\n[PLAYER2]\n",
        "Return\nStoker\n",
        "FIRSTMAIN\n[PLAYER1]\ninplay:Stoker\ngraveyard:Return\nlife:23\n[PLAYER2]\n",
    );
    assert_eq!(verdict(&returned), Verdict::Passed);
}

#[test]
fn a_paid_test_follows_the_cost_the_spell_was_cast_for() {
    let trap = |moves: &str, expected: &str| {
        verdict(&test(
            "[PLAYER1]\nhand:Trap\nlibrary:Forest\nmanapool:{3}{U}\n[PLAYER2]\n",
            moves,
            &format!("FIRSTMAIN\n[PLAYER1]\ngraveyard:Trap\n{expected}[PLAYER2]\n"),
        ))
    };
    // For {U}: a card drawn, no life; for its mana cost: 2 life, no card.
    assert_eq!(trap("Trap\nchoice 1\n", "hand:Forest\nmanapool:{3}\n"), Verdict::Passed);
    assert_eq!(trap("Trap\nchoice 0\n", "library:Forest\nlife:22\n"), Verdict::Passed);
}

#[test]
fn raid_holds_once_its_controller_attacked_this_turn() {
    // The Bears attack (2 damage), then the Heart-Piercer enters in the second main
    // phase: 2 more.
    let raided = test(
        "[PLAYER1]\ninplay:Grizzly Bears,Mountain\nhand:Heart-Piercer\n[PLAYER2]\n",
        "next\nnext\nGrizzly Bears\nnext\nnext\nnext\nnext\nMountain\nHeart-Piercer\n",
        "SECONDMAIN\n[PLAYER1]\ninplay:Grizzly Bears,Mountain,Heart-Piercer\n[PLAYER2]\nlife:16\n",
    );
    assert_eq!(verdict(&raided), Verdict::Passed);
    // No attack: the Heart-Piercer enters and does nothing.
    let quiet = test(
        "[PLAYER1]\ninplay:Grizzly Bears\nhand:Heart-Piercer\nmanapool:{R}\n[PLAYER2]\n",
        "Heart-Piercer\n",
        "FIRSTMAIN\n[PLAYER1]\ninplay:Grizzly Bears,Heart-Piercer\n[PLAYER2]\n",
    );
    assert_eq!(verdict(&quiet), Verdict::Passed);
}

#[test]
fn morbid_holds_once_a_creature_died_this_turn() {
    let slip = |moves: &str, mine: &str, theirs: &str| {
        verdict(&test(
            "[PLAYER1]\nhand:Shock,Tragic Slip\nmanapool:{R}{B}\n[PLAYER2]\ninplay:Grizzly Bears\n",
            moves,
            &format!("FIRSTMAIN\n[PLAYER1]\n{mine}[PLAYER2]\n{theirs}"),
        ))
    };
    // Shock kills the Bears first: 3 damage to the opponent.
    let killed = slip(
        "Shock\nGrizzly Bears\nTragic Slip\n",
        "graveyard:Shock,Tragic Slip\n",
        "graveyard:Grizzly Bears\nlife:17\n",
    );
    assert_eq!(killed, Verdict::Passed);
    // Shock to the opponent instead: no creature died, the Slip does nothing.
    let spared = slip("Shock\np2\nTragic Slip\n", "graveyard:Shock,Tragic Slip\n", "inplay:Grizzly Bears\nlife:18\n");
    assert_eq!(spared, Verdict::Passed);
}

#[test]
fn spent_tests_read_the_mana_paid_to_cast_the_card() {
    let bolt = |pool: &str, mine: &str, theirs: &str| {
        verdict(&test(
            &format!("[PLAYER1]\nhand:Prism Bolt\nmanapool:{pool}\n[PLAYER2]\n"),
            "Prism Bolt\n",
            &format!("FIRSTMAIN\n[PLAYER1]\ngraveyard:Prism Bolt\n{mine}[PLAYER2]\n{theirs}"),
        ))
    };
    // Red paid its generic cost: 2 damage; green and white (both needed): 2 life.
    assert_eq!(bolt("{R}{R}", "", "life:18\n"), Verdict::Passed);
    assert_eq!(bolt("{G}{W}", "life:22\n", ""), Verdict::Passed);
    assert_eq!(bolt("{G}{G}", "", ""), Verdict::Passed);
    // The Herald stays when blue paid for it, and is sacrificed otherwise, or when it
    // entered without being cast.
    let herald = |init: &str, moves: &str, expected: &str| {
        verdict(&test(
            &format!("[PLAYER1]\n{init}[PLAYER2]\n"),
            moves,
            &format!("FIRSTMAIN\n[PLAYER1]\n{expected}[PLAYER2]\n"),
        ))
    };
    assert_eq!(herald("hand:Herald\nmanapool:{U}\n", "Herald\n", "inplay:Herald\n"), Verdict::Passed);
    assert_eq!(herald("hand:Herald\nmanapool:{B}\n", "Herald\n", "graveyard:Herald\n"), Verdict::Passed);
    assert_eq!(
        herald("hand:Return\ngraveyard:Herald\nmanapool:{B}\n", "Return\nHerald\n", "graveyard:Return,Herald\n"),
        Verdict::Passed
    );
}

#[test]
fn count_tests_joined_by_commas_must_all_hold() {
    // Each negated count check, then the effect, each after `||`: it runs when both fail.
    let line =
        "auto=if type(artifact|mybattlefield)~morethan~0,type(land|mybattlefield)~morethan~1 then draw:1 controller";
    assert_eq!(ir_of(&format!("{line}\ntype=Sorcery")), ["action[0]: me aslongas,aslongas,draw ueot"]);
    let bolt = |artifacts: &str, theirs: &str| {
        verdict(&test(
            &format!("[PLAYER1]\nhand:Empire Bolt\ninplay:{artifacts}\nmanapool:{{R}}\n[PLAYER2]\n"),
            "Empire Bolt\n",
            &format!("FIRSTMAIN\n[PLAYER1]\ninplay:{artifacts}\ngraveyard:Empire Bolt\n[PLAYER2]\n{theirs}"),
        ))
    };
    assert_eq!(bolt("Crown,Throne", "life:17\n"), Verdict::Passed);
    assert_eq!(bolt("Crown", ""), Verdict::Passed);
    assert_eq!(bolt("Throne", ""), Verdict::Passed);
}

#[test]
fn a_count_against_another_count_adds_the_number_written_after_it() {
    // Keeper of the Mind: "target opponent who had at least two more cards in hand than
    // you": `~morethan~type(*|myhand)+1`.
    let keeper = |theirs: &str, drawn: &str| {
        verdict(&test(
            &format!(
                "[PLAYER1]\ninplay:Keeper of the Mind\nhand:Forest\nlibrary:Mountain\nmanapool:{{U}}\n[PLAYER2]\nhand:{theirs}\n"
            ),
            "Keeper of the Mind\n",
            &format!("FIRSTMAIN\n[PLAYER1]\ninplay:Keeper of the Mind\nhand:Forest{drawn}\n[PLAYER2]\nhand:{theirs}\n"),
        ))
    };
    assert_eq!(keeper("Forest,Forest,Forest", ",Mountain\nlibrary:"), Verdict::Passed);
    assert_eq!(keeper("Forest,Forest", "\nlibrary:Mountain"), Verdict::Passed);
}
