//! `ability$!choice A _ choice B!$ controller` (Wagic's menu of a spell's lines given to
//! the card's controller): the controller chooses one mode as the ability resolves, its
//! targets after it, as a card's `choice` lines are chosen. Modes of mana and modes with
//! `pay` before them stay refused by name.

use vm::runtime::Value;
use wagic::host::WagicHost;
use wagic::table::{BATTLEFIELD, P0, P1, Table};

use super::board::Play;
use super::choice::{choose, options};
use super::front::error_of;

/// Captain of the Mists and Prismwake Merrow as Wagic writes them (Prismwake's modes cut
/// to three), and a creature to tap.
const CARDS: &str = "[card]\nname=Captain of the Mists\n\
auto={1}{U}{T}:name(tap or untap) ability$!choice tap target(*) _ choice untap target(*)!$ controller\n\
text={1}{U}, {T}: You may tap or untap target permanent.\n\
mana={2}{U}\ntype=Creature\nsubtype=Human Wizard\npower=2\ntoughness=3\n[/card]\n\
[card]\nname=Prismwake Merrow\n\
auto=ability$!name(choose color/s) choice name(white) target(*) becomes(,white) ueot _ choice name(blue) target(*) becomes(,blue) ueot _ choice name(white & blue) target(*) becomes(,white,blue) ueot!$ controller\n\
text=Flash -- When Prismwake Merrow enters the battlefield, target permanent becomes the color or colors of your choice until end of turn.\n\
mana={2}{U}\ntype=Creature\nsubtype=Merfolk Wizard\npower=2\ntoughness=1\n[/card]\n\
[card]\nname=Grizzly Bears\nmana={1}{G}\ntype=Creature\npower=2\ntoughness=2\n[/card]\n\
";

/// A table of [`CARDS`] that holds its questions for the test to answer.
fn table() -> Table {
    let mut table = Table::with_cards(CARDS);
    table.hold_questions = true;
    table
}

#[test]
fn captain_of_the_mists_taps_or_untaps_the_permanent_its_controller_chooses() {
    for (label, tapped_before, tapped_after) in [("tap target(*)", false, true), ("untap target(*)", true, false)] {
        let mut table = table();
        let captain = table.put("Captain of the Mists", P0, BATTLEFIELD);
        let bears = table.put("Grizzly Bears", P1, BATTLEFIELD);
        table.board.cards[bears.0 as usize].tapped = tapped_before;
        // {1}{U} in its controller's pool (blue, then colourless, as the pool counts them).
        table.board.add_mana(P0, 1, 1);
        table.board.add_mana(P0, 5, 1);
        table.activate(captain, P0);
        // Its controller picks the mode as it resolves, then its target.
        assert_eq!(options(&table), ["tap target(*)", "untap target(*)"]);
        choose(&mut table, label);
        let execution = table.held.as_ref().expect("the mode's target is asked");
        assert!(execution.candidates().contains(&Value::Card(bears)), "{:?}", execution.candidates());
        table.try_answer_held(&[Value::Card(bears)]).expect("the target is taken");
        assert_eq!(table.board.get(bears).map(|card| card.tapped), Some(tapped_after), "{label}");
        assert!(table.held.is_none());
    }
}

#[test]
fn prismwake_merrow_makes_the_permanent_it_targets_the_colours_chosen() {
    let mut table = table();
    let bears = table.put("Grizzly Bears", P1, BATTLEFIELD);
    table.put("Prismwake Merrow", P0, BATTLEFIELD);
    table.settle();
    assert_eq!(options(&table), ["white", "blue", "white & blue"]);
    choose(&mut table, "white & blue");
    table.try_answer_held(&[Value::Card(bears)]).expect("the target is taken");
    assert!(table.held.is_none());
    assert_eq!(table.board.colours(bears), ["white", "blue"]);
}

#[test]
fn modes_of_mana_or_after_a_payment_stay_refused_by_name() {
    let cases = [
        (
            "auto={T}:name(add mana) ability$! choice add{G} _ choice add{R} !$ controller\ntype=Artifact",
            "unsupported: `ability$!...!$` given to `controller` with modes of mana (`choice add{G} _ choice add{R}`)",
        ),
        (
            "auto=@discarded(*|hand):pay({1}{U}) name(tap or untap) ability$!choice tap target(*) _ choice untap \
             target(*)!$ controller\ntype=Enchantment",
            "unsupported: `ability$!choice ... _ choice ...!$ controller` with `may`, `pay` or a target before it",
        ),
        (
            "auto=@each my upkeep:may ability$!choice all(mystored) becomes(,white) forever _ choice all(mystored) \
             becomes(,blue) forever!$ controller\ntype=Creature",
            "unsupported: `ability$!...!$` with `stored`",
        ),
        (
            "auto=ability$!choice draw:1 _ choice life:2!$ controller\ntype=Sorcery",
            "unsupported: `ability$!choice ... _ choice ...!$ controller` on an instant or sorcery",
        ),
    ];
    for (card, message) in cases {
        assert_eq!(error_of(card).as_deref(), Some(message), "{card}");
    }
    assert_eq!(
        error_of(
            "auto=@each combatbegins:ability$!choice all(creature|mybattlefield) first strike ueot _ choice all(creature|mybattlefield) vigilance ueot!$ controller\ntype=Creature"
        ),
        None
    );
}
