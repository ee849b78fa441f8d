//! Every corpus card with rules, played on a busy board in the engine: actions and
//! characters from hand, ■ abilities activated, reactions during a counter-attack; every
//! question answered with its first legal answer. No rules error, no panic, and every card
//! stays in exactly one place.

use crate::support;

use game::{CardKind, Game, LogKind, Move, Phase, Setup, SlotSetup};

/// Answers questions with the first legal move until none is pending (bounded).
fn settle(game: &mut Game) {
    for _ in 0..50 {
        if game.pending().is_none() || game.outcome().is_some() {
            return;
        }
        let mv = game.legal_moves().into_iter().next().expect("a question has an answer");
        game.apply(mv).expect("a legal answer is taken");
    }
    panic!("a card kept asking questions");
}

#[test]
fn every_corpus_card_runs_in_the_engine_without_rules_errors() {
    let Some(set) = support::corpus() else { return };
    let find = |number: &str| set.by_number(number).expect("corpus card");
    // Plain characters for the board: a mix of subtypes and BP.
    let fillers = ["C001", "C002", "C003", "C004", "C005", "C006"].map(find);
    let mut problems = Vec::new();
    let mut played = 0;
    for (def, card) in set.cards().iter().enumerate() {
        if card.rules.is_none() {
            continue;
        }
        let mut setup = Setup::default();
        for (p, player) in setup.players.iter_mut().enumerate() {
            player.sp = 30;
            player.deck = fillers.iter().copied().cycle().take(12).collect();
            player.discards = fillers.iter().copied().rev().collect();
            player.hand = vec![fillers[p], fillers[p + 2]];
            player.ring[0] = Some(SlotSetup::new(fillers[p]));
            player.ring[2] = Some(SlotSetup { backups: vec![fillers[4]], ..SlotSetup::new(fillers[p + 3]) });
        }
        match card.kind {
            CardKind::Action | CardKind::Character => setup.players[0].hand.insert(0, def),
            CardKind::Reaction => {
                setup.phase = Phase::CounterAttack;
                setup.players[0].ring[0].as_mut().unwrap().attacking = true;
                setup.players[1].hand.insert(0, def);
            }
        }
        let mut game = Game::from_setup(set.clone(), &setup).expect("the board is valid");
        settle(&mut game);
        let before = game.log().len();
        let mv = match card.kind {
            CardKind::Character => Move::PlayCharacter { hand: 0, slot: 1 },
            _ => Move::PlayCard { hand: 0 },
        };
        if game.legal_moves().contains(&mv) {
            game.apply(mv).expect("legal");
            settle(&mut game);
            played += 1;
        }
        if card.kind == CardKind::Character && game.legal_moves().contains(&Move::Activate { slot: 1 }) {
            game.apply(Move::Activate { slot: 1 }).expect("legal");
            settle(&mut game);
        }
        // The turn goes on: the card's autos meet the later phases.
        for _ in 0..6 {
            if game.outcome().is_some() {
                break;
            }
            let _ = game.apply(Move::Pass);
            settle(&mut game);
        }
        for entry in game.log().since(before) {
            if let LogKind::Trap { message, .. } = entry.kind {
                problems.push(format!("{}: {message}", card.number.as_deref().unwrap_or("?")));
            }
        }
        if let Err(problem) = game.state().check_conservation() {
            problems.push(format!("{}: {problem}", card.number.as_deref().unwrap_or("?")));
        }
    }
    eprintln!("{played} corpus cards played in the engine");
    assert!(played > 250, "only {played} cards could be played");
    assert!(problems.is_empty(), "{} problems:\n{}", problems.len(), problems.join("\n"));
}
