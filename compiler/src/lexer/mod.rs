//! The tokenizer: source text to tokens with byte spans, knowing quotes and brackets.
//!
//! `#` starts a comment anywhere outside a string literal. A `label =` line keeps its text
//! verbatim as one [`TokenKind::LabelText`] token. Newlines are tokens, because a RuleScript
//! property ends at the end of its line (a line that is only a comment has none: it ends
//! nothing). CRLF line ends and a UTF-8 byte-order mark are
//! accepted. The lexer never fails: bad characters become diagnostics and are skipped.
//!
//! Lines of plain code go through the fast path in `plain_lines`; every other line (quotes,
//! comments after code, `|`, bad characters) is lexed byte by byte (`lex_tokens`).

use crate::{Diagnostic, Span, diagnostics};

mod plain_lines;

/// Longest line the lexer accepts; longer lines are reported and skipped.
pub const MAX_LINE_BYTES: usize = 64 * 1024;

/// What a token is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TokenKind {
    /// `moveTo`, `_coin`, `x2`, `ab_trigger_fresh`.
    Ident,
    /// `300` (unsigned; signs are separate tokens).
    Int,
    /// `"Q-Bee"` or `'Question?'`, quotes included in the span.
    Str,
    /// The verbatim text after `label =`, comment and surrounding space excluded.
    LabelText,
    /// `(`
    LParen,
    /// `)`
    RParen,
    /// `[`
    LBracket,
    /// `]`
    RBracket,
    /// `{`
    LBrace,
    /// `}`
    RBrace,
    /// `<`
    Lt,
    /// `>`
    Gt,
    /// `<=`
    Le,
    /// `>=`
    Ge,
    /// `==`
    EqEq,
    /// `!=`
    NotEq,
    /// `=`
    Eq,
    /// `:=`
    ColonEq,
    /// `:`
    Colon,
    /// `::`
    ColonColon,
    /// `,`
    Comma,
    /// `;`
    Semi,
    /// `&`
    Amp,
    /// `&&`
    AmpAmp,
    /// `||`
    PipePipe,
    /// `~`
    Tilde,
    /// `?`
    Question,
    /// `!`
    Bang,
    /// `^`
    Caret,
    /// `@`
    At,
    /// `.`
    Dot,
    /// `+`
    Plus,
    /// `-`
    Minus,
    /// `*`
    Star,
    /// `/`
    Slash,
    /// `%`
    Percent,
    /// `=>`
    FatArrow,
    /// End of a line (not of a line that is only a comment).
    Newline,
    /// End of the file.
    Eof,
}

/// One token.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Token {
    /// What it is.
    pub kind: TokenKind,
    /// Where it is.
    pub span: Span,
}

/// Tokenizes `source` into `tokens` (cleared first), reporting problems into `diagnostics`.
/// The last token is always [`TokenKind::Eof`].
pub fn tokenize(source: &str, tokens: &mut Vec<Token>, diagnostics: &mut Vec<Diagnostic>) {
    tokens.clear();
    let bytes = source.as_bytes();
    // A UTF-8 byte-order mark (U+FEFF) is skipped.
    let mut position = if let [0xef, 0xbb, 0xbf, ..] = bytes { 3 } else { 0 };
    while position < bytes.len() {
        position = lex_line(source, position, tokens, diagnostics) + 1;
    }
    tokens.push(Token { kind: TokenKind::Eof, span: Span::new(source.len(), source.len()) });
}

/// Whether the line `start..end` is longer than [`MAX_LINE_BYTES`]: then it is skipped whole
/// (see [`skip_long_line`]).
fn is_too_long(start: usize, end: usize) -> bool {
    end - start > MAX_LINE_BYTES
}

/// Drops what was lexed from the line `line` (from `tokens_before` and
/// `diagnostics_before` on), and reports it as too long.
fn skip_long_line(
    line: std::ops::Range<usize>,
    tokens_before: usize,
    tokens: &mut Vec<Token>,
    diagnostics_before: usize,
    diagnostics: &mut Vec<Diagnostic>,
) {
    tokens.truncate(tokens_before);
    diagnostics.truncate(diagnostics_before);
    diagnostics.push(diagnostics::line_too_long(Span::new(line.start, line.end), MAX_LINE_BYTES));
}

/// Pushes the [`TokenKind::Newline`] of the line ending at `line_end`, unless the source ends
/// there.
fn push_newline(bytes: &[u8], line_end: usize, tokens: &mut Vec<Token>) {
    if line_end < bytes.len() {
        tokens.push(Token { kind: TokenKind::Newline, span: Span::new(line_end, line_end + 1) });
    }
}

/// The offset of the first `\n` at or after `from`, or `bytes.len()`: sixteen bytes at a
/// time.
fn memchr_newline(bytes: &[u8], from: usize) -> usize {
    let rest = bytes.get(from..).unwrap_or(&[]);
    let mut sixteens = rest.chunks_exact(16);
    let mut offset = from;
    for sixteen in &mut sixteens {
        let (low, high) = sixteen.split_at(8);
        let (low, high) = (newline_bytes(low), newline_bytes(high));
        if low | high != 0 {
            let found = if low != 0 { low.trailing_zeros() } else { 64 + high.trailing_zeros() };
            return offset + (found / 8) as usize;
        }
        offset += 16;
    }
    let remainder = sixteens.remainder();
    let (eight, last) = remainder.split_at(if remainder.len() >= 8 { 8 } else { 0 });
    let newlines = newline_bytes(eight);
    if newlines != 0 {
        return offset + (newlines.trailing_zeros() / 8) as usize;
    }
    offset += eight.len();
    last.iter().position(|&byte| byte == b'\n').map_or(bytes.len(), |found| offset + found)
}

/// For eight bytes (none when `eight` is shorter), a word whose lowest set bit is the high bit
/// of the first `\n` (only bits above it may be set wrongly), or 0 when there is none.
fn newline_bytes(eight: &[u8]) -> u64 {
    const ONES: u64 = u64::from_le_bytes([0x01; 8]);
    const HIGHS: u64 = u64::from_le_bytes([0x80; 8]);
    const NEWLINES: u64 = u64::from_le_bytes([b'\n'; 8]);
    let Ok(eight) = <[u8; 8]>::try_from(eight) else { return 0 };
    // The high bit of each zero byte of `word` (a `\n`) is set, and the lowest set bit is
    // exact (only bytes above a zero byte can be flagged wrongly).
    let word = u64::from_le_bytes(eight) ^ NEWLINES;
    word.wrapping_sub(ONES) & !word & HIGHS
}

/// What a byte starts, so that the byte-by-byte lexer decides with one table lookup and
/// one match.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum ByteClass {
    /// Space, tab, `\r`, form feed, vertical tab: skipped.
    Space,
    /// `\n`: the end of the line.
    Newline,
    /// `#`: a comment to the end of the line.
    Comment,
    /// `"` or `'`.
    Quote,
    /// `0`..`9`.
    Digit,
    /// A letter or `_`.
    IdentStart,
    /// The first byte of a one- or two-byte token (`(`, `<`, `=`, `&`, ...; see
    /// [`punctuation_token`]).
    Punctuation,
    /// Anything else: reported as an unexpected character.
    Invalid,
}

/// The one-byte token `byte` is when it does not start a two-byte one.
const fn one_byte_token(byte: u8) -> Option<TokenKind> {
    Some(match byte {
        b'(' => TokenKind::LParen,
        b')' => TokenKind::RParen,
        b'[' => TokenKind::LBracket,
        b']' => TokenKind::RBracket,
        b'{' => TokenKind::LBrace,
        b'}' => TokenKind::RBrace,
        b',' => TokenKind::Comma,
        b';' => TokenKind::Semi,
        b'~' => TokenKind::Tilde,
        b'?' => TokenKind::Question,
        b'^' => TokenKind::Caret,
        b'@' => TokenKind::At,
        b'.' => TokenKind::Dot,
        b'+' => TokenKind::Plus,
        b'-' => TokenKind::Minus,
        b'*' => TokenKind::Star,
        b'/' => TokenKind::Slash,
        b'%' => TokenKind::Percent,
        b'<' => TokenKind::Lt,
        b'>' => TokenKind::Gt,
        b'=' => TokenKind::Eq,
        b'!' => TokenKind::Bang,
        b':' => TokenKind::Colon,
        b'&' => TokenKind::Amp,
        _ => return None,
    })
}

/// The two-byte token `first` and `second` make, if any.
const fn two_byte_token(first: u8, second: u8) -> Option<TokenKind> {
    Some(match (first, second) {
        (b'<', b'=') => TokenKind::Le,
        (b'>', b'=') => TokenKind::Ge,
        (b'=', b'=') => TokenKind::EqEq,
        (b'=', b'>') => TokenKind::FatArrow,
        (b'!', b'=') => TokenKind::NotEq,
        (b':', b'=') => TokenKind::ColonEq,
        (b':', b':') => TokenKind::ColonColon,
        (b'&', b'&') => TokenKind::AmpAmp,
        (b'|', b'|') => TokenKind::PipePipe,
        _ => return None,
    })
}

/// The bytes that are part of some two-byte token, in the order of their
/// [`OPERATOR_INDEX`]es (from 1).
const OPERATOR_BYTES: &[u8] = b"<>=!:&|";

/// Each byte's place in [`OPERATOR_BYTES`] counted from 1, or 0 when it is not there: the
/// index into [`TWO_BYTE_TOKENS`].
static OPERATOR_INDEX: [u8; 256] = {
    let mut table = [0; 256];
    let mut index = 0;
    while index < OPERATOR_BYTES.len() {
        table[OPERATOR_BYTES[index] as usize] = index as u8 + 1;
        index += 1;
    }
    table
};

/// [`two_byte_token`] by the [`OPERATOR_INDEX`]es of its bytes: a lookup instead of a chain
/// of comparisons.
static TWO_BYTE_TOKENS: [[Option<TokenKind>; OPERATOR_BYTES.len() + 1]; OPERATOR_BYTES.len() + 1] = {
    let mut table = [[None; OPERATOR_BYTES.len() + 1]; OPERATOR_BYTES.len() + 1];
    let mut first = 0;
    while first < OPERATOR_BYTES.len() {
        let mut second = 0;
        while second < OPERATOR_BYTES.len() {
            table[first + 1][second + 1] = two_byte_token(OPERATOR_BYTES[first], OPERATOR_BYTES[second]);
            second += 1;
        }
        first += 1;
    }
    table
};

/// [`two_byte_token`] by table.
fn lookup_two_byte_token(first: u8, second: u8) -> Option<TokenKind> {
    TWO_BYTE_TOKENS[usize::from(OPERATOR_INDEX[usize::from(first)])][usize::from(OPERATOR_INDEX[usize::from(second)])]
}

/// The token a [`ByteClass::Punctuation`] byte starts given the byte after it, and its
/// length (`None` for a lone `|`).
fn punctuation_token(byte: u8, next: u8) -> Option<(TokenKind, usize)> {
    match lookup_two_byte_token(byte, next) {
        Some(kind) => Some((kind, 2)),
        None => TOKEN_STARTS[usize::from(byte)].map(|kind| (kind, 1)),
    }
}

/// The class of every byte.
static BYTE_CLASSES: [ByteClass; 256] = {
    let mut table = [ByteClass::Invalid; 256];
    let mut byte = 0;
    while byte < 256 {
        let b = byte as u8;
        table[byte] = match b {
            b' ' | b'\t' | b'\r' | b'\x0c' | b'\x0b' => ByteClass::Space,
            b'\n' => ByteClass::Newline,
            b'#' => ByteClass::Comment,
            b'"' | b'\'' => ByteClass::Quote,
            b'0'..=b'9' => ByteClass::Digit,
            b'a'..=b'z' | b'A'..=b'Z' | b'_' => ByteClass::IdentStart,
            b'|' => ByteClass::Punctuation,
            _ if one_byte_token(b).is_some() => ByteClass::Punctuation,
            _ => ByteClass::Invalid,
        };
        byte += 1;
    }
    table
};

/// The kind of token each byte starts when it is not the first of a two-byte token:
/// [`TokenKind::Ident`] for a letter or `_`, [`TokenKind::Int`] for a digit, the
/// [`one_byte_token`] of punctuation; `None` for the bytes that need more than one byte to
/// decide (quotes, `#`, `|`) or that are reported.
static TOKEN_STARTS: [Option<TokenKind>; 256] = {
    let mut table = [None; 256];
    let mut byte = 0;
    while byte < 256 {
        let b = byte as u8;
        table[byte] = match b {
            b'0'..=b'9' => Some(TokenKind::Int),
            b'a'..=b'z' | b'A'..=b'Z' | b'_' => Some(TokenKind::Ident),
            _ => one_byte_token(b),
        };
        byte += 1;
    }
    table
};

/// Bytes that may continue an identifier (ASCII letters, digits and `_`).
static IDENT_CONTINUE: [bool; 256] = {
    let mut table = [false; 256];
    let mut byte = 0;
    while byte < 256 {
        let b = byte as u8;
        table[byte] = b.is_ascii_alphanumeric() || b == b'_';
        byte += 1;
    }
    table
};

fn is_ident_continue(byte: u8) -> bool {
    IDENT_CONTINUE[usize::from(byte)]
}

/// The offset of the first byte at or after `from` that cannot continue an identifier, or
/// `bytes.len()`.
fn ident_end(bytes: &[u8], from: usize) -> usize {
    let mut position = from;
    while position < bytes.len() && is_ident_continue(bytes[position]) {
        position += 1;
    }
    position
}

/// Lexes the line starting at `start`, its [`TokenKind::Newline`] included, or reports it
/// when it is too long; returns where it ends (its `\n`, or the end of the source).
fn lex_line(source: &str, start: usize, tokens: &mut Vec<Token>, diagnostics: &mut Vec<Diagnostic>) -> usize {
    let bytes = source.as_bytes();
    let line_start = bytes.get(start).map_or(LineStart::Code, |&byte| LINE_STARTS[usize::from(byte)]);
    let label = match line_start {
        LineStart::MaybeLabel => label_line(bytes, start),
        _ => None,
    };
    let end = if line_start == LineStart::Comment {
        // A comment line, as most lines of a card are. It has no `Newline` of its own: it
        // holds no token to end, and the line before it ended with one already (or none is
        // needed, at the start of the file), so that the parser has one fewer to skip.
        let end = memchr_newline(bytes, start);
        if is_too_long(start, end) {
            skip_long_line(start..end, tokens.len(), tokens, diagnostics.len(), diagnostics);
        }
        return end;
    } else if let Some(label) = label {
        // `label = ...`: the key and `=` as ordinary tokens, then the verbatim text.
        let tokens_before = tokens.len();
        let end = memchr_newline(bytes, label.text);
        tokens.push(Token { kind: TokenKind::Ident, span: Span::new(label.key, label.key + LABEL.len()) });
        tokens.push(Token { kind: TokenKind::Eq, span: Span::new(label.equals, label.equals + 1) });
        let text_end = label_text_end(bytes, label.text, end);
        if text_end > label.text {
            tokens.push(Token { kind: TokenKind::LabelText, span: Span::new(label.text, text_end) });
        }
        if is_too_long(start, end) {
            skip_long_line(start..end, tokens_before, tokens, diagnostics.len(), diagnostics);
        }
        end
    } else {
        match plain_lines::lex_plain_tokens(bytes, start, tokens, diagnostics) {
            // The plain lexer pushes the newline itself, and reports long lines.
            Some(end) => return end,
            None => lex_other_line(source, start, tokens, diagnostics),
        }
    };
    push_newline(bytes, end, tokens);
    end
}

/// What the first byte of a line says of it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum LineStart {
    /// Neither of the others.
    Code,
    /// `#`: a comment line.
    Comment,
    /// Blanks or `l`: maybe `label = ...`.
    MaybeLabel,
}

/// The [`LineStart`] of each first byte: one lookup instead of a chain of comparisons.
static LINE_STARTS: [LineStart; 256] = {
    let mut table = [LineStart::Code; 256];
    table[b'#' as usize] = LineStart::Comment;
    table[b' ' as usize] = LineStart::MaybeLabel;
    table[b'\t' as usize] = LineStart::MaybeLabel;
    table[b'l' as usize] = LineStart::MaybeLabel;
    table[b'L' as usize] = LineStart::MaybeLabel;
    table
};

const LABEL: &[u8] = b"label";

/// Where the parts of a `label = text` line start.
struct LabelLine {
    key: usize,
    equals: usize,
    text: usize,
}

/// The parts of the line starting at `start` if it is `label = text` (the line's `\n`, like
/// the end of the source, stops every part).
fn label_line(bytes: &[u8], start: usize) -> Option<LabelLine> {
    let skip_blanks = |mut position: usize| {
        while let Some(b' ' | b'\t') = bytes.get(position) {
            position += 1;
        }
        position
    };
    let key = skip_blanks(start);
    let word_end = key + LABEL.len();
    if !bytes.get(key..word_end)?.eq_ignore_ascii_case(LABEL) {
        return None;
    }
    if bytes.get(word_end).is_some_and(|&byte| is_ident_continue(byte)) {
        return None;
    }
    let equals = skip_blanks(word_end);
    if bytes.get(equals) != Some(&b'=') {
        return None;
    }
    Some(LabelLine { key, equals, text: skip_blanks(equals + 1) })
}

/// End of a label's text: before a `#` comment (outside quotes), trailing space and `\r`.
/// A quote opens only as the text's first byte, and closes at the next same quote.
pub(crate) fn label_text_end(bytes: &[u8], start: usize, end: usize) -> usize {
    let mut position = start;
    let mut quote: Option<u8> = None;
    while position < end {
        let byte = bytes[position];
        match quote {
            Some(open) if byte == open => quote = None,
            Some(_) => {}
            None if byte == b'#' => break,
            None if (byte == b'"' || byte == b'\'') && position == start => quote = Some(byte),
            None => {}
        }
        position += 1;
    }
    let mut text_end = position;
    while text_end > start && matches!(bytes[text_end - 1], b' ' | b'\t' | b'\r') {
        text_end -= 1;
    }
    text_end
}

/// [`lex_tokens`], reporting the line when it is too long.
fn lex_other_line(source: &str, start: usize, tokens: &mut Vec<Token>, diagnostics: &mut Vec<Diagnostic>) -> usize {
    let (tokens_before, diagnostics_before) = (tokens.len(), diagnostics.len());
    let end = lex_tokens(source, start, tokens, diagnostics);
    if is_too_long(start, end) {
        skip_long_line(start..end, tokens_before, tokens, diagnostics_before, diagnostics);
    }
    end
}

/// Lexes ordinary tokens from `start` to the end of the line; returns where the line ends.
fn lex_tokens(source: &str, start: usize, tokens: &mut Vec<Token>, diagnostics: &mut Vec<Diagnostic>) -> usize {
    let bytes = source.as_bytes();
    let mut position = start;
    while let Some(&byte) = bytes.get(position) {
        let (kind, length) = match BYTE_CLASSES[usize::from(byte)] {
            ByteClass::Space => {
                position += 1;
                continue;
            }
            ByteClass::Newline => return position,
            ByteClass::Comment => return memchr_newline(bytes, position),
            ByteClass::Quote => {
                let rest = &bytes[position + 1..];
                match rest.iter().position(|&candidate| candidate == byte || candidate == b'\n') {
                    Some(offset) if rest[offset] == byte => (TokenKind::Str, offset + 2),
                    found => {
                        let end = found.map_or(bytes.len(), |offset| position + 1 + offset);
                        diagnostics.push(diagnostics::unterminated_string(Span::new(position, end)));
                        return end;
                    }
                }
            }
            ByteClass::Digit => {
                let rest = &bytes[position + 1..];
                (TokenKind::Int, rest.iter().position(|byte| !byte.is_ascii_digit()).unwrap_or(rest.len()) + 1)
            }
            ByteClass::IdentStart => (TokenKind::Ident, ident_end(bytes, position + 1) - position),
            ByteClass::Punctuation => match punctuation_token(byte, bytes.get(position + 1).copied().unwrap_or(0)) {
                Some(token) => token,
                None => {
                    position += report_unexpected_character(source, position, diagnostics);
                    continue;
                }
            },
            ByteClass::Invalid => {
                position += report_unexpected_character(source, position, diagnostics);
                continue;
            }
        };
        tokens.push(Token { kind, span: Span::new(position, position + length) });
        position += length;
    }
    bytes.len()
}

/// Reports the character at `position` (the whole character, not one byte of it); returns
/// its width.
fn report_unexpected_character(source: &str, position: usize, diagnostics: &mut Vec<Diagnostic>) -> usize {
    let character = source.get(position..).and_then(|rest| rest.chars().next()).unwrap_or('\u{fffd}');
    let width = character.len_utf8();
    diagnostics.push(diagnostics::unexpected_character(Span::new(position, position + width), character));
    width
}

#[cfg(test)]
mod tests {
    use super::{ident_end, is_ident_continue, memchr_newline};

    #[test]
    fn identifier_end_matches_a_byte_loop() {
        let text = b"moveTo(ctrlDeck, -1) ab_trigger_fresh0123456789xyz myHandChanges\xc3\xa9 x";
        for from in 0..=text.len() {
            let expected = text[from..]
                .iter()
                .position(|&byte| !is_ident_continue(byte))
                .map_or(text.len(), |offset| from + offset);
            assert_eq!(ident_end(text, from), expected, "from {from}");
        }
    }

    #[test]
    fn newline_search_matches_a_byte_loop() {
        let text =
            b"ab\ncdefghijklmnopq\n\nrstuvwxyz0123456789 ~\r\n\n\x0b\x0b\n\x0bab\x8a\x0a\x8b last line without newline";
        for from in 0..=text.len() {
            let expected =
                text[from..].iter().position(|&byte| byte == b'\n').map_or(text.len(), |offset| from + offset);
            assert_eq!(memchr_newline(text, from), expected, "from {from}");
        }
        assert_eq!(memchr_newline(b"", 0), 0);
    }
}
