//! A card's abilities in its owner's graveyard other than activated ones (`autograveyard=`
//! triggers, static and one-shot abilities) in Wagic's behaviour tests: its triggers fire
//! while it is there, the card their source; its static abilities hold while it stays; a
//! one-shot runs as it enters the graveyard, from anywhere.

use wagic::runner::Verdict;

use super::behaviour::test;

/// Bladewing's Thrall: "When a Dragon enters the battlefield, you may return Bladewing's
/// Thrall from your graveyard to the battlefield." Anger: "As long as Anger is in your
/// graveyard and you control a Mountain, creatures you control have haste." Bridge from
/// Below: "Whenever a nontoken creature is put into your graveyard from the battlefield,
/// if Bridge from Below is in your graveyard, put a 2/2 black Zombie creature token onto
/// the battlefield. When a creature is put into an opponent's graveyard from the
/// battlefield, if Bridge from Below is in your graveyard, exile Bridge from Below." Dread:
/// "When Dread is put into a graveyard from anywhere, shuffle it into its owner's library."
/// Nether Spirit: "At the beginning of your upkeep, if Nether Spirit is the only creature
/// card in your graveyard, you may return Nether Spirit to the battlefield" (Wagic's line
/// returns it unasked). Narcomoeba: "When Narcomoeba is put into your graveyard from your
/// library, you may put it onto the battlefield." Tome Scour: "Target player mills five
/// cards." Coffin Purge: "Exile target card in a graveyard."  Raging Goblin: "Haste". Aurora
/// Eidolon: "Whenever you cast a multicolored spell, you may return Aurora Eidolon from
/// your graveyard to your hand."
const CARDS: &str = "[card]\nname=Bladewing's Thrall\nauto=aslongas(dragon|mybattlefield) flying\n\
autograveyard=@movedTo(dragon|battlefield):may moveTo(mybattlefield)\nmana={2}{B}{B}\ntype=Creature\n\
subtype=Zombie\npower=3\ntoughness=3\n[/card]\n\
[card]\nname=Shivan Dragon\nabilities=flying\nauto={R}:1/0\nmana={4}{R}{R}\ntype=Creature\nsubtype=Dragon\n\
power=5\ntoughness=5\n[/card]\n\
[card]\nname=Grizzly Bears\nmana={1}{G}\ntype=Creature\nsubtype=Bear\npower=2\ntoughness=2\n[/card]\n\
[card]\nname=Anger\nabilities=haste\nautograveyard=aslongas(mountain|myBattlefield) lord(creature|myBattlefield) haste\n\
mana={3}{R}\ntype=Creature\nsubtype=Incarnation\npower=2\ntoughness=2\n[/card]\n\
[card]\nname=Mountain\ntype=Basic Land\nsubtype=Mountain\n[/card]\n\
[card]\nname=Swamp\ntype=Basic Land\nsubtype=Swamp\n[/card]\n\
[card]\nname=Bridge from Below\n\
autograveyard=@movedTo(creature[-token]|mygraveyard) from(battlefield):token(Zombie,Creature Zombie,2/2,black)\n\
autograveyard=@movedTo(creature|opponentgraveyard) from(battlefield):moveto(exile)\n\
mana={B}{B}{B}\ntype=Enchantment\n[/card]\n\
[card]\nname=Shock\ntarget=creature,player\nauto=Damage:2\nmana={R}\ntype=Instant\n[/card]\n\
[card]\nname=Dread\nabilities=fear\nauto=@damageof(player) from(creature):all(trigger[from]) destroy\n\
autograveyard=moveTo(ownerlibrary) && shuffle\nmana={3}{B}{B}{B}\ntype=Creature\nsubtype=Elemental Incarnation\n\
power=6\ntoughness=6\n[/card]\n\
[card]\nname=Murder\ntarget=creature\nauto=destroy\nmana={1}{B}{B}\ntype=Instant\n[/card]\n\
[card]\nname=Raging Goblin\nabilities=haste\nmana={R}\ntype=Creature\nsubtype=Goblin Berserker\npower=1\n\
toughness=1\n[/card]\n\
[card]\nname=Lightning Helix\ntarget=creature,player\nauto=Damage:3\nauto=life:3 controller\nmana={R}{W}\n\
type=Instant\n[/card]\n\
[card]\nname=Aurora Eidolon\nauto={W}{S}:prevent:3 target(creature,player)\n\
autograveyard=@movedTo(*[multicolor]|mystack):may moveTo(myhand)\nmana={3}{W}\ntype=Creature\nsubtype=Spirit\n\
power=2\ntoughness=2\n[/card]\n\
[card]\nname=Nether Spirit\n\
autograveyard=@each my upkeep restriction{type(creature|mygraveyard)~equalto~1}:moveTo(mybattlefield)\n\
mana={1}{B}{B}\ntype=Creature\nsubtype=Spirit\npower=2\ntoughness=2\n[/card]\n\
[card]\nname=Narcomoeba\nabilities=flying\n\
autograveyard=@movedTo(this|mygraveyard) from(mylibrary):may moveTo(myBattlefield)\nmana={1}{U}\n\
type=Creature\nsubtype=Illusion\npower=1\ntoughness=1\n[/card]\n\
[card]\nname=Tome Scour\ntarget=player\nauto=deplete:5\nmana={U}\ntype=Sorcery\n[/card]\n\
[card]\nname=Coffin Purge\ntarget=*|graveyard\nauto=moveTo(exile)\nmana={B}\ntype=Instant\n[/card]\n";

fn verdict(test: &str) -> Verdict {
    super::behaviour::verdict_of("graveyard_abilities.txt", CARDS, test)
}

#[test]
fn a_card_in_the_graveyard_returns_itself_when_a_dragon_enters() {
    let thrall = |cast: &str, moves: &str, expected: &str| {
        verdict(&test(
            &format!(
                "[PLAYER1]\ngraveyard:Bladewing's Thrall\nhand:{cast}\nmanapool:{{4}}{{R}}{{R}}{{G}}\n[PLAYER2]\n"
            ),
            moves,
            &format!("FIRSTMAIN\n[PLAYER1]\n{expected}[PLAYER2]\n"),
        ))
    };
    // Its `may` answered yes: it returns beside the Dragon.
    let returned = "inplay:Shivan Dragon,Bladewing's Thrall\nmanapool:{G}\n";
    assert_eq!(thrall("Shivan Dragon", "Shivan Dragon\nchoice 0\n", returned), Verdict::Passed);
    // Answered no: it stays.
    let stays = "inplay:Shivan Dragon\ngraveyard:Bladewing's Thrall\nmanapool:{G}\n";
    assert_eq!(thrall("Shivan Dragon", "Shivan Dragon\nchoice 1\n", stays), Verdict::Passed);
    // A creature that is no Dragon: nothing asks.
    let bears = "inplay:Grizzly Bears\ngraveyard:Bladewing's Thrall\nmanapool:{3}{R}{R}\n";
    assert_eq!(thrall("Grizzly Bears", "Grizzly Bears\n", bears), Verdict::Passed);
}

/// Grizzly Bears cast this turn (after `before`), then made to attack, and three steps
/// on: the board then, `expected`, the second player's life 18 when the Bears attacked
/// (combat ends), 20 when they could not (no combat: the end of turn).
fn bears_attack(init: &str, before: &str, expected: &str, attacked: bool) -> Verdict {
    let (phase, life) = if attacked { ("COMBATEND", 18) } else { ("ENDOFTURN", 20) };
    verdict(&test(
        &format!("[PLAYER1]\n{init}manapool:{{1}}{{G}}{{B}}\n[PLAYER2]\n"),
        &format!("{before}Grizzly Bears\nnext\nnext\nGrizzly Bears\nnext\nnext\nnext\n"),
        &format!("{phase}\n[PLAYER1]\n{expected}[PLAYER2]\nlife:{life}\n"),
    ))
}

#[test]
fn an_incarnation_in_the_graveyard_gives_haste_while_it_is_there() {
    // Anger in the graveyard and a Mountain: the Bears attack the turn they are cast.
    let angry = "graveyard:Anger\ninplay:Mountain\nhand:Grizzly Bears\n";
    let attacked = "graveyard:Anger\ninplay:Mountain,Grizzly Bears\n";
    assert_eq!(bears_attack(angry, "", attacked, true), Verdict::Passed);
    // No Mountain: they are summoning sick.
    let no_mountain = "graveyard:Anger\ninplay:Swamp\nhand:Grizzly Bears\n";
    let sick = "graveyard:Anger\ninplay:Swamp,Grizzly Bears\n";
    assert_eq!(bears_attack(no_mountain, "", sick, false), Verdict::Passed);
    // Anger exiled from the graveyard first: no haste.
    let purged = "graveyard:Anger\ninplay:Mountain\nhand:Grizzly Bears,Coffin Purge\n";
    let exiled = "graveyard:Coffin Purge\nexile:Anger\ninplay:Mountain,Grizzly Bears\n";
    assert_eq!(bears_attack(purged, "Coffin Purge\nAnger\n", exiled, false), Verdict::Passed);
    // On the battlefield, Anger gives nothing but itself haste.
    let in_play = "inplay:Mountain,Anger\nhand:Grizzly Bears\n";
    let on_battlefield = "inplay:Mountain,Anger,Grizzly Bears\n";
    assert_eq!(bears_attack(in_play, "", on_battlefield, false), Verdict::Passed);
}

#[test]
fn a_graveyard_trigger_makes_a_token_and_another_exiles_the_card() {
    let bridge = |target: &str, expected_mine: &str, expected_theirs: &str| {
        verdict(&test(
            "[PLAYER1]\ngraveyard:Bridge from Below\ninplay:Grizzly Bears\nhand:Shock\nmanapool:{R}\n\
             [PLAYER2]\ninplay:Raging Goblin\n",
            &format!("Shock\n{target}\n"),
            &format!("FIRSTMAIN\n[PLAYER1]\n{expected_mine}[PLAYER2]\n{expected_theirs}"),
        ))
    };
    // My nontoken creature dies: a 2/2 Zombie token, the Bridge stays.
    let mine = "graveyard:Bridge from Below,Grizzly Bears,Shock\ninplay:Zombie\n";
    assert_eq!(bridge("Grizzly Bears", mine, "inplay:Raging Goblin\n"), Verdict::Passed);
    // The opponent's creature dies: the Bridge exiles itself.
    let theirs = "graveyard:Shock\nexile:Bridge from Below\ninplay:Grizzly Bears\n";
    assert_eq!(bridge("Raging Goblin", theirs, "graveyard:Raging Goblin\n"), Verdict::Passed);
}

#[test]
fn a_one_shot_runs_as_the_card_enters_a_graveyard() {
    // Dread destroyed: it is shuffled into its owner's library.
    let murdered = test(
        "[PLAYER1]\ninplay:Dread\nhand:Murder\nmanapool:{1}{B}{B}\n[PLAYER2]\n",
        "Murder\nDread\n",
        "FIRSTMAIN\n[PLAYER1]\ngraveyard:Murder\nlibrary:Dread\n[PLAYER2]\n",
    );
    assert_eq!(verdict(&murdered), Verdict::Passed);
    // Put there at the start of the test too (Wagic's test suite moves it there).
    let put = test("[PLAYER1]\ngraveyard:Dread\n[PLAYER2]\n", "", "FIRSTMAIN\n[PLAYER1]\nlibrary:Dread\n[PLAYER2]\n");
    assert_eq!(verdict(&put), Verdict::Passed);
}

#[test]
fn graveyard_abilities_not_modelled_are_refused_by_name() {
    let refused = |line: &str| {
        let card = format!(
            "[card]\nname=Ghoul\nautograveyard={line}\nmana={{B}}\ntype=Creature\npower=1\ntoughness=1\n[/card]\n"
        );
        let outcomes =
            wagic::compile_source("ghoul.txt", &card, &mut vm::bytecode::BundleBuilder::new(&wagic::CATALOGUE));
        outcomes[0].error.as_ref().map(|error| error.message.clone()).unwrap_or_default()
    };
    // Slaughterhouse Bouncer's dying, restricted: the permanent hears its own move
    // unrestricted only.
    assert_eq!(
        refused("@movedTo(this|mygraveyard) from(battlefield) restriction{type(*|myhand)~lessthan~1}:life:1"),
        "unsupported: `autograveyard` trigger on the card's own move into a graveyard other than from the \
         battlefield (unrestricted), the library or the hand"
    );
    // Chandra's Phoenix: the table hears a spell's damage once it has left the stack.
    assert_eq!(
        refused("@damagefoeof(player) from(instant[red]|mystack):moveTo(ownerhand)"),
        "unsupported: `autograveyard` damage trigger `from(...)` a spell on the stack"
    );
    assert_eq!(
        refused("aslongas(zombie|myBattlefield) CanPlayFromGraveyard"),
        "unsupported: `autograveyard` `canplayfromgraveyard` (casting the card from there)"
    );
    assert_eq!(
        refused("@each my upkeep restriction{thisturn(creature|mystack)~equalto~1}:moveTo(mybattlefield)"),
        "unsupported: trigger restriction `thisturn(...)`"
    );
}

#[test]
fn a_multicoloured_spell_cast_returns_a_card_from_the_graveyard_to_hand() {
    let cast = |spell: &str, target: &str, moves: &str, expected: &str, theirs: &str| {
        verdict(&test(
            &format!(
                "[PLAYER1]\ngraveyard:Aurora Eidolon\nhand:{spell}\nmanapool:{{R}}{{W}}\n\
                 [PLAYER2]\ninplay:Grizzly Bears\n"
            ),
            &format!("{spell}\n{target}\n{moves}"),
            &format!("FIRSTMAIN\n[PLAYER1]\n{expected}[PLAYER2]\n{theirs}"),
        ))
    };
    // A multicoloured spell: the Eidolon may return (yes), or not (no).
    let returned = "graveyard:Lightning Helix\nhand:Aurora Eidolon\nlife:23\n";
    let killed = "graveyard:Grizzly Bears\n";
    assert_eq!(cast("Lightning Helix", "Grizzly Bears", "choice 0\n", returned, killed), Verdict::Passed);
    let stays = "graveyard:Aurora Eidolon,Lightning Helix\nlife:23\n";
    assert_eq!(cast("Lightning Helix", "Grizzly Bears", "choice 1\n", stays, killed), Verdict::Passed);
    // A one-colour spell: nothing asks.
    let shock =
        cast("Shock", "p2", "", "graveyard:Aurora Eidolon,Shock\nmanapool:{W}\n", "inplay:Grizzly Bears\nlife:18\n");
    assert_eq!(shock, Verdict::Passed);
}

#[test]
fn a_restricted_graveyard_trigger_fires_only_while_its_condition_holds() {
    let upkeep = |graveyard: &str, expected: &str| {
        verdict(&format!(
            "[INIT]\nUNTAP\n[PLAYER1]\ngraveyard:{graveyard}\n[PLAYER2]\n[DO]\nnext\n\
             [ASSERT]\nUPKEEP\n[PLAYER1]\n{expected}[PLAYER2]\n[END]\n"
        ))
    };
    // The only creature card there: it returns in its owner's upkeep.
    assert_eq!(upkeep("Nether Spirit", "inplay:Nether Spirit\n"), Verdict::Passed);
    assert_eq!(upkeep("Nether Spirit,Shock", "inplay:Nether Spirit\ngraveyard:Shock\n"), Verdict::Passed);
    // Another creature card beside it: it stays.
    let two = "Nether Spirit,Grizzly Bears";
    assert_eq!(upkeep(two, "graveyard:Nether Spirit,Grizzly Bears\n"), Verdict::Passed);
}

#[test]
fn a_card_milled_hears_its_own_move_into_the_graveyard() {
    let milled = |from: &str, moves: &str, expected: &str| {
        verdict(&test(
            &format!("[PLAYER1]\n{from}hand:Tome Scour\nmanapool:{{U}}\n[PLAYER2]\n"),
            &format!("Tome Scour\np1\n{moves}"),
            &format!("FIRSTMAIN\n[PLAYER1]\n{expected}[PLAYER2]\n"),
        ))
    };
    let library = "library:Narcomoeba\n";
    // Milled: it may be put onto the battlefield.
    assert_eq!(milled(library, "choice 0\n", "inplay:Narcomoeba\ngraveyard:Tome Scour\n"), Verdict::Passed);
    assert_eq!(milled(library, "choice 1\n", "graveyard:Narcomoeba,Tome Scour\n"), Verdict::Passed);
}
