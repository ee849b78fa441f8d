//! `if type(spec)~criterion~n then effect else effect` (Wagic's `IfThenAbility` with its
//! else ability): one statement, its tests checked once as it resolves, the first effect
//! run when they hold, the other when they do not, even when the first changes what the
//! tests count (Demonlord of Ashmouth's sacrificed creature, a Purge's destroyed ones).

use wagic::runner::Verdict;

use super::behaviour::test;
use super::front::error_of;
use super::front_ir::shape;

/// Wagic's lines of Feed the Clan, Fiery Impulse, Demonlord of Ashmouth and Scepter of
/// Empires, a sorcery whose first branch destroys what its test counts, and cards to count.
const CARDS: &str = "[card]\nname=Feed the Clan\n\
auto=if type(creature[power>=4]|mybattlefield)~morethan~0 then life:10 controller else life:5 controller\n\
mana={1}{G}\ntype=Instant\n[/card]\n\
[card]\nname=Fiery Impulse\ntarget=creature\n\
auto=if type(*[instant;sorcery]|mygraveyard)~morethan~1 then damage:3 else damage:2\nmana={R}\ntype=Instant\n[/card]\n\
[card]\nname=Demonlord of Ashmouth\nabilities=flying\n\
auto=if type(other creature|mybattlefield)~morethan~0 then sacrifice notatarget(other creature|mybattlefield) else moveto(exile) all(this)\n\
mana={2}{B}{B}\ntype=Creature\nsubtype=Demon\npower=5\ntoughness=4\n[/card]\n\
[card]\nname=Scepter of Empires\n\
auto={t}:name(damage) target(player) if type(Crown of Empires|mybattlefield)~morethan~0,type(Throne of Empires|mybattlefield)~morethan~0 then damage:3 else damage:1\n\
mana={3}\ntype=Artifact\n[/card]\n\
[card]\nname=Purge\n\
auto=if type(creature|mybattlefield)~morethan~0 then destroy all(creature|mybattlefield) else life:5 controller\n\
mana={B}\ntype=Sorcery\n[/card]\n\
[card]\nname=Crown of Empires\nmana={2}\ntype=Artifact\n[/card]\n\
[card]\nname=Throne of Empires\nmana={4}\ntype=Artifact\n[/card]\n\
[card]\nname=Grizzly Bears\nmana={1}{G}\ntype=Creature\npower=2\ntoughness=2\n[/card]\n\
[card]\nname=Hill Giant\nmana={3}{R}\ntype=Creature\npower=3\ntoughness=3\n[/card]\n\
[card]\nname=Craw Wurm\nmana={4}{G}{G}\ntype=Creature\npower=6\ntoughness=4\n[/card]\n\
[card]\nname=Shock\ntarget=creature,player\nauto=damage:2\nmana={R}\ntype=Instant\n[/card]\n";

fn verdict(test: &str) -> Verdict {
    super::behaviour::verdict_of("if_else.txt", CARDS, test)
}

/// The statements of a one-line card: each one's shape, its condition's kind and its
/// `else` branch's shape.
fn branches(card: &str) -> Vec<String> {
    let source = format!("[card]\nname=Test\n{card}\n[/card]\n");
    let blocks = wagic::reader::read(&source);
    let arena = bumpalo::Bump::new();
    let ir = wagic::front::lower_card(&blocks[0], &arena).expect("the card compiles");
    let statements = ir.actions.first().map(|action| action.statements).unwrap_or_default();
    statements
        .iter()
        .map(|statement| {
            let condition = match statement.condition {
                Some(compiler::ir::Condition::Guarded { guard, .. }) => format!("guard[{}]", guard.len()),
                Some(_) => "other".to_string(),
                None => "none".to_string(),
            };
            let otherwise = statement.otherwise.map_or("-".to_string(), |otherwise| shape(&otherwise.body));
            format!("{condition} {} else {otherwise}", shape(statement))
        })
        .collect()
}

#[test]
fn the_branches_are_one_statement_guarded_by_the_tests() {
    let feed = "auto=if type(creature[power>=4]|mybattlefield)~morethan~0 then life:10 controller else life:5 \
                controller\ntype=Instant";
    assert_eq!(branches(feed), ["guard[1] me life ueot else me life"]);
    // Two tests: both checks in the guard, joined by `&&`.
    let two = "auto=if type(artifact|mybattlefield)~morethan~0,type(land|mybattlefield)~equalto~2 then draw:1 \
               controller else life:1 controller\ntype=Sorcery";
    assert_eq!(branches(two), ["guard[2] me draw ueot else me life"]);
    // Duress's `then donothing` stays two statements, the look's target optional.
    let duress = "auto=if type(*[-creature;-land]|opponenthand)~lessthan~1 then donothing target(*|opponenthand) \
                  else reject notatarget(*[-creature;-land]|opponenthand)\ntype=Sorcery";
    assert_eq!(branches(duress).len(), 2);
}

#[test]
fn other_forms_stay_refused_with_the_construct_named() {
    let construct = "unsupported: `if ... then ... else` other than `if type(spec)~morethan|lessthan|equalto~n then \
                     effect else effect`";
    for line in [
        // The main phase (`if_guarded.rs`) is a test of a spell's casting only; a count of
        // the turn's spells is another test.
        "auto=if compare(restriction{assorcery}~morethan~0) then damage:3 opponent else damage:2 opponent\ntype=Creature",
        "target=creature\nauto=if thisturn(*|mystack)~morethan~1 then damage:5 else damage:3\ntype=Instant",
    ] {
        assert_eq!(error_of(line).as_deref(), Some(construct), "{line}");
    }
    let tested_else = "auto=if type(creature|mybattlefield)~morethan~0 then draw:1 controller else if casted(this) \
                       then draw:2 controller\ntype=Sorcery";
    assert_eq!(
        error_of(tested_else).as_deref(),
        Some("unsupported: `else` branch with a condition (`may`, an `if` of the source)")
    );
}

#[test]
fn feed_the_clan_gains_ten_life_with_a_creature_of_power_four_and_five_without() {
    let feed = |creature: &str, life: &str| {
        verdict(&test(
            &format!("[PLAYER1]\nhand:Feed the Clan\ninplay:{creature}\nmanapool:{{1}}{{G}}\n[PLAYER2]\n"),
            "Feed the Clan\n",
            &format!("FIRSTMAIN\n[PLAYER1]\ninplay:{creature}\ngraveyard:Feed the Clan\nlife:{life}\n[PLAYER2]\n"),
        ))
    };
    assert_eq!(feed("Craw Wurm", "30"), Verdict::Passed);
    assert_eq!(feed("Hill Giant", "25"), Verdict::Passed);
}

#[test]
fn fiery_impulse_deals_three_with_spell_mastery_and_two_without() {
    // A Hill Giant (3 toughness) dies of 3 damage, survives 2.
    let impulse = |graveyard: &str, giant: &str| {
        verdict(&test(
            &format!(
                "[PLAYER1]\nhand:Fiery Impulse\ngraveyard:{graveyard}\nmanapool:{{R}}\n[PLAYER2]\ninplay:Hill Giant\n"
            ),
            "Fiery Impulse\nHill Giant\n",
            &format!("FIRSTMAIN\n[PLAYER1]\ngraveyard:{graveyard},Fiery Impulse\n[PLAYER2]\n{giant}"),
        ))
    };
    assert_eq!(impulse("Shock,Feed the Clan", "graveyard:Hill Giant\n"), Verdict::Passed);
    assert_eq!(impulse("Shock,Grizzly Bears", "inplay:Hill Giant\n"), Verdict::Passed);
}

#[test]
fn the_tests_are_checked_once_so_one_branch_runs() {
    // The first branch destroys what the tests count: the second does not run after it.
    let purge = |creatures: &str, life: &str| {
        verdict(&test(
            &format!("[PLAYER1]\nhand:Purge\n{creatures}manapool:{{B}}\n[PLAYER2]\n"),
            "Purge\n",
            &format!(
                "FIRSTMAIN\n[PLAYER1]\ngraveyard:{}Purge\nlife:{life}\n[PLAYER2]\n",
                creatures.strip_prefix("inplay:").map_or(String::new(), |names| format!("{},", names.trim()))
            ),
        ))
    };
    assert_eq!(purge("inplay:Grizzly Bears\n", "20"), Verdict::Passed);
    assert_eq!(purge("", "25"), Verdict::Passed);
    // Demonlord of Ashmouth ("exile it unless you sacrifice another creature") alone is
    // exiled (with another creature, the runner would have to answer its choice).
    let alone = test(
        "[PLAYER1]\nhand:Demonlord of Ashmouth\nmanapool:{2}{B}{B}\n[PLAYER2]\n",
        "Demonlord of Ashmouth\n",
        "FIRSTMAIN\n[PLAYER1]\nexile:Demonlord of Ashmouth\n[PLAYER2]\n",
    );
    assert_eq!(verdict(&alone), Verdict::Passed);
}

#[test]
fn scepter_of_empires_deals_three_with_crown_and_throne_and_one_otherwise() {
    let scepter = |artifacts: &str, life: &str| {
        verdict(&test(
            &format!("[PLAYER1]\ninplay:Scepter of Empires,{artifacts}\n[PLAYER2]\n"),
            "Scepter of Empires\np2\n",
            &format!("FIRSTMAIN\n[PLAYER1]\ninplay:Scepter of Empires,{artifacts}\n[PLAYER2]\nlife:{life}\n"),
        ))
    };
    assert_eq!(scepter("Crown of Empires,Throne of Empires", "17"), Verdict::Passed);
    assert_eq!(scepter("Crown of Empires", "19"), Verdict::Passed);
}
