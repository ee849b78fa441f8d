//! Rules-level tests on a tiny set built in code: drawing, SP, playing characters and
//! cards, attacks, blocks, United Attacks, piercing, the KO sweep, winning, the turn limit,
//! illegal moves, determinism and what a player may see.

use std::sync::Arc;

use game::{CardSet, EndReason, Game, IllegalMove, Move, Phase, Seat, Setup, SlotSetup};
use vm::runtime::PlayerId;

const BRAWLER: usize = 0; // 500 BP, +2 SP, accepts a Fighter back-up
const GUARD: usize = 1; // 700 BP, 0 SP
const TITAN: usize = 2; // 1000 BP, costs 3 SP
const MYSTIC: usize = 3; // 400 BP, +1 SP, ■ {F}: draw()
const FIREBALL: usize = 4; // action, costs 2 SP: damage(300) to(opp)
const COUNTER: usize = 5; // reaction, costs 1 SP: sp(1)

fn set() -> Arc<CardSet> {
    Arc::new(game::testing::tiny_set().expect("the tiny set compiles"))
}

fn board(edit: impl FnOnce(&mut Setup)) -> Game {
    let mut setup = Setup::default();
    for player in &mut setup.players {
        player.deck = vec![GUARD; 10];
    }
    edit(&mut setup);
    Game::from_setup(set(), &setup).expect("the board is valid")
}

fn slot(card: usize) -> Option<SlotSetup> {
    Some(SlotSetup::new(card))
}

fn apply(game: &mut Game, mv: Move) {
    if let Err(error) = game.apply(mv) {
        panic!("{mv:?} refused: {error}; legal: {:?}", game.legal_moves());
    }
}

#[test]
fn the_draw_phase_draws_one_card_except_on_the_first_players_first_turn() {
    let set = set();
    let deck = vec![GUARD; 50];
    let game = Game::new(set.clone(), [deck.clone(), deck.clone()], 3).unwrap();
    let first = game.state().first_player;
    assert_eq!(game.state().phase, Phase::Main);
    assert_eq!(game.state().player(first).hand.len(), 5, "no draw on the first turn of the first player");
    assert_eq!(game.state().player(first).deck.len(), 45);
    let mut game = game;
    game.advance_to(Phase::Main).unwrap();
    let second = first.other();
    assert_eq!(game.state().active, second);
    assert_eq!(game.state().player(second).hand.len(), 6, "the second player draws in their Draw phase");
}

#[test]
fn playing_characters_gains_or_costs_sp_and_needs_a_free_slot_and_enough_sp() {
    let mut game = board(|s| s.players[0].hand = vec![BRAWLER, TITAN]);
    let moves = game.legal_moves();
    assert!(moves.contains(&Move::PlayCharacter { hand: 0, slot: 0 }));
    assert!(
        !moves.iter().any(|m| matches!(m, Move::PlayCharacter { hand: 1, .. })),
        "Titan costs 3 SP; 0 SP is not enough"
    );
    apply(&mut game, Move::PlayCharacter { hand: 0, slot: 2 });
    let state = game.state();
    assert_eq!(state.player(Seat::FIRST).sp, 2, "a character with +2 SP gains 2 SP");
    let brawler = state.player(Seat::FIRST).ring[2].expect("in slot 2");
    assert_eq!(state.card(brawler).unwrap().bp, 500);
    assert!(state.card(brawler).unwrap().fresh);
    assert!(!game.legal_moves().iter().any(|m| matches!(m, Move::PlayCharacter { .. })), "one character per turn");

    let mut game = board(|s| {
        s.players[0].hand = vec![TITAN];
        s.players[0].sp = 5;
    });
    apply(&mut game, Move::PlayCharacter { hand: 0, slot: 0 });
    assert_eq!(game.state().player(Seat::FIRST).sp, 2, "Titan costs 3 SP");
}

#[test]
fn an_unblocked_attacker_damages_the_defending_player() {
    let mut game = board(|s| {
        s.phase = Phase::Attack;
        s.players[0].ring[1] = slot(GUARD);
    });
    apply(&mut game, Move::Attack { slot: 1 });
    apply(&mut game, Move::Pass);
    assert_eq!(game.state().phase, Phase::CounterAttack);
    assert_eq!(game.to_move(), PlayerId(1), "the defender decides in the Counter-attack phase");
    apply(&mut game, Move::Pass);
    assert_eq!(game.state().player(Seat::SECOND).hp, 3000 - 700);
    let guard = game.state().player(Seat::FIRST).ring[1].unwrap();
    assert!(game.state().card(guard).unwrap().frozen, "attackers freeze");
    assert_eq!(game.state().active, Seat::SECOND, "the turn passed");
}

#[test]
fn a_blocked_attack_damages_both_characters_and_not_the_player() {
    let mut game = board(|s| {
        s.phase = Phase::Attack;
        s.players[0].ring[0] = slot(TITAN);
        s.players[1].ring[3] = slot(GUARD);
    });
    apply(&mut game, Move::Attack { slot: 0 });
    apply(&mut game, Move::Pass);
    assert!(game.legal_moves().contains(&Move::Block { slot: 3, attacker: 0 }));
    apply(&mut game, Move::Block { slot: 3, attacker: 0 });
    apply(&mut game, Move::Pass);
    let state = game.state();
    assert_eq!(state.player(Seat::SECOND).hp, 3000, "a solo attacker without Pierce does not pierce");
    assert!(
        state.player(Seat::SECOND).ring[3].is_none(),
        "the Guard (700) was KO'd by 1000 damage at the Cleanup sweep"
    );
    let titan = state.player(Seat::FIRST).ring[0].unwrap();
    assert_eq!(state.card(titan).unwrap().bp, 300, "the Titan took the Guard's 700");
}

#[test]
fn a_united_attack_costs_five_sp_per_joiner_and_pierces() {
    let mut game = board(|s| {
        s.phase = Phase::Attack;
        s.players[0].sp = 5;
        s.players[0].ring[0] = slot(TITAN);
        s.players[0].ring[1] = slot(GUARD);
        s.players[0].ring[2] = slot(BRAWLER);
        s.players[1].ring[0] = slot(MYSTIC);
    });
    apply(&mut game, Move::Attack { slot: 0 });
    assert!(game.legal_moves().contains(&Move::Join { slot: 1, leader: 0 }));
    apply(&mut game, Move::Join { slot: 1, leader: 0 });
    assert!(
        !game.legal_moves().iter().any(|m| matches!(m, Move::Join { .. })),
        "a third member would cost 10 SP in all; 5 SP is not enough"
    );
    apply(&mut game, Move::Pass);
    assert_eq!(game.state().player(Seat::FIRST).sp, 0, "5 SP paid for one joiner when the Counter-attack phase starts");
    apply(&mut game, Move::Block { slot: 0, attacker: 0 });
    apply(&mut game, Move::Pass);
    // 1000 + 700 against a 400 blocker: 1300 pierces to the player.
    assert_eq!(game.state().player(Seat::SECOND).hp, 3000 - 1300);
}

#[test]
fn the_ko_sweep_removes_characters_at_zero_bp_when_the_attack_phase_starts() {
    let mut game = board(|s| {
        s.players[0].ring[0] = Some(SlotSetup { bp: Some(0), ..SlotSetup::new(GUARD) });
        s.players[1].ring[0] = Some(SlotSetup { bp: Some(0), ..SlotSetup::new(BRAWLER) });
    });
    assert_eq!(game.state().player(Seat::FIRST).characters().count(), 1, "a character at 0 BP waits for the sweep");
    apply(&mut game, Move::Pass);
    assert_eq!(game.state().player(Seat::FIRST).characters().count(), 0);
    assert_eq!(game.state().player(Seat::SECOND).characters().count(), 0);
    assert_eq!(game.state().player(Seat::FIRST).discards.len(), 1);
    assert_eq!(game.state().player(Seat::SECOND).discards.len(), 1);
}

#[test]
fn a_player_at_zero_hp_loses() {
    let mut game = board(|s| {
        s.phase = Phase::Attack;
        s.players[0].ring[0] = slot(TITAN);
        s.players[1].hp = 900;
    });
    apply(&mut game, Move::Attack { slot: 0 });
    apply(&mut game, Move::Pass);
    apply(&mut game, Move::Pass);
    let outcome = game.outcome().expect("the game is over");
    assert_eq!(outcome.winner, Some(Seat::FIRST));
    assert_eq!(outcome.reason, EndReason::HpZero { loser: Seat::SECOND });
    assert_eq!(game.state().player(Seat::SECOND).hp, 0, "HP stops at 0");
    assert!(game.legal_moves().is_empty());
    assert_eq!(game.apply(Move::Pass), Err(IllegalMove::GameOver));
}

#[test]
fn the_turn_limit_ends_the_game_as_a_draw_that_says_so() {
    let mut game = board(|s| s.turn_limit = 3);
    for _ in 0..20 {
        if game.outcome().is_some() {
            break;
        }
        apply(&mut game, Move::Pass);
    }
    let outcome = game.outcome().expect("the game ended");
    assert_eq!(outcome.winner, None);
    assert_eq!(outcome.reason, EndReason::TurnLimit(3));
    assert!(outcome.to_string().contains("turn limit"));
}

#[test]
fn an_illegal_move_is_refused_and_changes_nothing() {
    let mut game = board(|s| s.players[0].hand = vec![TITAN, BRAWLER]);
    let before = game.state().clone();
    for mv in [
        Move::PlayCharacter { hand: 0, slot: 0 },
        Move::PlayCharacter { hand: 7, slot: 0 },
        Move::Attack { slot: 0 },
        Move::Block { slot: 0, attacker: 0 },
        Move::Pick(0),
        Move::Confirm,
    ] {
        assert!(matches!(game.apply(mv), Err(IllegalMove::NotLegal(_))), "{mv:?} was accepted");
        assert_eq!(game.state(), &before, "{mv:?} changed the state");
    }
    assert!(matches!(game.answer_with(&[]), Err(IllegalMove::BadAnswer(_))), "an answer with no question was accepted");
    assert_eq!(game.state(), &before, "an answer with no question changed the state");
}

#[test]
fn the_same_seed_gives_the_same_game() {
    let set = set();
    let deck: Vec<usize> = [BRAWLER, GUARD, TITAN, MYSTIC, FIREBALL, COUNTER].into_iter().cycle().take(50).collect();
    let play = |seed: u64| {
        let mut game = Game::new(set.clone(), [deck.clone(), deck.clone()], seed).unwrap();
        for _ in 0..200 {
            if game.outcome().is_some() {
                break;
            }
            let moves = game.legal_moves();
            let mv = moves[(game.state().log.len() * 7) % moves.len()];
            apply(&mut game, mv);
        }
        serde_json::to_string(game.state()).unwrap()
    };
    assert_eq!(play(11), play(11));
    assert_ne!(play(11), play(12), "another seed shuffles otherwise");
}

#[test]
fn a_view_hides_the_opponents_hand_and_both_decks() {
    let game = board(|s| {
        s.players[0].hand = vec![BRAWLER];
        s.players[1].hand = vec![TITAN, GUARD];
    });
    let view = game.view(PlayerId(0));
    assert_eq!(view.players[0].hand.as_ref().map(Vec::len), Some(1));
    assert_eq!(view.players[1].hand, None);
    assert_eq!(view.players[1].hand_size, 2);
    assert_eq!(view.players[1].deck_size, 10);
    assert!(!view.legal_moves.is_empty(), "player 0 is to move");
    let text = serde_json::to_string(&game.view(PlayerId(1))).unwrap();
    assert!(!text.contains("Brawler"), "player 1 cannot see player 0's hand: {text}");
    assert!(game.view(PlayerId(1)).legal_moves.is_empty());
}

#[test]
fn an_action_resolves_then_goes_to_the_discard_pile() {
    let mut game = board(|s| {
        s.players[0].hand = vec![FIREBALL];
        s.players[0].sp = 2;
    });
    apply(&mut game, Move::PlayCard { hand: 0 });
    let state = game.state();
    assert_eq!(state.player(Seat::SECOND).hp, 2700);
    assert_eq!(state.player(Seat::FIRST).sp, 0);
    assert_eq!(state.player(Seat::FIRST).discards.len(), 1, "Fireball is in the discard pile");
    assert!(state.player(Seat::FIRST).table.is_empty());
}

#[test]
fn a_triggered_ability_pays_its_freeze_cost_once_per_turn() {
    let mut game = board(|s| s.players[0].ring[0] = slot(MYSTIC));
    apply(&mut game, Move::Activate { slot: 0 });
    let state = game.state();
    assert_eq!(state.player(Seat::FIRST).hand.len(), 1, "drew a card");
    let mystic = state.player(Seat::FIRST).ring[0].unwrap();
    assert!(state.card(mystic).unwrap().frozen);
    assert!(!game.legal_moves().contains(&Move::Activate { slot: 0 }));
}

#[test]
fn a_character_played_enters_play_on_boards_small_and_large() {
    // 2 x 10 deck cards leave the engine comparing what is in play as bit masks; 2 x 70
    // are more than the 128 cards those masks hold, so it compares lists.
    for deck in [10, 70] {
        let mut game = board(|s| {
            for player in &mut s.players {
                player.deck = vec![GUARD; deck];
            }
            s.players[0].hand = vec![MYSTIC, GUARD];
        });
        let hand = game.state().player(Seat::FIRST).hand.clone();
        apply(&mut game, Move::PlayCharacter { hand: 0, slot: 0 });
        assert!(game.runtime().in_play(hand[0].id()), "the Mystic, with rules, is in play ({deck} cards a deck)");
        assert!(!game.runtime().in_play(hand[1].id()), "a card in hand is not ({deck} cards a deck)");
    }
}

#[test]
fn a_back_up_adds_300_bp_once_per_turn() {
    let mut game = board(|s| {
        s.players[0].hand = vec![GUARD, MYSTIC];
        s.players[0].ring[0] = slot(BRAWLER);
    });
    assert!(game.legal_moves().contains(&Move::Backup { hand: 0, slot: 0 }));
    apply(&mut game, Move::Backup { hand: 0, slot: 0 });
    let brawler = game.state().player(Seat::FIRST).ring[0].unwrap();
    assert_eq!(game.state().card(brawler).unwrap().bp, 800);
    assert_eq!(game.state().card(brawler).unwrap().backups.len(), 1);
    assert!(
        !game.legal_moves().iter().any(|m| matches!(m, Move::Backup { .. })),
        "one back-up per turn, and the Brawler accepts one Fighter"
    );
}

#[test]
fn a_character_holds_at_most_three_back_ups_however_many_its_card_accepts() {
    // A Host accepting four Fighters, a Fighter in hand, and `attached` Fighters under it.
    let mut cards = vec![
        game::testing::card("b-host", "B001", "Host", game::CardKind::Character, 500, 0),
        game::testing::card("b-fighter", "B002", "Fighter", game::CardKind::Character, 300, 0),
    ];
    cards[0].backups = vec!["Fighter".to_owned(); 4];
    let set = Arc::new(CardSet::from_parts(cards, &[]).expect("the cards load"));
    let setup = |attached: usize| {
        let mut setup = Setup::default();
        for player in &mut setup.players {
            player.deck = vec![1; 10];
        }
        setup.players[0].hand = vec![1];
        setup.players[0].ring[0] = Some(SlotSetup { backups: vec![1; attached], ..SlotSetup::new(0) });
        setup
    };
    let backing_up = Move::Backup { hand: 0, slot: 0 };
    let two = Game::from_setup(Arc::clone(&set), &setup(2)).expect("two back-ups fit");
    assert!(two.legal_moves().contains(&backing_up));
    let three = Game::from_setup(Arc::clone(&set), &setup(3)).expect("three back-ups fit");
    assert!(!three.legal_moves().contains(&backing_up), "a fourth back-up is offered: {:?}", three.legal_moves());
    let Err(error) = Game::from_setup(set, &setup(4)) else { panic!("four back-ups are accepted") };
    assert_eq!(error.to_string(), "`Host` is given 4 back-ups: a character holds at most 3");
}

#[test]
fn a_back_up_subtype_matches_its_place_whatever_the_case_of_either_name() {
    // A Host accepting one FIGHTER and one Ninja, holding a Fighter already; in hand a
    // fighter, a nINJA and a Ninjas.
    let character = |id: &str, number: &str, subtype: &str| {
        let mut card = game::testing::card(id, number, subtype, game::CardKind::Character, 300, 0);
        card.subtype = Some(subtype.to_owned());
        card
    };
    let mut cards = vec![
        character("c-host", "C001", "Host"),
        character("c-fighter", "C002", "fighter"),
        character("c-ninja", "C003", "nINJA"),
        character("c-ninjas", "C004", "Ninjas"),
        character("c-held", "C005", "Fighter"),
    ];
    cards[0].backups = vec!["FIGHTER".to_owned(), "Ninja".to_owned()];
    let set = Arc::new(CardSet::from_parts(cards, &[]).expect("the cards load"));
    let mut setup = Setup::default();
    for player in &mut setup.players {
        player.deck = vec![4; 10];
    }
    setup.players[0].hand = vec![1, 2, 3];
    setup.players[0].ring[0] = Some(SlotSetup { backups: vec![4], ..SlotSetup::new(0) });
    let game = Game::from_setup(set, &setup).expect("the board is valid");
    let backups: Vec<Move> = game.legal_moves().into_iter().filter(|m| matches!(m, Move::Backup { .. })).collect();
    assert_eq!(backups, vec![Move::Backup { hand: 1, slot: 0 }], "only the nINJA fills a place left");
}

#[test]
fn the_defender_plays_reactions_in_the_counter_attack_phase() {
    let mut game = board(|s| {
        s.phase = Phase::Attack;
        s.players[0].ring[0] = slot(GUARD);
        s.players[1].hand = vec![COUNTER];
        s.players[1].sp = 1;
    });
    apply(&mut game, Move::Attack { slot: 0 });
    apply(&mut game, Move::Pass);
    assert!(game.legal_moves().contains(&Move::PlayCard { hand: 0 }));
    apply(&mut game, Move::PlayCard { hand: 0 });
    assert_eq!(game.state().player(Seat::SECOND).sp, 1, "paid 1, gained 1");
    assert_eq!(game.state().player(Seat::SECOND).discards.len(), 1);
}

#[test]
fn every_move_has_a_place_in_the_fixed_action_space() {
    for i in 0..game::ACTION_SPACE {
        let mv = Move::from_index(i).expect("every index is a move");
        assert_eq!(mv.index(), Some(i), "{mv:?}");
    }
    assert_eq!(Move::from_index(game::ACTION_SPACE), None);
    assert_eq!(Move::PlayCard { hand: u8::MAX }.index(), None, "a hand position past the space has no index");
    let game = board(|s| s.players[0].hand = vec![BRAWLER]);
    let mask = game.legal_mask();
    assert_eq!(mask.iter().filter(|&&b| b).count(), game.legal_moves().len());
}

#[test]
fn the_state_is_plain_data_that_round_trips_through_json() {
    let mut game = board(|s| {
        s.players[0].hand = vec![BRAWLER, FIREBALL];
        s.players[0].ring[1] = slot(MYSTIC);
    });
    apply(&mut game, Move::PlayCharacter { hand: 0, slot: 0 });
    let json = serde_json::to_string(game.state()).unwrap();
    let mut back: game::GameState = serde_json::from_str(&json).unwrap();
    assert_ne!(&back, game.state(), "a state read back has no set until one is attached");
    back.attach_set(game.set().clone());
    assert_eq!(&back, game.state());
}

#[test]
fn a_seat_is_saved_as_its_number_and_a_third_seat_is_refused() {
    let game = board(|s| s.players[0].hand = vec![BRAWLER]);
    let json = serde_json::to_value(game.state()).unwrap();
    assert_eq!(json["active"], 0);
    assert_eq!(json["cards"][0]["owner"], 0);
    assert_eq!(serde_json::to_string(&Seat::SECOND).unwrap(), "1");
    assert_eq!(serde_json::from_str::<Seat>("1").unwrap(), Seat::SECOND);
    let mut bad = json;
    bad["active"] = 2.into();
    let error = serde_json::from_value::<game::GameState>(bad).unwrap_err();
    assert!(error.to_string().contains("seat 2 is not 0 or 1"), "{error}");
    assert_eq!(Seat::of(PlayerId(7)), Seat::SECOND, "the runtime names no third player");
    assert_eq!(Seat::FIRST.other(), Seat::SECOND);
    assert_eq!(Seat::SECOND.other().pid(), PlayerId(0));
}
