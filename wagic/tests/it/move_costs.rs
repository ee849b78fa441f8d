//! The costs that move or tap a card: `{E}` and `{E(spec)}` exile this permanent or a
//! card the spec picks, `{H}` and `{H(spec)}` return it to its owner's hand (Wagic's
//! `ExileTargetCost` and `BounceTargetCost`), `{T(spec)}` taps an untapped permanent the
//! spec picks (`TapTargetCost`); a cost with a spec written twice picks two cards.

use std::sync::Arc;

use wagic::runner::{self, Verdict};
use wagic::table::Library;

use super::behaviour::test;
use super::front::error_of;

const CARDS: &str = "[card]\nname=Grizzly Bears\nmana={1}{G}\ntype=Creature\npower=2\ntoughness=2\n[/card]\n\
[card]\nname=Ghoul\nauto={E(creature|mygraveyard)}:life:2 controller\nmana={B}\ntype=Creature\npower=1\ntoughness=1\n[/card]\n\
[card]\nname=Shaman\nauto={H(land|mybattlefield)}:draw:1 controller\nmana={U}\ntype=Creature\npower=1\ntoughness=1\n[/card]\n\
[card]\nname=Idol\nauto={E}:life:1 controller\nauto={H}:life:3 controller\nmana={1}\ntype=Artifact\n[/card]\n\
[card]\nname=Captain\nauto={T(other creature|mybattlefield)}:life:1 controller\nmana={W}\ntype=Creature\npower=1\ntoughness=1\n[/card]\n\
[card]\nname=Rusher\nautohand={R}{discard}:name(bloodrush) draw:1 controller\nmana={2}{R}\ntype=Creature\npower=3\ntoughness=3\n[/card]\n\
[card]\nname=Twiddler\nauto={T}:life:1 controller\nauto={Q}:life:2 controller\nmana={1}\ntype=Artifact\n[/card]\n\
[card]\nname=Wall\nmana={W}\ntype=Creature\npower=0\ntoughness=4\n[/card]\n\
[card]\nname=Forest\ntype=Basic Land\nsubtype=Forest\n[/card]\n[card]\nname=Mox\ntype=Artifact\n[/card]\n";

fn verdict(test: &str) -> Verdict {
    super::behaviour::verdict_of("costs.txt", CARDS, test)
}

#[test]
fn exile_and_bounce_costs_compile_with_or_without_a_spec() {
    for cost in ["{E}", "{H}", "{E(*|mygraveyard)}", "{h(land|mybattlefield)}", "{1}{E}"] {
        assert_eq!(error_of(&format!("auto={cost}:draw:1 controller\ntype=Artifact")), None, "{cost}");
    }
    assert_eq!(
        error_of("auto={E(<2>*|mygraveyard)}{E(<2>*|mygraveyard)}:draw:1\ntype=Artifact").as_deref(),
        Some("unsupported: a cost with a spec of several cards written twice")
    );
}

/// A cost with a spec written twice (`{E(*|mygraveyard)}{E(*|mygraveyard)}`: "Exile two
/// cards from your graveyard") takes two different cards: with two there, both are
/// exiled; with one, the ability cannot be paid, and nothing happens.
#[test]
fn a_cost_with_a_spec_written_twice_moves_two_different_cards() {
    let twice = "[card]\nname=Twin Ghoul\nauto={E(*|mygraveyard)}{E(*|mygraveyard)}:life:2 controller\n\
mana={B}\ntype=Creature\npower=1\ntoughness=1\n[/card]\n";
    let library = Arc::new(Library::compile(&[("twice.txt", format!("{CARDS}{twice}"))]).expect("the cards compile"));
    let run = |graveyard: &str, expected: &str| {
        let test = test(
            &format!("[PLAYER1]\ninplay:Twin Ghoul\ngraveyard:{graveyard}\n[PLAYER2]\n"),
            "Twin Ghoul\n",
            &format!("FIRSTMAIN\n[PLAYER1]\ninplay:Twin Ghoul\n{expected}[PLAYER2]\n"),
        );
        runner::run(&library, &wagic::testfile::read(&test).expect("a test"))
    };
    assert_eq!(run("Grizzly Bears,Forest", "exile:Grizzly Bears,Forest\nlife:22\n"), Verdict::Passed);
    assert_eq!(run("Forest", "graveyard:Forest\n"), Verdict::Passed);
}

#[test]
fn a_card_picked_by_the_spec_moves_as_the_cost_is_paid() {
    // The Ghoul exiles the creature card from its controller's graveyard (not the Forest).
    let exiled = test(
        "[PLAYER1]\ninplay:Ghoul\ngraveyard:Grizzly Bears,Forest\n[PLAYER2]\n",
        "Ghoul\n",
        "FIRSTMAIN\n[PLAYER1]\ninplay:Ghoul\ngraveyard:Forest\nexile:Grizzly Bears\nlife:22\n[PLAYER2]\n",
    );
    assert_eq!(verdict(&exiled), Verdict::Passed);
    assert_ne!(
        verdict(&exiled.replace("graveyard:Forest\nexile:Grizzly Bears", "graveyard:Grizzly Bears,Forest")),
        Verdict::Passed
    );
    // Nothing to exile: the ability cannot be paid.
    let none = test(
        "[PLAYER1]\ninplay:Ghoul\ngraveyard:Forest\n[PLAYER2]\n",
        "Ghoul\n",
        "FIRSTMAIN\n[PLAYER1]\ninplay:Ghoul\ngraveyard:Forest\n[PLAYER2]\n",
    );
    assert_eq!(verdict(&none), Verdict::Passed);
    // The Shaman returns the Forest to its owner's hand, then draws.
    let bounced = test(
        "[PLAYER1]\ninplay:Shaman,Forest\nlibrary:Mox\n[PLAYER2]\n",
        "Shaman\n",
        "FIRSTMAIN\n[PLAYER1]\ninplay:Shaman\nhand:Forest,Mox\n[PLAYER2]\n",
    );
    assert_eq!(verdict(&bounced), Verdict::Passed);
}

#[test]
fn the_costs_without_a_spec_move_the_permanent_itself() {
    // The Idol's two abilities: Wagic's menu, exile first, hand second.
    let idol = |choice: &str, expected: &str| {
        verdict(&test(
            "[PLAYER1]\ninplay:Idol\n[PLAYER2]\n",
            &format!("Idol\nchoice {choice}\n"),
            &format!("FIRSTMAIN\n[PLAYER1]\n{expected}[PLAYER2]\n"),
        ))
    };
    assert_eq!(idol("0", "exile:Idol\nlife:21\n"), Verdict::Passed);
    assert_eq!(idol("1", "hand:Idol\nlife:23\n"), Verdict::Passed);
    assert_ne!(idol("1", "inplay:Idol\nlife:23\n"), Verdict::Passed);
}

#[test]
fn a_tap_cost_with_a_spec_taps_another_untapped_permanent() {
    // The Bears pay the first activation; tapped, they cannot pay the second, and the
    // Captain itself is no other creature.
    let tapped = test(
        "[PLAYER1]\ninplay:Captain,Grizzly Bears\n[PLAYER2]\n",
        "Captain\nCaptain\n",
        "FIRSTMAIN\n[PLAYER1]\ninplay:Captain,Grizzly Bears\nlife:21\n[PLAYER2]\n",
    );
    assert_eq!(verdict(&tapped), Verdict::Passed);
    assert_ne!(verdict(&tapped.replace("life:21", "life:22")), Verdict::Passed);
    // Two can pay the first: the Bears are chosen; the second takes the Wall, the one
    // left untapped, without a question.
    let second = test(
        "[PLAYER1]\ninplay:Captain,Grizzly Bears,Wall\n[PLAYER2]\n",
        "Captain\nGrizzly Bears\nCaptain\n",
        "FIRSTMAIN\n[PLAYER1]\ninplay:Captain,Grizzly Bears,Wall\nlife:22\n[PLAYER2]\n",
    );
    assert_eq!(verdict(&second), Verdict::Passed);
}

#[test]
fn discard_without_a_spec_on_an_autohand_line_discards_the_card_itself() {
    // Bloodrush's `{discard}` is the card from its owner's hand, as `{cycle}` is.
    let line = |cost: &str| super::front_ir::ir_of(&format!("autohand={{R}}{cost}:draw:1 controller\ntype=Creature"));
    assert_eq!(line("{discard}"), line("{cycle}"));
    assert_eq!(
        error_of("auto={R}{discard}:draw:1 controller\ntype=Creature").as_deref(),
        Some("unsupported: `{cycle}` outside an `autohand` line")
    );
    // Its mana cost unpaid, the hand ability is the one entry: done at once.
    let rushed = test(
        "[PLAYER1]\nhand:Rusher\nlibrary:Mox\nmanapool:{R}\n[PLAYER2]\n",
        "Rusher\n",
        "FIRSTMAIN\n[PLAYER1]\ngraveyard:Rusher\nhand:Mox\n[PLAYER2]\n",
    );
    assert_eq!(verdict(&rushed), Verdict::Passed);
}

#[test]
fn an_untap_cost_is_paid_by_a_tapped_permanent_only() {
    // Untapped, the `{T}` ability is the one that can be paid; tapped, the `{Q}` one.
    let twiddled = |clicks: usize, life: i32| {
        verdict(&test(
            "[PLAYER1]\ninplay:Twiddler\n[PLAYER2]\n",
            &"Twiddler\n".repeat(clicks),
            &format!("FIRSTMAIN\n[PLAYER1]\ninplay:Twiddler\nlife:{life}\n[PLAYER2]\n"),
        ))
    };
    assert_eq!(twiddled(1, 21), Verdict::Passed);
    assert_eq!(twiddled(2, 23), Verdict::Passed);
    assert_eq!(twiddled(3, 24), Verdict::Passed);
    assert_ne!(twiddled(3, 26), Verdict::Passed);
}
