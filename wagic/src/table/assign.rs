//! How an attacker's combat damage is split among its blockers, as Wagic's combat screen
//! assigns it by default: each blocker in damage order what it needs to die (1 with
//! deathtouch), the rest to the first blocker, or with trample to the defending player.

/// The damage each blocker takes, in order, given what each needs to die (`needs`), and
/// what is left for the defending player (0 unless trample or no blocker).
pub fn assign_combat_damage(power: i32, needs: &[i32], deathtouch: bool, trample: bool) -> (Vec<i32>, i32) {
    let mut left = power;
    let mut assigned = Vec::with_capacity(needs.len());
    for need in needs {
        let mut amount = left.min((*need).max(0));
        if deathtouch && amount > 1 {
            amount = 1;
        }
        assigned.push(amount);
        left -= amount;
    }
    if left > 0
        && !trample
        && let Some(first) = assigned.first_mut()
    {
        *first = first.saturating_add(left);
        left = 0;
    }
    (assigned, left)
}

#[cfg(test)]
mod tests {
    use super::assign_combat_damage;

    #[test]
    fn each_blocker_takes_what_kills_it_and_the_rest_goes_first_or_tramples_over() {
        assert_eq!(assign_combat_damage(5, &[2, 2], false, false), (vec![3, 2], 0));
        assert_eq!(assign_combat_damage(5, &[2, 2], false, true), (vec![2, 2], 1));
        assert_eq!(assign_combat_damage(5, &[4, 4], true, true), (vec![1, 1], 3));
        assert_eq!(assign_combat_damage(3, &[], false, false), (vec![], 3));
        assert_eq!(assign_combat_damage(1, &[2, 2], false, false), (vec![1, 0], 0));
    }
}
