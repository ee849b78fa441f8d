//! [`Session`]: checking and compiling many cards against one catalogue. It owns what is
//! reused from card to card (the interner with the catalogue's names, the arenas, the token
//! buffer) and runs the phases in order: lex, parse, check, then lower and generate.

use crate::ast::Interner;
use crate::ast::*;
use crate::catalogue_names::Names;
use crate::check::{check_card, drop_follow_on_errors};
use crate::lexer::{self, Token};
use crate::parser::{NameCache, Parser};
use crate::{Diagnostic, diagnostics};
use bumpalo::Bump;
use vm::bytecode::BundleBuilder;
use vm::catalogue::Catalogue;

/// Reusable state for checking and compiling many cards against one catalogue.
pub struct Session<'c> {
    front: FrontEnd<'c>,
    /// The trees of the cards being compiled.
    arena: Bump,
    /// The IR of the card being lowered and generated.
    ir_arena: Bump,
}

/// What lexing, parsing and checking reuse from card to card (apart from the tree's arena,
/// so that trees can borrow the arena while the front end is borrowed mutably).
struct FrontEnd<'c> {
    catalogue: &'c Catalogue,
    interner: Interner,
    names: Names,
    tokens: Vec<Token>,
    /// The symbols of names met before, kept from card to card.
    names_seen: NameCache,
}

/// One source file handed to [`Session::compile_files`].
#[derive(Debug, Clone, Copy)]
pub struct SourceFile<'f> {
    /// The card key (the file stem: `C001-ryu`).
    pub key: &'f str,
    /// The file's name, recorded in the debug section.
    pub file: &'f str,
    /// The text.
    pub source: &'f str,
}

/// A parsed card with its diagnostics (parse and check), borrowing the session.
pub struct Parsed<'s> {
    /// The tree.
    pub card: Card<'s>,
    /// Every diagnostic, in source order.
    pub diagnostics: Vec<Diagnostic>,
    /// Resolves the tree's symbols.
    pub interner: &'s Interner,
    /// The catalogue's names, by symbol.
    pub names: &'s Names,
}

impl<'c> Session<'c> {
    /// A session for cards written against `catalogue`.
    pub fn new(catalogue: &'c Catalogue) -> Session<'c> {
        let mut interner = Interner::with_hasher(rustc_hash::FxBuildHasher);
        let names = Names::new(catalogue, &mut interner);
        Session {
            front: FrontEnd { catalogue, interner, names, tokens: Vec::new(), names_seen: NameCache::default() },
            arena: Bump::new(),
            ir_arena: Bump::new(),
        }
    }

    /// The catalogue this session checks against.
    pub fn catalogue(&self) -> &'c Catalogue {
        self.front.catalogue
    }

    /// Checks one card's source bytes: UTF-8, syntax and names, in source order.
    pub fn check_bytes(&mut self, source: &[u8]) -> Vec<Diagnostic> {
        match std::str::from_utf8(source) {
            Ok(text) => self.check(text),
            Err(error) => vec![diagnostics::invalid_utf8(error.valid_up_to())],
        }
    }

    /// Checks one card as [`Session::compile_file`] would compile it (with the debug
    /// section), without keeping the code: syntax, names, and the limits of the format that
    /// only lowering and generating find (a card's code too long, too many registers).
    /// Returns every diagnostic in source order.
    pub fn check(&mut self, source: &str) -> Vec<Diagnostic> {
        self.arena.reset();
        let mut diagnostics = Vec::new();
        let card = self.front.parse_and_check(&self.arena, source, &mut diagnostics);
        let mut discarded = BundleBuilder::new(self.front.catalogue);
        let file = SourceFile { key: "card", file: "card.rules", source };
        self.front.generate(&mut self.ir_arena, &card, file, &mut discarded, &mut diagnostics);
        diagnostics
    }

    /// Compiles one card into `bundle` under `key` (the file stem), with `{key}.rules` as
    /// its file in the debug section. See [`Session::compile_file`].
    pub fn compile_card(&mut self, key: &str, source: &str, bundle: &mut BundleBuilder<'_>) -> Vec<Diagnostic> {
        self.compile_file(key, &format!("{key}.rules"), source, bundle)
    }

    /// Parses, checks, lowers and generates one card into `bundle` (which must be built for
    /// this session's catalogue); `file` is recorded in the debug section. Returns every
    /// diagnostic in source order; when one is an error, nothing is added to `bundle`.
    /// To compile many files, [`Session::compile_files`] is faster.
    pub fn compile_file(
        &mut self,
        key: &str,
        file: &str,
        source: &str,
        bundle: &mut BundleBuilder<'_>,
    ) -> Vec<Diagnostic> {
        self.arena.reset();
        let mut diagnostics = Vec::new();
        let card = self.front.parse_and_check(&self.arena, source, &mut diagnostics);
        self.front.generate(&mut self.ir_arena, &card, SourceFile { key, file, source }, bundle, &mut diagnostics);
        diagnostics
    }

    /// [`Session::compile_file`] for many files, in order, returning each file's
    /// diagnostics. Phase by phase: every file is parsed and checked (the trees kept in one
    /// arena) before any is lowered and generated.
    pub fn compile_files(&mut self, files: &[SourceFile<'_>], bundle: &mut BundleBuilder<'_>) -> Vec<Vec<Diagnostic>> {
        self.arena.reset();
        let mut all_diagnostics: Vec<Vec<Diagnostic>> = Vec::with_capacity(files.len());
        let mut cards = Vec::with_capacity(files.len());
        for file in files {
            let mut diagnostics = Vec::new();
            cards.push(self.front.parse_and_check(&self.arena, file.source, &mut diagnostics));
            all_diagnostics.push(diagnostics);
        }
        for ((file, card), diagnostics) in files.iter().zip(&cards).zip(&mut all_diagnostics) {
            self.front.generate(&mut self.ir_arena, card, *file, bundle, diagnostics);
        }
        all_diagnostics
    }

    /// Parses and checks one card, keeping the tree (valid until the next call). Unlike
    /// [`Session::check`], it does not look for the limits only code generation finds.
    pub fn parse(&mut self, source: &str) -> Parsed<'_> {
        self.arena.reset();
        let mut diagnostics = Vec::new();
        let card = self.front.parse_and_check(&self.arena, source, &mut diagnostics);
        Parsed { card, diagnostics, interner: &self.front.interner, names: &self.front.names }
    }
}

impl FrontEnd<'_> {
    /// Lexes, parses and checks `source` into a tree in `arena`, appending its diagnostics
    /// (sorted into source order).
    fn parse_and_check<'a>(&mut self, arena: &'a Bump, source: &str, diagnostics: &mut Vec<Diagnostic>) -> Card<'a> {
        lexer::tokenize(source, &mut self.tokens, diagnostics);
        let lexical_errors = diagnostics.len();
        let card = Parser::new(
            source,
            &self.tokens,
            arena,
            &mut self.interner,
            &mut self.names_seen,
            &self.names,
            diagnostics,
        )
        .parse_card();
        check_card(&card, self.catalogue, &self.names, source, diagnostics);
        drop_follow_on_errors(source, diagnostics, lexical_errors);
        diagnostics.sort_by_key(|diagnostic| (diagnostic.span.start, diagnostic.span.end));
        card
    }

    /// Lowers and generates a checked card into `bundle`, unless its diagnostics hold an
    /// error; lowering and codegen errors join the diagnostics in source order.
    fn generate(
        &self,
        ir_arena: &mut Bump,
        card: &Card<'_>,
        file: SourceFile<'_>,
        bundle: &mut BundleBuilder<'_>,
        diagnostics: &mut Vec<Diagnostic>,
    ) {
        if diagnostics.iter().any(|diagnostic| diagnostic.severity() == crate::Severity::Error) {
            return;
        }
        ir_arena.reset();
        let arena: &Bump = ir_arena;
        let result = crate::lower::lower_card(card, &self.interner, &self.names, self.catalogue, arena)
            .and_then(|card| crate::codegen::emit_card(&card, file.key, file.file, file.source, bundle, arena));
        if let Err(errors) = result {
            diagnostics.extend(errors);
            diagnostics.sort_by_key(|diagnostic| (diagnostic.span.start, diagnostic.span.end));
        }
    }
}
