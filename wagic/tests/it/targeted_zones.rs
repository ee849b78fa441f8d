//! Wagic's zones of the player a spell targets (`targetedpersonshand`, `...library`,
//! `...battlefield`), on cards written as Wagic's files write them and judged by their
//! printed text: Duress takes a noncreature, nonland card chosen by its caster, and with
//! none takes nothing; the targeted player, not the caster, loses the card; a count of that
//! player's hand; the refusals on a card that targets no player.

use std::sync::Arc;

use vm::runtime::{CardId, PlayerId, RequestKind, Value};
use wagic::WagicHost;
use wagic::play::{self, Options, Outcome, PlayerKind, Question, QuestionKind, SeatView};
use wagic::runner::{self, Verdict};
use wagic::table::{GRAVEYARD, HAND, LIBRARY, Library, P0, P1, STACK, Step, Table};

use super::behaviour::test;
use super::board::Play;
use super::front::error_of;

/// Cards of these tests: Wagic's lines, with their printed text.
const CARDS: &str = "[card]\nname=Duress\ntarget=opponent\n\
auto=if type(*[-creature;-land]|targetedpersonshand)~lessthan~1 then name(look) donothing \
notatarget(*|targetedpersonshand) else reject notatarget(*[-creature;-land]|targetedpersonshand)\n\
mana={B}\ntype=Sorcery\n[/card]\n\
[card]\nname=Thoughtseize\ntarget=player\n\
auto=if type(*[-land]|targetedpersonshand)~lessthan~1 then name(look) donothing notatarget(*|targetedpersonshand) \
else reject notatarget(*[-land]|targetedpersonshand)\nauto=life:-2 controller\n\
mana={B}\ntype=Sorcery\n[/card]\n\
[card]\nname=Brainbite\ntarget=opponent\nauto=target(*|targetedpersonshand) reject\nauto=draw:1 controller\n\
mana={2}{U}{B}\ntype=Sorcery\n[/card]\n\
[card]\nname=Agonizing Memories\ntarget=player\nauto=target(<2>*|targetedpersonshand) \
moveTo(targetedpersonslibrary)\n\
mana={2}{B}{B}\ntype=Sorcery\n[/card]\n\
[card]\nname=Storm Seeker\ntarget=player\nauto=damage:type:*:targetedpersonshand\n\
mana={3}{G}\ntype=Instant\n[/card]\n\
[card]\nname=Chandra's Fury\ntarget=player\nauto=damage:4 && damage:1 all(creature|targetedpersonsbattlefield)\n\
mana={4}{R}\ntype=Instant\n[/card]\n\
[card]\nname=Shock\ntarget=creature,player\nauto=damage:2\nmana={R}\ntype=Instant\n[/card]\n\
[card]\nname=Swamp\ntype=Basic Land\nsubtype=Swamp\n[/card]\n\
[card]\nname=Forest\ntype=Basic Land\nsubtype=Forest\n[/card]\n\
[card]\nname=Grizzly Bears\nmana={1}{G}\ntype=Creature\npower=2\ntoughness=2\n[/card]\n\
[card]\nname=Giant Growth\ntarget=creature\nauto=3/3 ueot\nmana={G}\ntype=Instant\n[/card]\n";

fn library() -> Arc<Library> {
    Arc::new(Library::compile(&[("targeted_zones.txt", CARDS.to_string())]).expect("the cards compile"))
}

fn verdict(test: &str) -> Verdict {
    runner::run(&library(), &wagic::testfile::read(test).expect("a test"))
}

/// The names of `player`'s cards in `zone`.
fn names(table: &Table, player: PlayerId, zone: vm::bytecode::ZoneIdx) -> Vec<String> {
    let mut names: Vec<String> = table
        .board
        .zone(player, zone)
        .into_iter()
        .filter_map(|card| table.board.get(card))
        .map(|c| c.printed.name.clone())
        .collect();
    names.sort();
    names
}

/// `caster` casts `spell` from the stack at `target`, answering each card question with
/// `choose` (given its candidates' names, the chooser and the candidates): the names each
/// card question offered, in order.
fn cast_at(
    table: &mut Table,
    spell: CardId,
    caster: PlayerId,
    target: PlayerId,
    mut choose: impl FnMut(&[String], PlayerId, &[Value]) -> Vec<Value>,
) -> Vec<Vec<String>> {
    let mut offered = Vec::new();
    let mut step = table.start(spell, caster).expect("it starts");
    // Bounded: the player target, then each line's card.
    for _ in 0..6 {
        let Step::Asks(execution) = step else { break };
        let request = execution.request();
        assert_eq!(request.kind, RequestKind::Targets, "{request:?}");
        let candidates = execution.candidates().to_vec();
        let answer = if candidates.iter().all(|value| value.as_player().is_some()) {
            vec![Value::Player(target)]
        } else {
            let mut shown: Vec<String> = candidates
                .iter()
                .filter_map(|value| value.as_card())
                .filter_map(|card| table.board.get(card))
                .map(|c| c.printed.name.clone())
                .collect();
            shown.sort();
            let answer = choose(&shown, request.chooser, &candidates);
            offered.push(shown);
            answer
        };
        step = table.resume(execution, &answer).expect("the answer is taken");
    }
    assert!(matches!(step, Step::Done(_)), "{step:?}");
    table.settle();
    offered
}

#[test]
fn duress_takes_a_noncreature_nonland_card_its_caster_chooses() {
    let init = "[PLAYER1]\nhand:Duress\nmanapool:{B}\n[PLAYER2]\nhand:Grizzly Bears,Giant Growth,Forest\n";
    let expected = "FIRSTMAIN\n[PLAYER1]\ngraveyard:Duress\n[PLAYER2]\nhand:Grizzly Bears,Forest\n\
                    graveyard:Giant Growth\n";
    assert_eq!(verdict(&test(init, "Duress\np2\nGiant Growth\n", expected)), Verdict::Passed);
    // Only the noncreature, nonland cards are offered, to the caster.
    let mut table = Table::with_cards(CARDS);
    let duress = table.put("Duress", P0, STACK);
    for name in ["Grizzly Bears", "Giant Growth", "Forest", "Shock"] {
        table.put(name, P1, HAND);
    }
    let offered = cast_at(&mut table, duress, P0, P1, |_, chooser, candidates| {
        assert_eq!(chooser, P0, "the caster chooses");
        candidates[..1].to_vec()
    });
    assert_eq!(offered, [["Giant Growth", "Shock"]]);
    assert_eq!(names(&table, P1, HAND).len(), 3);
    assert_eq!(names(&table, P1, GRAVEYARD).len(), 1);
}

#[test]
fn duress_with_no_such_card_looks_and_takes_nothing() {
    let init = "[PLAYER1]\nhand:Duress\nmanapool:{B}\n[PLAYER2]\nhand:Grizzly Bears,Forest\n";
    let expected = "FIRSTMAIN\n[PLAYER1]\ngraveyard:Duress\n[PLAYER2]\nhand:Grizzly Bears,Forest\n";
    // The caster looks at the hand (clicks a card of it): nothing is discarded.
    assert_eq!(verdict(&test(init, "Duress\np2\nGrizzly Bears\n", expected)), Verdict::Passed);
    let wrong = "FIRSTMAIN\n[PLAYER1]\ngraveyard:Duress\n[PLAYER2]\nhand:Forest\ngraveyard:Grizzly Bears\n";
    assert!(matches!(verdict(&test(init, "Duress\np2\nGrizzly Bears\n", wrong)), Verdict::Failed(_)));
    // An empty hand: nothing to look at, and the spell still resolves.
    let mut table = Table::with_cards(CARDS);
    let duress = table.put("Duress", P0, STACK);
    let offered = cast_at(&mut table, duress, P0, P1, |_, _, _| panic!("nothing to choose"));
    assert!(offered.is_empty());
}

#[test]
fn the_targeted_player_not_the_caster_loses_the_card() {
    // Both hands hold a Giant Growth: the one of the player targeted goes.
    let init = "[PLAYER1]\nhand:Thoughtseize,Giant Growth\nmanapool:{B}\n[PLAYER2]\nhand:Giant Growth,Forest\n";
    let expected = "FIRSTMAIN\n[PLAYER1]\nhand:Giant Growth\ngraveyard:Thoughtseize\nlife:18\n\
                    [PLAYER2]\nhand:Forest\ngraveyard:Giant Growth\n";
    assert_eq!(verdict(&test(init, "Thoughtseize\np2\nGiant Growth\n", expected)), Verdict::Passed);
    // Targeting its own caster, the caster's card goes.
    let expected = "FIRSTMAIN\n[PLAYER1]\ngraveyard:Thoughtseize,Giant Growth\nlife:18\n\
                    [PLAYER2]\nhand:Giant Growth,Forest\n";
    assert_eq!(verdict(&test(init, "Thoughtseize\np1\nGiant Growth\n", expected)), Verdict::Passed);
}

#[test]
fn an_empty_hand_targeted_leaves_the_spells_other_lines() {
    // Brainbite's discard finds nothing; it still draws (its own line), and the spell is
    // not discarded in the card's place.
    let mut table = Table::with_cards(CARDS);
    let brainbite = table.put("Brainbite", P0, STACK);
    table.put("Forest", P0, LIBRARY);
    let offered = cast_at(&mut table, brainbite, P0, P1, |_, _, _| panic!("nothing to choose"));
    assert!(offered.is_empty());
    assert_eq!(names(&table, P0, HAND), ["Forest"]);
    assert_eq!(table.board.get(brainbite).map(|c| c.zone), Some(STACK));
}

#[test]
fn agonizing_memories_puts_two_cards_on_top_of_the_targeted_players_library() {
    let mut table = Table::with_cards(CARDS);
    let memories = table.put("Agonizing Memories", P0, STACK);
    table.put("Swamp", P0, LIBRARY);
    table.put("Forest", P1, LIBRARY);
    for name in ["Grizzly Bears", "Giant Growth", "Shock"] {
        table.put(name, P1, HAND);
    }
    let snapshot = table.board.zone(P1, HAND);
    let offered = cast_at(&mut table, memories, P0, P1, |_, chooser, _| {
        assert_eq!(chooser, P0);
        vec![Value::Card(snapshot[0]), Value::Card(snapshot[2])]
    });
    assert_eq!(offered.len(), 1);
    assert_eq!(names(&table, P1, HAND), ["Giant Growth"]);
    assert_eq!(names(&table, P1, LIBRARY), ["Forest", "Grizzly Bears", "Shock"]);
    assert_eq!(names(&table, P0, LIBRARY), ["Swamp"]);
}

#[test]
fn counts_and_permanents_are_the_targeted_players() {
    // Storm Seeker: damage equal to the cards in the targeted player's hand (3, not the
    // caster's 1).
    let mut table = Table::with_cards(CARDS);
    let seeker = table.put("Storm Seeker", P0, STACK);
    table.put("Forest", P0, HAND);
    for name in ["Forest", "Forest", "Shock"] {
        table.put(name, P1, HAND);
    }
    cast_at(&mut table, seeker, P0, P1, |_, _, _| panic!("no card to choose"));
    assert_eq!((table.board.life(P0), table.board.life(P1)), (20, 17));
    // Chandra's Fury: 4 to the player, 1 to each creature that player controls only.
    let mut table = Table::with_cards(CARDS);
    let fury = table.put("Chandra's Fury", P0, STACK);
    let mine = table.put("Grizzly Bears", P0, wagic::table::BATTLEFIELD);
    let theirs = table.put("Grizzly Bears", P1, wagic::table::BATTLEFIELD);
    cast_at(&mut table, fury, P0, P1, |_, _, _| panic!("no card to choose"));
    assert_eq!(table.board.life(P1), 16);
    assert_eq!(table.board.get(mine).map(|c| c.damage), Some(0));
    assert_eq!(table.board.get(theirs).map(|c| c.damage), Some(1));
}

#[test]
fn a_zone_of_a_targeted_player_is_refused_where_no_player_is_targeted() {
    let message = "unsupported: zone `targetedpersonshand` outside a spell or a line targeting a player";
    for card in [
        "auto=target(*|targetedpersonshand) reject\ntype=Creature",
        "target=creature\nauto=target(*|targetedpersonshand) reject\ntype=Sorcery",
        // A player chosen after the effect, or on another line, is not noted first.
        "auto={T}:damage:type:*:targetedpersonshand target(player)\ntype=Artifact",
        "auto={T}:target(player) donothing\nauto={1}:damage:type:*:targetedpersonshand controller\ntype=Artifact",
    ] {
        assert_eq!(error_of(card).as_deref(), Some(message), "{card}");
    }
    assert_eq!(
        error_of("target=player\nauto=@movedto(land|targetedpersonsgraveyard):life:3\ntype=Sorcery").as_deref(),
        Some("unsupported: zone prefix `targetedpersons` in a trigger")
    );
    // An `else` after an effect that does something compiles: its tests are checked once
    // (`if_else.rs`).
    assert_eq!(
        error_of(
            "target=player\nauto=if type(*|targetedpersonshand)~morethan~2 then reject \
             notatarget(*|targetedpersonshand) else draw:1 controller\ntype=Sorcery"
        ),
        None
    );
}

#[test]
fn an_ability_targeting_a_player_reads_that_players_zones() {
    // Tormod's Crypt: "Exile all cards from target player's graveyard."
    let crypt = "[card]\nname=Tormod's Crypt\nauto={T}{S}:target(player) moveTo(exile) all(*|targetedpersonsgraveyard)\n\
                 mana={0}\ntype=Artifact\n[/card]\n";
    let cards = format!("{CARDS}{crypt}");
    let library = Arc::new(Library::compile(&[("crypt.txt", cards)]).expect("the cards compile"));
    let init = "[PLAYER1]\ninplay:Tormod's Crypt\ngraveyard:Forest\n[PLAYER2]\ngraveyard:Shock,Grizzly Bears\n";
    let expected = "FIRSTMAIN\n[PLAYER1]\ngraveyard:Forest,Tormod's Crypt\n[PLAYER2]\nexile:Shock,Grizzly Bears\n";
    let run = |written: &str| runner::run(&library, &wagic::testfile::read(written).expect("a test"));
    assert_eq!(run(&test(init, "Tormod's Crypt\np2\n", expected)), Verdict::Passed);
    // Its controller targeted: its own graveyard (the Crypt among it).
    let expected = "FIRSTMAIN\n[PLAYER1]\nexile:Forest,Tormod's Crypt\n[PLAYER2]\ngraveyard:Shock,Grizzly Bears\n";
    assert_eq!(run(&test(init, "Tormod's Crypt\np1\n", expected)), Verdict::Passed);
    // Chandra Nalaar's -8 as Wagic writes it: 10 to the player and each of their creatures.
    let line = "auto={T}:target(player) damage:10 && damage:10 all(creature|targetedpersonsbattlefield)\ntype=Artifact";
    assert_eq!(error_of(line), None);
}

#[test]
fn a_seat_casting_duress_chooses_among_the_opponents_cards() {
    let library = library();
    let duress: Vec<String> =
        (0..30).map(|index| if index % 3 == 0 { "Duress" } else { "Swamp" }).map(str::to_string).collect();
    let spells = ["Giant Growth", "Forest", "Shock", "Forest"];
    let growth: Vec<String> = (0..32).map(|index| spells[index % 4].to_string()).collect();
    // p0 (the caster) is asked which card; it takes the last offered.
    let mut asked: Vec<Vec<String>> = Vec::new();
    let mut seat = |_: &SeatView, question: &Question| {
        if question.kind == QuestionKind::Effect && question.prompt.starts_with("Duress") {
            asked.push(question.options.clone());
            return Some(question.options.len() - 1);
        }
        question.options.iter().position(|option| option.starts_with("cast Duress")).or(Some(0))
    };
    let options = Options { seed: 5, turn_limit: 8, players: [PlayerKind::Random, PlayerKind::Greedy] };
    let played = play::play_with(&library, [&duress, &growth], options, [Some(&mut seat), None]);
    assert!(!matches!(played.outcome, Outcome::Stopped { .. }), "{:?}", played.outcome);
    let events = played.events();
    assert!(!asked.is_empty(), "p0 cast a Duress: {events:#?}");
    for options in &asked {
        // The opponent's Giant Growths and Shocks only (no land, no card of p0's).
        let cards: Vec<&String> = options.iter().filter(|option| *option != "done").collect();
        let spell = |option: &&String| option.starts_with("target Giant Growth") || option.starts_with("target Shock");
        assert!(cards.iter().all(|option| spell(option) && option.ends_with("(p1's hand)")), "{options:?}");
    }
    assert!(events.iter().any(|text| text.starts_with("p1 discards ")), "{events:#?}");
    assert!(!events.iter().any(|text| text.starts_with("p0 discards")), "{events:#?}");
}
