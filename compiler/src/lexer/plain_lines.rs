//! A fast path for lines of code with only words, numbers, punctuation and space (most
//! lines): each window of 64 bytes is classified into bit masks and its tokens pushed at
//! once. Kept because it is worth about 10% of `corpus/compile` (criterion, 2026-11-26:
//! `corpus/tokenize` 64 µs with it, 121 µs without, on a 440 µs `corpus/compile`); the
//! byte-by-byte lexer (`super::lex_tokens`) handles every other line and is the reference.

use super::*;

/// Bytes of a line that [`lex_plain_tokens`] classifies at once, one bit each.
const WINDOW: usize = 64;

/// What [`Window::read`] needs to know of each byte, as bits to shift into place: bit 0 for a
/// letter, digit or `_` (a byte that continues a word); bit 16 for a digit, or for a
/// punctuation byte that may be part of a two-byte token (an operator); bit 32 for space
/// skipped between tokens (space, tab, `\r`, form feed, vertical tab); bit 48 for a byte that
/// stops the plain lexer: `\n`, and every byte it cannot lex (quotes, `#`, `|`, bytes to
/// report).
static BYTE_KIND_BITS: [u64; 256] = {
    let mut table = [0; 256];
    let mut byte = 0;
    while byte < 256 {
        table[byte] = match BYTE_CLASSES[byte] {
            ByteClass::Digit => 1 | 1 << 16,
            ByteClass::IdentStart => 1,
            ByteClass::Space => 1 << 32,
            ByteClass::Punctuation if byte == b'|' as usize => STOP_BIT,
            ByteClass::Punctuation if OPERATOR_INDEX[byte] != 0 => 1 << 16,
            ByteClass::Punctuation => 0,
            _ => STOP_BIT,
        };
        byte += 1;
    }
    table
};

/// [`BYTE_KIND_BITS`] shifted left by 0, 1, 2 and 3: four bytes are gathered with one shift,
/// each table entry `or`ed in straight from memory.
static SHIFTED_BYTE_KIND_BITS: [[u64; 256]; 4] = {
    let mut tables = [[0; 256]; 4];
    let mut shift = 0;
    while shift < 4 {
        let mut byte = 0;
        while byte < 256 {
            tables[shift][byte] = BYTE_KIND_BITS[byte] << shift;
            byte += 1;
        }
        shift += 1;
    }
    tables
};

/// Bytes whose [`BYTE_KIND_BITS`] are gathered into one `u64`, shifted by their index: the
/// bits of each kind fill a field of 16 bits.
const CHUNK: usize = 16;

/// The [`BYTE_KIND_BITS`] of a byte that stops the plain lexer.
const STOP_BIT: u64 = 1 << 48;

/// The [`BYTE_KIND_BITS`] of the 16 bytes of `chunk`, byte `i`'s shifted left by `i`.
fn chunk_bits(chunk: &[u8]) -> u64 {
    // From the last four bytes to the first: each step shifts what is gathered by four and
    // `or`s in one entry of each shifted table (3 instructions a byte instead of 4).
    chunk.rchunks_exact(4).fold(0, |bits, four| {
        let table = |index: usize| four.get(index).map_or(0, |&byte| SHIFTED_BYTE_KIND_BITS[index][usize::from(byte)]);
        bits << 4 | table(3) | table(2) | table(1) | table(0)
    })
}

/// Swaps the fields of `low` and `high` that the 1 bits of `mask << distance` and of `mask`
/// select: a step of transposing 16-bit fields.
fn swap_fields(low: &mut u64, high: &mut u64, distance: u32, mask: u64) {
    let swapped = (*low >> distance ^ *high) & mask;
    *low ^= swapped << distance;
    *high ^= swapped;
}

/// A window of up to [`WINDOW`] bytes of a line, bit `i` standing for the byte `i`.
struct Window {
    /// The first byte in it that stops the plain lexer (the line's `\n`, a byte it cannot
    /// lex) or where the source ends, if any.
    stop: Option<usize>,
    /// Punctuation bytes that may be part of a two-byte token (past the stop too).
    operators: u64,
    /// The first byte of every word and every punctuation byte (the second byte of a
    /// two-byte token too).
    starts: u64,
    /// Where a token may end: every token start, every space, and every bit from the stop.
    boundaries: u64,
}

impl Window {
    /// The [`WINDOW`] bytes of the source from `start`, zeros past its end (they stop the
    /// plain lexer, as the end of the source stops a line): a copy, so that reading any of
    /// them takes no bounds check.
    fn bytes(source: &[u8], start: usize) -> [u8; WINDOW] {
        let rest = source.get(start..).unwrap_or(&[]);
        match rest.first_chunk() {
            Some(window) => *window,
            None => {
                let mut bytes = [0; WINDOW];
                if let Some(prefix) = bytes.get_mut(..rest.len()) {
                    prefix.copy_from_slice(rest);
                }
                bytes
            }
        }
    }

    /// Classifies the window `bytes` up to the first byte that stops the plain lexer (or
    /// all of it), [`CHUNK`] at a time. (Inlined, its masks stay in registers.)
    fn read(bytes: &[u8; WINDOW]) -> Window {
        // Each chunk's fields (`BYTE_KIND_BITS`); reading stops after the chunk that holds
        // a stop.
        let mut fields = [0u64; WINDOW / CHUNK];
        for (chunk_fields, chunk) in fields.iter_mut().zip(bytes.chunks_exact(CHUNK)) {
            *chunk_fields = chunk_bits(chunk);
            if *chunk_fields >> 48 != 0 {
                break;
            }
        }
        // Transposed, `fields[k]` is field `k` of the whole window: chunk `c`'s 16 bits in
        // bits `16 * c` to `16 * c + 15`.
        let [mut word, mut digit, mut space, mut stops] = fields;
        swap_fields(&mut word, &mut digit, 16, 0x0000_ffff_0000_ffff);
        swap_fields(&mut space, &mut stops, 16, 0x0000_ffff_0000_ffff);
        swap_fields(&mut word, &mut space, 32, 0x0000_0000_ffff_ffff);
        swap_fields(&mut digit, &mut stops, 32, 0x0000_0000_ffff_ffff);
        let stop = (stops != 0).then(|| stops.trailing_zeros() as usize);
        // Bytes from the stop on are taken as space: they end a token.
        let past = stops.wrapping_neg() | stops;
        // The digit field holds operators too, told apart from digits by the word field.
        let (digit, operators) = (digit & word, digit & !word);
        let word_starts = word & !(word << 1);
        // A word starting with a digit is a number up to its first non-digit: adding the
        // number's first bit carries through its digits to the bit after them, where a word
        // starts if a letter or `_` follows (`2x` is `2` and `x`).
        let after_numbers = digit.wrapping_add(word_starts & digit) & !digit;
        // (Shifts and carries only move bits up: the bytes past the stop change nothing
        // before it.)
        let starts = (word_starts | (after_numbers & word) | !(word | space)) & !past;
        Window { stop, operators, starts, boundaries: starts | space | past }
    }
}

/// The token each byte starts on a plain line when it is not the first of a two-byte token:
/// the [`TOKEN_STARTS`] of words and punctuation, [`TokenKind::Newline`] for `\n`. (The bytes
/// that stop the plain lexer never start a token there; they have `Eof`.)
static PLAIN_TOKEN_KINDS: [TokenKind; 256] = {
    let mut table = [TokenKind::Eof; 256];
    let mut byte = 0;
    while byte < 256 {
        if let Some(kind) = TOKEN_STARTS[byte] {
            table[byte] = kind;
        }
        byte += 1;
    }
    table[b'\n' as usize] = TokenKind::Newline;
    table
};

/// Lexes the line starting at `start` when it is plain (no quote, comment, `|` or character
/// to report, as most lines), its [`TokenKind::Newline`] included, or reports it when it is
/// too long: the tokens of each [`Window`] are found from its bit masks, without a branch per
/// byte or per identifier length. Returns where the line ends, or `None`, having pushed
/// nothing, when the line is not plain or holds a token as long as a window: then
/// [`lex_tokens`] lexes it.
pub(super) fn lex_plain_tokens(
    source: &[u8],
    start: usize,
    tokens: &mut Vec<Token>,
    diagnostics: &mut Vec<Diagnostic>,
) -> Option<usize> {
    let tokens_before = tokens.len();
    let mut window_start = start;
    loop {
        let bytes = Window::bytes(source, window_start);
        let window = Window::read(&bytes);
        let mut starts = window.starts;
        // Where the next window starts.
        let mut next_start = window_start;
        match window.stop {
            Some(len) => match bytes[len % WINDOW] {
                // The line's `\n` is its last token.
                b'\n' => starts |= 1 << (len % WINDOW),
                // The end of the source.
                0 if window_start + len == source.len() => {}
                // A byte the plain lexer cannot lex.
                _ => break,
            },
            None => {
                // A token reaching the end of a full window may go on past it: only the
                // tokens before the window's last boundary (but its first byte) are lexed
                // from it, and every one of them ends by that boundary, where the next window
                // starts.
                let cuts = window.boundaries & !1;
                if cuts == 0 {
                    // One word fills the window.
                    break;
                }
                let cut = (u64::BITS - 1 - cuts.leading_zeros()) as usize;
                starts &= !(u64::MAX << cut);
                next_start = window_start + cut;
            }
        }
        // Bit `i` for where a token starting before byte `i` may end (the newline, as the
        // last byte of a window, ends at the window's end).
        let mut ends = window.boundaries >> 1 | 1 << (WINDOW - 1);
        // Two operators in a row may make one token: the second is then no token of its own
        // (it may be the cut, and then the next window starts after it) and no boundary.
        let mut pairs = window.operators & window.operators >> 1 & starts;
        let mut two_byte_starts = 0;
        while pairs != 0 {
            let offset = pairs.trailing_zeros() as usize;
            let bit = pairs & pairs.wrapping_neg();
            pairs ^= bit;
            let byte_at = |offset: usize| bytes.get(offset).copied().unwrap_or(0);
            if lookup_two_byte_token(byte_at(offset), byte_at(offset + 1)).is_some() {
                two_byte_starts |= bit;
                starts &= !(bit << 1);
                pairs &= !(bit << 1);
                ends &= !bit;
                next_start = next_start.max(window_start + offset + 2);
            }
        }
        let window_tokens = tokens.len();
        push_window_tokens(&bytes, window_start, starts, ends, tokens);
        if two_byte_starts != 0 {
            set_two_byte_kinds(&bytes, two_byte_starts, starts, tokens.get_mut(window_tokens..).unwrap_or(&mut []));
        }
        if let Some(len) = window.stop {
            let end = window_start + len;
            // (Only a line of several windows can be too long.)
            if window_start != start && is_too_long(start, end) {
                skip_long_line(start..end, tokens_before, tokens, diagnostics.len(), diagnostics);
                push_newline(source, end, tokens);
            }
            return Some(end);
        }
        window_start = next_start;
    }
    tokens.truncate(tokens_before);
    None
}

/// Pushes the tokens starting at `starts` in the window `bytes` starting at `window_start`,
/// each ending at the first of its `ends` (bit `i` for byte `i + 1`), each of the kind its first
/// byte gives (a two-byte token's kind is set afterwards).
fn push_window_tokens(bytes: &[u8; WINDOW], window_start: usize, mut starts: u64, ends: u64, tokens: &mut Vec<Token>) {
    // As many tokens as starts: `extend` checks the capacity once, not per token.
    tokens.extend((0..starts.count_ones()).map(|_| {
        // (The top bit, never reached before the last start, tells the compiler that the
        // offset is inside the window.)
        let offset = (starts | 1 << (WINDOW - 1)).trailing_zeros() as usize;
        starts &= starts.wrapping_sub(1);
        let position = window_start + offset;
        let kind = PLAIN_TOKEN_KINDS[usize::from(bytes[offset % WINDOW])];
        let end = position + 1 + (ends >> offset).trailing_zeros() as usize;
        Token { kind, span: Span::new(position, end) }
    }));
}

/// Sets the kinds of the two-byte tokens of a window (of bytes `line`), starting at its
/// `two_byte_starts`, among its `tokens`, starting at `token_starts` (the tokens were pushed
/// with the kind of their first byte).
fn set_two_byte_kinds(line: &[u8], mut two_byte_starts: u64, token_starts: u64, tokens: &mut [Token]) {
    while two_byte_starts != 0 {
        let offset = two_byte_starts.trailing_zeros() as usize;
        two_byte_starts &= two_byte_starts - 1;
        let index = (token_starts & !(u64::MAX << offset)).count_ones() as usize;
        let byte_at = |offset: usize| line.get(offset).copied().unwrap_or(0);
        if let (Some(token), Some(kind)) =
            (tokens.get_mut(index), lookup_two_byte_token(byte_at(offset), byte_at(offset + 1)))
        {
            token.kind = kind;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::{is_ident_continue, lex_tokens};
    use super::*;

    /// The plain-line lexer and the byte-by-byte one agree on every line the first accepts
    /// (and it accepts the plain ones), across window edges, whether the line ends with the
    /// source or with a `\n` (whose token the plain lexer pushes too).
    #[test]
    fn plain_lines_lex_as_byte_by_byte() {
        let pieces: &[&str] = &[
            " ",
            "  ",
            "\t",
            "\r",
            "=",
            "==",
            "=>",
            "<",
            "<=",
            ">=",
            "!",
            "!=",
            ":",
            "::",
            ":=",
            "&",
            "&&",
            "||",
            "(",
            ")",
            "[",
            "]",
            "{",
            "}",
            ",",
            ";",
            "~",
            "?",
            "^",
            "@",
            ".",
            "+",
            "-",
            "*",
            "/",
            "%",
            "0",
            "300",
            "2x",
            "12_a",
            "x2",
            "_coin",
            "moveTo",
            "ab_trigger_fresh0123456789xyz",
            "|",
            "#",
            "'",
            "\"",
            "\u{e9}",
            "\x00",
        ];
        let mut state = 0x2545_f491_4f6c_dd1d_u64;
        let mut next = |bound: usize| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            (state % bound as u64) as usize
        };
        let (mut plain, mut accepted) = (Vec::new(), 0);
        for _ in 0..20_000 {
            let mut line = String::new();
            while line.len() < next(200) {
                line.push_str(pieces[next(pieces.len())]);
            }
            let is_plain = !line.contains(['#', '\'', '"', '\u{e9}', '\0', '|']);
            let longest_word = line.split(|character: char| !is_ident_continue(character as u8)).map(str::len).max();
            // Half the lines end with a `\n` and another line.
            let ends_with_newline = next(2) == 0;
            let source = if ends_with_newline { format!("{line}\nnext = 1") } else { line.clone() };
            plain.clear();
            let mut diagnostics = Vec::new();
            if lex_plain_tokens(source.as_bytes(), 0, &mut plain, &mut diagnostics) == Some(line.len()) {
                accepted += 1;
                let mut expected: Vec<Token> = Vec::new();
                assert_eq!(lex_tokens(&source, 0, &mut expected, &mut diagnostics), line.len());
                if ends_with_newline {
                    let newline = Span::new(line.len(), line.len() + 1);
                    expected.push(Token { kind: TokenKind::Newline, span: newline });
                }
                assert!(diagnostics.is_empty(), "{line:?}");
                assert_eq!(plain, expected, "{line:?}");
            } else {
                assert!(plain.is_empty());
                assert!(!is_plain || longest_word >= Some(63), "{line:?} should lex as a plain line");
            }
        }
        assert!(accepted > 5_000, "{accepted}");
    }
}
