//! `ability$!effect!$ opponent|targetedplayer` (Wagic's `ATargetedAbilityCreator`) whose
//! effect is the player discarding n cards from their own hand: that player's
//! `discardchosen:n`, asked of them. The IR against the plain form, the refusals of other
//! effects (a sacrifice or a move compiles: `given_move.rs`), the discards in Wagic's tests
//! (the card clicked goes) and in play (a seat is asked which card), and Wagic's own
//! `discard:n`, which is at random.

use std::sync::Arc;

use wagic::WagicHost;
use wagic::play::{self, Options, Outcome, PlayerKind, Question, QuestionKind, SeatView};
use wagic::runner::Verdict;
use wagic::table::{HAND, Library, P1, Table};

use super::behaviour::test;
use super::board::Play;
use super::front::error_of;
use super::front_ir::ir_of;

/// Cards of these tests, with Wagic's lines for them and their printed text.
const CARDS: &str = "[card]\nname=Cackling Fiend\nauto=ability$!name(discard) target(*|myhand) reject!$ opponent\n\
mana={2}{B}{B}\n\
type=Creature\npower=2\ntoughness=1\n[/card]\n\
[card]\nname=Cat Burglar\n\
auto={2}{B}{T}:target(player) ability$!name(discard) target(*|myhand) reject!$ targetedplayer asSorcery\n\
mana={3}{B}\ntype=Creature\npower=2\ntoughness=2\n[/card]\n\
[card]\nname=Horrifying Revelation\ntarget=player\n\
auto=ability$!name(discard) target(*|myhand) reject!$ targetedplayer\nauto=deplete:1\n\
mana={B}\ntype=Sorcery\n[/card]\n\
[card]\nname=Forest\ntype=Basic Land\nsubtype=Forest\n[/card]\n\
[card]\nname=Swamp\ntype=Basic Land\nsubtype=Swamp\n[/card]\n\
[card]\nname=Grizzly Bears\nmana={1}{G}\ntype=Creature\npower=2\ntoughness=2\n[/card]\n";

fn verdict(test: &str) -> Verdict {
    super::behaviour::verdict_of("given_player.txt", CARDS, test)
}

#[test]
fn a_discard_given_to_a_player_is_that_players_discard() {
    let pairs = [
        (
            "target=player\nauto=ability$!name(discard 2 cards) target(<2>*|myhand) reject!$ targetedplayer\ntype=Sorcery",
            "target=player\nauto=discardchosen:2\ntype=Sorcery",
        ),
        (
            "auto=ability$!name(discard) target(*|myhand) reject!$ opponent\ntype=Creature",
            "auto=discardchosen:1 opponent\ntype=Creature",
        ),
        (
            "auto=target(opponent) ability$!name(discard) notatarget(*|myhand) reject!$ targetedplayer\ntype=Creature",
            "auto=target(opponent) discardchosen:1\ntype=Creature",
        ),
        (
            "auto={T}:target(player) ability$!reject notatarget(<3>*|myhand)!$ targetedplayer asSorcery\ntype=Creature",
            "auto={T}:target(player) discardchosen:3 asSorcery\ntype=Creature",
        ),
    ];
    for (given, plain) in pairs {
        assert_eq!(ir_of(given), ir_of(plain), "{given}");
    }
}

#[test]
fn other_effects_given_to_a_player_stay_refused() {
    let cases = [
        (
            "auto=ability$!target(creature|myhand) reject!$ opponent\ntype=Creature",
            "unsupported: `ability$!...!$` given to `opponent` other than a discard, a sacrifice, a move, a draw or life",
        ),
        (
            "auto={T}:target(player) ability$!tap target(creature)!$ targetedplayer\ntype=Creature",
            "unsupported: `ability$!...!$` given to `targetedplayer` other than a discard, a sacrifice, a move, a draw \
             or life",
        ),
        (
            "auto=ability$!target(*|myhand) reject!$ targetedplayer\ntype=Creature",
            "unsupported: `ability$!...!$` given to `targetedplayer` on a card targeting no player",
        ),
        (
            "auto=target(creature) ability$!target(*|myhand) reject!$ targetedplayer\ntype=Creature",
            "unsupported: `ability$!...!$` given to `targetedplayer` with a word around it",
        ),
        (
            "target=creature\nauto=ability$!target(*|myhand) reject!$ targetedplayer\ntype=Sorcery",
            "unsupported: `ability$!...!$` given to `targetedplayer` on a card targeting no player",
        ),
    ];
    for (card, message) in cases {
        assert_eq!(error_of(card).as_deref(), Some(message), "{card}");
    }
}

#[test]
fn cackling_fiend_makes_the_opponent_discard_as_it_enters() {
    let init = "[PLAYER1]\nhand:Cackling Fiend,Forest\nmanapool:{2}{B}{B}\n[PLAYER2]\nhand:Forest,Forest\n";
    let expected =
        "FIRSTMAIN\n[PLAYER1]\ninplay:Cackling Fiend\nhand:Forest\n[PLAYER2]\nhand:Forest\ngraveyard:Forest\n";
    assert_eq!(verdict(&test(init, "Cackling Fiend\n", expected)), Verdict::Passed);
}

#[test]
fn cat_burglar_makes_its_target_player_discard_a_card() {
    let init = "[PLAYER1]\ninplay:Cat Burglar\nmanapool:{2}{B}\n[PLAYER2]\nhand:Forest,Forest\n";
    let expected = "FIRSTMAIN\n[PLAYER1]\ninplay:Cat Burglar\n[PLAYER2]\nhand:Forest\ngraveyard:Forest\n";
    // The targeted player clicks the card to discard, as Wagic's targeted player chooses it.
    assert_eq!(verdict(&test(init, "Cat Burglar\np2\nForest\n", expected)), Verdict::Passed);
    // Its controller targeted: the controller discards.
    let init = "[PLAYER1]\ninplay:Cat Burglar\nhand:Forest\nmanapool:{2}{B}\n[PLAYER2]\nhand:Forest\n";
    let expected = "FIRSTMAIN\n[PLAYER1]\ninplay:Cat Burglar\ngraveyard:Forest\n[PLAYER2]\nhand:Forest\n";
    assert_eq!(verdict(&test(init, "Cat Burglar\np1\nForest\n", expected)), Verdict::Passed);
}

#[test]
fn horrifying_revelation_makes_its_target_player_discard_then_mill() {
    let init = "[PLAYER1]\nhand:Horrifying Revelation,Forest\nlibrary:Forest\nmanapool:{B}\n\
                [PLAYER2]\nhand:Forest,Forest\nlibrary:Cat Burglar\n";
    let expected = "FIRSTMAIN\n[PLAYER1]\nhand:Forest\nlibrary:Forest\ngraveyard:Horrifying Revelation\n\
                    [PLAYER2]\nhand:Forest\ngraveyard:Forest,Cat Burglar\n";
    assert_eq!(verdict(&test(init, "Horrifying Revelation\np2\nForest\n", expected)), Verdict::Passed);
}

#[test]
fn the_targeted_player_discards_the_card_they_click() {
    // Not the card held longest (the Forest): the one p2 clicks.
    let init = "[PLAYER1]\ninplay:Cat Burglar\nmanapool:{2}{B}\n[PLAYER2]\nhand:Forest,Grizzly Bears\n";
    let expected = "FIRSTMAIN\n[PLAYER1]\ninplay:Cat Burglar\n[PLAYER2]\nhand:Forest\ngraveyard:Grizzly Bears\n";
    assert_eq!(verdict(&test(init, "Cat Burglar\np2\nGrizzly Bears\n", expected)), Verdict::Passed);
}

#[test]
fn a_seat_is_asked_which_card_its_opponents_fiend_makes_it_discard() {
    let library = Arc::new(Library::compile(&[("given_player.txt", CARDS.to_string())]).expect("the cards compile"));
    let fiends: Vec<String> =
        (0..30).map(|index| if index % 3 == 0 { "Cackling Fiend" } else { "Swamp" }).map(str::to_string).collect();
    let bears: Vec<String> =
        (0..30).map(|index| if index % 2 == 0 { "Grizzly Bears" } else { "Forest" }).map(str::to_string).collect();
    // p1's seat passes whenever it may (its hand stays full), and discards the last card
    // offered, remembered to check the game's events against.
    let mut asked: Vec<(String, Vec<String>)> = Vec::new();
    let mut seat = |_: &SeatView, question: &Question| {
        if question.prompt.contains("discard (1 to 1") {
            assert_eq!(question.kind, QuestionKind::Effect);
            asked.push((question.prompt.clone(), question.options.clone()));
            return Some(question.options.len() - 1);
        }
        question.options.iter().position(|option| option == "pass").or(Some(0))
    };
    let options = Options { seed: 3, turn_limit: 14, players: [PlayerKind::Greedy, PlayerKind::Random] };
    let played = play::play_with(&library, [&fiends, &bears], options, [None, Some(&mut seat)]);
    assert!(!matches!(played.outcome, Outcome::Stopped { .. }), "{:?}", played.outcome);
    let events = played.events();
    assert!(!asked.is_empty(), "p0 cast a Cackling Fiend: {events:#?}");
    let discards: Vec<&&str> = events.iter().filter(|text| text.starts_with("p1 discards ")).collect();
    for (prompt, options) in &asked {
        assert!(prompt.starts_with("Cackling Fiend: discard"), "{prompt}");
        assert!(options.iter().all(|option| option.ends_with("(p1's hand)")), "{options:?}");
        let last = options.last().expect("an option");
        let name = last.trim_end_matches(" (p1's hand)");
        assert!(discards.iter().any(|text| text.starts_with(&format!("p1 discards {name}"))), "{discards:?}");
    }
}

#[test]
fn wagics_discard_n_is_at_random_from_the_games_seed() {
    let mut discarded = Vec::new();
    for seed in 0..16 {
        let mut table = Table::with_cards(CARDS);
        table.board.reseed(seed);
        table.put("Forest", P1, HAND);
        table.put("Grizzly Bears", P1, HAND);
        assert_eq!(table.board.discard(P1, 1), 1);
        let left = table.board.zone(P1, HAND);
        let name = |card| table.board.get(card).map(|c| c.printed.name.clone()).unwrap_or_default();
        discarded.push(if left.iter().any(|card| name(*card) == "Forest") { "Grizzly Bears" } else { "Forest" });
        // The same seed, the same card.
        let mut again = Table::with_cards(CARDS);
        again.board.reseed(seed);
        again.put("Forest", P1, HAND);
        again.put("Grizzly Bears", P1, HAND);
        again.board.discard(P1, 1);
        let again_left: Vec<String> = again
            .board
            .zone(P1, HAND)
            .iter()
            .filter_map(|card| again.board.get(*card))
            .map(|c| c.printed.name.clone())
            .collect();
        assert_eq!(again_left, left.iter().map(|card| name(*card)).collect::<Vec<_>>());
    }
    assert!(discarded.contains(&"Forest") && discarded.contains(&"Grizzly Bears"), "{discarded:?}");
}
