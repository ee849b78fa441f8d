//! `ability$!effect!$ opponent|targetedplayer` (Wagic's `ATargetedAbilityCreator`) whose
//! effect is the player sacrificing or moving n of their own cards a spec matches (an
//! edict, `notatarget(creature|mybattlefield) sacrifice`; `target(*|mygraveyard)
//! moveto(exile)`): the catalogue's `movechosen`, asked of that player. What the cards do
//! in Wagic's tests (the card the player clicks goes), a seat asked among its own cards,
//! the greedy player's choice, and the variants still refused by name.

use std::sync::Arc;

use vm::runtime::Value;
use wagic::Command;
use wagic::play::{self, Options, Outcome, PlayerKind, Question, QuestionKind, SeatView};
use wagic::runner::{self, Verdict};

use super::behaviour::test;
use super::board::{BATTLEFIELD, GRAVEYARD, HAND, LIBRARY, Library, P0, P1, Play, Table};
use super::front::error_of;

/// Cards of these tests, with Wagic's lines for them and their printed text.
const CARDS: &str = "[card]\nname=Cruel Edict\ntarget=opponent\n\
auto=ability$!name(sacrifice) notatarget(creature|mybattlefield) sacrifice!$ targetedplayer\n\
mana={1}{B}\ntype=Sorcery\n[/card]\n\
[card]\nname=Diabolic Edict\ntarget=player\n\
auto=ability$!name(sacrifice) target(creature|mybattlefield) sacrifice!$ targetedplayer\n\
mana={1}{B}\ntype=Instant\n[/card]\n\
[card]\nname=Fleshbag Marauder\nauto=sacrifice notatarget(creature|mybattlefield)\n\
auto=ability$! sacrifice notatarget(creature|mybattlefield) !$ opponent\n\
mana={2}{B}\ntype=Creature\nsubtype=Zombie Warrior\npower=3\ntoughness=1\n[/card]\n\
[card]\nname=Barter in Blood\nauto=sacrifice notatarget(<2>creature|mybattlefield)\n\
auto=ability$! sacrifice notatarget(<2>creature|mybattlefield) !$ opponent\n\
mana={2}{B}{B}\ntype=Sorcery\n[/card]\n\
[card]\nname=Relic of Progenitus\n\
auto={T}:target(player) ability$!name(exile card) target(*|mygraveyard) moveTo(exile)!$ targetedplayer\n\
text={T}: Target player exiles a card from his or her graveyard.\nmana={1}\ntype=Artifact\n[/card]\n\
[card]\nname=Chittering Rats\n\
auto=target(opponent) ability$!name(put on top) target(*|myhand) moveTo(ownerlibrary) !$ targetedplayer\n\
mana={1}{B}{B}\ntype=Creature\nsubtype=Rat\npower=2\ntoughness=2\n[/card]\n\
[card]\nname=Curfew\nauto=moveto(ownerhand) notatarget(creature|mybattlefield)\n\
auto=ability$! moveto(ownerhand) notatarget(creature|mybattlefield) !$ opponent\n\
mana={U}\ntype=Instant\n[/card]\n\
[card]\nname=Rising Waters\nauto=lord(land) doesnotuntap\n\
auto=@each my upkeep:untap notatarget(land|mybattlefield)\n\
auto=@each opponent upkeep:ability$!name(untap land) untap notatarget(land|mybattlefield)!$ opponent\n\
text=Lands don't untap during their controllers' untap steps. -- At the beginning of each player's upkeep, that player untaps a land he or she controls.\n\
mana={3}{U}\ntype=Enchantment\n[/card]\n\
[card]\nname=Forest\ntype=Basic Land\nsubtype=Forest\n[/card]\n\
[card]\nname=Swamp\ntype=Basic Land\nsubtype=Swamp\n[/card]\n\
[card]\nname=Grizzly Bears\nmana={1}{G}\ntype=Creature\npower=2\ntoughness=2\n[/card]\n\
[card]\nname=Craw Wurm\nmana={4}{G}{G}\ntype=Creature\npower=6\ntoughness=4\n[/card]\n\
[card]\nname=Hill Giant\nmana={3}{R}\ntype=Creature\npower=3\ntoughness=3\n[/card]\n\
[card]\nname=Imperial Edict\ntarget=opponent\n\
auto=ability$!name(sacrifice) target(creature|mybattlefield) destroy!$ targetedplayer\n\
mana={1}{B}\ntype=Sorcery\n[/card]\n\
[card]\nname=Darksteel Myr\nabilities=indestructible\ntext=Indestructible\nmana={3}\n\
type=Artifact Creature\nsubtype=Myr\npower=0\ntoughness=1\n[/card]\n";

fn library() -> Arc<Library> {
    Arc::new(Library::compile(&[("given_move.txt", CARDS.to_string())]).expect("the cards compile"))
}

fn verdict(test: &str) -> Verdict {
    runner::run(&library(), &wagic::testfile::read(test).expect("a test"))
}

/// The question `movechosen` asks of `player`, as the table logs it.
fn asked_of(player: u32) -> String {
    format!("Command(CommandIdx({}), {player})", Command::MoveChosen.index())
}

#[test]
fn cruel_edict_makes_its_target_opponent_sacrifice_the_creature_they_choose() {
    let mut table = Table::with_cards(CARDS);
    let edict = table.put("Cruel Edict", P0, HAND);
    table.put("Grizzly Bears", P1, BATTLEFIELD);
    let wurm = table.put("Craw Wurm", P1, BATTLEFIELD);
    table.put("Forest", P1, BATTLEFIELD);
    table.put("Grizzly Bears", P0, BATTLEFIELD);
    // Not the first creature, nor the Forest: the creature p1 chooses.
    table.answers.push(vec![Value::Card(wurm)]);
    table.cast(edict, P0);
    assert_eq!(table.asked, [asked_of(1)]);
    assert_eq!(table.board.names(P1, GRAVEYARD), ["Craw Wurm"]);
    assert_eq!(table.board.names(P1, BATTLEFIELD), ["Grizzly Bears", "Forest"]);
    assert_eq!(table.board.names(P0, BATTLEFIELD), ["Grizzly Bears"]);
    assert_eq!(table.board.names(P0, GRAVEYARD), ["Cruel Edict"]);
}

#[test]
fn an_edict_takes_a_lone_creature_unasked_and_nothing_from_a_player_with_none() {
    let mut table = Table::with_cards(CARDS);
    let edict = table.put("Cruel Edict", P0, HAND);
    table.put("Grizzly Bears", P1, BATTLEFIELD);
    table.put("Forest", P1, BATTLEFIELD);
    table.cast(edict, P0);
    assert!(table.asked.is_empty(), "{:?}", table.asked);
    assert_eq!(table.board.names(P1, GRAVEYARD), ["Grizzly Bears"]);
    let edict = table.put("Cruel Edict", P0, HAND);
    table.cast(edict, P0);
    assert_eq!(table.board.names(P1, BATTLEFIELD), ["Forest"]);
    assert_eq!(table.board.names(P0, GRAVEYARD), ["Cruel Edict", "Cruel Edict"]);
}

#[test]
fn diabolic_edict_makes_the_player_it_targets_choose_among_their_creatures() {
    // Its controller targeted: they choose among their own creatures; p1's stay.
    let mut table = Table::with_cards(CARDS);
    let edict = table.put("Diabolic Edict", P0, HAND);
    table.put("Grizzly Bears", P0, BATTLEFIELD);
    let wurm = table.put("Craw Wurm", P0, BATTLEFIELD);
    table.put("Craw Wurm", P1, BATTLEFIELD);
    table.answers.push(vec![Value::Player(P0)]);
    table.answers.push(vec![Value::Card(wurm)]);
    table.cast(edict, P0);
    assert_eq!(table.asked.last(), Some(&asked_of(0)));
    assert_eq!(table.board.names(P0, GRAVEYARD), ["Craw Wurm", "Diabolic Edict"]);
    assert_eq!(table.board.names(P0, BATTLEFIELD), ["Grizzly Bears"]);
    assert_eq!(table.board.names(P1, BATTLEFIELD), ["Craw Wurm"]);
}

#[test]
fn fleshbag_marauder_makes_each_player_sacrifice_a_creature() {
    let mut table = Table::with_cards(CARDS);
    let bears = table.put("Grizzly Bears", P1, BATTLEFIELD);
    table.put("Craw Wurm", P1, BATTLEFIELD);
    // Its controller's only creature is the Marauder, sacrificed unasked; p1 chooses
    // between two of theirs.
    table.answers.push(vec![Value::Card(bears)]);
    table.put("Fleshbag Marauder", P0, BATTLEFIELD);
    assert_eq!(table.asked.last(), Some(&asked_of(1)));
    assert_eq!(table.board.names(P0, GRAVEYARD), ["Fleshbag Marauder"]);
    assert_eq!(table.board.names(P1, GRAVEYARD), ["Grizzly Bears"]);
    assert_eq!(table.board.names(P1, BATTLEFIELD), ["Craw Wurm"]);
}

#[test]
fn barter_in_blood_makes_each_player_sacrifice_two_creatures() {
    // p1's three creatures: the two p1 chooses go; p0's own two go unasked.
    let mut table = Table::with_cards(CARDS);
    let barter = table.put("Barter in Blood", P0, HAND);
    table.put("Hill Giant", P0, BATTLEFIELD);
    table.put("Grizzly Bears", P0, BATTLEFIELD);
    let bears = table.put("Grizzly Bears", P1, BATTLEFIELD);
    let wurm = table.put("Craw Wurm", P1, BATTLEFIELD);
    table.put("Hill Giant", P1, BATTLEFIELD);
    table.put("Forest", P1, BATTLEFIELD);
    table.answers.push(vec![Value::Card(wurm), Value::Card(bears)]);
    table.cast(barter, P0);
    assert_eq!(table.asked, [asked_of(1)]);
    assert_eq!(table.board.names(P1, BATTLEFIELD), ["Hill Giant", "Forest"]);
    assert_eq!(table.board.names(P1, GRAVEYARD).len(), 2);
    assert!(table.board.names(P0, BATTLEFIELD).is_empty());
}

#[test]
fn imperial_edict_destroys_the_creature_its_target_opponent_chooses() {
    let mut table = Table::with_cards(CARDS);
    let edict = table.put("Imperial Edict", P0, HAND);
    table.put("Grizzly Bears", P1, BATTLEFIELD);
    let wurm = table.put("Craw Wurm", P1, BATTLEFIELD);
    table.answers.push(vec![Value::Card(wurm)]);
    table.cast(edict, P0);
    assert_eq!(table.asked, [asked_of(1)]);
    assert_eq!(table.board.names(P1, GRAVEYARD), ["Craw Wurm"]);
    assert_eq!(table.board.names(P1, BATTLEFIELD), ["Grizzly Bears"]);
    // Destroyed, not sacrificed: an indestructible creature chosen stays.
    let edict = table.put("Imperial Edict", P0, HAND);
    let myr = table.put("Darksteel Myr", P1, BATTLEFIELD);
    table.answers.push(vec![Value::Card(myr)]);
    table.cast(edict, P0);
    assert_eq!(table.board.names(P1, BATTLEFIELD), ["Grizzly Bears", "Darksteel Myr"]);
}

#[test]
fn an_answer_naming_a_card_not_offered_moves_nothing() {
    // The host's answer is not trusted: a land, or the other player's creature, stays.
    let mut table = Table::with_cards(CARDS);
    let edict = table.put("Cruel Edict", P0, HAND);
    table.put("Grizzly Bears", P1, BATTLEFIELD);
    table.put("Craw Wurm", P1, BATTLEFIELD);
    let mine = table.put("Craw Wurm", P0, BATTLEFIELD);
    table.answers.push(vec![Value::Card(mine)]);
    table.try_cast(edict, P0).ok();
    assert_eq!(table.board.names(P0, BATTLEFIELD), ["Craw Wurm"]);
    assert_eq!(table.board.names(P1, BATTLEFIELD), ["Grizzly Bears", "Craw Wurm"]);
}

#[test]
fn relic_of_progenitus_makes_its_target_player_exile_a_card_of_their_graveyard() {
    let init = "[PLAYER1]\ninplay:Relic of Progenitus\ngraveyard:Swamp\n[PLAYER2]\ngraveyard:Forest,Grizzly Bears\n";
    let expected = "FIRSTMAIN\n[PLAYER1]\ninplay:Relic of Progenitus\ngraveyard:Swamp\n\
                    [PLAYER2]\ngraveyard:Forest\nexile:Grizzly Bears\n";
    assert_eq!(verdict(&test(init, "Relic of Progenitus\np2\nGrizzly Bears\n", expected)), Verdict::Passed);
}

#[test]
fn chittering_rats_makes_the_opponent_put_a_card_of_their_hand_on_top_of_their_library() {
    let mut table = Table::with_cards(CARDS);
    table.put("Swamp", P1, LIBRARY);
    table.put("Forest", P1, HAND);
    let wurm = table.put("Craw Wurm", P1, HAND);
    // Its one opponent is its target unasked; p1 chooses the card.
    table.answers.push(vec![Value::Card(wurm)]);
    table.put("Chittering Rats", P0, BATTLEFIELD);
    assert_eq!(table.asked.last(), Some(&asked_of(1)));
    assert_eq!(table.board.names(P1, HAND), ["Forest"]);
    assert_eq!(table.board.names(P1, LIBRARY).first().map(String::as_str), Some("Craw Wurm"));
}

#[test]
fn curfew_makes_each_player_return_a_creature_they_control() {
    let mut table = Table::with_cards(CARDS);
    let curfew = table.put("Curfew", P0, HAND);
    let bears = table.put("Grizzly Bears", P0, BATTLEFIELD);
    table.put("Craw Wurm", P1, BATTLEFIELD);
    table.put("Forest", P1, BATTLEFIELD);
    table.answers.push(vec![Value::Card(bears)]);
    table.cast(curfew, P0);
    assert_eq!(table.board.names(P0, HAND), ["Grizzly Bears"]);
    assert_eq!(table.board.names(P1, HAND), ["Craw Wurm"]);
    assert_eq!(table.board.names(P1, BATTLEFIELD), ["Forest"]);
}

#[test]
fn a_seat_is_asked_which_of_its_own_creatures_its_opponents_marauder_takes() {
    let library = library();
    let marauders: Vec<String> =
        (0..30).map(|index| if index % 3 == 0 { "Fleshbag Marauder" } else { "Swamp" }).map(str::to_string).collect();
    let bears: Vec<String> =
        (0..30).map(|index| if index % 2 == 0 { "Grizzly Bears" } else { "Forest" }).map(str::to_string).collect();
    // p1's seat plays as the random player would (the first option), and gives up the last
    // creature offered, remembered to check the game's events against.
    let mut asked: Vec<(String, Vec<String>)> = Vec::new();
    let mut seat = |_: &SeatView, question: &Question| {
        if question.prompt.contains("choose your cards (1 to 1") {
            assert_eq!(question.kind, QuestionKind::Effect);
            asked.push((question.prompt.clone(), question.options.clone()));
            return Some(question.options.len() - 1);
        }
        Some(0)
    };
    let options = Options { seed: 3, turn_limit: 16, players: [PlayerKind::Greedy, PlayerKind::Random] };
    let played = play::play_with(&library, [&marauders, &bears], options, [None, Some(&mut seat)]);
    assert!(!matches!(played.outcome, Outcome::Stopped { .. }), "{:?}", played.outcome);
    let events = played.events();
    assert!(!asked.is_empty(), "p0 cast a Fleshbag Marauder while p1 had two creatures: {events:#?}");
    for (prompt, options) in &asked {
        assert!(prompt.starts_with("Fleshbag Marauder: choose your cards"), "{prompt}");
        // Only p1's own creatures: no land, none of p0's.
        assert!(options.iter().all(|option| option.starts_with("Grizzly Bears (p1")), "{options:?}");
    }
}

#[test]
fn variants_of_a_players_own_sacrifice_or_move_stay_refused_by_name() {
    let cases = [
        (
            "auto=ability$!sacrifice notatarget(<storedx>land|mybattlefield)!$ opponent\ntype=Sorcery",
            "unsupported: `ability$!...!$` given to `opponent`: a choice of as many cards as a computed value (`<prex>`)",
        ),
        (
            "auto=ability$!target(*|myhand) moveto(mybattlefield)!$ opponent\ntype=Creature",
            "unsupported: `ability$!...!$` given to `opponent`: a move to `battlefield` of cards the spec does not \
             limit to permanent types",
        ),
        (
            "auto=ability$!moveto(ownerhand) notatarget(<upto:3>*|mygraveyard)!$ opponent\ntype=Sorcery",
            "unsupported: `ability$!...!$` given to `opponent`: a choice of `<upto:n>` or `<anyamount>` cards",
        ),
        (
            "auto=ability$!target(creature|mylibrary) moveto(myhand)!$ opponent\ntype=Sorcery",
            "unsupported: `ability$!...!$` given to `opponent`: a choice among the cards of `mylibrary`",
        ),
        (
            "auto=ability$!sacrifice notatarget(land)!$ opponent\ntype=Sorcery",
            "unsupported: `ability$!...!$` given to `opponent`: a choice among cards of a zone other than the \
             player's own",
        ),
        (
            "auto=ability$!target(*|mygraveyard) sacrifice!$ opponent\ntype=Sorcery",
            "unsupported: `ability$!...!$` given to `opponent`: a sacrifice or a destruction of cards not on \
             the battlefield",
        ),
        (
            "auto=ability$!target(creature|mybattlefield) moveto(opponenthand)!$ opponent\ntype=Sorcery",
            "unsupported: `ability$!...!$` given to `opponent`: a move into another player's zone",
        ),
        (
            "auto=ability$!target(creature|mybattlefield) tap!$ opponent\ntype=Sorcery",
            "unsupported: `ability$!...!$` given to `opponent` other than a discard, a sacrifice, a move, a draw or life",
        ),
        (
            "auto=@each opponent upkeep:ability$!target(land|mybattlefield) untap!$ opponent\ntype=Creature",
            "unsupported: `ability$!...!$` given to `opponent`: an untap of a `target(...)` (the printed texts untap \
             no target)",
        ),
        (
            "auto=ability$!target(*|mygraveyard) destroy!$ opponent\ntype=Sorcery",
            "unsupported: `ability$!...!$` given to `opponent`: a sacrifice or a destruction of cards not on \
             the battlefield",
        ),
    ];
    for (card, message) in cases {
        assert_eq!(error_of(card).as_deref(), Some(message), "{card}");
    }
}

#[test]
fn rising_waters_makes_the_opponent_untap_the_land_they_choose_in_their_upkeep() {
    let mut table = Table::with_cards(CARDS);
    table.put("Rising Waters", P0, BATTLEFIELD);
    let forest = table.put("Forest", P1, BATTLEFIELD);
    let swamp = table.put("Swamp", P1, BATTLEFIELD);
    let mine = table.put("Swamp", P0, BATTLEFIELD);
    for card in [forest, swamp, mine] {
        table.board.cards[card.0 as usize].tapped = true;
    }
    table.answers.push(vec![Value::Card(swamp)]);
    // p1's upkeep: they are asked which of their lands.
    let upkeep = table.runtime.event_index("upkeep").expect("upkeep");
    table.runtime.emit(vm::runtime::Event::new(upkeep, P1));
    table.settle();
    assert!(table.asked.contains(&asked_of(1)), "{:?}", table.asked);
    let tapped = |table: &Table, card| table.board.get(card).map(|c| c.tapped);
    assert_eq!(tapped(&table, swamp), Some(false));
    assert_eq!(tapped(&table, forest), Some(true));
    assert_eq!(tapped(&table, mine), Some(true));
}

#[test]
fn a_card_writing_movechosen_itself_does_not_compile() {
    let error = error_of("auto=movechosen opponent\ntype=Sorcery").expect("refused");
    assert!(error.contains("movechosen"), "{error}");
}
