//! An activated ability's `restriction{...}` of the turn or the creatures (Wagic's
//! `ActivatedAbility` cast restrictions): formidable's `compare(powertotalinplay)~morethan~n`,
//! `raid` and `morbid` as costs checked as it is activated, the forms refused with the
//! construct named (the game's moves: `play/activation_restriction_tests.rs`).

use wagic::runner::Verdict;

use super::behaviour::test;
use super::front::error_of;
use super::front_ir::ir_of;

/// Wagic's lines of Atarka Beastbreaker and Skirsdag High Priest (its cost but `{T}`: the
/// runner taps no other creature for a cost), and creatures to count.
const CARDS: &str = "[card]\nname=Atarka Beastbreaker\n\
auto={4}{G}:4/4 restriction{compare(powertotalinplay)~morethan~7}\n\
mana={1}{G}\ntype=Creature\nsubtype=Human Warrior\npower=2\ntoughness=2\n[/card]\n\
[card]\nname=Skirsdag High Priest\n\
auto={T}:token(Demon,Creature Demon,5/5,black,flying) restriction{morbid}\n\
mana={1}{B}\ntype=Creature\nsubtype=Human Cleric\npower=1\ntoughness=2\n[/card]\n\
[card]\nname=Grizzly Bears\nmana={1}{G}\ntype=Creature\npower=2\ntoughness=2\n[/card]\n\
[card]\nname=Craw Wurm\nmana={4}{G}{G}\ntype=Creature\npower=6\ntoughness=4\n[/card]\n\
[card]\nname=Savannah Lions\nmana={W}\ntype=Creature\npower=2\ntoughness=1\n[/card]\n\
[card]\nname=Shock\ntarget=creature,player\nauto=damage:2\nmana={R}\ntype=Instant\n[/card]\n";

fn verdict(test: &str) -> Verdict {
    super::behaviour::verdict_of("activation_restriction.txt", CARDS, test)
}

#[test]
fn each_restriction_is_one_more_cost_of_the_ability() {
    for (restriction, costs) in [
        ("compare(powertotalinplay)~morethan~7", 2),
        ("compare( pwrtotalinplay )~morethan~7", 2),
        ("raid", 2),
        ("morbid", 2),
        ("raid,type(land|mybattlefield)~morethan~1", 3),
    ] {
        let card = format!("auto={{G}}:draw:1 controller restriction{{{restriction}}}\ntype=Creature");
        assert_eq!(ir_of(&card), [format!("action[{costs}]: me draw ueot")], "{restriction}");
    }
}

#[test]
fn other_restrictions_are_refused_with_the_construct_named() {
    let construct = "unsupported: activation restriction other than `type(spec)~morethan|lessthan|equalto~n`, \
                     `raid`, `morbid` or `compare(powertotalinplay)~morethan~n`, comma-separated";
    for restriction in
        ["compare(powertotalinplay)~lessthan~7", "compare(powertotalinplay)~morethan~x", "miracle", "duringcombat"]
    {
        let card = format!("auto={{G}}:draw:1 controller restriction{{{restriction}}}\ntype=Creature");
        assert_eq!(error_of(&card).as_deref(), Some(construct), "{restriction}");
    }
    // Outside an activated ability.
    assert_eq!(
        error_of("auto=draw:1 controller restriction{raid}\ntype=Sorcery").as_deref(),
        Some("unsupported: `restriction{raid}` outside an activated ability")
    );
}

#[test]
fn formidable_pumps_only_while_its_controller_s_creatures_have_total_power_eight() {
    let pump = |creatures: &str, power: &str| {
        verdict(&test(
            &format!(
                "[PLAYER1]\ninplay:Atarka Beastbreaker,{creatures}\nmanapool:{{4}}{{G}}\n[PLAYER2]\ninplay:Craw Wurm\n"
            ),
            "Atarka Beastbreaker\n",
            &format!(
                "FIRSTMAIN\n[PLAYER1]\ninplay:Atarka Beastbreaker,{creatures}\n{power}[PLAYER2]\ninplay:Craw Wurm\n"
            ),
        ))
    };
    // 2 + 6: 8, pumped (the pool spent); 2 + 2: 4 (the opponent's Wurm does not count),
    // refused: the pool stays.
    assert_eq!(pump("Craw Wurm", ""), Verdict::Passed);
    assert_eq!(pump("Grizzly Bears", "manapool:{4}{G}\n"), Verdict::Passed);
}

#[test]
fn skirsdag_high_priest_makes_a_demon_only_once_a_creature_died_this_turn() {
    let priest = |moves: &str, mine: &str, theirs: &str| {
        verdict(&test(
            "[PLAYER1]\ninplay:Skirsdag High Priest,Grizzly Bears,Craw Wurm\nhand:Shock\nmanapool:{R}\n\
             [PLAYER2]\ninplay:Savannah Lions\n",
            moves,
            &format!("FIRSTMAIN\n[PLAYER1]\n{mine}[PLAYER2]\n{theirs}"),
        ))
    };
    // Shock kills the Lions: the Priest taps for a Demon.
    let died = priest(
        "Shock\nSavannah Lions\nSkirsdag High Priest\n",
        "inplay:Skirsdag High Priest,Grizzly Bears,Craw Wurm,Demon\ngraveyard:Shock\n",
        "graveyard:Savannah Lions\n",
    );
    assert_eq!(died, Verdict::Passed);
    // Shock to the opponent: no creature died, the Priest's click does nothing.
    let spared = priest(
        "Shock\np2\nSkirsdag High Priest\n",
        "inplay:Skirsdag High Priest,Grizzly Bears,Craw Wurm\ngraveyard:Shock\n",
        "inplay:Savannah Lions\nlife:18\n",
    );
    assert_eq!(spared, Verdict::Passed);
}
