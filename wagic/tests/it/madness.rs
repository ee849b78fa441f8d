//! Madness: `abilities=madness` with Wagic's `autoexile=` madness line compiled (it adds
//! nothing to the card's program: the game reads its cost), the other `autoexile=` lines
//! refused each with its own diagnostic, Wagic's own cards' madness costs, and in whole
//! games each card discarded with madness exiled, then cast for its madness cost or put
//! into the graveyard (the game's side: `play/madness.rs`, `table/madness.rs`).

use std::sync::Arc;

use wagic::play::{self, Options, PlayerKind};
use wagic::table::Library;

use super::board::{HAND, P0, Play, Table};
use super::front::error_of;
use super::front_ir::ir_of;

const MADNESS_LINE: &str = "autoexile=restriction{discarded} pay({R}) name(pay R to cast) activate \
name(pay R to cast) castcard(normal)?name(put in graveyard) moveto(ownergraveyard)";

const FIERY_TEMPER: &str = "target=creature,player\nauto=damage:3\nmana={1}{R}{R}\ntype=Instant";

#[test]
fn the_madness_line_compiles_to_the_cards_own_program() {
    assert_eq!(
        ir_of(&format!("abilities=madness\n{MADNESS_LINE}\n{FIERY_TEMPER}")),
        ir_of(&format!("abilities=madness\n{FIERY_TEMPER}"))
    );
    assert_eq!(
        error_of(&format!("abilities=trample,madness\n{MADNESS_LINE}\ntype=Creature\npower=4\ntoughness=4")),
        None
    );
}

#[test]
fn other_autoexile_lines_are_refused_each_with_its_own_diagnostic() {
    for (card, message) in [
        (
            format!("{MADNESS_LINE}\n{FIERY_TEMPER}"),
            "unsupported: `autoexile` madness line on a card without `abilities=madness`",
        ),
        (
            format!("abilities=madness\n{}\n{FIERY_TEMPER}", MADNESS_LINE.replace("{R}", "{X}{R}")),
            "unsupported: madness cost other than mana",
        ),
        (
            format!("abilities=madness\n{}\n{FIERY_TEMPER}", MADNESS_LINE.replace("{R}", "{L}")),
            "unsupported: madness cost other than mana",
        ),
        (
            "autoexile=@movedto(*|opponentgraveyard) suspended:may counter(0/0,-1,Time)\nsuspend(7)={1}{b}\n\
             type=Creature\npower=4\ntoughness=4"
                .to_string(),
            "unsupported: `autoexile` trigger of a suspended card (suspend's abilities while exiled)",
        ),
        (
            "autoexile=lord(*|myBattlefield) nomaxhand\nauto=draw:1\ntype=Sorcery".to_string(),
            "unsupported: `autoexile` line other than madness's (an ability while the card is exiled)",
        ),
        (
            format!("abilities=madness\n{}\n{FIERY_TEMPER}", MADNESS_LINE.replace("ownergraveyard", "ownerhand")),
            "unsupported: `autoexile` line other than madness's (an ability while the card is exiled)",
        ),
    ] {
        assert_eq!(error_of(&card).as_deref(), Some(message), "{card}");
    }
}

#[test]
fn wagics_madness_cards_keep_their_madness_cost() {
    let Some(mut table) = Table::new() else { return };
    let mut madness = |name: &str| {
        let card = table.put(name, P0, HAND);
        table.board.card(card).printed.madness.clone()
    };
    // text=: Fiery Temper deals 3 damage to target creature or player. -- Madness {R}
    assert_eq!(madness("Fiery Temper"), "{R}");
    assert_eq!(madness("Arrogant Wurm"), "{2}{G}");
    assert_eq!(madness("Basking Rootwalla"), "{0}");
    assert_eq!(madness("Grizzly Bears"), "");
}

const CARDS: &str = "[card]\nname=Mountain\ntype=Basic Land\nsubtype=Mountain\n[/card]\n\
[card]\nname=Rummage\nauto=discard:1 controller\nmana={0}\ntype=Sorcery\n[/card]\n\
[card]\nname=Fiery Temper\nabilities=madness\nautoexile=restriction{discarded} pay({R}) name(pay R to cast) \
activate name(pay R to cast) castcard(normal)?name(put in graveyard) moveto(ownergraveyard)\n\
target=creature,player\nauto=damage:3\nmana={1}{R}{R}\ntype=Instant\n[/card]\n";

#[test]
fn in_games_each_card_discarded_with_madness_is_cast_for_its_cost_or_put_into_the_graveyard() {
    let library = Arc::new(Library::compile(&[("madness.txt", CARDS.to_string())]).expect("the cards compile"));
    let deck: Vec<String> = (0..30)
        .map(|i| match i % 3 {
            0 => "Mountain",
            1 => "Rummage",
            _ => "Fiery Temper",
        })
        .map(str::to_string)
        .collect();
    let (mut cast, mut declined) = (0, 0);
    for seed in 0..6 {
        let options = Options { seed, turn_limit: 10, players: [PlayerKind::Random; 2] };
        let lines = play::play(&library, [&deck, &deck], options).transcript(seed, ["a", "b"], ["random", "random"]);
        let count = |text: &str| lines.iter().filter(|line| line.contains(text)).count();
        // Never discarded into the graveyard straight: exiled first, then one of the two.
        assert_eq!(count("discards Fiery Temper"), 0, "seed {seed}: {lines:#?}");
        let exiled = count("Fiery Temper [p0] is exiled") + count("Fiery Temper [p1] is exiled");
        let by_madness = count("Fiery Temper for its madness cost");
        let put_away = count("puts Fiery Temper into their graveyard");
        assert_eq!(exiled, by_madness + put_away, "seed {seed}: {lines:#?}");
        (cast, declined) = (cast + by_madness, declined + put_away);
    }
    assert!(cast > 0 && declined > 0, "{cast} cast for madness, {declined} put into the graveyard");
}
