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
    tokens.clear();
    let bytes = source.as_bytes();
    let mut position = if source.starts_with('\u{feff}') { 3 } else { 0 };
    while position < bytes.len() {
        let line_end = memchr_newline(bytes, position);
        if line_end - position > MAX_LINE_BYTES {
            diagnostics.push(diagnostics::line_too_long(Span::new(position, line_end), MAX_LINE_BYTES));
        } else {
            lex_line(source, position, line_end, tokens, diagnostics);
        }
        if line_end < bytes.len() {
            tokens.push(Token { kind: TokenKind::Newline, span: Span::new(line_end, line_end + 1) });
        }
        position = line_end + 1;
    }
    tokens.push(Token { kind: TokenKind::Eof, span: Span::new(source.len(), source.len()) });
}

/// The offset of the first `\n` at or after `from`, or `bytes.len()`: eight bytes at a time.
fn memchr_newline(bytes: &[u8], from: usize) -> usize {
    const ONES: u64 = u64::from_ne_bytes([0x01; 8]);
    const HIGHS: u64 = u64::from_ne_bytes([0x80; 8]);
    const NEWLINES: u64 = u64::from_ne_bytes([b'\n'; 8]);
    let rest = bytes.get(from..).unwrap_or(&[]);
    let mut chunks = rest.chunks_exact(8);
    let mut offset = from;
    for chunk in &mut chunks {
        let word = u64::from_ne_bytes(chunk.try_into().unwrap_or([0; 8])) ^ NEWLINES;
        // Non-zero when some byte of `word` is zero, i.e. some byte of the chunk is `\n`.
        if word.wrapping_sub(ONES) & !word & HIGHS != 0 {
            break;
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

fn is_ident_start(byte: u8) -> bool {
    byte.is_ascii_alphabetic() || byte == b'_'
}

pub(crate) fn is_ident_continue(byte: u8) -> bool {
    IDENT_CONTINUE[usize::from(byte)]
}

/// Lexes `source[start..end]` (one line, without its `\n`).
fn lex_line(source: &str, start: usize, end: usize, tokens: &mut Vec<Token>, diagnostics: &mut Vec<Diagnostic>) {
    let bytes = source.as_bytes();
    let mut position = start;
    if let Some(text_start) = label_text_start(bytes, start, end) {
        // `label = ...`: the key and `=` as ordinary tokens, then the verbatim text.
        lex_range(source, start, text_start, tokens, diagnostics);
        let text_end = label_text_end(bytes, text_start, end);
        if text_end > text_start {
            tokens.push(Token { kind: TokenKind::LabelText, span: Span::new(text_start, text_end) });
        }
        return;
    }
    position = lex_range(source, position, end, tokens, diagnostics);
    debug_assert!(position >= end);
}

/// If the line is `label = text`, the offset where the text starts (after spaces).
fn label_text_start(bytes: &[u8], start: usize, end: usize) -> Option<usize> {
    let mut position = start;
    while position < end && (bytes[position] == b' ' || bytes[position] == b'\t') {
        position += 1;
    }
    let word_end = position + 5;
    if word_end > end || !bytes[position..word_end].eq_ignore_ascii_case(b"label") {
        return None;
    }
    if word_end < end && is_ident_continue(bytes[word_end]) {
        return None;
    }
    let mut position = word_end;
    while position < end && (bytes[position] == b' ' || bytes[position] == b'\t') {
        position += 1;
    }
    if position >= end || bytes[position] != b'=' {
        return None;
    }
    position += 1;
    while position < end && (bytes[position] == b' ' || bytes[position] == b'\t') {
        position += 1;
    }
    Some(position)
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

/// Lexes ordinary tokens in `start..end`; returns where it stopped (`end`).
fn lex_range(
    source: &str,
    start: usize,
    end: usize,
    tokens: &mut Vec<Token>,
    diagnostics: &mut Vec<Diagnostic>,
) -> usize {
    let bytes = source.as_bytes();
    let mut position = start;
    while position < end {
        let byte = bytes[position];
        let token_start = position;
        let single = |kind| (kind, 1usize);
        let next = bytes.get(position + 1).copied().filter(|_| position + 1 < end);
        let (kind, length) = match byte {
            b' ' | b'\t' | b'\r' | b'\x0c' | b'\x0b' => {
                position += 1;
                continue;
            }
            b'#' => return end,
            b'"' | b'\'' => {
                let close = bytes[position + 1..end].iter().position(|&candidate| candidate == byte);
                match close {
                    Some(offset) => (TokenKind::Str, offset + 2),
                    None => {
                        diagnostics.push(diagnostics::unterminated_string(Span::new(position, end)));
                        return end;
                    }
                }
            }
            b'0'..=b'9' => {
                let length = bytes[position..end].iter().take_while(|byte| byte.is_ascii_digit()).count();
                (TokenKind::Int, length)
            }
            byte if is_ident_start(byte) => {
                let rest = bytes.get(position + 1..end).unwrap_or(&[]);
                let length = rest.iter().position(|&byte| !is_ident_continue(byte)).unwrap_or(rest.len()) + 1;
                (TokenKind::Ident, length)
            }
            b'(' => single(TokenKind::LParen),
            b')' => single(TokenKind::RParen),
            b'[' => single(TokenKind::LBracket),
            b']' => single(TokenKind::RBracket),
            b'{' => single(TokenKind::LBrace),
            b'}' => single(TokenKind::RBrace),
            b'<' if next == Some(b'=') => (TokenKind::Le, 2),
            b'<' => single(TokenKind::Lt),
            b'>' if next == Some(b'=') => (TokenKind::Ge, 2),
            b'>' => single(TokenKind::Gt),
            b'=' if next == Some(b'=') => (TokenKind::EqEq, 2),
            b'=' if next == Some(b'>') => (TokenKind::FatArrow, 2),
            b'=' => single(TokenKind::Eq),
            b'!' if next == Some(b'=') => (TokenKind::NotEq, 2),
            b'!' => single(TokenKind::Bang),
            b':' if next == Some(b'=') => (TokenKind::ColonEq, 2),
            b':' if next == Some(b':') => (TokenKind::ColonColon, 2),
            b':' => single(TokenKind::Colon),
            b',' => single(TokenKind::Comma),
            b';' => single(TokenKind::Semi),
            b'&' if next == Some(b'&') => (TokenKind::AmpAmp, 2),
            b'&' => single(TokenKind::Amp),
            b'|' if next == Some(b'|') => (TokenKind::PipePipe, 2),
            b'~' => single(TokenKind::Tilde),
            b'?' => single(TokenKind::Question),
            b'^' => single(TokenKind::Caret),
            b'@' => single(TokenKind::At),
            b'.' => single(TokenKind::Dot),
            b'+' => single(TokenKind::Plus),
            b'-' => single(TokenKind::Minus),
            b'*' => single(TokenKind::Star),
            b'/' => single(TokenKind::Slash),
            b'%' => single(TokenKind::Percent),
            _ => {
                // Report the whole character, not one byte of it.
                let character = source[position..].chars().next().unwrap_or('\u{fffd}');
                let width = character.len_utf8();
                diagnostics.push(diagnostics::unexpected_character(Span::new(position, position + width), character));
                position += width;
                continue;
            }
        };
        position += length;
        tokens.push(Token { kind, span: Span::new(token_start, position) });
    }
    end
}

#[cfg(test)]
mod tests {
    use super::memchr_newline;

    #[test]
    fn newline_search_matches_a_byte_loop() {
        let text = b"ab\ncdefghijklmnopq\n\nrstuvwxyz0123456789 ~\r\nlast line without newline";
        for from in 0..=text.len() {
            let expected =
                text[from..].iter().position(|&byte| byte == b'\n').map_or(text.len(), |offset| from + offset);
            assert_eq!(memchr_newline(text, from), expected, "from {from}");
        }
        assert_eq!(memchr_newline(b"", 0), 0);
    }
}
