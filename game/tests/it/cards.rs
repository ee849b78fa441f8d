//! Engine tests of small cards written for the test (no corpus needed): hooks, events,
//! restriction timers and the rulings of `docs/rules.md` (## Engine).

use std::sync::Arc;

use game::sim::Played;
use game::sim::stats::GameSummary;
use game::testing::card;
use game::{AbilityType, CardKind, CardSet, Game, Move, Phase, Seat, Setup, SlotSetup};

/// A test card: name, kind, BP, SP, ability type, rules source.
type TestCard<'a> = (&'a str, CardKind, i32, i32, Option<AbilityType>, &'a str);

/// A set of two plain characters (Guard, Titan) plus `extra` cards.
fn set_with(extra: &[TestCard<'_>]) -> Arc<CardSet> {
    let mut cards = vec![
        card("x-guard", "X001", "Guard", CardKind::Character, 700, 0),
        card("x-titan", "X002", "Titan", CardKind::Character, 1000, 0),
    ];
    cards[1].backups = vec!["Fighter".to_owned()];
    let mut sources = Vec::new();
    for (i, &(name, kind, bp, sp, ability, rules)) in extra.iter().enumerate() {
        let mut def = card(&format!("x-{i}"), &format!("Y{i:03}"), name, kind, bp, sp);
        def.ability = ability;
        let file = format!("Y{i:03}.rules");
        def.rules_file = Some(file.clone());
        sources.push((file, rules.to_owned()));
        cards.push(def);
    }
    Arc::new(CardSet::from_parts(cards, &sources).expect("the test cards compile"))
}

const GUARD: usize = 0;
const TITAN: usize = 1;
const FIRST: usize = 2;

fn board(set: &Arc<CardSet>, edit: impl FnOnce(&mut Setup)) -> Game {
    let mut setup = Setup::default();
    for player in &mut setup.players {
        player.deck = vec![GUARD; 10];
    }
    edit(&mut setup);
    Game::from_setup(set.clone(), &setup).expect("the board is valid")
}

fn apply(game: &mut Game, mv: Move) {
    if let Err(error) = game.apply(mv) {
        panic!("{mv:?} refused: {error}; legal: {:?}", game.legal_moves());
    }
}

/// The messages of the traps among `entries`, in order.
fn trap_messages(entries: game::Log<'_>) -> Vec<&str> {
    entries
        .iter()
        .filter_map(|entry| match entry.kind {
            game::LogKind::Trap { message, .. } => Some(message),
            _ => None,
        })
        .collect()
}

#[test]
fn a_cancel_combat_damage_hook_written_with_tildes_replaces_the_damage() {
    // C318 Athena: "Whenever this character would deal damage to an enemy, it deals 600
    // damage points instead."
    let set = set_with(&[(
        "Athena",
        CardKind::Character,
        200,
        0,
        Some(AbilityType::Auto),
        "auto = ~cancelCombatDamage:this~ damage(600) to(opp)\n",
    )]);
    let mut game = board(&set, |s| {
        s.phase = Phase::Attack;
        s.players[0].ring[0] = Some(SlotSetup::new(FIRST));
    });
    apply(&mut game, Move::Attack { slot: 0 });
    apply(&mut game, Move::Pass);
    apply(&mut game, Move::Pass);
    assert_eq!(game.state().player(Seat::SECOND).hp, 3000 - 600, "600 instead of Athena's 200 BP");
}

#[test]
fn cantattack_also_forbids_joining_a_united_attack() {
    let set = set_with(&[("Coward", CardKind::Character, 500, 0, Some(AbilityType::Auto), "abilities = cantattack\n")]);
    let mut game = board(&set, |s| {
        s.phase = Phase::Attack;
        s.players[0].sp = 10;
        s.players[0].ring[0] = Some(SlotSetup::new(TITAN));
        s.players[0].ring[1] = Some(SlotSetup::new(FIRST));
    });
    let moves = game.legal_moves();
    assert!(moves.contains(&Move::Attack { slot: 0 }));
    assert!(!moves.contains(&Move::Attack { slot: 1 }), "cantattack: no attack");
    apply(&mut game, Move::Attack { slot: 0 });
    assert!(!game.legal_moves().contains(&Move::Join { slot: 1, leader: 0 }), "ruling: no joining either");
}

#[test]
fn a_card_whose_requisite_fails_cannot_be_played() {
    let set = set_with(&[(
        "Purge",
        CardKind::Action,
        0,
        0,
        None,
        "requisite = character@oppRing\naction = destroy() target(character@oppRing)\n",
    )]);
    let mut game = board(&set, |s| s.players[0].hand = vec![FIRST]);
    assert!(!game.legal_moves().contains(&Move::PlayCard { hand: 0 }), "no enemy character: not playable");
    let mut game2 = board(&set, |s| {
        s.players[0].hand = vec![FIRST];
        s.players[1].ring[2] = Some(SlotSetup::new(GUARD));
    });
    apply(&mut game2, Move::PlayCard { hand: 0 });
    assert!(game2.state().player(Seat::SECOND).ring[2].is_none(), "the only enemy is destroyed without a question");
    let _ = &mut game;
}

#[test]
fn a_character_at_zero_bp_cannot_be_chosen_as_a_target() {
    let set = set_with(&[("Zap", CardKind::Action, 0, 0, None, "action = damage(100) target(character@oppRing)\n")]);
    let mut game = board(&set, |s| {
        s.players[0].hand = vec![FIRST];
        s.players[1].ring[0] = Some(SlotSetup { bp: Some(0), ..SlotSetup::new(GUARD) });
        s.players[1].ring[1] = Some(SlotSetup::new(TITAN));
    });
    apply(&mut game, Move::PlayCard { hand: 0 });
    let titan = game.state().player(Seat::SECOND).ring[1].unwrap();
    assert_eq!(game.state().card(titan).unwrap().bp, 900, "the only choosable target was the Titan");
}

#[test]
fn a_question_is_answered_with_picks_and_the_card_then_goes_to_the_discard_pile() {
    let set = set_with(&[("Zap", CardKind::Action, 0, 0, None, "action = damage(100) target(character@oppRing)\n")]);
    let mut game = board(&set, |s| {
        s.players[0].hand = vec![FIRST];
        s.players[1].ring[0] = Some(SlotSetup::new(GUARD));
        s.players[1].ring[1] = Some(SlotSetup::new(TITAN));
    });
    apply(&mut game, Move::PlayCard { hand: 0 });
    let question = game.question().expect("asks which character");
    assert_eq!((question.kind.as_str(), question.chooser, question.min, question.max), ("targets", Seat::FIRST, 1, 1));
    let enemies: Vec<game::Choice> = game.state().player(Seat::SECOND).characters().map(game::Choice::Card).collect();
    assert_eq!(question.candidates, enemies);
    assert_eq!(game.legal_moves(), vec![Move::Pick(0), Move::Pick(1)]);
    assert_eq!(game.to_move(), vm::runtime::PlayerId(0));
    assert!(game.state().player(Seat::FIRST).table.len() == 1, "on the table while it resolves");
    apply(&mut game, Move::Pick(1));
    let titan = game.state().player(Seat::SECOND).ring[1].unwrap();
    assert_eq!(game.state().card(titan).unwrap().bp, 900);
    assert_eq!(game.state().player(Seat::FIRST).discards.len(), 1);
}

#[test]
fn the_view_of_the_player_who_answers_says_which_card_asks_and_how_many_picks() {
    let set = set_with(&[("Zap", CardKind::Action, 0, 0, None, "action = damage(100) target(character@oppRing)\n")]);
    let mut game = board(&set, |s| {
        s.players[0].hand = vec![FIRST];
        s.players[1].ring[0] = Some(SlotSetup::new(GUARD));
        s.players[1].ring[1] = Some(SlotSetup::new(TITAN));
    });
    assert_eq!(game.view(vm::runtime::PlayerId(0)).question_header, None, "no question yet");
    apply(&mut game, Move::PlayCard { hand: 0 });
    let header = game.view(vm::runtime::PlayerId(0)).question_header.expect("player 0 answers");
    assert_eq!(header.asker.map(|card| card.name), Some("Zap".to_owned()));
    assert!(header.asker_is_mine);
    assert_eq!((header.kind.as_str(), header.text, header.min, header.max), ("targets", None, 1, 1));
    assert_eq!(header.picked, Vec::<u16>::new());
    assert_eq!(game.view(vm::runtime::PlayerId(1)).question_header, None, "player 1 does not answer");
    apply(&mut game, Move::Pick(1));
    assert_eq!(game.view(vm::runtime::PlayerId(0)).question_header, None, "answered");
}

#[test]
fn a_card_is_seen_in_public_zones_and_its_owners_hand_only() {
    let game = board(&set_with(&[]), |s| {
        s.players[0].hand = vec![GUARD];
        s.players[1].hand = vec![GUARD];
        s.players[1].ring[0] = Some(SlotSetup::new(TITAN));
    });
    let state = game.state();
    let mine = state.player(Seat::FIRST).hand[0];
    let theirs = state.player(Seat::SECOND).hand[0];
    let ring = state.player(Seat::SECOND).ring[0].expect("a Titan");
    let deck = state.player(Seat::FIRST).deck[0];
    assert!(game.seen_by(mine, Seat::FIRST) && !game.seen_by(mine, Seat::SECOND));
    assert!(!game.seen_by(theirs, Seat::FIRST) && game.seen_by(theirs, Seat::SECOND));
    assert!(game.seen_by(ring, Seat::FIRST) && game.seen_by(ring, Seat::SECOND));
    assert!(!game.seen_by(deck, Seat::FIRST) && !game.seen_by(deck, Seat::SECOND), "a deck's order is hidden");
}

#[test]
fn an_until_end_of_turn_grant_expires_at_cleanup() {
    let set =
        set_with(&[("Shroud", CardKind::Action, 0, 0, None, "action = +unblockable ueot target(character@myRing)\n")]);
    let mut game = board(&set, |s| {
        s.players[0].hand = vec![FIRST];
        s.players[0].ring[0] = Some(SlotSetup::new(TITAN));
        s.players[1].ring[0] = Some(SlotSetup::new(GUARD));
    });
    apply(&mut game, Move::PlayCard { hand: 0 });
    assert_eq!(game.state().abilities.len(), 1);
    apply(&mut game, Move::Pass);
    apply(&mut game, Move::Attack { slot: 0 });
    apply(&mut game, Move::Pass);
    assert!(
        !game.legal_moves().iter().any(|m| matches!(m, Move::Block { .. })),
        "unblockable: the defender cannot block it"
    );
    apply(&mut game, Move::Pass);
    assert_eq!(game.state().player(Seat::SECOND).hp, 2000);
    assert!(game.state().abilities.is_empty(), "ueot ended at the Cleanup phase");
}

#[test]
fn a_transformed_card_reverts_when_it_leaves_the_ring() {
    let set = set_with(&[(
        "Morph",
        CardKind::Action,
        0,
        0,
        None,
        "action = transform(\"x-guard\") target(character@myRing); moveTo(ctrlHand) target(character@myRing)\n",
    )]);
    let mut game = board(&set, |s| {
        s.players[0].hand = vec![FIRST];
        s.players[0].ring[0] = Some(SlotSetup::new(TITAN));
    });
    apply(&mut game, Move::PlayCard { hand: 0 });
    let hand = &game.state().player(Seat::FIRST).hand;
    assert_eq!(hand.len(), 1);
    assert_eq!(game.state().name(hand[0]), "Titan", "back in hand as the Titan it was");
}

#[test]
fn an_any_prefixed_zone_asks_whose_zone_first() {
    let set = set_with(&[("Smite", CardKind::Action, 0, 0, None, "action = destroy() target(character@anyRing)\n")]);
    for (whose, destroyed) in
        [(game::Choice::Player(Seat::SECOND), Seat::SECOND), (game::Choice::Player(Seat::FIRST), Seat::FIRST)]
    {
        let mut game = board(&set, |s| {
            s.players[0].hand = vec![FIRST];
            s.players[0].ring[0] = Some(SlotSetup::new(GUARD));
            s.players[1].ring[0] = Some(SlotSetup::new(TITAN));
        });
        apply(&mut game, Move::PlayCard { hand: 0 });
        let question = game.pending().expect("asks whose ring").request();
        assert_eq!(question.kind, vm::runtime::RequestKind::TargetZone);
        game.answer_with(&[whose]).expect("the answer fits the question");
        assert!(game.state().player(destroyed).ring[0].is_none(), "the chosen player's character is KO'd");
        assert!(game.state().player(destroyed.other()).ring[0].is_some(), "the other ring is untouched");
    }
}

#[test]
fn same_ring_picks_all_come_from_the_ring_chosen_first() {
    // C069 Roberto: "Swap the positions of two characters in the same ring."
    let set =
        set_with(&[("Roberto", CardKind::Action, 0, 0, None, "action = swapChars() target(<2>character@sameRing)\n")]);
    let mut game = board(&set, |s| {
        s.players[0].hand = vec![FIRST];
        s.players[0].ring[0] = Some(SlotSetup::new(GUARD));
        s.players[0].ring[1] = Some(SlotSetup::new(TITAN));
        s.players[1].ring[0] = Some(SlotSetup::new(GUARD));
        s.players[1].ring[2] = Some(SlotSetup::new(TITAN));
        s.players[1].ring[3] = Some(SlotSetup::new(GUARD));
    });
    let enemy = game.state().player(Seat::SECOND).ring;
    apply(&mut game, Move::PlayCard { hand: 0 });
    assert_eq!(game.pending().unwrap().request().kind, vm::runtime::RequestKind::TargetZone);
    game.answer_with(&[game::Choice::Player(Seat::SECOND)]).expect("the answer fits the question");
    let exec = game.pending().expect("asks which two");
    let offered: Vec<game::Choice> = exec.candidates().iter().filter_map(|&v| game::Choice::of(v)).collect();
    let expected: Vec<game::Choice> = enemy.iter().flatten().map(|&c| game::Choice::Card(c)).collect();
    assert_eq!(offered, expected, "only the chosen ring's characters are offered");
    apply(&mut game, Move::Pick(0));
    apply(&mut game, Move::Pick(1));
    let after = game.state().player(Seat::SECOND).ring;
    assert_eq!((after[0], after[2]), (enemy[2], enemy[0]), "the two picked characters swapped slots");
}

#[test]
fn characters_swapped_across_rings_listen_for_their_new_controllers() {
    // A swap between the two rings changes both characters' controllers, so their autos
    // restart under them. (Only a write to a ring marks `GameState::play_changed`; a debug
    // build asserts that the engine missed no change, so a swap that forgot to mark it
    // fails here too.)
    let set = set_with(&[
        ("Swap", CardKind::Action, 0, 0, None, "action = swapChars() target(<2>character)\n"),
        ("Penny", CardKind::Character, 300, 0, Some(AbilityType::Auto), "auto = ~anyEndPhase~ sp(1)\n"),
        ("Pound", CardKind::Character, 300, 0, Some(AbilityType::Auto), "auto = ~anyEndPhase~ sp(100)\n"),
    ]);
    let (penny, pound) = (FIRST + 1, FIRST + 2);
    let mut game = board(&set, |s| {
        s.players[0].hand = vec![FIRST];
        s.players[0].ring[0] = Some(SlotSetup::new(penny));
        s.players[1].ring[0] = Some(SlotSetup::new(pound));
    });
    let (mine, theirs) = (game.state().player(Seat::FIRST).ring[0], game.state().player(Seat::SECOND).ring[0]);
    apply(&mut game, Move::PlayCard { hand: 0 });
    assert_eq!(game.state().player(Seat::FIRST).ring[0], theirs, "the characters swapped");
    assert_eq!(game.state().player(Seat::SECOND).ring[0], mine);
    while game.state().active == Seat::FIRST {
        apply(&mut game, Move::Pass);
    }
    assert_eq!(game.state().player(Seat::FIRST).sp, 100, "Pound now listens for the first player");
    assert_eq!(game.state().player(Seat::SECOND).sp, 1, "Penny for the second");
}

#[test]
fn the_phase_events_fire_once_each_at_their_moment() {
    let witness = |rules| ("Witness", CardKind::Character, 300, 0, Some(AbilityType::Auto), rules);
    let set = set_with(&[
        witness("auto = ~anyActivatePhase~ sp(1)\n"),
        witness("auto = ~anyDrawPhase~ sp(10)\n"),
        witness("auto = ~anyBlockPhase~ sp(100)\n"),
        witness("auto = ~anyEndPhase~ sp(1000)\n"),
        witness("auto = ~anyCleanupPhase~ sp(10000)\n"),
    ]);
    let mut game = board(&set, |s| {
        s.phase = Phase::Attack;
        for (slot, card) in [FIRST, FIRST + 1, FIRST + 2].into_iter().enumerate() {
            s.players[0].ring[slot] = Some(SlotSetup::new(card));
        }
        s.players[0].ring[3] = Some(SlotSetup::new(TITAN));
        s.players[1].ring[0] = Some(SlotSetup::new(FIRST + 3));
        s.players[1].ring[1] = Some(SlotSetup::new(FIRST + 4));
    });
    apply(&mut game, Move::Attack { slot: 3 });
    apply(&mut game, Move::Pass);
    assert_eq!(game.state().player(Seat::FIRST).sp, 100, "blockPhase when the Counter-attack phase starts");
    apply(&mut game, Move::Pass);
    assert_eq!((game.state().active, game.state().phase), (Seat::SECOND, Phase::Main));
    assert_eq!(game.state().player(Seat::FIRST).sp, 111, "then the next turn's activatePhase and drawPhase");
    assert_eq!(game.state().player(Seat::SECOND).sp, 11000, "endPhase and cleanupPhase once each");
}

#[test]
fn ring_changes_and_back_ups_are_announced() {
    let set = set_with(&[
        ("Watcher", CardKind::Character, 300, 0, Some(AbilityType::Auto), "auto = ~anyRingChanges~ sp(1)\n"),
        ("Cheerer", CardKind::Character, 300, 0, Some(AbilityType::Auto), "auto = ~anyBackedUp~ sp(10)\n"),
    ]);
    let mut game = board(&set, |s| {
        s.players[0].ring[0] = Some(SlotSetup::new(FIRST));
        s.players[1].ring[0] = Some(SlotSetup::new(FIRST + 1));
        s.players[0].hand = vec![TITAN];
    });
    apply(&mut game, Move::PlayCharacter { hand: 0, slot: 2 });
    assert_eq!(game.state().player(Seat::FIRST).sp, 1, "the ring grew");
    assert_eq!(game.state().player(Seat::SECOND).sp, 0);
    let mut game2 = board(&set, |s| {
        s.players[0].ring[0] = Some(SlotSetup::new(TITAN));
        s.players[1].ring[0] = Some(SlotSetup::new(FIRST + 1));
        s.players[0].hand = vec![GUARD];
    });
    apply(&mut game2, Move::Backup { hand: 0, slot: 0 });
    assert_eq!(game2.state().player(Seat::SECOND).sp, 10, "backedUp fired once");
}

#[test]
fn a_play_whose_rule_target_or_cost_would_fail_is_not_offered() {
    let set = set_with(&[
        ("Sacrifice", CardKind::Action, 0, 0, None, "action = {D}: draw(2)\n"),
        ("Snipe", CardKind::Action, 0, 0, None, "target = character@oppRing\naction = damage(100)\n"),
    ]);
    let alone = board(&set, |s| s.players[0].hand = vec![FIRST, FIRST + 1]);
    let moves = alone.legal_moves();
    assert!(moves.contains(&Move::PlayCard { hand: 0 }), "{{D}} can discard Snipe");
    assert!(!moves.contains(&Move::PlayCard { hand: 1 }), "no enemy character to target");
    let only = board(&set, |s| s.players[0].hand = vec![FIRST]);
    assert!(!only.legal_moves().contains(&Move::PlayCard { hand: 0 }), "nothing left in hand to discard for {{D}}");
}

#[test]
fn a_character_with_rush_does_not_activate_its_instant_ability() {
    // Spec §3.2: a ▲ ability activates only while its character is fresh, and `rush`
    // makes a character enter without *Just Entered*.
    let set = set_with(&[
        ("Sprinter", CardKind::Character, 300, 0, Some(AbilityType::Instant), "abilities = rush\naction = draw(2)\n"),
        ("Scholar", CardKind::Character, 300, 0, Some(AbilityType::Instant), "action = draw(2)\n"),
    ]);
    for (card, drawn) in [(FIRST, 0), (FIRST + 1, 2)] {
        let mut game = board(&set, |s| s.players[0].hand = vec![card]);
        apply(&mut game, Move::PlayCharacter { hand: 0, slot: 0 });
        assert_eq!(game.state().player(Seat::FIRST).hand.len(), drawn, "card {card}: the ▲ ability draws {drawn}");
    }
}

#[test]
fn the_log_names_an_answered_card_by_number_name_and_slot() {
    let set =
        set_with(&[("Snipe", CardKind::Action, 0, 0, None, "target = character@oppRing\naction = damage(100)\n")]);
    let mut game = board(&set, |s| {
        s.players[0].hand = vec![FIRST];
        s.players[1].ring[0] = Some(SlotSetup::new(GUARD));
        s.players[1].ring[2] = Some(SlotSetup::new(TITAN));
    });
    apply(&mut game, Move::PlayCard { hand: 0 });
    let question = game.question().expect("Snipe asks which enemy character");
    let titan = question
        .candidates
        .iter()
        .position(|c| matches!(c, game::Choice::Card(card) if game.state().name(*card) == "Titan"))
        .expect("Titan is a candidate");
    apply(&mut game, Move::Pick(titan as u16));
    if question.max > 1 {
        apply(&mut game, Move::Confirm);
    }
    let answers: Vec<String> =
        game.log().iter().filter(|e| matches!(e.kind, game::LogKind::Answer { .. })).map(|e| e.to_string()).collect();
    assert_eq!(answers.len(), 1, "{answers:?}");
    assert!(answers[0].ends_with("p0 answers X002 Titan (p1.s2)"), "{answers:?}");
}

#[test]
fn replaying_the_moves_rebuilds_the_game_question_included() {
    // The crate docs' way to save a game: its start and its moves.
    let set =
        set_with(&[("Snipe", CardKind::Action, 0, 0, None, "target = character@oppRing\naction = damage(100)\n")]);
    let start = || {
        board(&set, |s| {
            for player in &mut s.players {
                player.deck = [FIRST, GUARD, TITAN].into_iter().cycle().take(30).collect();
                player.hand = vec![GUARD, FIRST];
            }
            s.players[1].ring[0] = Some(SlotSetup::new(GUARD));
            s.players[1].ring[1] = Some(SlotSetup::new(TITAN));
        })
    };
    let mut game = start();
    let mut moves = Vec::new();
    while moves.len() < 400 && game.outcome().is_none() && !(moves.len() >= 10 && game.question().is_some()) {
        let legal = game.legal_moves();
        let mv = legal[(game.log().len() * 7 + moves.len()) % legal.len()];
        apply(&mut game, mv);
        moves.push(mv);
    }
    assert!(game.question().is_some(), "the game stopped on a question after {} moves", moves.len());
    let mut replay = start();
    for mv in &moves {
        apply(&mut replay, *mv);
    }
    let json = |g: &Game| serde_json::to_string(g.state()).expect("the state serialises");
    assert_eq!(json(&replay), json(&game));
    assert_eq!(replay.question(), game.question());
    assert_eq!(replay.legal_moves(), game.legal_moves());
}

#[test]
fn a_same_ring_filter_with_a_type_choice_still_restricts_to_one_ring() {
    // §3.6.4: the type is chosen first, then the ring, and the candidates are that type's
    // in that ring only.
    let set = set_with(&[(
        "Pinpoint",
        CardKind::Action,
        0,
        0,
        None,
        "action = damage(100) target(<1>character,action@sameRing)\n",
    )]);
    let mut game = board(&set, |s| {
        s.players[0].hand = vec![FIRST];
        s.players[0].ring[0] = Some(SlotSetup::new(GUARD));
        s.players[1].ring[1] = Some(SlotSetup::new(TITAN));
        s.players[1].ring[3] = Some(SlotSetup::new(GUARD));
    });
    let enemy = game.state().player(Seat::SECOND).ring;
    apply(&mut game, Move::PlayCard { hand: 0 });
    assert_eq!(game.pending().unwrap().request().kind, vm::runtime::RequestKind::TargetType);
    game.answer_with(&[game::Choice::Int(0)]).expect("the answer fits the question");
    assert_eq!(game.pending().unwrap().request().kind, vm::runtime::RequestKind::TargetZone);
    game.answer_with(&[game::Choice::Player(Seat::SECOND)]).expect("the answer fits the question");
    let exec = game.pending().expect("asks which character");
    assert_eq!(exec.request().kind, vm::runtime::RequestKind::Targets);
    let offered: Vec<game::Choice> = exec.candidates().iter().filter_map(|&v| game::Choice::of(v)).collect();
    let expected: Vec<game::Choice> = enemy.iter().flatten().map(|&c| game::Choice::Card(c)).collect();
    assert_eq!(offered, expected, "only the enemy ring's characters are offered");
}

#[test]
fn an_auto_that_retriggers_itself_ends_its_cascade_with_one_trap() {
    // Found by fuzzing: each player's swap changes the other's hand, the engine announces
    // it, and the other's auto runs: one move must stay bounded (docs/rules.md, ## Engine).
    let set = set_with(&[(
        "Swapper",
        CardKind::Character,
        300,
        0,
        Some(AbilityType::Auto),
        "auto = ~myHandChanges~ swapPiles(deck, oppHand)\n",
    )]);
    let mut game = board(&set, |s| {
        s.players[0].hand = vec![FIRST, GUARD];
        s.players[1].hand = vec![GUARD, GUARD, GUARD];
        s.players[1].ring[0] = Some(SlotSetup::new(FIRST));
    });
    let logged = game.log().len();
    apply(&mut game, Move::PlayCharacter { hand: 0, slot: 0 });
    let added = game.log().since(logged);
    let traps = trap_messages(added);
    assert!(
        added.len() < 50_000,
        "one move logged {} entries: {:?}",
        added.len(),
        added.iter().take(30).collect::<Vec<_>>()
    );
    assert_eq!(traps.len(), 1, "{traps:?}");
    assert!(traps[0].contains("event cascade"), "{traps:?}");
    // A simulation's summary of the game finds the play and the trap, with its message.
    let summary = GameSummary::of(&game, &Played::default(), 0, 0, [0, 1]);
    assert_eq!(summary.plays, [vec![FIRST], vec![]]);
    assert_eq!((summary.traps, summary.first_trap.as_deref()), (1, Some(traps[0])));
}

#[test]
fn a_cascade_of_steps_that_move_whole_piles_ends_at_the_log_bound() {
    // Found by fuzzing: each step stays within its fuel, but a cascade of steps that each
    // move whole piles would log hundreds of thousands of entries in one move.
    let set = set_with(&[(
        "Shuffler",
        CardKind::Action,
        0,
        0,
        None,
        "action = each(card in me.deck => swapPiles(deck, removed)); activate(this)\n",
    )]);
    let mut game = board(&set, |s| {
        s.players[0].hand = vec![FIRST];
        s.players[0].deck = vec![GUARD; 30];
    });
    let logged = game.log().len();
    apply(&mut game, Move::PlayCard { hand: 0 });
    let added = game.log().since(logged);
    let moves = added.iter().filter(|entry| matches!(entry.kind, game::LogKind::Move { .. })).count();
    let traps = trap_messages(added);
    // One step moves 30 cards 30 times; the cascade ends at the first step past the bound.
    let bound = game::MAX_LOG_ENTRIES_PER_CALL;
    assert!(moves > bound && added.len() <= bound + 1_000, "one move logged {} entries ({moves} moves)", added.len());
    assert_eq!(traps, ["event cascade too deep"]);
    assert_eq!(game.state().players[0].deck.len() + game.state().players[0].removed.len(), 30, "no card is lost");
}

#[test]
fn an_action_queueing_itself_once_per_card_keeps_the_queue_within_one_calls_cascade() {
    // Found by fuzzing: each step queued hundreds of activations, so the queue grew
    // without bound and taking its first one moved the rest (tens of seconds for one move).
    let set =
        set_with(&[("Chorus", CardKind::Action, 0, 0, None, "action = each(card in me.deck => activate(this))\n")]);
    let mut game = board(&set, |s| {
        s.players[0].hand = vec![FIRST];
        s.players[0].deck = vec![GUARD; 300];
    });
    let logged = game.log().len();
    apply(&mut game, Move::PlayCard { hand: 0 });
    let added = game.log().since(logged);
    assert_eq!(trap_messages(added), ["event cascade too deep"]);
    assert!(game.state().queued.is_empty(), "the ended cascade leaves nothing queued");
    assert_eq!(game.state().players[0].deck.len(), 300, "no card is lost");
}

#[test]
fn activations_queued_past_one_calls_cascade_are_refused() {
    use stdlib::CfcHost;
    let set = set_with(&[]);
    let mut state = game::GameState::new(set, 0);
    let queue = |state: &mut game::GameState| {
        state.queue_activation(vm::runtime::CardId(0), vm::bytecode::CardIdx(0), vm::runtime::PlayerId(0))
    };
    let bound = game::MAX_CASCADE_STEPS_PER_CALL as usize;
    assert!((0..bound).all(|_| queue(&mut state)), "the first {bound} are queued");
    assert!(!queue(&mut state), "one more could never run in the call, so `activate` fails");
    assert_eq!(state.queued.len(), bound);
}

#[test]
fn an_action_that_activates_itself_ends_its_cascade_with_one_trap() {
    let set = set_with(&[("Echo", CardKind::Action, 0, 0, None, "action = activate(this)\n")]);
    let mut game = board(&set, |s| s.players[0].hand = vec![FIRST]);
    let logged = game.log().len();
    apply(&mut game, Move::PlayCard { hand: 0 });
    let added = game.log().since(logged);
    let traps = trap_messages(added);
    assert!(added.len() < 50_000, "one move logged {} entries", added.len());
    assert_eq!(traps.len(), 1, "{traps:?}");
    assert!(traps[0].contains("event cascade"), "{traps:?}");
}

/// Issue 29, defect 7: an action card is never in play, so a grant it makes without a
/// restriction lasts only while it resolves (spec §3.9, `docs/rules.md`): once it is in
/// the discard pile the opponent may play action cards again, this turn and the next.
/// Before the fix the game never called `leave_play` for it and the grant never ended. A
/// grant with a restriction (`uynt`) still lasts until its timer.
#[test]
fn a_played_action_cards_unrestricted_grant_ends_when_it_resolves() {
    let set = set_with(&[
        ("Embargo", CardKind::Action, 0, 0, None, "action = +cantplayac to(opp)\n"),
        ("Long Embargo", CardKind::Action, 0, 0, None, "action = +cantplayac uynt to(opp)\n"),
        ("Spark", CardKind::Action, 0, 0, None, "action = sp(1)\n"),
    ]);
    let (embargo, long_embargo, spark) = (FIRST, FIRST + 1, FIRST + 2);
    let opponent_may_play_spark = |game: &Game| {
        assert_eq!(game.state().active, Seat::SECOND);
        assert_eq!(game.state().phase, Phase::Main);
        game.legal_moves().contains(&Move::PlayCard { hand: 0 })
    };
    for (card, lasts) in [(embargo, false), (long_embargo, true)] {
        let mut game = board(&set, |s| {
            s.players[0].hand = vec![card];
            s.players[1].hand = vec![spark];
        });
        apply(&mut game, Move::PlayCard { hand: 0 });
        let state = game.state();
        assert_eq!(state.player(Seat::FIRST).discards.len(), 1, "the action card resolved");
        let in_force = !state.player_abilities(Seat::SECOND).is_empty();
        assert_eq!(
            in_force,
            lasts,
            "cantplayac in force after card {card} resolved: {:?}",
            state.player_abilities(Seat::SECOND)
        );
        game.advance_to(Phase::Main).unwrap();
        assert_eq!(opponent_may_play_spark(&game), !lasts, "card {card}");
    }
}

#[test]
fn solo_attack_holds_for_one_attacker_outside_a_united_attack() {
    // Duelist: "Whenever this character performs a solo attack, raise its BP 300 points."
    let set = set_with(&[(
        "Duelist",
        CardKind::Character,
        500,
        0,
        Some(AbilityType::Auto),
        "auto = ~attacks:this~ [[if soloAttack]] bp(+300)\n",
    )]);
    let duelist_bp = |game: &Game| {
        let card = game.state().player(Seat::FIRST).ring[1].expect("the Duelist in slot 1");
        game.state().card(card).expect("a card").bp
    };
    let start = || {
        board(&set, |s| {
            s.phase = Phase::Attack;
            s.players[0].sp = 10;
            s.players[0].ring[0] = Some(SlotSetup::new(TITAN));
            s.players[0].ring[1] = Some(SlotSetup::new(FIRST));
            s.players[1].ring[0] = Some(SlotSetup::new(GUARD));
        })
    };
    let mut solo = start();
    apply(&mut solo, Move::Attack { slot: 1 });
    // `attacks` is heard as the Counter-attack phase starts.
    apply(&mut solo, Move::Pass);
    assert_eq!(duelist_bp(&solo), 800, "alone in the attack: +300");

    let mut united = start();
    apply(&mut united, Move::Attack { slot: 0 });
    apply(&mut united, Move::Join { slot: 1, leader: 0 });
    apply(&mut united, Move::Pass);
    assert_eq!(duelist_bp(&united), 500, "joining the Titan's attack is no solo attack");
}
