//! Corpus cards whose autos hang on the engine's own events and hooks, checked against
//! their printed text: the engine fires each at its moment with the right payload.

use crate::support;

use std::sync::Arc;

use game::{CardSet, Game, Move, Phase, Seat, Setup, SlotSetup};

fn board(set: &Arc<CardSet>, edit: impl FnOnce(&mut Setup, &dyn Fn(&str) -> usize)) -> Game {
    let find = |number: &str| set.by_number(number).expect("corpus card");
    let mut setup = Setup::default();
    for player in &mut setup.players {
        player.deck = vec![find("C001"); 10];
    }
    edit(&mut setup, &find);
    Game::from_setup(set.clone(), &setup).expect("the board is valid")
}

fn apply(game: &mut Game, mv: Move) {
    if let Err(error) = game.apply(mv) {
        panic!("{mv:?} refused: {error}; legal: {:?}", game.legal_moves());
    }
}

#[test]
fn twelve_blocks_with_the_attack_bp() {
    // C128 Twelve (100 BP): "Whenever this character counter-attacks, its BP becomes same as
    // the BP of the countered attacker(s)."
    let Some(set) = support::corpus() else { return };
    let mut game = board(&set, |s, find| {
        s.phase = Phase::Attack;
        s.players[0].ring[0] = Some(SlotSetup { bp: Some(900), ..SlotSetup::new(find("C001")) });
        s.players[1].ring[3] = Some(SlotSetup::new(find("C128")));
    });
    apply(&mut game, Move::Attack { slot: 0 });
    apply(&mut game, Move::Pass);
    apply(&mut game, Move::Block { slot: 3, attacker: 0 });
    apply(&mut game, Move::Pass);
    let state = game.state();
    assert!(state.player(Seat::FIRST).ring[0].is_none(), "the attacker took 900 from Twelve and was KO'd");
    assert!(state.player(Seat::SECOND).ring[3].is_none(), "Twelve took 900 too");
    assert_eq!(state.player(Seat::SECOND).hp, 3000);
}

#[test]
fn guy_cannot_be_countered_unless_the_defender_has_two_characters() {
    // C015 Guy: "This character cannot be countered unless defending enemy has two or more
    // characters in their ring."
    let Some(set) = support::corpus() else { return };
    for (defenders, blockable) in [(1, false), (2, true)] {
        let mut game = board(&set, |s, find| {
            s.phase = Phase::Attack;
            s.players[0].ring[0] = Some(SlotSetup::new(find("C015")));
            for slot in 0..defenders {
                s.players[1].ring[slot] = Some(SlotSetup::new(find("C001")));
            }
        });
        apply(&mut game, Move::Attack { slot: 0 });
        apply(&mut game, Move::Pass);
        assert_eq!(game.legal_moves().contains(&Move::Block { slot: 0, attacker: 0 }), blockable, "{defenders}");
    }
}

#[test]
fn kyosuke_makes_actions_two_sp_cheaper_but_not_below_one() {
    // C064 Kyosuke: "Action cards cost 2 SP less to play. This ability cannot reduce the cost
    // of action cards to less than 1 SP."
    let Some(set) = support::corpus() else { return };
    for (action, sp_left) in [("A013", 10 - 4), ("A017", 10 - 1)] {
        // A013 Double KO costs 6 (-> 4); A017 Escape costs 3 (-> 1).
        let mut game = board(&set, |s, find| {
            s.players[0].sp = 10;
            s.players[0].hand = vec![find(action)];
            s.players[0].ring[0] = Some(SlotSetup::new(find("C064")));
            s.players[1].ring[0] = Some(SlotSetup::new(find("C001")));
        });
        apply(&mut game, Move::PlayCard { hand: 0 });
        assert_eq!(game.state().player(Seat::FIRST).sp, sp_left, "{action}");
    }
}

#[test]
fn tron_bonne_draws_an_additional_card_in_the_draw_phase() {
    // C035 Tron Bonne: "At the beginning of your Draw phase, draw an additional card."
    let Some(set) = support::corpus() else { return };
    let game = board(&set, |s, find| {
        s.turn = 2;
        s.phase = Phase::Activate;
        s.players[0].ring[0] = Some(SlotSetup::new(find("C035")));
    });
    assert_eq!(game.state().phase, Phase::Main);
    assert_eq!(game.state().player(Seat::FIRST).hand.len(), 2, "the Draw phase card and Tron Bonne's");
    assert_eq!(game.state().player(Seat::SECOND).hand.len(), 0);
}

#[test]
fn jedah_draws_when_he_damages_the_enemy() {
    // C146 Jedah: "Whenever this character damages an enemy, draw a card."
    let Some(set) = support::corpus() else { return };
    let mut game = board(&set, |s, find| {
        s.phase = Phase::Attack;
        s.players[0].ring[0] = Some(SlotSetup::new(find("C146")));
    });
    apply(&mut game, Move::Attack { slot: 0 });
    apply(&mut game, Move::Pass);
    apply(&mut game, Move::Pass);
    assert_eq!(game.state().player(Seat::SECOND).hp, 2500);
    assert_eq!(game.state().player(Seat::FIRST).hand.len(), 1, "drew a card");
}

#[test]
fn grandmaster_lets_the_defender_play_reactions_from_the_removed_pile_until_the_turn_ends() {
    // R016 Grandmaster: "Put all reaction cards from your discard pile into your removed
    // pile. Until end of turn, you may play any card from your removed pile. At the end of
    // turn, put your removed pile into your discard pile."
    let Some(set) = support::corpus() else { return };
    let mut game = board(&set, |s, find| {
        s.phase = Phase::CounterAttack;
        s.players[0].ring[0] = Some(SlotSetup { attacking: true, ..SlotSetup::new(find("C001")) });
        s.players[1].sp = 20;
        s.players[1].hand = vec![find("R016")];
        // R007 Charm (3 SP) and a character card in the discard pile.
        s.players[1].discards = vec![find("R007"), find("C002"), find("R007")];
    });
    apply(&mut game, Move::PlayCard { hand: 0 });
    let p1 = game.state().player(Seat::SECOND);
    assert_eq!(p1.removed.len(), 2, "both Charms were removed");
    assert_eq!(p1.discards.len(), 2, "the character and Grandmaster itself");
    assert!(game.legal_moves().contains(&Move::PlayRemoved { pos: 0, slot: 0 }), "{:?}", game.legal_moves());
    apply(&mut game, Move::PlayRemoved { pos: 0, slot: 0 });
    assert_eq!(game.state().player(Seat::SECOND).sp, 20 - 10 - 3);
    assert_eq!(game.state().player(Seat::SECOND).removed.len(), 1);
    apply(&mut game, Move::Pass);
    let p1 = game.state().player(Seat::SECOND);
    assert!(p1.removed.is_empty(), "at the end of the turn the removed pile went to the discard pile");
    assert_eq!(p1.discards.len(), 4);
    assert!(game.state().rule_value("play_removed", Seat::SECOND).is_empty(), "the permission ended with the turn");
}

#[test]
fn nina_cannot_be_countered_while_her_controllers_hand_is_empty() {
    // C001 Nina: "If your hand is empty, this character cannot be countered."
    let Some(set) = support::corpus() else { return };
    let mut game = board(&set, |s, find| {
        s.players[0].hand = vec![find("C002")];
        s.players[0].ring[0] = Some(SlotSetup::new(find("C001")));
        s.players[1].ring[0] = Some(SlotSetup::new(find("C003")));
    });
    let nina = game.state().slot_card(Seat::FIRST, 0).unwrap();
    assert!(game.state().abilities_of(nina).is_empty());
    apply(&mut game, Move::PlayCharacter { hand: 0, slot: 1 });
    assert_eq!(game.state().abilities_of(nina), vec!["unblockable"], "the hand became empty");
    apply(&mut game, Move::Pass);
    apply(&mut game, Move::Attack { slot: 0 });
    apply(&mut game, Move::Pass);
    assert!(!game.legal_moves().iter().any(|m| matches!(m, Move::Block { .. })), "Nina cannot be countered");
    apply(&mut game, Move::Pass);
    assert_eq!((game.state().active, game.state().phase), (Seat::SECOND, Phase::Main));
    game.advance_to(Phase::Main).unwrap();
    assert_eq!(game.state().active, Seat::FIRST);
    assert_eq!(game.state().player(Seat::FIRST).hand.len(), 1, "drew in the Draw phase");
    assert!(game.state().abilities_of(nina).is_empty(), "a card in hand: Nina can be countered again");
}
