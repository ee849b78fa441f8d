//! `Answers`: the fuzz input's bytes read as a player's decisions (which candidates to
//! pick, whether to answer validly at all), so that libFuzzer's mutations explore the
//! choices of a run as well as its program. An exhausted input answers with zeros.

/// A cursor over the bytes that decide a run's answers.
#[derive(Debug, Clone)]
pub struct Answers<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl<'a> Answers<'a> {
    /// Decisions read from `bytes`, first byte first.
    pub fn new(bytes: &'a [u8]) -> Answers<'a> {
        Answers { bytes, at: 0 }
    }

    /// The next byte (0 once the input is used up).
    pub fn byte(&mut self) -> u8 {
        let byte = self.bytes.get(self.at).copied().unwrap_or(0);
        self.at = self.at.saturating_add(1);
        byte
    }

    /// A number in `0..bound` (0 when `bound` is 0).
    pub fn below(&mut self, bound: usize) -> usize {
        if bound == 0 {
            return 0;
        }
        let wide = u16::from(self.byte()) << 8 | u16::from(self.byte());
        usize::from(wide) % bound
    }

    /// Whether the input is used up.
    pub fn is_empty(&self) -> bool {
        self.at >= self.bytes.len()
    }
}

/// Answer bytes for an input that brings none (a plain source file): a pseudo-random
/// stream seeded by the input's FNV-1a hash, so that text, whose bytes are all below
/// 0x80, still gets invalid answers and cancelled dialogs.
pub fn derived(data: &[u8]) -> Vec<u8> {
    let mut state = data
        .iter()
        .fold(0xcbf2_9ce4_8422_2325_u64, |hash, &byte| (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3));
    (0..256)
        .map(|_| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            (state >> 24) as u8
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_in_order_then_zeros() {
        let mut answers = Answers::new(&[7, 1, 2]);
        assert_eq!(answers.byte(), 7);
        assert_eq!(answers.below(1000), 258);
        assert!(answers.is_empty());
        assert_eq!(answers.byte(), 0);
        assert_eq!(answers.below(0), 0);
    }
}
