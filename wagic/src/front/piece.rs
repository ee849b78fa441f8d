//! [`Piece`]: a slice of a Wagic file that remembers where it starts, so that every part
//! cut from an `auto=` value keeps its span in the file; and the top-level splitting that
//! Wagic's own parser does by searching strings (outside `()`, `[]`, `{}`).

use compiler::Span;

use super::brackets::{self, BreakKind};

/// A slice of the file and its byte offset in the file.
#[derive(Debug, Clone, Copy)]
pub struct Piece<'s> {
    /// The text.
    pub text: &'s str,
    /// Byte offset of `text` in the file.
    pub start: usize,
}

impl<'s> Piece<'s> {
    /// A piece of `text` starting at `start`.
    pub fn new(text: &'s str, start: usize) -> Piece<'s> {
        Piece { text, start }
    }

    /// Where the piece is in the file.
    pub fn span(self) -> Span {
        Span::new(self.start, self.start + self.text.len())
    }

    /// The piece without surrounding blanks.
    pub fn trim(self) -> Piece<'s> {
        let trimmed_start = self.text.trim_start();
        let start = self.start + (self.text.len() - trimmed_start.len());
        Piece { text: trimmed_start.trim_end(), start }
    }

    /// The bytes `from..to` of the piece (clamped to char boundaries inside it).
    pub fn slice(self, from: usize, to: usize) -> Piece<'s> {
        let to = to.min(self.text.len());
        let from = from.min(to);
        match self.text.get(from..to) {
            Some(text) => Piece { text, start: self.start + from },
            None => Piece { text: "", start: self.start + from },
        }
    }

    /// The piece from byte `from` to its end.
    pub fn from(self, from: usize) -> Piece<'s> {
        self.slice(from, self.text.len())
    }

    /// Whether the piece starts with `prefix`, in any case.
    pub fn starts_with_word(self, prefix: &str) -> bool {
        self.text.get(..prefix.len()).is_some_and(|head| head.eq_ignore_ascii_case(prefix))
    }

    /// The rest after `prefix` when the piece starts with it (any case).
    pub fn strip_prefix(self, prefix: &str) -> Option<Piece<'s>> {
        self.starts_with_word(prefix).then(|| self.from(prefix.len()))
    }

    /// Splits at every top-level occurrence of `separator` (outside brackets).
    pub fn split_top(self, separator: &str) -> Vec<Piece<'s>> {
        let mut parts = Vec::new();
        let mut depth: i32 = 0;
        let mut part_start = 0;
        let bytes = self.text.as_bytes();
        let mut index = 0;
        while index < bytes.len() {
            match bytes[index] {
                b'(' | b'[' | b'{' => depth += 1,
                b')' | b']' | b'}' => depth -= 1,
                _ => {}
            }
            if depth == 0 && bytes[index..].starts_with(separator.as_bytes()) {
                parts.push(self.slice(part_start, index));
                index += separator.len();
                part_start = index;
                continue;
            }
            index += 1;
        }
        parts.push(self.from(part_start));
        parts
    }

    /// The byte index of the first top-level `needle` (outside brackets).
    pub fn find_top(self, needle: u8) -> Option<usize> {
        let mut depth: i32 = 0;
        for (index, &byte) in self.text.as_bytes().iter().enumerate() {
            if depth == 0 && byte == needle {
                return Some(index);
            }
            match byte {
                b'(' | b'[' | b'{' => depth += 1,
                b')' | b']' | b'}' => depth -= 1,
                _ => {}
            }
        }
        None
    }

    /// The top-level words (split at blanks outside brackets).
    pub fn words(self) -> Vec<Piece<'s>> {
        let mut words = Vec::new();
        let mut depth: i32 = 0;
        let mut word_start: Option<usize> = None;
        for (index, &byte) in self.text.as_bytes().iter().enumerate() {
            let blank = depth == 0 && byte.is_ascii_whitespace();
            match byte {
                b'(' | b'[' | b'{' => depth += 1,
                b')' | b']' | b'}' => depth -= 1,
                _ => {}
            }
            match (blank, word_start) {
                (true, Some(start)) => {
                    words.push(self.slice(start, index));
                    word_start = None;
                }
                (false, None) => word_start = Some(index),
                _ => {}
            }
        }
        if let Some(start) = word_start {
            words.push(self.from(start));
        }
        words
    }

    /// Whether every bracket of the piece is closed, in order (run on every line: it keeps
    /// no positions; [`Piece::first_unbalanced`] finds the culprit of a line that fails).
    pub fn balanced(self) -> bool {
        let mut stack = Vec::new();
        for byte in self.text.bytes() {
            match byte {
                b'(' => stack.push(b')'),
                b'[' => stack.push(b']'),
                b'{' => stack.push(b'}'),
                b')' | b']' | b'}' if stack.pop() != Some(byte) => return false,
                _ => {}
            }
        }
        stack.is_empty()
    }

    /// The byte index of the first bracket that breaks the nesting and how: a closing
    /// bracket that closes nothing or another kind, or else the innermost bracket never
    /// closed.
    pub fn first_unbalanced(self) -> Option<(usize, Unbalanced)> {
        let found = brackets::first_break(self.text)?;
        let bytes = self.text.as_bytes();
        Some(match found.kind {
            BreakKind::Unclosed => (found.at, Unbalanced::Unclosed(brackets::closer(bytes[found.at]))),
            BreakKind::Stray { opener } => (found.at, Unbalanced::Stray(opener.and_then(|at| bytes.get(at).copied()))),
        })
    }

    /// For `name(args)rest` (the name in any case): the args and the rest, when the piece
    /// starts with `name(` and the parenthesis closes.
    pub fn call(self, name: &str) -> Option<(Piece<'s>, Piece<'s>)> {
        let after = self.strip_prefix(name)?;
        let inner = after.strip_prefix("(")?;
        let close = matching_close(inner.text)?;
        Some((inner.slice(0, close), inner.from(close + 1)))
    }
}

/// How a bracket breaks the nesting ([`Piece::first_unbalanced`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Unbalanced {
    /// An opening bracket never closed; the closing bracket it needs.
    Unclosed(u8),
    /// A closing bracket that closes the opening bracket given (of another kind), or
    /// nothing.
    Stray(Option<u8>),
}

/// The index of the `)` that closes an already opened `(` in `text`.
fn matching_close(text: &str) -> Option<usize> {
    let mut depth = 1i32;
    for (index, byte) in text.bytes().enumerate() {
        match byte {
            b'(' => depth += 1,
            b')' => {
                depth -= 1;
                if depth == 0 {
                    return Some(index);
                }
            }
            _ => {}
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splitting_keeps_file_offsets() {
        let piece = Piece::new("damage:1 target(creature,player) && draw:1 controller", 100);
        let parts = piece.split_top("&&");
        assert_eq!(parts.len(), 2);
        assert_eq!(parts[1].trim().text, "draw:1 controller");
        assert_eq!(parts[1].trim().start, 100 + 36);
        let words = parts[0].trim().words();
        assert_eq!(words.iter().map(|word| word.text).collect::<Vec<_>>(), ["damage:1", "target(creature,player)"]);
        let (args, rest) = words[1].call("target").expect("a call");
        assert_eq!((args.text, args.start, rest.text), ("creature,player", 116, ""));
    }

    #[test]
    fn the_first_bracket_out_of_place_is_found() {
        let at = |text: &str| Piece::new(text, 0).first_unbalanced();
        assert_eq!(at("target(creature,player"), Some((6, Unbalanced::Unclosed(b')'))));
        assert_eq!(at("a(b[c)]"), Some((5, Unbalanced::Stray(Some(b'[')))));
        assert_eq!(at("x)"), Some((1, Unbalanced::Stray(None))));
        assert_eq!(at("{T}:damage:1 target(creature[-flying])"), None);
        for text in ["target(creature,player", "a(b[c)]", "x)", "(a)", "", "{[()]}"] {
            assert_eq!(Piece::new(text, 0).balanced(), at(text).is_none(), "{text}");
        }
    }

    #[test]
    fn unbalanced_text_never_panics() {
        let piece = Piece::new("target((creature] && é{", 0);
        assert!(!piece.balanced());
        assert!(piece.words()[0].call("target").is_none());
        assert_eq!(piece.slice(40, 2).text, "");
    }
}
