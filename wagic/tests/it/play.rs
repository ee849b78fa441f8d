//! Whole games on the Wagic table (`wagic::play`) between small hand-written decks of
//! cards from Wagic's card files, read in place (skipped when they are absent): one seed
//! gives one game; a land a turn; summoning sickness; combat damage takes life and wins
//! the game; drawing from an empty library loses; the turn limit ends in a draw; and the
//! limits that keep a game bounded (a huge deck, an empty one, triggers that never settle).

use std::sync::Arc;

use wagic::play::{self, Entry, Options, Outcome, deck};
use wagic::table::{Library, P0, P1};

use super::board::library;

/// `count` copies of each named card, as a deck's card list.
pub(super) fn cards(parts: &[(usize, &str)]) -> Vec<String> {
    parts.iter().flat_map(|(count, name)| std::iter::repeat_n(name.to_string(), *count)).collect()
}

fn game(library: &Arc<Library>, a: &[String], b: &[String], seed: u64, turn_limit: u32) -> play::Played {
    play::play(library, [a, b], Options { seed, turn_limit, ..Options::default() })
}

/// The events of each turn: (turn, its player, its event texts), in order.
pub(super) fn turns(played: &play::Played) -> Vec<(u32, usize, Vec<String>)> {
    let mut turns: Vec<(u32, usize, Vec<String>)> = Vec::new();
    for entry in &played.log {
        match entry {
            Entry::TurnStart { turn, player } => turns.push((*turn, usize::from(*player != P0), Vec::new())),
            Entry::Event { text, .. } => {
                if let Some(last) = turns.last_mut() {
                    last.2.push(text.clone());
                }
            }
            Entry::TurnEnd { .. } => {}
        }
    }
    turns
}

/// Each turn's end: (turn, life of both players).
pub(super) fn lives(played: &play::Played) -> Vec<(u32, [i32; 2])> {
    played
        .log
        .iter()
        .filter_map(|entry| match entry {
            Entry::TurnEnd { turn, life, .. } => Some((*turn, *life)),
            _ => None,
        })
        .collect()
}

#[test]
fn one_seed_gives_one_game_and_another_seed_another() {
    let Some(library) = library() else { return };
    let bears = cards(&[(12, "Forest"), (12, "Grizzly Bears")]);
    let shocks = cards(&[(12, "Mountain"), (8, "Shock"), (4, "Raging Goblin")]);
    let first = game(&library, &bears, &shocks, 5, 200);
    let again = game(&library, &bears, &shocks, 5, 200);
    assert_eq!(first.log, again.log);
    assert_eq!(first.outcome, again.outcome);
    assert!(matches!(first.outcome, Outcome::Won { .. }), "{:?}", first.outcome);
    let other = game(&library, &bears, &shocks, 6, 200);
    assert_ne!(first.log, other.log, "two seeds, two games");
}

#[test]
fn a_player_plays_at_most_one_land_a_turn() {
    let Some(library) = library() else { return };
    let lands = cards(&[(30, "Forest")]);
    for seed in 0..8 {
        let played = game(&library, &lands, &lands, seed, 20);
        assert_eq!(played.outcome, Outcome::Drawn { reason: "the turn limit (20) was reached".into() });
        let mut played_any = 0;
        for (turn, player, events) in turns(&played) {
            let plays = events.iter().filter(|text| text.ends_with("plays Forest")).count();
            assert!(plays <= 1, "seed {seed} turn {turn}: {events:?}");
            assert!(events.iter().all(|text| !text.starts_with(&format!("p{}", 1 - player))), "{events:?}");
            played_any += plays;
        }
        assert!(played_any > 10, "seed {seed}: the players play lands ({played_any})");
    }
}

#[test]
fn a_creature_attacks_from_its_controllers_next_turn_unless_it_has_haste() {
    let Some(library) = library() else { return };
    let bears = cards(&[(10, "Forest"), (10, "Grizzly Bears")]);
    let goblins = cards(&[(10, "Mountain"), (10, "Raging Goblin")]);
    let lands = cards(&[(40, "Plains")]);
    let mut haste_seen = false;
    for seed in 0..12 {
        // Against a deck of lands nothing dies: a player's creatures are those they cast.
        let played = game(&library, &bears, &lands, seed, 16);
        let mut cast_before = 0usize;
        for (turn, player, events) in turns(&played) {
            if player != 0 {
                continue;
            }
            let attacks = events.iter().filter(|text| text.starts_with("Grizzly Bears [p0] attacks")).count();
            assert!(attacks <= cast_before, "seed {seed} turn {turn}: a Bears cast this turn attacks: {events:?}");
            cast_before += events.iter().filter(|text| *text == "p0 casts Grizzly Bears").count();
        }
        let played = game(&library, &goblins, &lands, seed, 16);
        for (_, player, events) in turns(&played) {
            let cast = events.iter().position(|text| text == "p0 casts Raging Goblin");
            let attack = events.iter().position(|text| text.starts_with("Raging Goblin [p0] attacks"));
            if player == 0 && cast.is_some() && attack.is_some_and(|attack| Some(attack) > cast) {
                haste_seen = true;
            }
        }
    }
    assert!(haste_seen, "a Raging Goblin (haste) attacks the turn it is cast in some game");
}

#[test]
fn unblocked_attackers_take_life_and_zero_life_loses() {
    let Some(library) = library() else { return };
    let bears = cards(&[(10, "Forest"), (14, "Grizzly Bears")]);
    let lands = cards(&[(40, "Plains")]);
    let played = game(&library, &bears, &lands, 2, 200);
    // Nothing of p1's blocks: p1 loses 2 life for each Bears that attacked that turn.
    let mut life = 20;
    for ((_, player, events), (turn, after)) in turns(&played).into_iter().zip(lives(&played)) {
        let attacks = events.iter().filter(|text| text.starts_with("Grizzly Bears [p0] attacks")).count();
        let dealt = events.iter().filter(|text| *text == "Grizzly Bears deals 2 damage to p1").count();
        assert_eq!(dealt, if player == 0 { attacks } else { 0 }, "turn {turn}: {events:?}");
        life -= 2 * i32::try_from(dealt).expect("few");
        assert_eq!(after, [20, life], "turn {turn}");
    }
    assert!(life <= 0);
    assert_eq!(played.outcome, Outcome::Won { winner: P0, reason: format!("p1 has {life} life") });
}

#[test]
fn drawing_from_an_empty_library_loses_and_the_first_player_skips_their_first_draw() {
    let Some(library) = library() else { return };
    // p0 draws its whole 7-card deck as its opening hand (3 lands: kept), skips its first
    // draw, and loses drawing on turn 3; p1 drew its eighth card on turn 2.
    let p0 = cards(&[(3, "Forest"), (4, "Grizzly Bears")]);
    let played = game(&library, &p0, &cards(&[(3, "Island"), (5, "Grizzly Bears")]), 0, 200);
    assert_eq!(played.outcome, Outcome::Won { winner: P1, reason: "p0 draws from an empty library".into() });
    assert_eq!(played.turns, 3);
    let draws: Vec<(u32, Vec<String>)> = turns(&played)
        .into_iter()
        .map(|(turn, _, events)| (turn, events.into_iter().filter(|text| text.contains(" draws ")).collect()))
        .collect();
    let [(1, first), (2, second), (3, third)] = &draws[..] else { panic!("{draws:?}") };
    assert!(first.is_empty() && third.is_empty(), "{draws:?}");
    assert!(matches!(&second[..], [one] if one.starts_with("p1 draws ")), "{draws:?}");
    // Two empty decks: p0 does not draw on turn 1, p1 loses on turn 2.
    let played = game(&library, &[], &[], 0, 200);
    assert_eq!(played.outcome, Outcome::Won { winner: P0, reason: "p1 draws from an empty library".into() });
    assert_eq!(played.turns, 2);
}

#[test]
fn the_turn_limit_ends_the_game_in_a_draw() {
    let Some(library) = library() else { return };
    let lands = cards(&[(30, "Forest")]);
    let played = game(&library, &lands, &lands, 1, 5);
    assert_eq!(played.outcome, Outcome::Drawn { reason: "the turn limit (5) was reached".into() });
    assert_eq!(played.turns, 5);
    assert_eq!(played.log.iter().filter(|entry| matches!(entry, Entry::TurnEnd { .. })).count(), 5);
}

#[test]
fn a_deck_names_cards_by_name_and_refuses_what_the_game_cannot_play() {
    let Some(library) = library() else { return };
    let read = deck::read("#NAME:Test\n4 Grizzly Bears\nforest\nNo Such Card\n2 Animate Dead\n").expect("reads");
    let errors = deck::resolve(&read, &library, None, false).expect_err("two bad lines");
    let found: Vec<(&str, u32)> = errors.iter().map(|error| (error.code, error.line)).collect();
    assert_eq!(found, vec![("deck-unknown-card", 4), ("deck-not-compiled", 5)]);
    assert!(errors[1].message.starts_with("`Animate Dead` does not compile (E0100 unsupported: "), "{}", errors[1]);
    // Leaving out what does not compile still refuses an unknown card.
    let errors = deck::resolve(&read, &library, None, true).expect_err("an unknown card");
    assert_eq!(errors.iter().map(|error| error.code).collect::<Vec<_>>(), ["deck-unknown-card"]);
    let read = deck::read("4 Grizzly Bears\nforest\n2 Animate Dead\n1129\n").expect("reads");
    let errors = deck::resolve(&read, &library, None, true).expect_err("an id with no sets");
    assert_eq!((errors[0].code, errors[0].line), ("deck-id-without-sets", 4));
    let read = deck::read("4 Grizzly Bears\nforest\n2 Animate Dead\n").expect("reads");
    let (cards, left_out) = deck::resolve(&read, &library, None, true).expect("plays the rest");
    assert_eq!(cards, ["Grizzly Bears", "Grizzly Bears", "Grizzly Bears", "Grizzly Bears", "Forest"]);
    assert_eq!(left_out.iter().map(|error| (error.code, error.line)).collect::<Vec<_>>(), [("deck-not-compiled", 3)]);
}

/// A misspelt name was only `no card named`: the card meant is suggested, the same one
/// each run, and a name of megabytes is shown cut.
#[test]
fn a_misspelt_deck_name_gets_the_card_meant() {
    let Some(library) = library() else { return };
    let read = deck::read("4 Grizly Bears\n4 Lightening Bolt\nForrest\nQwxzzy Plonk\n").expect("reads");
    let errors = deck::resolve(&read, &library, None, false).expect_err("four unknown names");
    let messages: Vec<&str> = errors.iter().map(|error| error.message.as_str()).collect();
    assert_eq!(
        messages,
        [
            "no card named `Grizly Bears` in the card files: did you mean `Grizzly Bears`?",
            "no card named `Lightening Bolt` in the card files: did you mean `Lightning Bolt`?",
            "no card named `Forrest` in the card files: did you mean `Forest`?",
            "no card named `Qwxzzy Plonk` in the card files",
        ]
    );
    // A deck of ids with no set files: one error, at the first, counting the others (a
    // deck of Wagic's AI folder printed sixty alike).
    let ids = deck::read("#NAME:Ids\n1129\n1129\nForest\n1143\n").expect("reads");
    let errors = deck::resolve(&ids, &library, None, false).expect_err("ids");
    assert_eq!(errors.len(), 1, "{errors:?}");
    assert_eq!((errors[0].code, errors[0].line), ("deck-id-without-sets", 2));
    assert!(
        errors[0].message.starts_with("card id 1129 with no set files to name it, as do 2 more lines: pass `--sets`")
    );
    // Nothing to play is an error of the deck as a whole, at line 0.
    let errors = deck::resolve(&deck::read("#NAME:Empty\n").expect("reads"), &library, None, false).expect_err("empty");
    assert_eq!((errors[0].code, errors[0].line), ("deck-empty", 0));
    let all_left_out = deck::read("2 Animate Dead\n").expect("reads");
    let errors = deck::resolve(&all_left_out, &library, None, true).expect_err("nothing left");
    assert_eq!((errors[0].code, errors[0].line), ("deck-empty", 0));
    let long = format!("{}\n", "Grizzly Bears".repeat(100_000));
    let errors = deck::resolve(&deck::read(&long).expect("reads"), &library, None, false).expect_err("unknown");
    assert!(errors[0].message.len() < 200, "{}", errors[0].message);
}

/// Spark Elemental (treason: sacrificed at the end step) stayed and attacked turn after
/// turn: each one cast leaves by the end of its turn.
#[test]
fn a_permanent_with_treason_is_sacrificed_as_its_turn_ends() {
    let Some(library) = library() else { return };
    let sparks = cards(&[(10, "Spark Elemental"), (10, "Mountain")]);
    let forests = cards(&[(20, "Forest")]);
    let mut cast = 0;
    for seed in 0..4 {
        let played = game(&library, &sparks, &forests, seed, 8);
        for (turn, _, events) in turns(&played) {
            let count = |text: &str| events.iter().filter(|event| event.as_str() == text).count();
            let entered = count("p0 casts Spark Elemental");
            cast += entered;
            assert_eq!(
                count("Spark Elemental [p0] goes to the graveyard"),
                entered,
                "seed {seed} turn {turn}: {events:?}"
            );
        }
    }
    assert!(cast > 0, "no Spark Elemental was cast");
}

/// A black creature blocked by a wall with protection from black was logged as dealing
/// its damage, though protection prevented it (the wall lived on): the log says it was
/// prevented.
#[test]
fn damage_protection_prevents_is_logged_as_prevented() {
    let source = "[card]\nname=Swamp\ntype=Basic Land\nsubtype=Swamp\n[/card]\n\
        [card]\nname=Plains\ntype=Basic Land\nsubtype=Plains\n[/card]\n\
        [card]\nname=Night Bear\nmana={B}\ncolor=black\ntype=Creature\nsubtype=Bear\npower=2\ntoughness=2\n[/card]\n\
        [card]\nname=Pale Wall\nabilities=defender,protection from black\nmana={W}\ntype=Creature\nsubtype=Wall\n\
        power=0\ntoughness=1\n[/card]\n";
    let library = Arc::new(Library::compile(&[("own.txt", source.to_string())]).expect("compiles"));
    let bears = cards(&[(10, "Night Bear"), (10, "Swamp")]);
    let walls = cards(&[(10, "Pale Wall"), (10, "Plains")]);
    let mut prevented = 0;
    for seed in 0..8 {
        let played = game(&library, &bears, &walls, seed, 12);
        for (turn, _, events) in turns(&played) {
            for event in &events {
                assert!(
                    !event.starts_with("Night Bear deals 2 damage to Pale Wall"),
                    "seed {seed} turn {turn}: {events:?}"
                );
                assert!(event != "Pale Wall [p1] goes to the graveyard", "seed {seed} turn {turn}: {events:?}");
                prevented += usize::from(event == "Night Bear would deal 2 damage to Pale Wall (prevented)");
            }
        }
    }
    assert!(prevented > 0, "no wall blocked a bear");
}

#[test]
fn a_deck_too_large_is_refused_before_the_game_and_any_deck_plays_bounded() {
    let Some(library) = library() else { return };
    // 100,000 cards: refused at the line that passes the limit, having read the rest.
    let text = "1000 Forest\n".repeat(100);
    let read = deck::read(&text).expect("reads");
    let errors = deck::resolve(&read, &library, None, false).expect_err("too large");
    assert_eq!((errors[0].code, errors[0].line), ("deck-too-large", 1));
    let huge = deck::read("100000 Forest\n").expect_err("a count past the limit");
    assert_eq!(huge.code, "deck-count");
    // Given past the reader, the game refuses it too, at once.
    let many = cards(&[(100_000, "Forest")]);
    let played = game(&library, &many, &[], 0, 200);
    assert!(matches!(&played.outcome, Outcome::Stopped { reason } if reason.contains("more than 500 cards")));
    assert_eq!(played.turns, 0);
}

/// A creature that makes a token each time a creature enters under its controller: a
/// second one makes the tokens cascade, the VM stops the cascade
/// (`EventCascade`), and the game stops with that reason, nobody winning.
/// The reason was `Trap { code: EventCascade, card: Some(CardIdx(1)), ... }`.
#[test]
fn triggers_that_never_settle_stop_the_game() {
    let source = "[card]\nname=Forest\ntype=Basic Land\nsubtype=Forest\n[/card]\n\
        [card]\nname=Mirror Breeder\nauto=@movedto(creature|mybattlefield):token(Elf Warrior,Creature Elf Warrior,1/1)\nmana={G}\n\
        type=Creature\nsubtype=Elf\npower=1\ntoughness=1\n[/card]\n";
    let library = Arc::new(Library::compile(&[("own.txt", source.to_string())]).expect("compiles"));
    let deck = cards(&[(10, "Forest"), (10, "Mirror Breeder")]);
    assert!(library.rules_of("Mirror Breeder").is_ok(), "the card compiles");
    let mut stopped = 0;
    for seed in 0..6 {
        let played = game(&library, &deck, &deck, seed, 30);
        if let Outcome::Stopped { reason } = &played.outcome {
            assert!(reason.contains("did not settle") || reason.contains("trapped"), "{reason}");
            // Told in words, naming the card (it was the trap's Rust debug form).
            if reason.contains("trapped") {
                assert!(reason.contains("event cascade too deep in card Mirror Breeder"), "{reason}");
                assert!(!reason.contains("Trap {"), "{reason}");
            }
            stopped += 1;
        }
    }
    assert!(stopped > 0, "a game casts the Breeder and stops");
}

/// A token is summoning sick as a cast creature is: made in a player's main phase, it
/// attacks from their next turn on. Found writing this test: only the creatures a player
/// cast or played were sick, so a token attacked the turn it was made.
#[test]
fn a_token_attacks_from_its_controllers_next_turn() {
    let source = "[card]\nname=Forest\ntype=Basic Land\nsubtype=Forest\n[/card]\n\
        [card]\nname=Soldier Camp\nauto={G}:token(Soldier,Creature Soldier,1/1)\nmana={0}\ntype=Artifact\n[/card]\n";
    let library = Arc::new(Library::compile(&[("own.txt", source.to_string())]).expect("compiles"));
    let camps = cards(&[(12, "Forest"), (8, "Soldier Camp")]);
    let lands = cards(&[(40, "Forest")]);
    let mut attacks_seen = 0;
    for seed in 0..6 {
        let played = game(&library, &camps, &lands, seed, 14);
        let mut made_before = 0usize;
        for (turn, player, events) in turns(&played) {
            let made = events.iter().filter(|text| *text == "Soldier token enters the battlefield [p0]").count();
            if player == 0 {
                let attacks = events.iter().filter(|text| *text == "Soldier [p0] attacks").count();
                assert!(attacks <= made_before, "seed {seed} turn {turn}: a token made this turn attacks: {events:?}");
                attacks_seen += attacks;
            }
            made_before += made;
        }
    }
    assert!(attacks_seen > 0, "the tokens attack in later turns");
}

/// Exalted: a creature attacking alone gets +1/+1 for each permanent with exalted its
/// controller has (Akrasan Squire, itself among them); two attackers get nothing.
#[test]
fn a_creature_attacking_alone_is_exalted_by_each_exalted_permanent() {
    let Some(library) = library() else { return };
    let squires = cards(&[(12, "Plains"), (12, "Akrasan Squire")]);
    let lands = cards(&[(40, "Island")]);
    let (mut alone, mut together) = (0, 0);
    for seed in 0..4 {
        let played = game(&library, &squires, &lands, seed, 30);
        // Nothing of p1's blocks or kills: p0's Squires are those it cast.
        let mut in_play = 0;
        for (turn, _, events) in turns(&played) {
            let attackers = events.iter().filter(|text| *text == "Akrasan Squire [p0] attacks").count();
            for text in &events {
                if text == "p0 casts Akrasan Squire" {
                    in_play += 1;
                }
                if let Some(bonus) = text.strip_prefix("Akrasan Squire is exalted (+") {
                    assert_eq!(attackers, 1, "turn {turn}: {events:?}");
                    assert_eq!(bonus, format!("{in_play}/+{in_play})"), "turn {turn}: {events:?}");
                    let dealt = format!("Akrasan Squire deals {} damage to p1", 1 + in_play);
                    assert!(events.contains(&dealt), "turn {turn}: {events:?}");
                    alone += 1;
                }
            }
            if attackers > 1 {
                assert!(!events.iter().any(|text| text.contains("is exalted")), "turn {turn}: {events:?}");
                together += 1;
            }
        }
    }
    assert!(alone > 0 && together > 0, "{alone} lone attacks, {together} attacks of several");
}

/// Flanking: a Grizzly Bears blocking Benalish Cavalry (flanking) is a 1/1 in that combat,
/// dealing 1 damage; attacking, the Bears deals its 2 to a Cavalry that blocks it.
#[test]
fn a_creature_blocking_a_flanker_gets_minus_one_minus_one() {
    let Some(library) = library() else { return };
    let cavalry = cards(&[(12, "Plains"), (12, "Benalish Cavalry")]);
    let bears = cards(&[(12, "Forest"), (12, "Grizzly Bears")]);
    let (mut flanked, mut unflanked) = (0, 0);
    for seed in 0..10 {
        let played = game(&library, &cavalry, &bears, seed, 40);
        for (turn, player, events) in turns(&played) {
            for text in &events {
                if let Some(amount) = text.strip_prefix("Grizzly Bears deals ") {
                    if !amount.ends_with("damage to Benalish Cavalry") {
                        continue;
                    }
                    let expected = if player == 0 { "1 damage" } else { "2 damage" };
                    assert!(amount.starts_with(expected), "seed {seed} turn {turn}: {events:?}");
                    if player == 0 { flanked += 1 } else { unflanked += 1 }
                }
            }
        }
    }
    assert!(flanked > 0 && unflanked > 0, "{flanked} flanked blocks, {unflanked} blocks by a Cavalry");
}

/// Instants are cast at instant speed (in the upkeep, draw, combat and end steps, in
/// either player's turn), sorceries only in their caster's main phases.
#[test]
fn instants_are_cast_at_instant_speed_and_sorceries_in_their_casters_main_phases() {
    let Some(library) = library() else { return };
    let bears = cards(&[(12, "Forest"), (12, "Grizzly Bears")]);
    let burn = cards(&[(12, "Mountain"), (6, "Shock"), (6, "Lava Axe")]);
    let (mut instant_speed, mut axes) = (0, 0);
    for seed in 0..8 {
        let played = game(&library, &bears, &burn, seed, 40);
        let mut active = 0;
        for entry in &played.log {
            match entry {
                Entry::TurnStart { player, .. } => active = usize::from(*player != P0),
                Entry::Event { phase, text } if text.starts_with("p1 casts Lava Axe") => {
                    assert!(active == 1 && phase.is_main(), "seed {seed}: {phase:?} of p{active}'s turn");
                    axes += 1;
                }
                Entry::Event { phase, text } if text.starts_with("p1 casts Shock") => {
                    // In p0's turn, p1 never has a main phase.
                    assert!(active == 1 || !phase.is_main(), "seed {seed}: Shock in p0's {phase:?}");
                    instant_speed += usize::from(!phase.is_main());
                }
                _ => {}
            }
        }
    }
    assert!(instant_speed > 0 && axes > 0, "{instant_speed} Shocks outside main phases, {axes} Lava Axes");
}

/// Under Blood Moon a Quicksand is a Mountain that lost its abilities: it taps for {R} as
/// a Mountain does. Found by playing Wagic's AI decks: the game stopped, the table
/// refusing to say how a land that lost its abilities offers its land type's mana.
#[test]
fn a_land_that_lost_its_abilities_taps_for_its_basic_land_types_mana() {
    let Some(library) = library() else { return };
    let moon = cards(&[(10, "Mountain"), (6, "Blood Moon"), (8, "Quicksand")]);
    let lands = cards(&[(40, "Island")]);
    let mut tapped_as_mountain = 0;
    for seed in 0..8 {
        let played = game(&library, &moon, &lands, seed, 30);
        assert!(!matches!(played.outcome, Outcome::Stopped { .. }), "seed {seed}: {:?}", played.outcome);
        let mut moon_in_play = false;
        for (_, _, events) in turns(&played) {
            for text in &events {
                moon_in_play |= text == "p0 casts Blood Moon";
                let taps_quicksand = text.starts_with("p0 taps ") && text.contains("Quicksand");
                if moon_in_play && taps_quicksand {
                    tapped_as_mountain += 1;
                }
                if moon_in_play {
                    assert!(!text.starts_with("p0 activates Quicksand"), "seed {seed}: {events:?}");
                }
            }
        }
    }
    assert!(tapped_as_mountain > 0, "a Quicksand is tapped for mana under Blood Moon");
}

/// Anthems over a board of tokens: each player's Wall Factories make two walls an upkeep
/// and their Wall Anthems give each creature they control +0/+1, one effect a creature
/// an anthem. Found playing such decks: at 1,024 effects in force (four anthems over 256
/// walls) the runtime trapped and the game stopped at turn 68, and each anthem's refresh
/// read every effect once per effect it ended (the game took minutes). Now it plays to
/// its turn limit.
#[test]
fn anthems_over_hundreds_of_tokens_play_to_the_turn_limit() {
    let source = "[card]\nname=Plains\ntype=Basic Land\nsubtype=Plains\n[/card]\n\
        [card]\nname=Wall Factory\nauto=@each my upkeep:token(Wall,Creature Wall,0/1,defender)*2\n\
        type=Artifact\nmana={1}\n[/card]\n\
        [card]\nname=Wall Anthem\nauto=lord(creature|mybattlefield) +0/+1\ntype=Enchantment\nmana={1}\n[/card]\n";
    let library = Arc::new(Library::compile(&[("own.txt", source.to_string())]).expect("compiles"));
    let deck = cards(&[(8, "Wall Factory"), (4, "Wall Anthem"), (88, "Plains")]);
    // Seed 6: both players keep hands that make walls and anthems (mulligans aside).
    let played = game(&library, &deck, &deck, 6, 70);
    let walls = turns(&played)
        .iter()
        .flat_map(|(.., events)| events.clone())
        .filter(|text| text.starts_with("Wall token enters"))
        .count();
    let anthems = turns(&played)
        .iter()
        .flat_map(|(.., events)| events.clone())
        .filter(|text| text.contains("casts Wall Anthem"))
        .count();
    assert!(walls > 256 && anthems >= 4, "{walls} walls, {anthems} anthems");
    assert_eq!(played.outcome, Outcome::Drawn { reason: "the turn limit (70) was reached".into() });
}

/// An Aura is cast only when some permanent can be enchanted, and equip is activated only
/// when its controller has a creature. Found playing an Aura and Equipment deck: with no
/// creature on the board, the random players cast Auras that went straight to the
/// graveyard and paid for equips that did nothing (24 to 29 such moves in 12 turns).
#[test]
fn auras_and_equips_wait_for_a_creature() {
    let source = "[card]\nname=Plains\ntype=Basic Land\nsubtype=Plains\n[/card]\n\
        [card]\nname=Holy Might\ntarget=creature\nauto=2/2\ntype=Enchantment\nsubtype=Aura\nmana={W}\n[/card]\n\
        [card]\nname=Iron Sword\nauto={1}:equip\nauto=2/0\ntype=Artifact\nsubtype=Equipment\nmana={1}\n[/card]\n\
        [card]\nname=Squire\ntype=Creature\nsubtype=Human Soldier\npower=1\ntoughness=2\nmana={1}\n[/card]\n";
    let library = Arc::new(Library::compile(&[("own.txt", source.to_string())]).expect("compiles"));
    let moves = |played: &play::Played| {
        let events = turns(played).into_iter().flat_map(|(.., events)| events);
        events.filter(|text| text.contains("casts Holy Might") || text.contains("activates Iron Sword")).count()
    };
    let without = cards(&[(10, "Plains"), (6, "Holy Might"), (6, "Iron Sword")]);
    let with = cards(&[(10, "Plains"), (6, "Holy Might"), (6, "Iron Sword"), (4, "Squire")]);
    let mut with_moves = 0;
    for seed in 1..4 {
        assert_eq!(moves(&game(&library, &without, &without, seed, 12)), 0, "seed {seed}");
        with_moves += moves(&game(&library, &with, &with, seed, 12));
    }
    assert!(with_moves > 0, "with Squires on the board, Auras are cast and equips activated");
}
