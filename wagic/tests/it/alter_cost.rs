//! Cost changes, `lord(spec|zones) altercost(colour, ±n)` (Wagic's `AAlterCost` under an
//! `ALord`), on cards hand-written from their printed text: Ruby Medallion's red spells
//! cost {1} less, Aura of Silence's opponents' artifacts {2} more, Alabaster Leech's white
//! spells {W} more, Cloud Key's and a tapped permanent's conditions; in Wagic's behaviour
//! tests (`rsc test --lang wagic`), on the table, and in whole games, where a card made
//! cheaper is cast a turn earlier. And the forms refused by name.

use std::sync::Arc;

use wagic::WagicHost;
use wagic::play::{self, Entry, Options, PlayerKind};
use wagic::runner::{self, Verdict};
use wagic::table::Library;

use super::behaviour::test;
use super::board::{BATTLEFIELD, GRAVEYARD, HAND, P0, P1, Play, Table};
use super::front::error_of;
use super::play::cards;

const CARDS: &str = "[card]\nname=Ruby Medallion\n\
auto=lord(*[red]|myhand,mylibrary,mygraveyard,myexile) altercost(colorless,-1)\n\
mana={2}\ntype=Artifact\n[/card]\n\
[card]\nname=Aura of Silence\n\
auto=lord(artifact|opponenthand,opponentlibrary,opponentgraveyard,opponentexile) altercost(colorless, +2)\n\
auto=lord(enchantment|opponenthand,opponentlibrary,opponentgraveyard,opponentexile) altercost(colorless, +2)\n\
text=Artifact and enchantment spells your opponents cast cost {2} more to cast.\n\
mana={1}{W}{W}\ntype=Enchantment\n[/card]\n\
[card]\nname=Alabaster Leech\nauto=lord(*[white]|myhand,mylibrary,mygraveyard,myexile) altercost(white, +1)\n\
mana={W}\ntype=Creature\nsubtype=Leech\npower=1\ntoughness=3\n[/card]\n\
[card]\nname=Cloud Key\n\
auto=this(counter{0/0.1.CloudKeyC}) lord(Creature|myhand,mylibrary,mygraveyard,myexile) altercost(colorless,-1)\n\
text=As Cloud Key enters the battlefield, choose artifact, creature, enchantment, instant, or sorcery. \
Spells you cast of the chosen type cost {1} less to cast.\nmana={3}\ntype=Artifact\n[/card]\n\
[card]\nname=Centaur Seer\nauto=this(tapped) lord(creature|myhand,mylibrary,mygraveyard,myexile) altercost(colorless, -2)\n\
text=As long as Centaur Seer is tapped, creature spells you cast cost {2} less to cast.\n\
mana={3}{G}\ntype=Creature\npower=3\ntoughness=2\n[/card]\n\
[card]\nname=Gray Ogre\nmana={2}{R}\ntype=Creature\nsubtype=Ogre\npower=2\ntoughness=2\n[/card]\n\
[card]\nname=Hill Giant\nmana={3}{R}\ntype=Creature\nsubtype=Giant\npower=3\ntoughness=3\n[/card]\n\
[card]\nname=Lightning Bolt\ntarget=creature,player\nauto=damage:3\nmana={R}\ntype=Instant\n[/card]\n\
[card]\nname=Grizzly Bears\nmana={1}{G}\ntype=Creature\npower=2\ntoughness=2\n[/card]\n\
[card]\nname=Savannah Lions\nmana={W}\ntype=Creature\npower=2\ntoughness=1\n[/card]\n\
[card]\nname=Shock\ntarget=creature,player\nauto=damage:2\nmana={R}\ntype=Instant\n[/card]\n\
[card]\nname=Trinket\nmana={1}\ntype=Artifact\n[/card]\n\
[card]\nname=Paperweight\nmana={2}\ntype=Artifact\n[/card]\n\
[card]\nname=Mountain\ntype=Basic Land\nsubtype=Mountain\n[/card]\n\
[card]\nname=Forest\ntype=Basic Land\nsubtype=Forest\n[/card]\n";

fn own_library() -> Arc<Library> {
    Arc::new(Library::compile(&[("altercost.txt", CARDS.to_string())]).expect("the cards compile"))
}

fn verdict(test: &str) -> Verdict {
    runner::run(&own_library(), &wagic::testfile::read(test).expect("a test"))
}

/// Ruby Medallion: Gray Ogre's {2}{R} is {1}{R}, paid with two red mana; Grizzly Bears
/// (green) still costs {1}{G}. Without the Medallion the Ogre is not cast.
#[test]
fn a_red_spell_costs_one_less_under_ruby_medallion() {
    let cast = test(
        "[PLAYER1]\ninplay:Ruby Medallion\nhand:Gray Ogre\nmanapool:{R}{R}\n[PLAYER2]\n",
        "Gray Ogre\n",
        "FIRSTMAIN\n[PLAYER1]\ninplay:Ruby Medallion,Gray Ogre\nmanapool:{0}\n[PLAYER2]\n",
    );
    assert_eq!(verdict(&cast), Verdict::Passed);
    let without = cast.replacen("inplay:Ruby Medallion\n", "", 1).replacen("Ruby Medallion,", "", 1);
    assert_ne!(verdict(&without), Verdict::Passed, "{without}");
    let green = test(
        "[PLAYER1]\ninplay:Ruby Medallion\nhand:Grizzly Bears\nmanapool:{G}{G}\n[PLAYER2]\n",
        "Grizzly Bears\n",
        "FIRSTMAIN\n[PLAYER1]\ninplay:Ruby Medallion,Grizzly Bears\nmanapool:{0}\n[PLAYER2]\n",
    );
    assert_eq!(verdict(&green), Verdict::Passed, "the Bears cost their {{1}}{{G}}");
    // An instant is a red spell too: Shock costs nothing ({R} less {1}: no generic to take off).
    let shock = test(
        "[PLAYER1]\ninplay:Ruby Medallion\nhand:Shock\nmanapool:{R}\n[PLAYER2]\n",
        "Shock\np2\n",
        "FIRSTMAIN\n[PLAYER1]\ninplay:Ruby Medallion\ngraveyard:Shock\nmanapool:{0}\n[PLAYER2]\nlife:18\n",
    );
    assert_eq!(verdict(&shock), Verdict::Passed, "a generic reduction takes no coloured mana off");
}

/// Aura of Silence: the opponent's Trinket costs {3}, not castable with {1}; its own
/// controller's Trinket costs {1}.
#[test]
fn an_opponents_artifact_costs_two_more_under_aura_of_silence() {
    let old_mana = test(
        "[PLAYER1]\nhand:Trinket\nmanapool:{1}\n[PLAYER2]\ninplay:Aura of Silence\n",
        "Trinket\n",
        "FIRSTMAIN\n[PLAYER1]\ninplay:Trinket\nmanapool:{0}\n[PLAYER2]\ninplay:Aura of Silence\n",
    );
    let unpaid = verdict(&old_mana);
    assert!(
        matches!(&unpaid, Verdict::Skipped(skip) if skip.reason == "a spell the mana pool cannot pay for"),
        "{{1}} does not pay {{3}}: {unpaid:?}"
    );
    let paid = test(
        "[PLAYER1]\nhand:Trinket\nmanapool:{3}\n[PLAYER2]\ninplay:Aura of Silence\n",
        "Trinket\n",
        "FIRSTMAIN\n[PLAYER1]\ninplay:Trinket\nmanapool:{0}\n[PLAYER2]\ninplay:Aura of Silence\n",
    );
    assert_eq!(verdict(&paid), Verdict::Passed);
    let own = test(
        "[PLAYER1]\ninplay:Aura of Silence\nhand:Trinket\nmanapool:{1}\n[PLAYER2]\n",
        "Trinket\n",
        "FIRSTMAIN\n[PLAYER1]\ninplay:Aura of Silence,Trinket\nmanapool:{0}\n[PLAYER2]\n",
    );
    assert_eq!(verdict(&own), Verdict::Passed, "its controller's artifacts cost what they cost");
}

/// Alabaster Leech: Savannah Lions costs {W}{W}; once the Leech dies (Lightning Bolt), {W}.
#[test]
fn a_coloured_increase_adds_its_symbol_until_the_permanent_leaves() {
    let more = test(
        "[PLAYER1]\ninplay:Alabaster Leech\nhand:Savannah Lions\nmanapool:{W}{W}\n[PLAYER2]\n",
        "Savannah Lions\n",
        "FIRSTMAIN\n[PLAYER1]\ninplay:Alabaster Leech,Savannah Lions\nmanapool:{0}\n[PLAYER2]\n",
    );
    assert_eq!(verdict(&more), Verdict::Passed);
    let one_white = more.replacen("manapool:{W}{W}", "manapool:{W}", 1).replacen("manapool:{0}", "manapool:{W}", 1);
    assert_ne!(verdict(&one_white), Verdict::Passed, "{{W}} alone does not pay {{W}}{{W}}");
    let gone = test(
        "[PLAYER1]\ninplay:Alabaster Leech\nhand:Savannah Lions,Lightning Bolt\nmanapool:{W}{W}{R}\n[PLAYER2]\n",
        "Lightning Bolt\nAlabaster Leech\nSavannah Lions\n",
        "FIRSTMAIN\n[PLAYER1]\ninplay:Savannah Lions\ngraveyard:Alabaster Leech,Lightning Bolt\nmanapool:{W}\n[PLAYER2]\n",
    );
    assert_eq!(verdict(&gone), Verdict::Passed);
}

/// The cost changes in force on the table: Cloud Key's while it has its chosen type's
/// counter, Centaur Seer's while it is tapped; a card in the library is changed as one in
/// hand; a change of a permanent in the graveyard, none.
#[test]
fn a_condition_and_the_zones_decide_when_a_change_holds() {
    let mut table = Table::with_cards(CARDS);
    let ogre = table.put("Gray Ogre", P0, HAND);
    let cost = |table: &Table, card| {
        let mut cost = [0, 0, 0, 1, 0, 2];
        table.changed_cost(card, &mut cost);
        cost
    };
    let key = table.put("Cloud Key", P0, BATTLEFIELD);
    assert_eq!(cost(&table, ogre), [0, 0, 0, 1, 0, 2], "no chosen type yet");
    WagicHost::add_named_counters(&mut table.board, key, "CloudKeyC", 1);
    assert_eq!(cost(&table, ogre), [0, 0, 0, 1, 0, 1]);
    let seer = table.put("Centaur Seer", P0, BATTLEFIELD);
    assert_eq!(cost(&table, ogre), [0, 0, 0, 1, 0, 1], "the Seer is untapped");
    WagicHost::set_tapped(&mut table.board, seer, true);
    assert_eq!(cost(&table, ogre), [0, 0, 0, 1, 0, 0], "never below nothing: {{1}} and {{2}} less");
    // The opponent's creatures are not the Key's (`my`).
    let theirs = table.put("Gray Ogre", P1, HAND);
    assert_eq!(cost(&table, theirs), [0, 0, 0, 1, 0, 2]);
    // The Seer in the graveyard changes nothing.
    table.board.move_to(seer, GRAVEYARD);
    assert_eq!(cost(&table, ogre), [0, 0, 0, 1, 0, 1]);
}

/// The turn of p0's first Hill Giant and how many Mountains p0 had played by then.
fn first_giant(played: &play::Played) -> Option<(u32, usize)> {
    let mut turn = 0;
    let mut mountains = 0;
    for entry in &played.log {
        match entry {
            Entry::TurnStart { turn: started, .. } => turn = *started,
            Entry::Event { text, .. } if text == "p0 plays Mountain" => mountains += 1,
            Entry::Event { text, .. } if text == "p0 casts Hill Giant" => return Some((turn, mountains)),
            _ => {}
        }
    }
    None
}

/// In whole games of greedy players, a Hill Giant ({3}{R}) is cast with three Mountains
/// once a Ruby Medallion is in play, a turn before its four lands would cast it; with a
/// plain artifact of the same cost instead, never.
#[test]
fn a_card_made_cheaper_is_cast_a_turn_earlier_in_a_game() {
    let library = own_library();
    let forests = cards(&[(30, "Forest")]);
    let mut earlier = 0;
    for seed in 0..12 {
        let options = Options { seed, turn_limit: 12, players: [PlayerKind::Greedy; 2] };
        let medallions = cards(&[(10, "Mountain"), (6, "Ruby Medallion"), (8, "Hill Giant")]);
        let played = play::play(&library, [&medallions, &forests], options);
        if let Some((_, mountains)) = first_giant(&played) {
            assert!(mountains >= 3, "seed {seed}: {:?}", played.log);
            if mountains == 3 {
                earlier += 1;
            }
        }
        let paperweights = cards(&[(10, "Mountain"), (6, "Paperweight"), (8, "Hill Giant")]);
        let played = play::play(&library, [&paperweights, &forests], options);
        if let Some((_, mountains)) = first_giant(&played) {
            assert!(mountains >= 4, "seed {seed}: a Giant with {mountains} Mountains: {:?}", played.log);
        }
    }
    assert!(earlier >= 3, "{earlier} games cast a Giant with three Mountains");
}

#[test]
fn cost_change_forms_not_modelled_are_refused_by_name() {
    let permanent = "\nmana={2}\ntype=Artifact";
    assert_eq!(
        error_of(&format!("auto=lord(*[red]|myhand,mylibrary,mygraveyard,myexile) altercost(colorless,-1){permanent}")),
        None
    );
    for (line, message) in [
        (
            "auto=thisforeach(counter{1/1,1}) lord(creature|myhand) altercost(colorless, -1)",
            "unsupported: `thisforeach` before `lord(...) altercost(...)`",
        ),
        (
            "auto=this(tapped) lord(*|myhand) altercost(colorless, -2) ueot",
            "unsupported: `ueot` after `lord(...) altercost(...)`",
        ),
        (
            "auto=chooseatype lord(creature[chosentype]|myhand) altercost(colorless,-2) chooseend",
            "unsupported: `chooseatype` before `lord(...) altercost(...)`",
        ),
        ("auto=lord(creature) altercost(colorless,-1)", "unsupported: `altercost` of a spec over the battlefield"),
        (
            "auto=lord(creature|mybattlefield,mygraveyard) altercost(colorless,-1)",
            "unsupported: `altercost` of a spec over the battlefield or the stack",
        ),
        (
            "auto=lord(creature[tapped]|myhand) altercost(colorless,-1)",
            "unsupported: `altercost` of a spec term other than a type, a colour, a keyword ability, power, toughness or mana value",
        ),
        ("auto=lord(creature|myhand) altercost(artifact,-1)", "unsupported: `altercost` colour `artifact`"),
        (
            "auto=lord(creature|myhand) altercost(colorless,-x)",
            "unsupported: `altercost` amount other than a number from -20 to 20",
        ),
    ] {
        assert_eq!(error_of(&format!("{line}{permanent}")).as_deref(), Some(message), "{line}");
    }
    assert_eq!(
        error_of("auto=lord(creature|myhand) altercost(colorless,-1)\nmana={R}\ntype=Sorcery").as_deref(),
        Some("unsupported: `altercost` on an instant or sorcery")
    );
}
