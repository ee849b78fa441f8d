//! The seeded random numbers a game's two random players draw from: SplitMix64, so that
//! one seed gives one game on every machine.

/// A SplitMix64 generator.
#[derive(Debug, Clone)]
pub struct Rng {
    state: u64,
}

impl Rng {
    /// The generator of `seed`.
    pub fn new(seed: u64) -> Rng {
        Rng { state: seed }
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..bound` (0 when `bound` is 0), each as likely (bar a bias below
    /// 2^-40 for any bound a game meets).
    pub fn below(&mut self, bound: usize) -> usize {
        if bound == 0 {
            return 0;
        }
        // The high bits times the bound: Lemire's multiply-shift.
        let wide = u128::from(self.next_u64()) * bound as u128;
        (wide >> 64) as usize
    }

    /// A fair coin.
    pub fn coin(&mut self) -> bool {
        self.next_u64() >> 63 == 1
    }

    /// Shuffles `items` (Fisher-Yates).
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for index in (1..items.len()).rev() {
            let other = self.below(index + 1);
            items.swap(index, other);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_seed_gives_one_sequence_and_numbers_stay_below_the_bound() {
        let (mut a, mut b) = (Rng::new(7), Rng::new(7));
        let first: Vec<usize> = (0..50).map(|_| a.below(6)).collect();
        let second: Vec<usize> = (0..50).map(|_| b.below(6)).collect();
        assert_eq!(first, second);
        assert!(first.iter().all(|n| *n < 6));
        // Every face comes up in 50 throws of this seed.
        assert!((0..6).all(|face| first.contains(&face)), "{first:?}");
        assert_ne!(Rng::new(8).next_u64(), Rng::new(7).next_u64());
        assert_eq!(Rng::new(1).below(0), 0);
    }
}
