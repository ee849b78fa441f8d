//! A `VecGame`'s outputs: the seven arrays Python reads (observations, masks, legal
//! actions and their counts, rewards, dones, players) laid out in one numpy byte buffer,
//! so that a step takes one numpy borrow for all of them, and cut into one row a slot.

use game::ACTION_SPACE;

use crate::observation::OBSERVATION_SIZE;

/// What one slot writes after a step: its rows of the output arrays (of fixed sizes, so
/// that an index checked against the action space needs no other check).
pub(super) struct Row<'a> {
    pub(super) observation: &'a mut [f32; OBSERVATION_SIZE],
    /// The row of `masks`, as the bytes of numpy's bools (0 or 1).
    pub(super) mask: &'a mut [u8; ACTION_SPACE],
    pub(super) legal: &'a mut [i32; ACTION_SPACE],
    pub(super) count: &'a mut i32,
    pub(super) reward: &'a mut [f32; 2],
    pub(super) done: &'a mut u8,
    pub(super) player: &'a mut i32,
}

/// The output arrays of a run of slots: row `k` of each is slot `k`'s.
#[derive(Default)]
pub(super) struct Outputs<'a> {
    pub(super) observations: &'a mut [[f32; OBSERVATION_SIZE]],
    pub(super) masks: &'a mut [[u8; ACTION_SPACE]],
    pub(super) legal_actions: &'a mut [[i32; ACTION_SPACE]],
    pub(super) legal_counts: &'a mut [i32],
    pub(super) rewards: &'a mut [[f32; 2]],
    pub(super) dones: &'a mut [u8],
    pub(super) players: &'a mut [i32],
}

impl<'a> Outputs<'a> {
    /// The rows of slots `..k` and of slots `k..`.
    pub(super) fn split_at(self, k: usize) -> (Outputs<'a>, Outputs<'a>) {
        let (observations, observations_rest) = self.observations.split_at_mut(k);
        let (masks, masks_rest) = self.masks.split_at_mut(k);
        let (legal_actions, legal_actions_rest) = self.legal_actions.split_at_mut(k);
        let (legal_counts, legal_counts_rest) = self.legal_counts.split_at_mut(k);
        let (rewards, rewards_rest) = self.rewards.split_at_mut(k);
        let (dones, dones_rest) = self.dones.split_at_mut(k);
        let (players, players_rest) = self.players.split_at_mut(k);
        (
            Outputs { observations, masks, legal_actions, legal_counts, rewards, dones, players },
            Outputs {
                observations: observations_rest,
                masks: masks_rest,
                legal_actions: legal_actions_rest,
                legal_counts: legal_counts_rest,
                rewards: rewards_rest,
                dones: dones_rest,
                players: players_rest,
            },
        )
    }

    /// The rows, one per slot.
    pub(super) fn rows(&mut self) -> impl Iterator<Item = Row<'_>> {
        self.observations
            .iter_mut()
            .zip(self.masks.iter_mut())
            .zip(self.legal_actions.iter_mut())
            .zip(self.legal_counts.iter_mut())
            .zip(self.rewards.iter_mut())
            .zip(self.dones.iter_mut())
            .zip(self.players.iter_mut())
            .map(|((((((observation, mask), legal), count), reward), done), player)| Row {
                observation,
                mask,
                legal,
                count,
                reward,
                done,
                player,
            })
    }
}

/// Where each output array lies in the one byte buffer, in bytes; every array starts at a
/// multiple of 64 (a cache line, and the alignment of every element type).
pub(super) struct Layout {
    pub(super) observations: usize,
    pub(super) masks: usize,
    pub(super) legal_actions: usize,
    pub(super) legal_counts: usize,
    pub(super) rewards: usize,
    pub(super) dones: usize,
    pub(super) players: usize,
    pub(super) end: usize,
}

impl Layout {
    pub(super) fn new(n: usize) -> Layout {
        let mut end = 0;
        let mut place = |bytes: usize| {
            let at = end;
            end = (at + bytes).next_multiple_of(64);
            at
        };
        let observations = place(n * OBSERVATION_SIZE * 4);
        let masks = place(n * ACTION_SPACE);
        let legal_actions = place(n * ACTION_SPACE * 4);
        let legal_counts = place(n * 4);
        let rewards = place(n * 2 * 4);
        let dones = place(n);
        let players = place(n * 4);
        Layout { observations, masks, legal_actions, legal_counts, rewards, dones, players, end }
    }
}

/// The output arrays of `n` games, cut out of `buffer` (its bytes laid out by [`Layout`]).
pub(super) fn outputs<'a>(buffer: &'a mut [u8], layout: &Layout, n: usize) -> Result<Outputs<'a>, String> {
    pub(super) fn cast<T: bytemuck::Pod>(bytes: &mut [u8]) -> Result<&mut [T], String> {
        bytemuck::try_cast_slice_mut(bytes).map_err(|error| format!("the output buffer is misaligned: {error:?}"))
    }
    if buffer.len() < layout.end {
        return Err("the output buffer has shrunk".to_owned());
    }
    let (observations, rest) = buffer.split_at_mut(layout.masks);
    let (masks, rest) = rest.split_at_mut(layout.legal_actions - layout.masks);
    let (legal_actions, rest) = rest.split_at_mut(layout.legal_counts - layout.legal_actions);
    let (legal_counts, rest) = rest.split_at_mut(layout.rewards - layout.legal_counts);
    let (rewards, rest) = rest.split_at_mut(layout.dones - layout.rewards);
    let (dones, players) = rest.split_at_mut(layout.players - layout.dones);
    Ok(Outputs {
        observations: cast(&mut observations[..n * OBSERVATION_SIZE * 4])?,
        masks: cast(&mut masks[..n * ACTION_SPACE])?,
        legal_actions: cast(&mut legal_actions[..n * ACTION_SPACE * 4])?,
        legal_counts: cast(&mut legal_counts[..n * 4])?,
        rewards: cast(&mut rewards[..n * 2 * 4])?,
        dones: &mut dones[..n],
        players: cast(&mut players[..n * 4])?,
    })
}
