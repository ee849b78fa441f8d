//! `turns:n` (Wagic's `AAModTurn`): extra turns (`turns:+1`, Time Walk) and skipped turns
//! (`turns:-2`, Eater of Days), and who takes the turn after each, as Wagic's
//! `GameObserver::nextPlayer` decides. The cards are Wagic's own (`../shared/wagic`, read
//! in place; each test skips when it is absent), each test after its printed text.

use super::board::{BATTLEFIELD, HAND, P0, P1, Play, Table};

/// Who takes each of the next `count` turns, the first after `active`'s.
fn next_turns(table: &mut Table, mut active: vm::runtime::PlayerId, count: usize) -> Vec<u32> {
    (0..count)
        .map(|_| {
            active = table.board.next_active(active);
            active.0
        })
        .collect()
}

#[test]
fn time_walk_gives_its_caster_one_more_turn_then_play_goes_on() {
    // text=: Take an extra turn after this one.
    let Some(mut table) = Table::new() else { return };
    let walk = table.put("Time Walk", P0, HAND);
    table.cast(walk, P0);
    assert_eq!(table.board.players[0].extra_turns, 1);
    assert_eq!(next_turns(&mut table, P0, 4), [0, 1, 0, 1]);
    assert_eq!(table.board.players[0].extra_turns, 0, "spent");
}

#[test]
fn two_extra_turns_are_taken_one_after_the_other() {
    let Some(mut table) = Table::new() else { return };
    for _ in 0..2 {
        let walk = table.put("Temporal Manipulation", P1, HAND);
        table.cast(walk, P1);
    }
    assert_eq!(next_turns(&mut table, P1, 4), [1, 1, 0, 1]);
}

#[test]
fn eater_of_days_skips_its_controllers_next_two_turns() {
    // text=: When Eater of Days enters the battlefield, you skip your next two turns.
    let Some(mut table) = Table::new() else { return };
    table.put("Eater of Days", P0, BATTLEFIELD);
    assert_eq!(table.board.players[0].skipped_turns, 2);
    // p0's turn ends: p1's, then p1 again twice (p0's two turns skipped), then p0's.
    assert_eq!(next_turns(&mut table, P0, 5), [1, 1, 1, 0, 1]);
}

#[test]
fn an_extra_turn_of_a_player_who_skips_one_is_skipped() {
    // Wagic takes the extra turn first, then skips it: the turn goes to the other player.
    let Some(mut table) = Table::new() else { return };
    table.board.add_turns(P0, 1);
    table.board.add_turns(P0, -1);
    assert_eq!(next_turns(&mut table, P0, 3), [1, 0, 1]);
}

#[test]
fn a_loop_of_extra_turns_counts_up_to_a_bound() {
    let Some(mut table) = Table::new() else { return };
    for _ in 0..3 {
        table.board.add_turns(P1, i32::MAX);
    }
    assert_eq!(table.board.players[1].extra_turns, wagic::table::MAX_TURNS_KEPT);
    table.board.add_turns(P1, i32::MIN);
    assert_eq!(table.board.players[1].skipped_turns, wagic::table::MAX_TURNS_KEPT);
}
