//! A colour chosen (`chooseacolor`) in a game: the question a seat is asked (the five
//! colours by name, in the order of Wagic's menu) and the greedy player's answer.

use std::cell::RefCell;

use super::test_support::{first_main_with, mark_seen, texts};
use super::*;

/// Coldsteel Heart and Teferi's Moat as Wagic writes them, and creatures of two colours.
const CARDS: &str = "[card]\nname=Mountain\ntype=Basic Land\nsubtype=Mountain\n[/card]\n\
[card]\nname=Coldsteel Heart\nauto=chooseacolor {T}:add{chosencolor} chooseend\nmana={2}\ntype=Snow Artifact\n[/card]\n\
[card]\nname=Teferi's Moat\n\
auto=chooseacolor lord(creature[chosencolor&-flying]|opponentBattlefield) cantattack chooseend\n\
mana={3}{W}{U}\ntype=Enchantment\n[/card]\n\
[card]\nname=Bear\nmana={1}{G}\ntype=Creature\npower=2\ntoughness=2\n[/card]\n\
[card]\nname=Goblin\nmana={R}\ntype=Creature\npower=1\ntoughness=1\n[/card]\n";

/// The questions a seat was asked; it answers each with `answer`.
struct Asked {
    answer: usize,
    questions: RefCell<Vec<Question>>,
}

impl Seat for &Asked {
    fn decide(&mut self, _: &SeatView, question: &Question) -> Option<usize> {
        self.questions.borrow_mut().push(question.clone());
        Some(self.answer)
    }
}

#[test]
fn a_seat_is_asked_the_colour_by_name_in_the_order_of_wagics_menu() {
    let (mut game, heart) = first_main_with(CARDS, &[], "Coldsteel Heart", P0, HAND);
    let asked: &'static Asked = Box::leak(Box::new(Asked { answer: 2, questions: RefCell::new(Vec::new()) }));
    game.seats[0] = Some(Box::leak(Box::new(asked)));
    game.table.board.place(heart, P0, BATTLEFIELD, -1);
    game.settle().expect("settles");
    let questions = asked.questions.borrow();
    let [question] = questions.as_slice() else { panic!("one question: {questions:?}") };
    assert_eq!(question.kind, QuestionKind::Effect);
    assert_eq!(question.prompt, "Coldsteel Heart: choose a colour (1 to 1, 0 chosen)");
    assert_eq!(question.options, ["green", "blue", "red", "black", "white"]);
    // The third option, red, is remembered on the Heart, and the log tells it by name.
    assert_eq!(game.table.board.get(heart).and_then(|c| c.chosen_colour), Some(3));
    assert!(texts(&game).iter().any(|line| line.ends_with("p0 chooses red for Coldsteel Heart")), "{:?}", texts(&game));
    // Its one `{T}` ability is offered under its line.
    let moves = game.legal_moves(P0).expect("moves");
    let labels: Vec<String> = moves.iter().map(|chosen| game.move_label(*chosen)).collect();
    assert!(
        labels.iter().any(|label| label == "activate Coldsteel Heart: chooseacolor {T}:add{chosencolor} chooseend"),
        "{labels:?}"
    );
}

#[test]
fn the_greedy_player_chooses_its_own_colour_for_mana_and_the_opponents_against_them() {
    let (mut game, bear) = first_main_with(CARDS, &[], "Bear", P0, HAND);
    game.players = [PlayerKind::Greedy; 2];
    for _ in 0..2 {
        game.table.add_card("Goblin", P1, BATTLEFIELD, -1).expect("a card");
    }
    game.table.add_card("Bear", P1, BATTLEFIELD, -1).expect("a card");
    let heart = game.table.add_card("Coldsteel Heart", P0, BATTLEFIELD, -1).expect("a card");
    let moat = game.table.add_card("Teferi's Moat", P0, BATTLEFIELD, -1).expect("a card");
    mark_seen(&mut game);
    game.settle().expect("settles");
    let chosen = |card: CardId| game.table.board.get(card).and_then(|c| c.chosen_colour);
    // Mana for the green Bear in hand; the Moat against the opponent's two red Goblins.
    assert_eq!(chosen(heart), Some(4), "green");
    assert_eq!(chosen(moat), Some(3), "red");
    assert_eq!(game.table.board.get(bear).map(|c| c.zone), Some(HAND));
}
