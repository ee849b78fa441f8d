//! `pay(cost) effect` ("you may pay {1}; if you do, ...") and `pay(cost) donothing?effect`
//! ("... unless you pay {2}"), Wagic's `GenericPaidAbility`: the source's controller is
//! asked (Wagic's menu: `choice 0` pays, `choice 1` does not) when they can pay; the
//! effect happens when the cost is paid, not when it is declined or too dear, and the mana
//! is spent, from the pool, then from untapped lands.

use std::sync::Arc;

use wagic::play::{self, Options, PlayerKind, Question, QuestionKind, Seat, SeatView};
use wagic::runner::{self, Verdict};
use wagic::table::Library;

use super::behaviour::test;
use super::front::error_of;
use super::play::cards;

/// The cards of these tests (their own library), after Wagic's cards of the same lines.
const CARDS: &str = "[card]\nname=Merfolk\nmana={U}\ntype=Creature\npower=1\ntoughness=1\n[/card]\n\
[card]\nname=Squire\nmana={W}\ntype=Creature\npower=1\ntoughness=2\n[/card]\n\
[card]\nname=Goblin\nmana={R}\ntype=Creature\npower=1\ntoughness=1\n[/card]\n\
[card]\nname=Island\ntype=Basic Land\nsubtype=Island\n[/card]\n\
[card]\nname=Blue Cup\nauto=@movedto(*[blue]|stack):pay({1}) life:1\n\
mana={1}\ntype=Artifact\n[/card]\n\
[card]\nname=Extortionist\nauto=@movedto(*|mystack):pay({WB}) life:-1 opponent && life:1 controller\n\
text=Extort (Whenever you cast a spell, you may pay {W/B}. If you do, each opponent loses 1 life and you gain that much life.)\n\
mana={1}{W}\ntype=Creature\npower=1\ntoughness=1\n[/card]\n\
[card]\nname=Spark Cup\nauto=@movedto(*[red]|stack):pay({1}) damage:1 target(creature,player)\n\
text=Whenever a player casts a red spell, you may pay {1}. If you do, Spark Cup deals 1 damage to target creature or player.\n\
mana={3}\ntype=Artifact\n[/card]\n\
[card]\nname=Toll Golem\nauto=pay({2}) name(pay 2 mana) donothing?damage:3 controller\n\
text=When Toll Golem enters the battlefield, it deals 3 damage to you unless you pay {2}.\n\
mana={3}\ntype=Artifact Creature\npower=3\ntoughness=3\n[/card]\n\
[card]\nname=Shockland\nauto=tap\nauto=pay({L:2}) untap\n\
text=({T}: Add {U}.) As Shockland enters the battlefield, you may pay 2 life. If you don't, it enters the \
battlefield tapped.\ntype=Land\nsubtype=Island\n[/card]\n";

fn library() -> Arc<Library> {
    Arc::new(Library::compile(&[("pay.txt", CARDS.to_string())]).expect("the cards compile"))
}

fn verdict(test: &str) -> Verdict {
    runner::run(&library(), &wagic::testfile::read(test).expect("a test"))
}

#[track_caller]
fn passes(init: &str, moves: &str, expected: &str) {
    let test = test(init, moves, expected);
    assert_eq!(verdict(&test), Verdict::Passed, "{test}");
}

#[test]
fn a_paid_cost_is_spent_and_its_effect_happens() {
    let init = "[PLAYER1]\nhand:Merfolk\ninplay:Blue Cup\nmanapool:{U}{U}\n[PLAYER2]\n";
    passes(init, "Merfolk\nchoice 0\n", "FIRSTMAIN\n[PLAYER1]\ninplay:Blue Cup,Merfolk\nlife:21\n[PLAYER2]\n");
}

#[test]
fn a_declined_cost_is_kept_and_its_effect_does_not_happen() {
    let init = "[PLAYER1]\nhand:Merfolk\ninplay:Blue Cup\nmanapool:{U}{U}\n[PLAYER2]\n";
    passes(init, "Merfolk\nchoice 1\n", "FIRSTMAIN\n[PLAYER1]\ninplay:Blue Cup,Merfolk\nmanapool:{U}\n[PLAYER2]\n");
}

#[test]
fn a_cost_that_cannot_be_paid_asks_nothing_and_does_nothing() {
    // The Merfolk takes the pool's one {U}: no menu opens (`choice 0` does nothing).
    let init = "[PLAYER1]\nhand:Merfolk\ninplay:Blue Cup\nmanapool:{U}\n[PLAYER2]\n";
    passes(init, "Merfolk\nchoice 0\n", "FIRSTMAIN\n[PLAYER1]\ninplay:Blue Cup,Merfolk\n[PLAYER2]\n");
}

#[test]
fn a_cost_the_pool_lacks_taps_an_untapped_land() {
    // The opponent's Blue Cup: its controller pays {1} with their Island, which stays
    // tapped, so that the second Merfolk's trigger finds nothing to pay with (life 21,
    // not 22).
    let init = "[PLAYER1]\nhand:Merfolk,Merfolk\nmanapool:{U}{U}\n[PLAYER2]\ninplay:Blue Cup,Island\n";
    passes(
        init,
        "Merfolk\nchoice 0\nMerfolk\nchoice 0\n",
        "FIRSTMAIN\n[PLAYER1]\ninplay:Merfolk,Merfolk\n[PLAYER2]\ninplay:Blue Cup,Island\nlife:21\n",
    );
}

#[test]
fn one_payment_covers_every_part_and_pays_a_hybrid_with_either_colour() {
    // Extort, {W/B} paid with the {B} the Squire leaves: the opponent loses 1 life and
    // its controller gains 1; declined, neither part happens.
    let init = "[PLAYER1]\nhand:Squire\ninplay:Extortionist\nmanapool:{W}{B}\n[PLAYER2]\n";
    passes(
        init,
        "Squire\nchoice 0\n",
        "FIRSTMAIN\n[PLAYER1]\ninplay:Extortionist,Squire\nlife:21\n[PLAYER2]\nlife:19\n",
    );
    passes(init, "Squire\nchoice 1\n", "FIRSTMAIN\n[PLAYER1]\ninplay:Extortionist,Squire\nmanapool:{B}\n[PLAYER2]\n");
}

#[test]
fn the_target_of_a_paid_effect_is_chosen_once_the_cost_is_paid() {
    let init = "[PLAYER1]\nhand:Goblin\ninplay:Spark Cup\nmanapool:{R}{1}\n[PLAYER2]\n";
    passes(init, "Goblin\nchoice 0\np2\n", "FIRSTMAIN\n[PLAYER1]\ninplay:Spark Cup,Goblin\n[PLAYER2]\nlife:19\n");
    // Declined: no target is asked for.
    passes(init, "Goblin\nchoice 1\n", "FIRSTMAIN\n[PLAYER1]\ninplay:Spark Cup,Goblin\nmanapool:{1}\n[PLAYER2]\n");
}

#[test]
fn an_effect_unless_paid_happens_when_the_cost_is_declined_or_too_dear() {
    let init = |pool: &str| format!("[PLAYER1]\nhand:Toll Golem\nmanapool:{pool}\n[PLAYER2]\n");
    passes(&init("{5}"), "Toll Golem\nchoice 0\n", "FIRSTMAIN\n[PLAYER1]\ninplay:Toll Golem\n[PLAYER2]\n");
    passes(
        &init("{5}"),
        "Toll Golem\nchoice 1\n",
        "FIRSTMAIN\n[PLAYER1]\ninplay:Toll Golem\nmanapool:{2}\nlife:17\n[PLAYER2]\n",
    );
    // {3} pays for the Golem alone: 3 damage, no question.
    passes(&init("{3}"), "Toll Golem\n", "FIRSTMAIN\n[PLAYER1]\ninplay:Toll Golem\nlife:17\n[PLAYER2]\n");
}

#[test]
fn life_pays_a_cost_of_life() {
    // Paid, the Shockland is untapped: tapped for {U}. Declined, it stays tapped: the
    // click taps nothing.
    let init = "[PLAYER1]\nhand:Shockland\n[PLAYER2]\n";
    passes(
        init,
        "Shockland\nchoice 0\nShockland\n",
        "FIRSTMAIN\n[PLAYER1]\ninplay:Shockland\nmanapool:{U}\nlife:18\n[PLAYER2]\n",
    );
    passes(init, "Shockland\nchoice 1\nShockland\n", "FIRSTMAIN\n[PLAYER1]\ninplay:Shockland\n[PLAYER2]\n");
}

/// Plays one greedy game of Shocklands and Blue Cups against Merfolk, with `seat` for p0;
/// its log.
fn cup_game(seat: Option<&mut dyn Seat>) -> Vec<String> {
    let library = library();
    let cups = cards(&[(10, "Island"), (10, "Blue Cup")]);
    let merfolk = cards(&[(10, "Island"), (10, "Merfolk")]);
    let options = Options { seed: 5, turn_limit: 12, players: [PlayerKind::Greedy; 2] };
    let played = play::play_with(&library, [&cups, &merfolk], options, [seat, None]);
    played.events().into_iter().map(String::from).collect()
}

/// A seat that pays every cost it is asked, and takes the first option otherwise.
#[derive(Default)]
struct Payer {
    asked: Vec<String>,
}

impl Seat for Payer {
    fn decide(&mut self, _: &SeatView, question: &Question) -> Option<usize> {
        if question.prompt.contains(": pay ") {
            assert_eq!(question.kind, QuestionKind::Effect);
            assert_eq!(question.options, ["yes", "no"]);
            self.asked.push(question.prompt.clone());
        }
        Some(0)
    }
}

#[test]
fn a_seat_is_asked_whether_to_pay_and_paying_gains_life() {
    let mut payer = Payer::default();
    let log = cup_game(Some(&mut payer));
    assert!(!payer.asked.is_empty(), "{log:#?}");
    assert!(payer.asked.iter().all(|prompt| prompt == "Blue Cup: pay {1}?"), "{:?}", payer.asked);
    assert!(log.iter().any(|line| line == "p0 pays {1} for Blue Cup"), "{log:#?}");
    assert!(log.iter().any(|line| line.starts_with("p0 gains 1 life")), "{log:#?}");
    // The greedy player pays too.
    let log = cup_game(None);
    assert!(log.iter().any(|line| line == "p0 pays {1} for Blue Cup"), "{log:#?}");
}

#[test]
fn a_pay_cost_other_than_mana_and_life_and_a_menu_of_two_effects_are_refused() {
    assert_eq!(error_of("auto=pay({X}) draw:1\ntype=Creature").as_deref(), Some("unsupported: `pay` cost `{X}`"));
    assert_eq!(
        error_of("auto=pay({1}) draw:1?life:1\ntype=Creature").as_deref(),
        Some("unsupported: `pay` menu whose paid effect does something (`A?B`)")
    );
    assert_eq!(
        error_of("auto=may pay({1}) draw:1\ntype=Creature").as_deref(),
        Some("unsupported: `pay` with `may` or of a lasting effect")
    );
    assert_eq!(
        error_of("auto=pay({1}) draw:1 && life:1\ntype=Sorcery").as_deref(),
        Some("unsupported: `pay` of `&&` parts on an instant or sorcery")
    );
    assert_eq!(error_of("auto=pay({L:2}) untap\ntype=Land"), None);
}
