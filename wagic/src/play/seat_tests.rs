//! The questions a seat is asked on boards built by hand: a choice among more than
//! [`MAX_OPTIONS`] options put in pages, each option's [`OptionKind`], and the targets of
//! a spec over two zones, each named with where it is.

use std::cell::RefCell;

use super::moves::Move;
use super::target_tests::egg_board;
use super::test_support::{begin_first_main, new_game};
use super::*;

const CARDS: &str = "[card]\nname=Wall\ntype=Creature\npower=0\ntoughness=4\n[/card]\n\
[card]\nname=Grizzly Bears\nmana={1}{G}\ntype=Creature\npower=2\ntoughness=2\n[/card]\n";

/// The questions a seat was asked, and the answers it gives in turn.
struct Scripted {
    answers: Vec<usize>,
    asked: RefCell<Vec<Question>>,
}

impl Seat for &Scripted {
    fn decide(&mut self, _: &SeatView, question: &Question) -> Option<usize> {
        let mut asked = self.asked.borrow_mut();
        asked.push(question.clone());
        self.answers.get(asked.len() - 1).copied()
    }
}

/// p0's Wall may block any of `attackers` of p1's Grizzly Bears: the block question's
/// answer (the attacker's index) and the questions asked, the seat answering `answers`.
fn block_among(attackers: usize, answers: Vec<usize>) -> (Option<usize>, Vec<Question>) {
    let mut game = new_game(CARDS, Options::default());
    let wall = game.table.add_card("Wall", P0, BATTLEFIELD, -1).expect("a card");
    let bears: Vec<CardId> =
        (0..attackers).map(|_| game.table.add_card("Grizzly Bears", P1, BATTLEFIELD, -1).expect("a card")).collect();
    begin_first_main(&mut game);
    // Leaked: the game's seats are lent for the game's own lifetime, `'static` here.
    let script: &'static Scripted = Box::leak(Box::new(Scripted { answers, asked: RefCell::new(Vec::new()) }));
    game.seats[0] = Some(Box::leak(Box::new(script)));
    let blocked = game.ask_block(P0, wall, &bears).expect("answered");
    let index = blocked.map(|card| bears.iter().position(|bear| *bear == card).expect("an attacker"));
    (index, script.asked.borrow().clone())
}

#[test]
fn a_choice_among_more_than_max_options_is_put_in_pages_that_reach_every_option() {
    // 130 attackers and `no block`: 131 options, in pages of 63 + `more options`.
    let (blocked, asked) = block_among(130, vec![MAX_OPTIONS - 1, MAX_OPTIONS - 1, 3]);
    assert_eq!(blocked, Some(2 * (MAX_OPTIONS - 1) + 3));
    let sizes: Vec<usize> = asked.iter().map(|question| question.options.len()).collect();
    assert_eq!(sizes, [MAX_OPTIONS, MAX_OPTIONS, 131 - 2 * (MAX_OPTIONS - 1)]);
    assert_eq!(asked[0].options.last().map(String::as_str), Some("more options"));
    assert_eq!(asked[0].kinds.last(), Some(&OptionKind::More));
    assert_eq!(asked[0].prompt, "p0: block with Wall? (options 1 to 63 of 131)");
    assert_eq!(asked[2].prompt, "p0: block with Wall? (options 127 to 131 of 131)");
    // The last page ends with the choice's own last option, and has no `more`.
    assert_eq!(asked[2].options.last().map(String::as_str), Some("no block with Wall"));
    assert_eq!(asked[2].kinds.last(), Some(&OptionKind::NoBlock));
    assert!(asked.iter().all(|question| question.kinds.len() == question.options.len()));
    assert!(asked.iter().all(|question| question.cards.len() == question.options.len()));
    // The first page's options are its own.
    let (blocked, asked) = block_among(130, vec![5]);
    assert_eq!((blocked, asked.len()), (Some(5), 1));
}

#[test]
fn a_choice_of_max_options_is_one_page() {
    let (blocked, asked) = block_among(MAX_OPTIONS - 1, vec![MAX_OPTIONS - 1]);
    assert_eq!(blocked, None, "the last option is `no block`");
    assert_eq!(asked.len(), 1);
    assert_eq!(asked[0].options.len(), MAX_OPTIONS);
    assert_eq!(asked[0].prompt, "p0: block with Wall?");
    assert!(!asked[0].kinds.contains(&OptionKind::More));
}

#[test]
fn a_page_past_the_first_holds_what_is_left() {
    // 64 attackers and `no block`: a page of 63 and `more`, then the last attacker and
    // `no block`.
    let (blocked, asked) = block_among(MAX_OPTIONS, vec![MAX_OPTIONS - 1, 1]);
    assert_eq!((blocked, asked.len()), (None, 2));
    assert_eq!(asked[1].options, ["block Grizzly Bears with Wall", "no block with Wall"]);
}

#[test]
fn each_option_says_its_kind() {
    let (_, asked) = block_among(2, vec![0]);
    assert_eq!(asked[0].kinds, [OptionKind::Block, OptionKind::Block, OptionKind::NoBlock]);
    for (at, kind) in OptionKind::ALL.iter().enumerate() {
        assert_eq!(kind.index(), at);
    }
    for (at, kind) in QuestionKind::ALL.iter().enumerate() {
        assert_eq!(kind.index(), at);
    }
}

/// Triassic Egg's target (`target(creature|myhand,mygraveyard)`) is asked among the Elf
/// of p0's hand and the Bears of its graveyard, each named with where it is (not p1's
/// Bears, not the Elf of p0's library); the one answered is put onto the battlefield.
#[test]
fn the_targets_of_a_spec_over_two_zones_are_named_with_their_zone() {
    for (answer, put) in [(0, "Elf"), (1, "Grizzly Bears")] {
        let (mut game, [egg, ..]) = egg_board(Options::default());
        let script: &'static Scripted =
            Box::leak(Box::new(Scripted { answers: vec![answer], asked: RefCell::new(Vec::new()) }));
        game.seats[0] = Some(Box::leak(Box::new(script)));
        game.play_move(Move::Activate { card: egg, index: 1, tap_lands: false, x: None }).expect("activates");
        while !game.stack.is_empty() {
            game.resolve_top().expect("resolves");
        }
        let asked = script.asked.borrow();
        let [question] = asked.as_slice() else { panic!("one question: {asked:?}") };
        assert_eq!(question.options, ["target Elf (p0's hand)", "target Grizzly Bears (p0's graveyard)"]);
        assert_eq!(game.table.board.names(P0, BATTLEFIELD), [put]);
    }
}
