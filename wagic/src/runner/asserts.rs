//! The board compared with a test's `[ASSERT]`, in Wagic's order.

use super::*;

/// The first difference between the board and `[ASSERT]`, in Wagic's order.
pub(super) fn compare(table: &Table, phase: Phase, expected: &State) -> Option<Difference> {
    let difference = |place: String, expected: String, actual: String| {
        Some(Difference { place, expected, actual, notes: Vec::new() })
    };
    let want = expected.phase.unwrap_or(phase);
    if want != phase {
        return difference("phase".into(), want.name().into(), phase.name().into());
    }
    for (index, want) in expected.players.iter().enumerate() {
        let player = if index == 0 { P0 } else { P1 };
        let who = format!("player {}", index + 1);
        let have = &table.board.players[index];
        // A value `[ASSERT]` leaves out is Wagic's default: a failed test says so.
        let unwritten = |key: &str, default: &str| {
            vec![format!("[ASSERT]'s [PLAYER{}] has no `{key}:` line: Wagic expects {default}", index + 1)]
        };
        let life = want.life.unwrap_or(20);
        if have.life != life {
            let mut found = difference(format!("{who} life"), life.to_string(), have.life.to_string());
            if want.life.is_none()
                && let Some(found) = found.as_mut()
            {
                found.notes = unwritten("life", "20");
            }
            return found;
        }
        // Wagic's `assertGame` compares poison counters next (0 when unwritten).
        let poison = want.poison.unwrap_or(0);
        if have.poison != poison {
            return difference(format!("{who} poisoncount"), poison.to_string(), have.poison.to_string());
        }
        let mana = want.mana.unwrap_or([0; 6]);
        if have.mana != mana {
            let mut found =
                difference(format!("{who} manapool"), testfile::mana_text(&mana), testfile::mana_text(&have.mana));
            if want.mana.is_none()
                && let Some(found) = found.as_mut()
            {
                found.notes = unwritten("manapool", "an empty pool, {0}");
            }
            return found;
        }
        for zone in Zone::ALL {
            let names = zone_names(table, player, zone_of(zone));
            let wanted = want.cards(zone);
            if let Some((expected_text, actual_text)) = zone_difference(&wanted, &names) {
                return difference(format!("{who} {}", zone.key()), expected_text, actual_text);
            }
        }
    }
    None
}

/// The names (lower case) of `player`'s cards in `zone`, a face-down card's its face's
/// (Wagic's tests name it so).
pub(super) fn zone_names(table: &Table, player: PlayerId, zone: vm::bytecode::ZoneIdx) -> Vec<String> {
    let board = &table.board;
    board
        .zone(player, zone)
        .into_iter()
        .filter_map(|card| board.face(card))
        .map(|face| face.name.to_lowercase())
        .collect()
}

/// Whether a zone holds what `[ASSERT]` lists (as many cards, each named card there as
/// often as listed; `*` any card): `None`, or the two lists as text.
pub(super) fn zone_difference(wanted: &[&CardRef], names: &[String]) -> Option<(String, String)> {
    let mut left: Vec<&str> = names.iter().map(String::as_str).collect();
    let mut matches = wanted.len() == names.len();
    for card in wanted {
        if let CardRef::Name(name) = card {
            match left.iter().position(|have| have == name) {
                Some(found) => {
                    left.swap_remove(found);
                }
                None => matches = false,
            }
        }
    }
    if matches {
        return None;
    }
    let list = |items: Vec<String>| format!("[{}]", items.join(", "));
    Some((list(wanted.iter().map(|card| card.to_string()).collect()), list(names.to_vec())))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_zone_matches_by_count_and_name_and_star_counts_any_card() {
        let bears = CardRef::Name("grizzly bears".into());
        let names = |list: &[&str]| list.iter().map(|name| name.to_string()).collect::<Vec<_>>();
        assert_eq!(zone_difference(&[&bears, &CardRef::Any], &names(&["forest", "grizzly bears"])), None);
        assert_eq!(
            zone_difference(&[&bears], &names(&["grizzly bears", "forest"])),
            Some(("[grizzly bears]".into(), "[grizzly bears, forest]".into()))
        );
        assert_eq!(
            zone_difference(&[&bears, &bears], &names(&["grizzly bears", "forest"])),
            Some(("[grizzly bears, grizzly bears]".into(), "[grizzly bears, forest]".into()))
        );
        assert_eq!(zone_difference(&[], &[]), None);
    }
}
