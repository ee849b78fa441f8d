//! Morph (`facedown=`, `autofacedown={cost}:morph`, `autofaceup=`) in whole games played by
//! scripted seats: a card cast face down for {3} is a nameless 2/2 creature, in its
//! controller's view and the other seat's alike; turned face up for its morph cost (a
//! special action) it is the card again, its `autofaceup` lines run; the other seat sees
//! no name of it until then. And the front end's refusals of the forms not modelled.

use std::cell::Cell;
use std::rc::Rc;
use std::sync::Arc;

use wagic::play::{self, Entry, Options, PlayerKind, Question, Seat, SeatView};
use wagic::table::Library;

use super::play::cards;

/// Hand-written after printed morph cards: Ainok Survivalist's megamorph (a +1/+1 counter
/// as it is turned face up) and a plain morph whose turning up deals damage.
const CARDS: &str = "[card]\nname=Forest\ntype=Basic Land\nsubtype=Forest\n[/card]\n\
[card]\nname=Ridge Hound\nfacedown={3}\nautofacedown={2}{G}:morph\nautofaceup=counter(1/1,1)\n\
text=Megamorph {2}{G} (You may cast this card face down as a 2/2 creature for {3}. Turn it face up any time for its megamorph cost and put a +1/+1 counter on it.)\n\
mana={3}{G}{G}\ntype=Creature\nsubtype=Hound\npower=4\ntoughness=4\n[/card]\n\
[card]\nname=Spitting Hound\nfacedown={3}\nautofacedown={1}{G}:morph\nautofaceup=damage:3 opponent\n\
text=Morph {1}{G} -- When Spitting Hound is turned face up, it deals 3 damage to each opponent.\n\
mana={4}{G}\ntype=Creature\nsubtype=Hound\npower=1\ntoughness=1\n[/card]\n";

fn own_library() -> Arc<Library> {
    Arc::new(Library::compile(&[("morph.txt", CARDS.to_string())]).expect("the cards compile"))
}

/// A permanent as a seat saw it: its name, and its power and toughness when a creature.
type Seen = (String, Option<(i32, i32)>);

/// A seat taking the first option that starts with one of `wanted`, in their order (else
/// the first option), and recording what it saw: each view's battlefield (name, power
/// and toughness) and every text of its views and questions.
struct Scripted {
    wanted: Vec<&'static str>,
    /// Set once a card of the game was turned face up (shared by both seats).
    turned: Rc<Cell<bool>>,
    /// The seat turns cards face up.
    turns_up: bool,
    battlefields: Vec<Vec<Seen>>,
    /// Every view and question as text, while no card had been turned face up.
    seen_before_turning: String,
}

impl Scripted {
    fn new(wanted: Vec<&'static str>, turned: &Rc<Cell<bool>>, turns_up: bool) -> Scripted {
        Scripted {
            wanted,
            turned: Rc::clone(turned),
            turns_up,
            battlefields: Vec::new(),
            seen_before_turning: String::new(),
        }
    }
}

impl Seat for Scripted {
    fn decide(&mut self, view: &SeatView, question: &Question) -> Option<usize> {
        self.battlefields.push(
            view.battlefield.iter().map(|permanent| (permanent.name.clone(), permanent.power_toughness)).collect(),
        );
        if !self.turned.get() {
            self.seen_before_turning.push_str(&format!("{view:?}\n{question:?}\n"));
        }
        let pick = self
            .wanted
            .iter()
            .find_map(|wanted| question.options.iter().position(|option| option.starts_with(wanted)))
            .unwrap_or(0);
        if self.turns_up && question.options[pick].starts_with("turn ") {
            self.turned.set(true);
        }
        Some(pick)
    }
}

/// A game of p0's `deck` against 20 Forests, both seats scripted: p0 plays lands, turns
/// cards face up when `turns_up`, casts face down and holds back its creatures; p1 only
/// plays lands and passes.
fn game(deck: &[String], turns_up: bool) -> (play::Played, Scripted, Scripted) {
    let library = own_library();
    let forests = cards(&[(20, "Forest")]);
    let turned = Rc::new(Cell::new(false));
    let mut wanted = vec!["keep", "play "];
    if turns_up {
        wanted.push("turn ");
    }
    wanted.extend(["cast Ridge Hound face down", "cast Spitting Hound face down", "hold back", "pass"]);
    let mut p0 = Scripted::new(wanted, &turned, turns_up);
    let mut p1 = Scripted::new(vec!["keep", "play ", "no block", "pass"], &turned, false);
    let options = Options { seed: 3, turn_limit: 12, players: [PlayerKind::Random; 2] };
    let played = play::play_with(&library, [deck, &forests], options, [Some(&mut p0), Some(&mut p1)]);
    (played, p0, p1)
}

#[test]
fn a_card_cast_face_down_for_three_is_a_nameless_two_two_creature_to_both_seats() {
    let deck = cards(&[(12, "Forest"), (8, "Ridge Hound")]);
    let (played, p0, p1) = game(&deck, false);
    let events = played.events();
    assert!(events.contains(&"p0 casts a card face down"), "{events:#?}");
    assert!(events.contains(&"face-down creature resolves"), "{events:#?}");
    // Besides its draws (the log tells them), no line names it.
    let named = |text: &&str| text.contains("Ridge Hound") && !text.starts_with("p0 draws");
    assert!(!events.iter().any(named), "{events:#?}");
    assert!(played.cast[0].iter().all(|name| name == "face-down creature"), "{:?}", played.cast[0]);
    // Each seat sees a 2/2 with no name; p1 never sees the card's name anywhere.
    for seat in [&p0, &p1] {
        let face_down = seat.battlefields.iter().flatten().filter(|(name, _)| name == "face-down creature");
        let power: Vec<Option<(i32, i32)>> = face_down.map(|(_, power)| *power).collect();
        assert!(!power.is_empty() && power.iter().all(|power| *power == Some((2, 2))), "{power:?}");
    }
    assert!(!p1.seen_before_turning.contains("Ridge Hound"), "p1 saw the name");
    // Three Forests pay {3}: the first cast comes with the third land.
    let lands_before_cast = events
        .iter()
        .take_while(|text| **text != "p0 casts a card face down")
        .filter(|text| text.starts_with("p0 plays Forest"))
        .count();
    assert!(lands_before_cast >= 3, "{events:#?}");
}

#[test]
fn turned_face_up_for_its_morph_cost_it_is_the_card_with_its_power_and_face_up_lines() {
    let deck = cards(&[(12, "Forest"), (8, "Ridge Hound")]);
    let (played, p0, p1) = game(&deck, true);
    let events = played.events();
    let turned = events
        .iter()
        .position(|text| *text == "p0 turns Ridge Hound face up for {2}{G}")
        .unwrap_or_else(|| panic!("{events:#?}"));
    let cast = events.iter().position(|text| *text == "face-down creature resolves").expect("a cast");
    assert!(cast < turned, "{events:#?}");
    // Megamorph: the card's 4/4 and its +1/+1 counter, in both views.
    for seat in [&p0, &p1] {
        let seen = seat.battlefields.iter().flatten().find(|(name, _)| name == "Ridge Hound");
        assert_eq!(seen.map(|(_, power)| *power), Some(Some((5, 5))), "{:?}", seat.battlefields.last());
    }
    assert!(!p1.seen_before_turning.contains("Ridge Hound"), "p1 saw the name before it was turned up");
}

#[test]
fn a_face_up_trigger_runs_as_the_card_is_turned_face_up() {
    let deck = cards(&[(12, "Forest"), (8, "Spitting Hound")]);
    let (played, _, _) = game(&deck, true);
    let events = played.events();
    let turned = events
        .iter()
        .position(|text| *text == "p0 turns Spitting Hound face up for {1}{G}")
        .unwrap_or_else(|| panic!("{events:#?}"));
    assert_eq!(events.get(turned + 1).copied(), Some("p1 loses 3 life (now 17)"), "{events:#?}");
    let turned_up = events.iter().filter(|text| text.starts_with("p0 turns Spitting Hound face up")).count();
    let last_life = played.log.iter().rev().find_map(|entry| match entry {
        Entry::TurnEnd { life, .. } => Some(life[1]),
        _ => None,
    });
    assert_eq!(last_life, Some(20 - 3 * i32::try_from(turned_up).expect("a count")), "{events:#?}");
}

/// The lines of a morph creature card: `lines`, then its mana cost, type, power and
/// toughness.
fn morph_card(lines: &str) -> String {
    format!("{lines}mana={{3}}{{G}}\ntype=Creature\npower=3\ntoughness=3")
}

#[test]
fn morph_forms_other_than_mana_costs_and_one_shot_face_up_lines_are_refused_by_name() {
    let error_of = |lines: &str| super::front::error_of(&morph_card(lines));
    assert_eq!(error_of("facedown={3}\nautofacedown={2}{G}:morph\nautofaceup=counter(1/1,1)\n"), None);
    // Fathom Seer's cost: two Islands returned to hand.
    assert_eq!(
        error_of("facedown={3}\nautofacedown={H(island|mybattlefield)}{H(island|mybattlefield)}:morph\n"),
        Some("unsupported: `autofacedown` cost other than mana".to_string())
    );
    assert_eq!(
        error_of("facedown={3}\nautofacedown={2}:draw:1\n"),
        Some("unsupported: `autofacedown` ability other than `{cost}:morph`".to_string())
    );
    assert_eq!(
        error_of("autofacedown={2}{G}:morph\n"),
        Some("unsupported: `autofacedown` on a card without `facedown=`".to_string())
    );
    assert_eq!(
        error_of("facedown={3}\nautofaceup=draw:1\n"),
        Some("unsupported: `autofaceup` on a card without `autofacedown=`".to_string())
    );
    assert_eq!(
        error_of("facedown={3}\nautofacedown={G}:morph\nautofaceup=lord(creature) 1/1\n"),
        Some("unsupported: `autofaceup` lasting effect (`lord`, `aslongas`, `cantbeblockedby`)".to_string())
    );
    assert_eq!(
        error_of("facedown={3}\nautofacedown={G}:morph\nautofaceup=cantbeblockedby(creature[power>=3])\n"),
        Some("unsupported: `autofaceup` lasting effect (`lord`, `aslongas`, `cantbeblockedby`)".to_string())
    );
    let spell = "facedown={3}\nauto=damage:3 opponent\nmana={R}\ntype=Instant";
    assert_eq!(super::front::error_of(spell), Some("unsupported: `facedown` on an instant or sorcery".to_string()));
}
