//! `flipacoin winability ... winabilityend loseability ... loseabilityend flipend`: real
//! cards of Wagic's files, each flip won or lost as the board's seeded random source
//! draws it (the same seed flips the same), then what the card's text says of the won or
//! the lost flip.

use vm::runtime::{Event, Host};
use wagic::table::Board;

use super::board::{BATTLEFIELD, GRAVEYARD, HAND, P0, P1, Play, Table};

/// The seeds tried: each card is played once a seed, and both sides must come up.
const SEEDS: std::ops::RangeInclusive<u32> = 1..=8;

/// Whether the first coin a board seeded with `seed` flips is won.
fn first_flip_won(seed: u32) -> bool {
    let mut board = Board::new();
    board.reseed(seed);
    board.random(2) == 0
}

/// A table of Wagic's cards seeded with `seed`, or `None` (the test skips) without them.
fn table(seed: u32) -> Option<Table> {
    let mut table = Table::new()?;
    table.board.reseed(seed);
    Some(table)
}

#[test]
fn the_seeds_tried_win_and_lose_flips() {
    assert!(SEEDS.clone().any(first_flip_won) && !SEEDS.clone().all(first_flip_won));
}

#[test]
fn tavern_swindler_gains_six_life_when_it_wins_the_flip() {
    // text=: {T}, Pay 3 life: Flip a coin. If you win the flip, you gain 6 life.
    for seed in SEEDS {
        let Some(mut table) = table(seed) else { return };
        let swindler = table.put("Tavern Swindler", P0, BATTLEFIELD);
        // A lost flip does nothing more: the activation reports no effect, its cost paid.
        let won = table.activate(swindler, P0);
        assert_eq!(won, first_flip_won(seed), "seed {seed}");
        let life = if first_flip_won(seed) { 23 } else { 17 };
        assert_eq!(table.board.players[0].life, life, "seed {seed}");
        assert!(table.board.card(swindler).tapped);
    }
}

#[test]
fn viashino_sandswimmer_returns_to_hand_on_a_won_flip_and_is_sacrificed_on_a_lost_one() {
    // text=: {R}: Flip a coin. If you win the flip, return Viashino Sandswimmer to its
    // owner's hand. If you lose the flip, sacrifice Viashino Sandswimmer.
    for seed in SEEDS {
        let Some(mut table) = table(seed) else { return };
        let viashino = table.put("Viashino Sandswimmer", P0, BATTLEFIELD);
        table.board.players[0].mana[3] = 1;
        assert!(table.activate(viashino, P0));
        let zone = if first_flip_won(seed) { HAND } else { GRAVEYARD };
        assert_eq!(table.board.card(viashino).zone, zone, "seed {seed}");
        assert_eq!(table.board.players[0].mana[3], 0, "{{R}} paid");
    }
}

#[test]
fn mana_crypt_deals_three_damage_to_its_controller_on_a_lost_upkeep_flip() {
    // text=: At the beginning of your upkeep, flip a coin. If you lose the flip, Mana
    // Crypt deals 3 damage to you.
    for seed in SEEDS {
        let Some(mut table) = table(seed) else { return };
        table.put("Mana Crypt", P0, BATTLEFIELD);
        let upkeep = table.runtime.event_index("upkeep").expect("upkeep");
        table.runtime.emit(Event::new(upkeep, P1));
        table.settle();
        assert_eq!(table.board.players[0].life, 20, "no flip in the opponent's upkeep");
        table.runtime.emit(Event::new(upkeep, P0));
        table.settle();
        let life = if first_flip_won(seed) { 20 } else { 17 };
        assert_eq!((table.board.players[0].life, table.board.players[1].life), (life, 20), "seed {seed}");
    }
}

#[test]
fn puppets_verdict_destroys_the_small_creatures_or_the_big_ones() {
    // text=: Flip a coin. If you win the flip, destroy all creatures with power 2 or
    // less. If you lose the flip, destroy all creatures with power 3 or greater.
    for seed in SEEDS {
        let Some(mut table) = table(seed) else { return };
        table.put("Grizzly Bears", P0, BATTLEFIELD);
        table.put("Hill Giant", P1, BATTLEFIELD);
        let verdict = table.put("Puppet's Verdict", P0, HAND);
        table.cast(verdict, P0);
        let (mine, theirs): (&[&str], &[&str]) =
            if first_flip_won(seed) { (&[], &["Hill Giant"]) } else { (&["Grizzly Bears"], &[]) };
        assert_eq!(table.board.names(P0, BATTLEFIELD), mine, "seed {seed}");
        assert_eq!(table.board.names(P1, BATTLEFIELD), theirs, "seed {seed}");
    }
}

/// The error of a card whose one line is `line`, and the text it points at.
fn refusal(line: &str) -> (String, String) {
    let source = format!("[card]\nname=Flipper\n{line}\ntype=Sorcery\n[/card]\n");
    let mut bundle = vm::bytecode::BundleBuilder::new(&wagic::CATALOGUE);
    let outcome = wagic::compile_source("own.txt", &source, &mut bundle).remove(0);
    let error = outcome.error.expect("refused");
    (error.message, source[error.span.range()].to_string())
}

#[test]
fn flips_not_compiled_are_refused_by_name() {
    let results = "unsupported: `flipacoin` result other than one effect without a target to choose";
    for (line, message, at) in [
        // Wagic chooses the target once the coin fell: not chosen before the flip.
        (
            "auto=flipacoin winability damage:2 target(creature) winabilityend flipend",
            results,
            "damage:2 target(creature)",
        ),
        ("auto=flipacoin winability draw:1 && life:1 winabilityend flipend", results, "draw:1 && life:1"),
        (
            "auto=may flipacoin winability draw:1 winabilityend flipend",
            "unsupported: `flipacoin` with `may`, `pay` or a target before it",
            "may flipacoin winability draw:1 winabilityend flipend",
        ),
        (
            "auto=flipacoin winability draw:1 winabilityend flipend && draw:1",
            "unsupported: text after `flipend`",
            "&& draw:1",
        ),
        (
            "auto=flipacoin winability draw:1 winabilityend",
            "unsupported: `flipacoin` without `flipend`",
            "flipacoin winability draw:1 winabilityend",
        ),
        (
            "auto=flipacoin oneshot flipend",
            "unsupported: `flipacoin` without `winability` or `loseability`",
            "flipacoin oneshot flipend",
        ),
    ] {
        assert_eq!(refusal(line), (message.to_string(), at.to_string()), "{line}");
    }
}
