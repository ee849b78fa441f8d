//! Wagic's `choice` lines (`auto=choice name(label) effect`): "choose one", each mode
//! offered to the card's controller as a labelled option as the spell resolves or the
//! permanent enters, only the mode chosen done, its targets chosen after it.

use std::sync::Arc;

use vm::runtime::Value;
use wagic::play::{self, Options, Outcome, PlayerKind, Question, QuestionKind, SeatView};
use wagic::table::{BATTLEFIELD, EXILE, HAND, LIBRARY, Library, P0, P1, Table};

use super::board::Play;
use super::front::error_of;

/// Abzan Charm (Charm), a permanent's modes as it enters (Envoy), a lone mode under
/// `aslongas` (Repel), Sylvan Charm for games, and creatures and cards to draw.
const CARDS: &str = "[card]\nname=Charm\n\
auto=choice name(Exile power 3 or more) moveTo(exile) target(creature[power>=3]|battlefield)\n\
auto=choice name(Draw 2 cards lose 2 life) draw:2 controller && life:-2 controller\n\
auto=choice name(2 counters on 1 creature) counter(1/1,2) target(creature)\n\
auto=if type(creature|battlefield)~morethan~1 then choice name(1 counter on 2 creatures) counter(1/1,1) target(<2>creature)\n\
mana={G}\ntype=Instant\n[/card]\n\
[card]\nname=Repel\nauto=aslongas(creature|battlefield) choice moveTo(ownerhand) target(creature)\nmana={U}\ntype=Instant\n[/card]\n\
[card]\nname=Envoy\nauto=choice name(Gain 3 life) life:3 controller\nauto=choice name(Opponent loses 2) life:-2 opponent\n\
mana={2}{W}\ntype=Creature\npower=2\ntoughness=2\n[/card]\n\
[card]\nname=Grizzly Bears\nmana={1}{G}\ntype=Creature\npower=2\ntoughness=2\n[/card]\n\
[card]\nname=Hill Giant\nmana={3}{R}\ntype=Creature\npower=3\ntoughness=3\n[/card]\n\
[card]\nname=Forest\ntype=Basic Land\nsubtype=Forest\n[/card]\n\
[card]\nname=Sylvan Charm\nauto=choice name(Destroy a creature) destroy target(creature)\n\
auto=choice name(Gain 3 life) life:3 controller\nmana={G}\ntype=Instant\n[/card]\n";

/// A table of [`CARDS`] that holds its questions for the test to answer.
fn table() -> Table {
    let mut table = Table::with_cards(CARDS);
    table.hold_questions = true;
    table
}

/// The labels of the options of the question held.
pub(super) fn options(table: &Table) -> Vec<String> {
    let execution = table.held.as_ref().expect("a question is held");
    let program = &table.library().program;
    execution
        .candidates()
        .iter()
        .map(|value| match value {
            Value::Str(index) => program.string(*index).unwrap_or_default().to_string(),
            other => format!("{other:?}"),
        })
        .collect()
}

/// Answers the question held with the option labelled `label`.
pub(super) fn choose(table: &mut Table, label: &str) {
    let execution = table.held.as_ref().expect("a question is held");
    let program = &table.library().program;
    let chosen = execution
        .candidates()
        .iter()
        .copied()
        .find(|value| matches!(value, Value::Str(index) if program.string(*index) == Some(label)))
        .unwrap_or_else(|| panic!("no option `{label}` among {:?}", options(table)));
    table.try_answer_held(&[chosen]).expect("the answer is taken");
}

#[test]
fn each_mode_of_a_charm_does_what_its_text_says() {
    // "Choose one: Exile target creature with power 3 or greater; or you draw two cards
    // and you lose 2 life; or put two +1/+1 counters on target creature."
    let mut table = table();
    let giant = table.put("Hill Giant", P1, BATTLEFIELD);
    let bears = table.put("Grizzly Bears", P0, BATTLEFIELD);
    for _ in 0..3 {
        table.put("Forest", P0, LIBRARY);
    }
    let charm = table.put("Charm", P0, HAND);
    table.cast(charm, P0);
    // Two creatures on the battlefield: the fourth mode's `if` holds, it is offered too.
    assert_eq!(
        options(&table),
        ["Exile power 3 or more", "Draw 2 cards lose 2 life", "2 counters on 1 creature", "1 counter on 2 creatures"]
    );
    choose(&mut table, "Exile power 3 or more");
    // The mode's target comes after it: the Giant, the one creature of power 3, is
    // taken (a lone target is not asked of a spell).
    assert!(table.held.is_none(), "nothing more is asked");
    assert_eq!(table.board.get(giant).map(|c| c.zone), Some(EXILE));
    // No other mode happened: no card drawn, no life lost, no counter.
    assert_eq!(table.board.zone(P0, HAND).len(), 0);
    assert_eq!(table.board.player(P0).life, 20);
    assert_eq!(table.board.get(bears).map(|c| c.counters), Some((0, 0)));

    let mut table = self::table();
    let bears = table.put("Grizzly Bears", P0, BATTLEFIELD);
    for _ in 0..3 {
        table.put("Forest", P0, LIBRARY);
    }
    let charm = table.put("Charm", P0, HAND);
    table.cast(charm, P0);
    // No creature of power 3: the exile mode is not offered (it has no target to take),
    // nor the fourth (one creature only: its `if` does not hold).
    assert_eq!(options(&table), ["Draw 2 cards lose 2 life", "2 counters on 1 creature"]);
    choose(&mut table, "Draw 2 cards lose 2 life");
    assert!(table.held.is_none(), "the mode asks nothing more");
    assert_eq!(table.board.zone(P0, HAND).len(), 2);
    assert_eq!(table.board.player(P0).life, 18);
    assert_eq!(table.board.get(bears).map(|c| c.counters), Some((0, 0)));

    let mut table = self::table();
    let bears = table.put("Grizzly Bears", P0, BATTLEFIELD);
    let giant = table.put("Hill Giant", P1, BATTLEFIELD);
    let charm = table.put("Charm", P0, HAND);
    table.cast(charm, P0);
    choose(&mut table, "2 counters on 1 creature");
    // The mode's target is asked after the mode: either creature.
    let execution = table.held.as_ref().expect("the mode's target is asked");
    assert_eq!(execution.candidates(), [Value::Card(bears), Value::Card(giant)]);
    table.try_answer_held(&[Value::Card(bears)]).expect("the target is taken");
    assert_eq!(table.board.get(bears).map(|c| c.counters), Some((2, 2)));
    assert_eq!(table.board.get(giant).map(|c| (c.zone, c.counters)), Some((BATTLEFIELD, (0, 0))));
    assert_eq!(table.board.player(P0).life, 20);
}

#[test]
fn a_permanent_s_modes_are_chosen_as_it_enters() {
    // "When Envoy enters the battlefield, choose one: you gain 3 life; or target
    // opponent loses 2 life."
    for (label, lives) in [("Gain 3 life", (23, 20)), ("Opponent loses 2", (20, 18))] {
        let mut table = table();
        table.put("Envoy", P0, BATTLEFIELD);
        table.settle();
        assert_eq!(options(&table), ["Gain 3 life", "Opponent loses 2"]);
        choose(&mut table, label);
        assert_eq!((table.board.player(P0).life, table.board.player(P1).life), lives, "{label}");
        assert!(table.held.is_none());
    }
}

#[test]
fn a_mode_that_cannot_be_compiled_names_its_part() {
    assert_eq!(
        error_of("auto=choice name(one) draw:1\nauto=choice name(two) fooble:2\ntype=Sorcery").as_deref(),
        Some("unsupported: effect `fooble`")
    );
    assert_eq!(
        error_of("auto=choice name(pump) lord(creature) 1/1\ntype=Creature").as_deref(),
        Some("unsupported: `choice` of a lasting effect on a permanent (`lord(...)`, `aslongas(...)`, `foreach(...)`)")
    );
    // One payment for both parts would end the entry when the mode is not chosen, and
    // with it the modes after it.
    assert_eq!(
        error_of(
            "auto=choice name(two) pay({1}) draw:1 controller && life:2 controller\n\
             auto=choice name(one) draw:1\ntype=Creature\npower=1\ntoughness=1"
        )
        .as_deref(),
        Some("unsupported: `choice` of an effect with a condition, `may ... && ...` or `pay(cost) ... && ...`")
    );
}

/// Decks of Forests, Sylvan Charms and Grizzly Bears for both seats.
fn decks() -> [Vec<String>; 2] {
    let deck: Vec<String> = (0..28)
        .map(|index| match index % 7 {
            0 | 4 => "Sylvan Charm",
            1 | 5 => "Grizzly Bears",
            6 => "Charm",
            _ => "Forest",
        })
        .map(str::to_string)
        .collect();
    [deck.clone(), deck]
}

#[test]
fn a_seat_is_asked_which_mode_by_its_labels() {
    let library = Arc::new(Library::compile(&[("choice.txt", CARDS.to_string())]).expect("the cards compile"));
    let decks = decks();
    // p0's seat: its first move, but a Charm only with a creature on the battlefield; the
    // mode "Gain 3 life" whenever it is offered; the first option otherwise.
    let mut modes_asked = Vec::new();
    let mut seat = |view: &SeatView, question: &Question| {
        if question.kind == QuestionKind::Priority
            && view.battlefield.iter().all(|permanent| permanent.name != "Grizzly Bears")
        {
            return question.options.iter().position(|option| option != "cast Sylvan Charm");
        }
        if question.options.iter().any(|option| option.starts_with("choose: ")) {
            assert_eq!(question.kind, QuestionKind::Effect);
            assert!(question.prompt.starts_with("Sylvan Charm: choose one"), "{}", question.prompt);
            modes_asked.push(question.options.clone());
            return question.options.iter().position(|option| option == "choose: Gain 3 life");
        }
        Some(0)
    };
    let options = Options { seed: 5, turn_limit: 12, players: [PlayerKind::Random; 2] };
    let played = play::play_with(&library, [&decks[0], &decks[1]], options, [Some(&mut seat), None]);
    assert!(!matches!(played.outcome, Outcome::Stopped { .. }), "{:?}", played.outcome);
    assert!(
        !modes_asked.is_empty(),
        "p0 cast a Sylvan Charm with a creature on the battlefield: {:#?}",
        played.events()
    );
    for options in &modes_asked {
        assert_eq!(options, &["choose: Destroy a creature", "choose: Gain 3 life"]);
    }
    let events = played.events();
    let chosen = events.iter().filter(|text| **text == "p0 chooses Gain 3 life for Sylvan Charm").count();
    assert!(chosen >= modes_asked.len(), "{events:#?}");
    // Each mode chosen gained 3 life, and destroyed nothing.
    assert!(events.iter().any(|text| text.starts_with("p0 gains 3 life")), "{events:#?}");
}

#[test]
fn the_greedy_player_destroys_the_opponent_s_creature_rather_than_gain_life() {
    let library = Arc::new(Library::compile(&[("choice.txt", CARDS.to_string())]).expect("the cards compile"));
    let decks = decks();
    let mut destroyed = 0;
    for seed in 0..6 {
        let options = Options { seed, turn_limit: 16, players: [PlayerKind::Greedy; 2] };
        let played = play::play(&library, [&decks[0], &decks[1]], options);
        assert!(!matches!(played.outcome, Outcome::Stopped { .. }), "{:?}", played.outcome);
        let events = played.events();
        for (at, text) in events.iter().enumerate() {
            // A mode (and its target) is chosen as its spell resolves from the stack, not
            // as it is cast: the last cast or resolution before it is its resolution.
            if let Some((_, spell)) = text.split_once(" chooses ").and_then(|(_, rest)| rest.rsplit_once(" for ")) {
                let last =
                    events[..at].iter().rev().find(|line| line.contains(" casts ") || line.ends_with(" resolves"));
                assert_eq!(last.copied(), Some(format!("{spell} resolves").as_str()), "{:#?}", &events[..=at]);
            }
            let Some(chooser) = text.strip_suffix(" chooses Destroy a creature for Sylvan Charm") else { continue };
            destroyed += 1;
            // The creature destroyed is the opponent's.
            let later = &events[at + 1..];
            let other = if chooser == "p0" { "p1" } else { "p0" };
            let gone = later.iter().find(|line| line.ends_with("goes to the graveyard")).expect("a creature died");
            assert!(gone.contains(&format!("[{other}]")), "{chooser} destroyed {gone}");
        }
    }
    assert!(destroyed > 0, "a greedy player cast a Sylvan Charm at a creature");
}

#[test]
fn a_charm_s_mode_under_an_if_puts_a_counter_on_each_of_two_creatures() {
    let mut table = table();
    let bears = table.put("Grizzly Bears", P0, BATTLEFIELD);
    let giant = table.put("Hill Giant", P1, BATTLEFIELD);
    let charm = table.put("Charm", P0, HAND);
    table.cast(charm, P0);
    choose(&mut table, "1 counter on 2 creatures");
    // Its two targets, the two creatures, are taken (as many as it takes: no choice left).
    if table.held.is_some() {
        table.try_answer_held(&[Value::Card(bears), Value::Card(giant)]).expect("the targets are taken");
    }
    assert_eq!(table.board.get(bears).map(|c| c.counters), Some((1, 1)));
    assert_eq!(table.board.get(giant).map(|c| c.counters), Some((1, 1)));
}

#[test]
fn a_lone_mode_under_aslongas_is_done_only_while_its_spec_matches() {
    // Repel: "Return target creature to its owner's hand."
    let mut table = table();
    let giant = table.put("Hill Giant", P1, BATTLEFIELD);
    let repel = table.put("Repel", P0, HAND);
    table.cast(repel, P0);
    if table.held.is_some() {
        assert_eq!(options(&table), ["moveTo(ownerhand) target(creature)"]);
        choose(&mut table, "moveTo(ownerhand) target(creature)");
    }
    assert_eq!(table.board.get(giant).map(|c| c.zone), Some(HAND));
    // With no creature, no mode is offered and nothing is asked.
    let mut table = self::table();
    let repel = table.put("Repel", P0, HAND);
    table.cast(repel, P0);
    assert!(table.held.is_none());
}

#[test]
fn a_lone_choice_of_an_ability_is_its_effect_and_two_on_one_trigger_are_refused() {
    // Wagic's `choice` is a `may` that must be taken: alone, the ability does its effect.
    let mut table = Table::with_cards(
        "[card]\nname=Pinger\nauto={T}:choice name(ping) damage:1 opponent\ntype=Artifact\nmana={1}\n[/card]\n",
    );
    let pinger = table.put("Pinger", P0, BATTLEFIELD);
    assert!(table.activate(pinger, P0));
    assert_eq!(table.board.player(P1).life, 19);
    // Two on one trigger are one menu of modes in Wagic: not lowered, rather than both done.
    assert_eq!(
        error_of("auto=@each my upkeep:choice life:1\nauto=@each my upkeep:choice draw:1\ntype=Enchantment").as_deref(),
        Some("unsupported: several `choice` triggers on one event (Wagic's one menu of them)")
    );
    assert_eq!(
        error_of("auto=@each my upkeep:choice life:1\nauto=@each my draw:choice draw:1\ntype=Enchantment"),
        None
    );
}

#[test]
fn a_wagic_test_choosing_a_mode_is_skipped_with_its_reason() {
    // Wagic's menu lists every mode, one without a target to take too: `choice 1` there
    // need not be the table's second option, so the runner does not play it.
    let library = Arc::new(Library::compile(&[("choice.txt", CARDS.to_string())]).expect("the cards compile"));
    let test = super::behaviour::test(
        "[PLAYER1]\nhand:Sylvan Charm\nmanapool:{G}\n[PLAYER2]\n",
        "Sylvan Charm\nchoice 1\n",
        "FIRSTMAIN\n[PLAYER1]\ngraveyard:Sylvan Charm\nlife:23\n[PLAYER2]\n",
    );
    let verdict = wagic::runner::run(&library, &wagic::testfile::read(&test).expect("a test"));
    let wagic::runner::Verdict::Skipped(skip) = verdict else { panic!("{verdict:?}") };
    assert_eq!(skip.reason, "a card's `choice` modes (Wagic's menu of them is not played by the runner)");
}
