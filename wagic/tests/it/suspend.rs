//! Suspend: `suspend(N)={cost}` compiled (a mana cost and N from 1: it adds nothing to the
//! card's program), the forms refused, and in a game the card suspended, its time counters
//! removed at its owner's upkeeps, and it cast without paying its mana cost.

use std::sync::Arc;

use wagic::play::{self, Options, PlayerKind};
use wagic::table::Library;

use super::front::error_of;
use super::front_ir::ir_of;

const CARDS: &str = "[card]\nname=Mountain\ntype=Basic Land\nsubtype=Mountain\n[/card]\n\
[card]\nname=Rift Bolt\nauto=target(creature,player) damage:3\nmana={2}{R}\nsuspend(1)={r}\ntype=Sorcery\n[/card]\n\
[card]\nname=Halberdier\nabilities=first strike\nmana={4}{R}\nsuspend(2)={r}\ntype=Creature\npower=4\ntoughness=1\n[/card]\n";

#[test]
fn a_mana_suspend_compiles_to_the_cards_own_program_and_other_forms_are_refused() {
    assert_eq!(
        ir_of("auto=target(creature,player) damage:3\nmana={2}{R}\nsuspend(1)={r}\ntype=Sorcery"),
        ir_of("auto=target(creature,player) damage:3\nmana={2}{R}\ntype=Sorcery")
    );
    assert_eq!(error_of("mana={0}\nsuspend(3)={0}\ntype=Artifact"), None);
    for (card, construct) in [
        (
            "mana={X}{3}{U}\nsuspend(0)={X}{3}{U}\ntype=Creature",
            "unsupported: `suspend` X (`suspend(0)`: as many time counters as the X paid)",
        ),
        (
            "mana={2}{G}\nsuspend(2)={2}{S(land|mybattlefield)}\ntype=Sorcery",
            "unsupported: `suspend` cost other than mana",
        ),
        ("mana={2}{G}\nsuspend(2)=2\ntype=Sorcery", "unsupported: `suspend` cost other than mana"),
        (
            "mana={2}{G}\nsuspend(two)={G}\ntype=Sorcery",
            "unsupported: `suspend` other than `suspend(N)` with N from 1 to 20",
        ),
    ] {
        assert_eq!(error_of(card).as_deref(), Some(construct), "{card}");
    }
}

#[test]
fn in_a_game_suspended_cards_lose_a_time_counter_each_upkeep_and_are_cast_for_free() {
    let library = Arc::new(Library::compile(&[("suspend.txt", CARDS.to_string())]).expect("the cards compile"));
    // One Mountain a deck: neither card's mana cost is ever paid, only suspend's {R}.
    let deck: Vec<String> = (0..30)
        .map(|i| match i {
            0 => "Mountain",
            i if i % 2 == 0 => "Rift Bolt",
            _ => "Halberdier",
        })
        .map(str::to_string)
        .collect();
    let (mut cast, mut suspended) = (0, 0);
    for seed in 0..6 {
        let options = Options { seed, turn_limit: 12, players: [PlayerKind::Random; 2] };
        let lines = play::play(&library, [&deck, &deck], options).transcript(seed, ["a", "b"], ["random", "random"]);
        let count = |text: &str| lines.iter().filter(|line| line.contains(text)).count();
        for name in ["Rift Bolt", "Halberdier"] {
            // Each last counter removed casts its card in that upkeep; none is cast from hand.
            let last_removed = count(&format!("a time counter is removed from {name} (0 left)"));
            let free = count(&format!(" {name} without paying its mana cost"));
            assert_eq!(last_removed, free, "seed {seed}: {lines:#?}");
            let casts = count(&format!("casts {name}")) + count(&format!("responds with {name}"));
            assert_eq!(casts, free, "seed {seed}: {lines:#?}");
            cast += free;
        }
        // A Rift Bolt suspended has one counter; a Halberdier two: one removed, one left.
        assert_eq!(count("a time counter is removed from Rift Bolt (1 left)"), 0);
        suspended += count("suspends Rift Bolt (1 time counter)") + count("suspends Halberdier (2 time counters)");
    }
    assert!(cast > 0 && suspended >= cast, "{suspended} suspended, {cast} cast by suspend");
}

#[test]
fn the_runner_skips_a_click_on_a_card_whose_suspend_its_pool_pays() {
    use wagic::runner::Verdict;
    let verdict = |pool: &str| {
        let test = super::behaviour::test(
            &format!("[PLAYER1]\nhand:Rift Bolt\nmanapool:{pool}\n[PLAYER2]\n"),
            "Rift Bolt\np2\n",
            "FIRSTMAIN\n[PLAYER1]\ngraveyard:Rift Bolt\n[PLAYER2]\nlife:17\n",
        );
        super::behaviour::verdict_of("suspend.txt", CARDS, &test)
    };
    // Wagic's menu would hold the cast and suspend: not modelled.
    let Verdict::Skipped(skip) = verdict("{2}{R}") else { panic!("skipped") };
    assert_eq!(skip.reason, "a card with suspend its pool pays (suspend is played in games only)");
    // Without red mana the suspend rule does not react: the runner goes on to the cast.
    let reason = match verdict("{3}") {
        Verdict::Skipped(skip) => skip.reason.to_string(),
        other => format!("{other:?}"),
    };
    assert_ne!(reason, "a card with suspend its pool pays (suspend is played in games only)");
}
