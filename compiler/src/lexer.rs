//! The tokenizer: source text to tokens with byte spans, knowing quotes and brackets.
//!
//! `#` starts a comment anywhere outside a string literal. A `label =` line keeps its text
//! verbatim as one [`TokenKind::LabelText`] token. Newlines are tokens, because a RuleScript
//! property ends at the end of its line. CRLF line ends and a UTF-8 byte-order mark are
//! accepted. The lexer never fails: bad characters become diagnostics and are skipped.

use crate::{Diagnostic, Span, diagnostics};

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
    /// End of a line.
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
    if u32::try_from(source.len()).is_ok() {
        tokenize_offsets::<true>(source, tokens, diagnostics);
    } else {
        tokenize_offsets::<false>(source, tokens, diagnostics);
    }
}

/// [`tokenize`], knowing whether every offset of `source` fits a span's `u32` (`FITS`) or
/// spans must saturate as [`Span::new`] does.
fn tokenize_offsets<const FITS: bool>(source: &str, tokens: &mut Vec<Token>, diagnostics: &mut Vec<Diagnostic>) {
    tokens.clear();
    // Cards average about one token per four bytes; one reservation avoids regrowth.
    tokens.reserve(source.len() / 4 + 8);
    let bytes = source.as_bytes();
    let mut position = if source.starts_with('\u{feff}') { 3 } else { 0 };
    while position < bytes.len() {
        let (tokens_before, diagnostics_before) = (tokens.len(), diagnostics.len());
        let line_end = lex_line::<FITS>(source, position, tokens, diagnostics);
        if line_end - position > MAX_LINE_BYTES {
            // The line is skipped whole: drop what was lexed from it.
            tokens.truncate(tokens_before);
            diagnostics.truncate(diagnostics_before);
            diagnostics.push(diagnostics::line_too_long(Span::new(position, line_end), MAX_LINE_BYTES));
        }
        if line_end < bytes.len() {
            tokens.push(Token { kind: TokenKind::Newline, span: token_span::<FITS>(line_end, line_end + 1) });
        }
        position = line_end + 1;
    }
    tokens.push(Token { kind: TokenKind::Eof, span: Span::new(source.len(), source.len()) });
}

/// The span `start..end` of a token (`start <= end`): what [`Span::new`] gives, without
/// saturating when every offset fits (`FITS`).
fn token_span<const FITS: bool>(start: usize, end: usize) -> Span {
    if FITS { Span { start: start as u32, end: end as u32 } } else { Span::new(start, end) }
}

/// The offset of the first `\n` at or after `from`, or `bytes.len()`: eight bytes at a time.
fn memchr_newline(bytes: &[u8], from: usize) -> usize {
    const ONES: u64 = u64::from_le_bytes([0x01; 8]);
    const HIGHS: u64 = u64::from_le_bytes([0x80; 8]);
    const NEWLINES: u64 = u64::from_le_bytes([b'\n'; 8]);
    let mut offset = from;
    while let Some(chunk) = bytes.get(offset..offset + 8) {
        let word = u64::from_le_bytes(chunk.try_into().unwrap_or([0; 8])) ^ NEWLINES;
        // The high bit of each zero byte of `word` (a `\n` in the chunk) is set, and the
        // lowest set bit is exact (only bytes above a zero byte can be flagged wrongly).
        let zeros = word.wrapping_sub(ONES) & !word & HIGHS;
        if zeros != 0 {
            return offset + (zeros.trailing_zeros() / 8) as usize;
        }
        offset += 8;
    }
    bytes
        .get(offset..)
        .unwrap_or(&[])
        .iter()
        .position(|&byte| byte == b'\n')
        .map_or(bytes.len(), |found| offset + found)
}

/// What a byte starts, so that the lexer decides with one table lookup and one match.
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
    /// A one-byte token that never starts a longer one (its kind is in [`SINGLE_TOKENS`]).
    Single,
    /// The first byte of a token that may be two bytes long (`<`, `=`, `&`, ...).
    Operator,
    /// Anything else: reported as an unexpected character.
    Invalid,
}

/// The one-byte token `byte` is on its own, whatever follows it.
const fn single_token(byte: u8) -> Option<TokenKind> {
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
        _ => return None,
    })
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
            b'<' | b'>' | b'=' | b'!' | b':' | b'&' | b'|' => ByteClass::Operator,
            _ if single_token(b).is_some() => ByteClass::Single,
            _ => ByteClass::Invalid,
        };
        byte += 1;
    }
    table
};

/// The kind of every [`ByteClass::Single`] byte (`Eof` for the other bytes, never read).
static SINGLE_TOKENS: [TokenKind; 256] = {
    let mut table = [TokenKind::Eof; 256];
    let mut byte = 0;
    while byte < 256 {
        if let Some(kind) = single_token(byte as u8) {
            table[byte] = kind;
        }
        byte += 1;
    }
    table
};

/// The token an operator byte starts given the byte after it (`None` for a lone `|`).
fn operator(byte: u8, next: u8) -> Option<(TokenKind, usize)> {
    Some(match (byte, next) {
        (b'<', b'=') => (TokenKind::Le, 2),
        (b'<', _) => (TokenKind::Lt, 1),
        (b'>', b'=') => (TokenKind::Ge, 2),
        (b'>', _) => (TokenKind::Gt, 1),
        (b'=', b'=') => (TokenKind::EqEq, 2),
        (b'=', b'>') => (TokenKind::FatArrow, 2),
        (b'=', _) => (TokenKind::Eq, 1),
        (b'!', b'=') => (TokenKind::NotEq, 2),
        (b'!', _) => (TokenKind::Bang, 1),
        (b':', b'=') => (TokenKind::ColonEq, 2),
        (b':', b':') => (TokenKind::ColonColon, 2),
        (b':', _) => (TokenKind::Colon, 1),
        (b'&', b'&') => (TokenKind::AmpAmp, 2),
        (b'&', _) => (TokenKind::Amp, 1),
        (b'|', b'|') => (TokenKind::PipePipe, 2),
        _ => return None,
    })
}

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
/// `bytes.len()`: eight bytes per bounds check.
fn ident_end(bytes: &[u8], from: usize) -> usize {
    let mut position = from;
    while let Some(chunk) = bytes.get(position..position + 8) {
        for (offset, &byte) in chunk.iter().enumerate() {
            if !is_ident_continue(byte) {
                return position + offset;
            }
        }
        position += 8;
    }
    while position < bytes.len() && is_ident_continue(bytes[position]) {
        position += 1;
    }
    position
}

/// Lexes the line starting at `start`; returns where it ends (its `\n`, or the end of the
/// source).
fn lex_line<const FITS: bool>(
    source: &str,
    start: usize,
    tokens: &mut Vec<Token>,
    diagnostics: &mut Vec<Diagnostic>,
) -> usize {
    let bytes = source.as_bytes();
    match bytes.get(start) {
        // A comment line, as most lines of a card are.
        Some(b'#') => memchr_newline(bytes, start),
        // Only a line starting with blanks or `l` can be `label = ...`.
        Some(b' ' | b'\t' | b'l' | b'L') => {
            let end = memchr_newline(bytes, start);
            let Some(label) = label_line(bytes, start, end) else {
                return lex_tokens::<FITS>(source, start, tokens, diagnostics);
            };
            // `label = ...`: the key and `=` as ordinary tokens, then the verbatim text.
            tokens.push(Token { kind: TokenKind::Ident, span: Span::new(label.key, label.key + LABEL.len()) });
            tokens.push(Token { kind: TokenKind::Eq, span: Span::new(label.equals, label.equals + 1) });
            let text_end = label_text_end(bytes, label.text, end);
            if text_end > label.text {
                tokens.push(Token { kind: TokenKind::LabelText, span: Span::new(label.text, text_end) });
            }
            end
        }
        _ => lex_tokens::<FITS>(source, start, tokens, diagnostics),
    }
}

const LABEL: &[u8] = b"label";

/// Where the parts of a `label = text` line start.
struct LabelLine {
    key: usize,
    equals: usize,
    text: usize,
}

/// The parts of the line `start..end` if it is `label = text`.
fn label_line(bytes: &[u8], start: usize, end: usize) -> Option<LabelLine> {
    let skip_blanks = |mut position: usize| {
        while position < end && (bytes[position] == b' ' || bytes[position] == b'\t') {
            position += 1;
        }
        position
    };
    let key = skip_blanks(start);
    let word_end = key + LABEL.len();
    if word_end > end || !bytes[key..word_end].eq_ignore_ascii_case(LABEL) {
        return None;
    }
    if word_end < end && is_ident_continue(bytes[word_end]) {
        return None;
    }
    let equals = skip_blanks(word_end);
    if equals >= end || bytes[equals] != b'=' {
        return None;
    }
    Some(LabelLine { key, equals, text: skip_blanks(equals + 1) })
}

/// End of a label's text: before a `#` comment (outside quotes), trailing space and `\r`.
fn label_text_end(bytes: &[u8], start: usize, end: usize) -> usize {
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

/// Lexes ordinary tokens from `start` to the end of the line; returns where the line ends.
fn lex_tokens<const FITS: bool>(
    source: &str,
    start: usize,
    tokens: &mut Vec<Token>,
    diagnostics: &mut Vec<Diagnostic>,
) -> usize {
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
            ByteClass::Single => (SINGLE_TOKENS[usize::from(byte)], 1),
            ByteClass::Operator => match operator(byte, bytes.get(position + 1).copied().unwrap_or(0)) {
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
        tokens.push(Token { kind, span: token_span::<FITS>(position, position + length) });
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
