//! Wagic target specs (`<2>other creature[-flying;power>=3]|opponentbattlefield`): read
//! into a [`Spec`], then lowered either to a bundle filter (`target(...)`, `all(...)`,
//! `lord(...)`: the cards are looked up in their zone) or to a test of one object (a
//! trigger's `@movedto(spec)`: the event's object is tested).

use bumpalo::Bump;
use compiler::ir::{BinaryOp, Expr, Filter, TypeAtom, TypeTerm};
use vm::bytecode::{
    AttributeIdx, CardTypeIdx, ComparableIdx, CompareOp, EntryIdx, FilterKeywordIdx, FunctionIdx, Qty, RankingIdx,
    SubtypeIdx, Term, TermKind, TypeOp, VariableIdx, ZoneIdx, ZonePrefixIdx, ZoneRef,
};

use super::Unsupported;
use super::piece::Piece;
use crate::catalogue::{self, CATALOGUE};

/// How many cards a spec picks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Count {
    /// No `<...>`: one.
    One,
    /// `<n>`.
    Exactly(u16),
    /// `<upto:n>`.
    UpTo(u16),
    /// `<anyamount>`.
    Any,
    /// `<prex>`, `<upto:castx>`: as many as the spec's computed value
    /// ([`Spec::computed`]), or up to it.
    Computed {
        /// `<upto:...>`.
        up_to: bool,
    },
}

/// A spec, read.
#[derive(Debug, Clone)]
pub struct Spec<'s> {
    /// `<...>`.
    pub count: Count,
    /// `other`: not the source.
    pub other: bool,
    /// The type words (`creature`, `*`, `player`, `Grizzly Bears`).
    pub types: Vec<Piece<'s>>,
    /// The `[...]` terms: alternatives (`;`) of conjunctions (`&`).
    pub terms: Vec<Vec<SpecTerm<'s>>>,
    /// `|zone`: the prefix and zone.
    pub zone: Option<(Option<usize>, usize)>,
    /// The word of a value computed as the spec is resolved (`prex`, `x`), which a
    /// [`Count::Computed`] and the [`TermTest::CompareComputed`] terms read: one per spec.
    pub computed: Option<Piece<'s>>,
    /// Where the spec is.
    pub span: Piece<'s>,
}

/// One term of `[...]`.
#[derive(Debug, Clone, Copy)]
pub struct SpecTerm<'s> {
    /// `-`.
    pub negated: bool,
    /// What it tests.
    pub test: TermTest<'s>,
}

/// What a spec term tests.
#[derive(Debug, Clone, Copy)]
pub enum TermTest<'s> {
    /// A keyword term (`tapped`), index in [`catalogue::FILTERS`].
    Keyword(usize),
    /// `power>=3`: index in [`catalogue::COMPARABLE_FILTERS`].
    Compare(usize, CompareOp, i32),
    /// `power<=prex`: a comparison with a value computed as the spec is resolved, the
    /// word written (the spec's [`Spec::computed`]).
    CompareComputed(usize, CompareOp, Piece<'s>),
    /// A type word (`[goblin]`).
    Type(Piece<'s>),
    /// `toughness=toughness:lowest:creature:mybattlefield`: the property (an index in
    /// [`catalogue::RANKING_FILTERS`]) is the lowest (`word` 0) or highest (1) among the
    /// cards of the pool written after it (`creature:mybattlefield`), which must be the
    /// spec's own: a ranking among its candidates.
    Rank { ranking: usize, word: u16, pool: Piece<'s> },
    /// A keyword term (an index in [`catalogue::FILTERS`]) that compares the card with
    /// the filter's source (`chosentype`, `share!name!`): the runtime reads the source
    /// where it resolves a filter, or a trigger's test (`hasterm`) runs; what the table
    /// reads itself (a restriction's count, a cost change's spec) refuses it.
    OfSource(usize),
}

/// The keyword terms that compare a card with the filter's source ([`TermTest::OfSource`]).
pub const SOURCE_TERMS: [&str; 4] = ["chosentype", "share!name!", "share!types!", "share!color!"];

/// Whether a spec's `[...]` compares its cards with the source ([`TermTest::OfSource`]).
pub fn reads_the_source(spec: &Spec<'_>) -> bool {
    spec.terms.iter().flatten().any(|term| matches!(term.test, TermTest::OfSource(_)))
}

/// Whether a spec reads a value computed as it is resolved ([`Spec::computed`]): the
/// runtime works it out where it resolves a filter; what the table reads itself (a
/// restriction's count, an Aura's target, a cost change's spec) refuses it.
pub fn reads_a_computed_value(spec: &Spec<'_>) -> bool {
    spec.computed.is_some()
}

/// Reads a spec.
pub fn read(piece: Piece<'_>) -> Result<Spec<'_>, Unsupported> {
    let piece = piece.trim();
    let mut rest = piece;
    let mut count = Count::One;
    let mut computed = None;
    if let Some(inner) = rest.strip_prefix("<") {
        let close = inner.text.find('>').ok_or_else(|| Unsupported::new(rest, "spec count without `>`"))?;
        let amount = inner.slice(0, close).trim();
        let (up_to, number) = match amount.strip_prefix("upto:") {
            Some(number) => (true, number.trim()),
            None => (false, amount),
        };
        count = if amount.text.eq_ignore_ascii_case("anyamount") {
            Count::Any
        } else if let Some(word) = computed_count(number)? {
            computed = Some(word);
            Count::Computed { up_to }
        } else if up_to {
            Count::UpTo(small_count(number)?)
        } else {
            Count::Exactly(small_count(number)?)
        };
        rest = inner.from(close + 1).trim();
    }
    let (body, zone) = match rest.find_top(b'|') {
        Some(bar) => (rest.slice(0, bar).trim(), Some(read_zone(rest.from(bar + 1).trim())?)),
        // A zone alone (`from(battlefield)`, `@movedto(mygraveyard)`) is any card there.
        None => match zone_of(rest.text) {
            Some(zone) => (Piece::new("*", rest.start), Some(zone)),
            None => (rest, None),
        },
    };
    let mut other = false;
    let mut types = Vec::new();
    let mut terms = Vec::new();
    let alternatives = body.split_top(",");
    if alternatives.len() > MAX_TYPES {
        return Err(Unsupported::new(body, &format!("spec with more than {MAX_TYPES} types")));
    }
    for (index, alternative) in alternatives.into_iter().enumerate() {
        let mut alternative = alternative.trim();
        if index == 0
            && let Some(after) = alternative.strip_prefix("other ")
        {
            other = true;
            alternative = after.trim();
        }
        let (word, bracket) = match alternative.find_top(b'[') {
            Some(open) => (alternative.slice(0, open).trim(), Some(alternative.from(open))),
            None => (alternative, None),
        };
        if word.text.is_empty() {
            return Err(Unsupported::new(alternative, "spec without a type"));
        }
        types.push(word);
        if let Some(bracket) = bracket {
            if !terms.is_empty() {
                return Err(Unsupported::new(bracket, "spec with `[...]` on more than one type"));
            }
            let inner = bracket.trim();
            if !inner.text.ends_with(']') {
                return Err(Unsupported::new(bracket, "spec text after `]`"));
            }
            terms = read_terms(inner.slice(1, inner.text.len() - 1))?;
        }
    }
    if types.len() > 1 && !terms.is_empty() {
        return Err(Unsupported::new(piece, "spec with `[...]` on more than one type"));
    }
    let computed_terms = terms.iter().flatten().filter_map(|term| match term.test {
        TermTest::CompareComputed(_, _, value) => Some(value),
        _ => None,
    });
    for value in computed_terms {
        match computed {
            Some(word) if !word.text.trim().eq_ignore_ascii_case(value.text.trim()) => {
                return Err(Unsupported::new(value, "spec with two different computed values"));
            }
            Some(_) => {}
            None => computed = Some(value),
        }
    }
    let spec = Spec { count, other, types, terms, zone, computed, span: piece };
    check_ranking(&spec)?;
    Ok(spec)
}

/// A count Wagic computes as the spell is cast (`prex`, `castx`, `upto:x`): the word, to
/// be lowered as an amount; `None` for a written number.
fn computed_count(piece: Piece<'_>) -> Result<Option<Piece<'_>>, Unsupported> {
    let text = piece.trim().text;
    if text.is_empty() || text.bytes().all(|byte| byte.is_ascii_digit()) {
        return Ok(None);
    }
    Ok(Some(piece.trim()))
}

/// The count of a spec's `<n>` or `<upto:n>`: a number from 1 (a word is a
/// [`Count::Computed`]).
fn small_count(piece: Piece<'_>) -> Result<u16, Unsupported> {
    let text = piece.trim().text;
    if let Some(count) = text.parse::<u16>().ok().filter(|&n| n > 0) {
        return Ok(count);
    }
    Err(Unsupported::new(piece, "spec count"))
}

/// `mybattlefield` → (`my`, `battlefield`); `myhand,mygraveyard` → (`my`, the zone group
/// `hand,graveyard`).
pub fn read_zone(piece: Piece<'_>) -> Result<(Option<usize>, usize), Unsupported> {
    if piece.find_top(b',').is_some() {
        return read_zones(piece);
    }
    read_one_zone(piece)
}

/// Several zones (`myhand,mygraveyard`), as Wagic's `TargetChooserFactory` reads them: each
/// zone with its own prefix; here they share one, and the zones are one of the zone groups
/// of [`catalogue::ZONES`].
fn read_zones(piece: Piece<'_>) -> Result<(Option<usize>, usize), Unsupported> {
    let mut prefix = None;
    let mut members: Vec<usize> = Vec::new();
    for (index, written) in piece.split_top(",").into_iter().enumerate() {
        let (zone_prefix, zone) = read_one_zone(written.trim())?;
        if index > 0 && zone_prefix != prefix {
            return Err(Unsupported::new(piece, "spec with several zones of different owners"));
        }
        prefix = zone_prefix;
        if !members.contains(&zone) {
            members.push(zone);
        }
    }
    members.sort_unstable();
    if let [zone] = members[..] {
        return Ok((prefix, zone));
    }
    let name = members.iter().map(|&zone| catalogue::ZONES[zone].name).collect::<Vec<_>>().join(",");
    match catalogue::ZONES.iter().position(|spec| spec.name == name) {
        Some(group) => Ok((prefix, group)),
        None => Err(Unsupported::new(piece, &format!("spec over the zones `{name}` together"))),
    }
}

fn read_one_zone(piece: Piece<'_>) -> Result<(Option<usize>, usize), Unsupported> {
    zone_of(piece.text).ok_or_else(|| {
        let written = piece.text.to_ascii_lowercase();
        Unsupported::new(piece, &format!("zone `{}`", quoted(&written))).with_help(zone_suggestion(&written))
    })
}

/// The prefix and zone `text` names (`mybattlefield`), if it names one (a zone group is
/// never written so: [`read_zones`] reads its zones one by one).
fn zone_of(text: &str) -> Option<(Option<usize>, usize)> {
    if text.contains(',') {
        return None;
    }
    let text = text.to_ascii_lowercase();
    let (prefix, zone) = [
        ("my", "my"),
        ("opponent", "opp"),
        ("owner", "owner"),
        ("targetcontroller", "targetcontroller"),
        ("targetedpersons", "targeted"),
    ]
    .iter()
    .find_map(|(written, name)| {
        text.strip_prefix(written).map(|zone| (catalogue::position(catalogue::ZONE_PREFIXES, name), zone))
    })
    .unwrap_or((None, text.as_str()));
    let zone = if zone == "inplay" { "battlefield" } else { zone };
    Some((prefix, catalogue::ZONES.iter().position(|spec| spec.name == zone)?))
}

/// `did you mean` for a zone that is none: `opp` written for Wagic's `opponent`, or the zone
/// (bare or with a prefix) closest to it.
fn zone_suggestion(written: &str) -> Option<String> {
    let zone_names = || catalogue::ZONES.iter().map(|zone| zone.name).chain(["inplay"]);
    if let Some(zone) = written.strip_prefix("opp").filter(|_| !written.starts_with("opponent"))
        && zone_names().any(|name| name == zone)
    {
        return Some(format!("did you mean `opponent{zone}`?"));
    }
    let known: Vec<String> = ["", "my", "opponent", "owner", "targetcontroller", "targetedpersons"]
        .iter()
        .flat_map(|prefix| zone_names().map(move |zone| format!("{prefix}{zone}")))
        .collect();
    super::did_you_mean(written, known.iter().map(String::as_str))
}

/// The most terms a spec's `[...]` may have (Wagic's longest has 5): each is one level of
/// the test a trigger compiles to, and the code generator recurses that deep.
pub const MAX_TERMS: usize = 16;

/// The most type words a spec may have (`creature,artifact,...`), for the same reason.
pub const MAX_TYPES: usize = 16;

fn read_terms(piece: Piece<'_>) -> Result<Vec<Vec<SpecTerm<'_>>>, Unsupported> {
    let has_or = piece.find_top(b';').is_some();
    let has_and = piece.find_top(b'&').is_some();
    if has_or && has_and {
        return Err(Unsupported::new(piece, "spec mixing `;` and `&`"));
    }
    let parts = if has_or { piece.split_top(";") } else { piece.split_top("&") };
    if parts.len() > MAX_TERMS {
        return Err(Unsupported::new(piece, &format!("spec with more than {MAX_TERMS} terms")));
    }
    let mut terms = Vec::new();
    for part in parts {
        let part = part.trim();
        let (negated, body) = match part.strip_prefix("-") {
            Some(body) => (true, body.trim()),
            None => (false, part),
        };
        let test = read_term(body)?;
        terms.push(SpecTerm { negated, test });
    }
    // Wagic's rule: a negated term makes every term of the brackets required
    // (`creature[-black;-artifact]` is neither black nor an artifact).
    let any_negated = terms.iter().any(|term| term.negated);
    if any_negated {
        return Ok(vec![terms]);
    }
    // Wagic's `;` (`CardDescriptor::match_or`) ors the type words, and the colours, of the
    // brackets; every other term (an ability, `tapped`, `power=1`) is still required:
    // `creature[power=1;toughness=1]` is a 1/1. `attacking` with `blocking` is either,
    // whatever joins them (`creature[attacking;blocking]`).
    let keyword = |term: &SpecTerm<'_>, names: &[&str]| {
        matches!(term.test, TermTest::Keyword(index)
            if catalogue::FILTERS.get(index).is_some_and(|filter| names.contains(&filter.name)))
    };
    let in_combat = |term: &SpecTerm<'_>| keyword(term, &["attacking", "blocking"]);
    let (mut combat, mut required): (Vec<_>, Vec<_>) = terms.into_iter().partition(in_combat);
    if combat.len() < 2 {
        required.append(&mut combat);
    }
    let (mut types, mut colours) = (Vec::new(), Vec::new());
    if has_or {
        let rest;
        (types, rest) = required.into_iter().partition(|term| matches!(term.test, TermTest::Type(_)));
        (colours, required) = rest.into_iter().partition(|term| keyword(term, &catalogue::COLOUR_NAMES));
    }
    let mut alternatives = vec![required];
    for group in [types, colours, combat].into_iter().filter(|group| !group.is_empty()) {
        alternatives = alternatives
            .iter()
            .flat_map(|required| group.iter().map(move |term| [required.as_slice(), &[*term]].concat()))
            .collect();
    }
    Ok(alternatives)
}

fn read_term(piece: Piece<'_>) -> Result<TermTest<'_>, Unsupported> {
    let text = piece.text;
    // Every term that begins so is Wagic's counter test: a named counter's comparable
    // (`counter{charge}`) is never written with an operator.
    if text.get(..8).is_some_and(|word| word.eq_ignore_ascii_case("counter{")) {
        return counter_term(piece);
    }
    if let Some(operator_at) = text.find(['<', '>', '=']) {
        // Wagic finds the property's name in the term, so `manacost <=X` reads as `manacost<=X`.
        let property = text[..operator_at].trim_end();
        let Some(index) = catalogue::position(catalogue::COMPARABLE_FILTERS, property) else {
            return Err(Unsupported::new(piece, &format!("spec term `{}`", leading_word(property))));
        };
        let (op, value_at) = match &text.as_bytes()[operator_at..] {
            [b'<', b'=', ..] => (CompareOp::Le, operator_at + 2),
            [b'>', b'=', ..] => (CompareOp::Ge, operator_at + 2),
            [b'=', ..] => (CompareOp::Eq, operator_at + 1),
            _ => {
                // `power>4`: Wagic compares with `>=`, `<=` and `=` only.
                let bound = text[operator_at + 1..].trim().parse::<i32>().ok();
                let help = match (text.as_bytes()[operator_at], bound) {
                    (b'>', Some(bound)) => format!("write `{property}>={}`", bound.saturating_add(1)),
                    (b'<', Some(bound)) => format!("write `{property}<={}`", bound.saturating_sub(1)),
                    _ => "Wagic compares with `>=`, `<=` or `=`".to_string(),
                };
                return Err(Unsupported::new(piece, "spec comparison without `=`").with_help(Some(help)));
            }
        };
        if let Some(rank) = ranking_term(piece, index, op, &text[value_at..]) {
            return rank;
        }
        let written = text[value_at..].trim();
        if let Ok(value) = written.parse::<i32>() {
            return Ok(TermTest::Compare(index, op, value));
        }
        // `power=>3` for `power>=3`.
        if let Some(bound) = written.strip_prefix(['>', '<']).filter(|_| op == CompareOp::Eq) {
            let operator = if written.starts_with('>') { ">=" } else { "<=" };
            let help = format!("write `{property}{operator}{}`", bound.trim());
            return Err(Unsupported::new(piece, "spec comparison with a computed value").with_help(Some(help)));
        }
        // A value Wagic computes (`prex`), lowered as an amount where the spec is.
        return Ok(TermTest::CompareComputed(index, op, piece.from(value_at).trim()));
    }
    let without_blanks: String = text.chars().filter(|c| !c.is_whitespace()).collect();
    let lower = without_blanks.to_ascii_lowercase();
    if SOURCE_TERMS.contains(&lower.as_str())
        && let Some(index) = catalogue::position(catalogue::FILTERS, &lower)
    {
        return Ok(TermTest::OfSource(index));
    }
    if let Some(index) = catalogue::position(catalogue::FILTERS, &without_blanks) {
        return Ok(TermTest::Keyword(index));
    }
    if text.bytes().all(|byte| byte.is_ascii_alphabetic() || byte == b' ' || byte == b'\'' || byte == b'-')
        && !text.is_empty()
        && type_atom_kind(text).is_some()
    {
        return Ok(TermTest::Type(piece));
    }
    // A typo of a state or ability the spec tests (`tappd`, `muliticolor`).
    let filters = catalogue::FILTERS.iter().map(|spec| spec.name);
    let help = if super::vocabulary::SPEC_TERMS.contains(&leading_word(text).as_str()) {
        None
    } else {
        super::did_you_mean(&without_blanks, filters)
    };
    Err(Unsupported::new(piece, &format!("spec term `{}`", leading_word(text))).with_help(help))
}

/// The leading run of letters of `text`, lower-cased (how a construct is named in tallies);
/// with none, its first 12 characters, `…` when cut.
pub fn leading_word(text: &str) -> String {
    let word: String = text.chars().take_while(|c| c.is_ascii_alphabetic()).collect();
    if !word.is_empty() {
        return quoted(&word);
    }
    // No letters first (`{B}:regenerate`): its first characters, marked as cut (a message
    // quoting `{B}:regenera` read as the card's typo).
    let mut start: String = text.chars().take(LEADING_CHARS).collect();
    if start.len() < text.len() {
        start.push('…');
    }
    start
}

/// The most characters [`leading_word`] gives of a construct that starts with no letter.
const LEADING_CHARS: usize = 12;

/// The most characters of the file a construct's name quotes: a key or zone of
/// megabytes is named by its start.
const MAX_QUOTED_CHARS: usize = 40;

/// `text` lower-cased, cut to its first 40 characters (then `...`): how a word of the file
/// is quoted in a construct's name.
pub fn quoted(text: &str) -> String {
    match text.char_indices().nth(MAX_QUOTED_CHARS) {
        Some((at, _)) => format!("{}...", text[..at].to_ascii_lowercase()),
        None => text.to_ascii_lowercase(),
    }
}

/// What a type word is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TypeKind {
    /// A card type.
    CardType(usize),
    /// A subtype.
    Subtype(usize),
}

/// A type word as a card type or subtype, if it is one.
pub fn type_atom_kind(word: &str) -> Option<TypeKind> {
    let lower = word.to_ascii_lowercase();
    let singular = lower.strip_suffix('s').unwrap_or(&lower);
    if let Some(index) = catalogue::position(catalogue::CARD_TYPES, &lower) {
        return Some(TypeKind::CardType(index));
    }
    if let Some(index) = CATALOGUE.subtypes.iter().position(|subtype| *subtype == lower || *subtype == singular) {
        return Some(TypeKind::Subtype(index));
    }
    None
}

/// `did you mean` for a lower-case spec word a typo away from a card type or subtype: such
/// a word would be read as a card's name, which Wagic writes as printed (`Grizzly Bears`).
pub fn misspelt_type(word: &str) -> Option<String> {
    if word.bytes().any(|byte| !byte.is_ascii_lowercase()) {
        return None;
    }
    let known = catalogue::CARD_TYPES.iter().map(|spec| spec.name).chain(CATALOGUE.subtypes.iter().copied());
    compiler::diagnostics::suggest(word, known.chain(["player", "this", "controller", "opponent"]))
}

/// Builds IR for specs in the card's arena.
pub struct SpecLowering<'i> {
    /// The card's IR arena.
    pub arena: &'i Bump,
    /// What Wagic's `mytgt` of a trigger is on this card: the catalogue variable of the
    /// permanent an Aura or an Equipment is attached to, or was as the move that ended
    /// the attachment triggers (`lastattached`), or none (refused: not the card's name).
    pub mytgt: Option<&'static str>,
}

impl<'i> SpecLowering<'i> {
    /// The spec as a bundle filter: `all` picks every match, otherwise the count is
    /// chosen. A spec reading a computed value is refused: only a target's or `all(...)`'s
    /// spec lowers it (`Lowering::spec_filter`, `computed.rs`).
    pub fn filter(&self, spec: &Spec<'_>, all: bool) -> Result<&'i Filter<'i>, Unsupported> {
        if let Some(word) = spec.computed {
            let construct = if matches!(spec.count, Count::Computed { .. }) {
                "spec count of a computed value (`<prex>`) other than a target's"
            } else {
                "spec comparison with a computed value (`power<=x`) other than a target's or `all(...)`'s"
            };
            return Err(Unsupported::new(word, construct));
        }
        self.filter_computing(spec, all, None)
    }

    /// [`SpecLowering::filter`] of a spec whose computed value ([`Spec::computed`]), if
    /// it has one, is `computed`, lowered.
    pub fn filter_computing(
        &self,
        spec: &Spec<'_>,
        all: bool,
        computed: Option<Expr<'i>>,
    ) -> Result<&'i Filter<'i>, Unsupported> {
        // The entries are placeholders: code generation gives them the filter's computed
        // value's (`compiler::ir::Filter::computed`).
        let placeholder = EntryIdx::new(0);
        let qty = match (all, spec.count) {
            (true, Count::One) => None,
            (true, _) => return Err(Unsupported::new(spec.span, "spec count in `all(...)`")),
            (false, Count::One) => Some(Qty::Exact(1)),
            (false, Count::Exactly(n)) => Some(Qty::Exact(n)),
            (false, Count::UpTo(n)) => Some(Qty::Range { min: 0, max: n }),
            (false, Count::Any) => Some(Qty::All),
            (false, Count::Computed { up_to }) => Some(Qty::Computed { value: placeholder, up_to }),
        };
        let mut types = Vec::with_capacity(spec.types.len());
        for word in &spec.types {
            let atom = self.type_atom(*word, all)?;
            types.push(TypeTerm { exclude_source: spec.other, negate: false, plural: all, atom });
        }
        let terms: Vec<&'i [Term]> = spec
            .terms
            .iter()
            .map(|conjunction| {
                let terms: Vec<Term> = conjunction.iter().map(|term| bundle_term(*term)).collect();
                &*self.arena.alloc_slice_copy(&terms)
            })
            .collect();
        let (prefix, zone) = spec.zone.unwrap_or((None, 0));
        Ok(self.arena.alloc(Filter {
            qty,
            types: self.arena.alloc_slice_copy(&types),
            type_op: TypeOp::Union,
            pick: None,
            terms: self.arena.alloc_slice_copy(&terms),
            zone: ZoneRef { prefix: prefix.map(ZonePrefixIdx::new), zone: ZoneIdx::new(zone) },
            selector: None,
            computed: computed.map(|value| &*self.arena.alloc(value)),
            span: spec.span.span(),
        }))
    }

    fn type_atom(&self, word: Piece<'_>, all: bool) -> Result<TypeAtom<'i>, Unsupported> {
        let lower = word.text.to_ascii_lowercase();
        Ok(match lower.as_str() {
            "*" => TypeAtom::Any,
            "player" if all => TypeAtom::Players,
            "player" => TypeAtom::Player,
            "this" => TypeAtom::This,
            // Wagic's `mytgt` is the card's target, not a card named so.
            "mytgt" => return Err(Unsupported::new(word, "spec `mytgt` in a filter")),
            "controller" => TypeAtom::Me,
            "opponent" => TypeAtom::Opp,
            _ => match type_atom_kind(&lower) {
                Some(TypeKind::CardType(index)) => TypeAtom::CardType(CardTypeIdx::new(index)),
                Some(TypeKind::Subtype(index)) => TypeAtom::Subtype(SubtypeIdx::new(index)),
                None => {
                    if !word.text.bytes().all(|b| b.is_ascii_alphanumeric() || b" ',-".contains(&b)) {
                        return Err(Unsupported::new(word, &format!("spec type `{}`", leading_word(word.text))));
                    }
                    // Any other word is a card's name (`Grizzly Bears`), as in Wagic; one in
                    // lower case a typo away from a type (`creatrue`), or from a zone alone
                    // (`from(battlefeld)`), would silently match no card.
                    let lower_case = word.text.bytes().all(|byte| byte.is_ascii_lowercase());
                    let misspelt_zone = || if lower_case { zone_suggestion(word.text) } else { None };
                    if let Some(help) = misspelt_type(word.text).or_else(misspelt_zone) {
                        return Err(Unsupported::new(word, &format!("spec type `{lower}`")).with_help(Some(help)));
                    }
                    TypeAtom::Name(self.arena.alloc_str(word.text))
                }
            },
        })
    }

    /// The spec as a test of the object `object` (a trigger's spec). `zone_test` is
    /// `inzone` for where the object is, `fromzone` for where it came from.
    pub fn predicate(
        &self,
        spec: &Spec<'_>,
        object: Expr<'i>,
        zone_test: &'static str,
    ) -> Result<Option<Expr<'i>>, Unsupported> {
        if spec.count != Count::One {
            return Err(Unsupported::new(spec.span, "spec count in a trigger"));
        }
        if let Some(word) = spec.computed {
            return Err(Unsupported::new(
                word,
                "spec comparison with a computed value in a test of one card (a trigger's, `teach(...)`'s)",
            ));
        }
        if spec.terms.iter().flatten().any(|term| matches!(term.test, TermTest::Rank { .. })) {
            return Err(Unsupported::new(spec.span, "spec comparison with the lowest or highest in a trigger"));
        }
        let mut conjuncts: Vec<Expr<'i>> = Vec::new();
        let mut alternatives: Vec<Expr<'i>> = Vec::new();
        for word in &spec.types {
            let lower = word.text.to_ascii_lowercase();
            let test = match lower.as_str() {
                "*" => None,
                "this" => Some(Expr::Binary(
                    BinaryOp::Compare(CompareOp::Eq),
                    self.arena.alloc(object),
                    self.arena.alloc(Expr::Var(variable("this"))),
                )),
                "player" => Some(self.call("isplayer", &[object])),
                // Wagic's `CardTargetChooser` of `card->target`, which follows the card
                // through its moves: the last known attachment sees the move that ends it
                // (`@movedto(mytgt|graveyard)`, `from(mytgt|battlefield)`).
                "mytgt" => match self.mytgt {
                    Some(name) => Some(Expr::Binary(
                        BinaryOp::Compare(CompareOp::Eq),
                        self.arena.alloc(object),
                        self.arena.alloc(Expr::Var(variable(name))),
                    )),
                    None => {
                        return Err(Unsupported::new(
                            *word,
                            "spec `mytgt` (the card's target) outside an Aura's or an Equipment's trigger",
                        ));
                    }
                },
                _ => {
                    self.type_atom(*word, false)?;
                    Some(self.call("istype", &[object, Expr::Str(self.arena.alloc_str(&lower))]))
                }
            };
            match test {
                Some(test) => alternatives.push(test),
                None => {
                    alternatives.clear();
                    break;
                }
            }
        }
        if let Some(any) = self.any(alternatives) {
            conjuncts.push(any);
        }
        if spec.other {
            conjuncts.push(Expr::Binary(
                BinaryOp::Compare(CompareOp::Ne),
                self.arena.alloc(object),
                self.arena.alloc(Expr::Var(variable("this"))),
            ));
        }
        let mut alternatives = Vec::new();
        for conjunction in &spec.terms {
            let tests: Vec<Expr<'i>> = conjunction.iter().map(|term| self.term_test(*term, object)).collect();
            alternatives.extend(self.all(tests));
        }
        conjuncts.extend(self.any(alternatives));
        if let Some((prefix, zone)) = spec.zone {
            let prefix_name = prefix.map_or("", |index| catalogue::ZONE_PREFIXES[index].name);
            if ["owner", "targetcontroller", "targeted"].contains(&prefix_name) {
                let written = if prefix_name == "targeted" { "targetedpersons" } else { prefix_name };
                return Err(Unsupported::new(spec.span, &format!("zone prefix `{written}` in a trigger")));
            }
            if catalogue::zone_members(zone).len() > 1 {
                return Err(Unsupported::new(spec.span, "spec with several zones in a trigger"));
            }
            conjuncts
                .push(self.call(zone_test, &[object, Expr::Str(catalogue::ZONES[zone].name), Expr::Str(prefix_name)]));
        }
        Ok(self.all(conjuncts))
    }

    fn term_test(&self, term: SpecTerm<'_>, object: Expr<'i>) -> Expr<'i> {
        let test = match term.test {
            // `hasterm` reads a term of the source against the execution's source: the
            // card whose trigger (a lord's entering one) it is.
            TermTest::Keyword(index) | TermTest::OfSource(index) => {
                self.call("hasterm", &[object, Expr::Str(catalogue::FILTERS[index].name)])
            }
            TermTest::Compare(index, op, value) => {
                let name = catalogue::COMPARABLE_FILTERS[index].name;
                let property = match catalogue::counter_name(name) {
                    Some(counter) => self.call("counters", &[object, Expr::Str(self.arena.alloc_str(counter))]),
                    None => Expr::Attr(self.arena.alloc(object), attribute(name)),
                };
                Expr::Binary(BinaryOp::Compare(op), self.arena.alloc(property), self.arena.alloc(Expr::Int(value)))
            }
            TermTest::Type(word) => {
                self.call("istype", &[object, Expr::Str(self.arena.alloc_str(&word.text.to_ascii_lowercase()))])
            }
            // Refused by `predicate` before its terms are lowered.
            TermTest::Rank { .. } | TermTest::CompareComputed(..) => Expr::Bool(false),
        };
        if term.negated { Expr::Not(self.arena.alloc(test)) } else { test }
    }

    /// A call of the catalogue function `name`.
    pub(crate) fn call(&self, name: &str, args: &[Expr<'i>]) -> Expr<'i> {
        let index = CATALOGUE.functions.iter().position(|function| function.name == name).unwrap_or(0);
        Expr::Call(FunctionIdx::new(index), self.arena.alloc_slice_copy(args))
    }

    fn all(&self, tests: Vec<Expr<'i>>) -> Option<Expr<'i>> {
        tests.into_iter().reduce(|left, right| Expr::And(self.arena.alloc(left), self.arena.alloc(right)))
    }

    fn any(&self, tests: Vec<Expr<'i>>) -> Option<Expr<'i>> {
        tests.into_iter().reduce(|left, right| Expr::Or(self.arena.alloc(left), self.arena.alloc(right)))
    }
}

/// The bundle term for a spec term.
fn bundle_term(term: SpecTerm<'_>) -> Term {
    let kind = match term.test {
        TermTest::Keyword(index) | TermTest::OfSource(index) => TermKind::Keyword(FilterKeywordIdx::new(index)),
        TermTest::Compare(index, op, value) => TermKind::Compare { property: ComparableIdx::new(index), op, value },
        TermTest::Rank { ranking, word, .. } => TermKind::Rank { ranking: RankingIdx::new(ranking), word },
        // The entry is a placeholder, as a computed quantity's (`filter_computing`).
        TermTest::CompareComputed(index, op, _) => {
            TermKind::CompareComputed { property: ComparableIdx::new(index), op, value: EntryIdx::new(0) }
        }
        TermTest::Type(word) => match type_atom_kind(word.text) {
            Some(TypeKind::CardType(index)) => TermKind::CardType(CardTypeIdx::new(index)),
            Some(TypeKind::Subtype(index)) => TermKind::Subtype(SubtypeIdx::new(index)),
            // read_term keeps only words that are types.
            None => TermKind::CardType(CardTypeIdx::new(0)),
        },
    };
    Term { negated: term.negated, kind }
}

/// The catalogue variable `name` (one of [`catalogue::VARIABLES`]).
pub fn variable(name: &str) -> VariableIdx {
    VariableIdx::new(catalogue::position(catalogue::VARIABLES, name).unwrap_or(0))
}

/// The catalogue attribute `name` (one of [`catalogue::ATTRIBUTES`]).
pub fn attribute(name: &str) -> AttributeIdx {
    AttributeIdx::new(catalogue::position(catalogue::ATTRIBUTES, name).unwrap_or(0))
}

/// `counter{0/0.n.name}` (Wagic's `CardDescriptor` counter test): at least n counters of
/// that name, n at least 1 (Wagic matches no card without the counter, whatever n says);
/// `counter{1/1.n}` and `counter{-1/-1.n}`, at least n +1/+1 or -1/-1 counters (n is 1
/// when not written); `-counter{...}`, its negation, is fewer than n. `counter{any}`: a
/// counter of any kind.
fn counter_term(piece: Piece<'_>) -> Result<TermTest<'_>, Unsupported> {
    let construct = "spec term `counter{...}` other than `counter{any}`, `counter{0/0.n.name}`, `counter{1/1.n}` or \
                     `counter{-1/-1.n}` with n of 1 or more";
    let refused = || Unsupported::new(piece, construct);
    let inner = piece.text[8..].strip_suffix('}').ok_or_else(refused)?;
    if inner.eq_ignore_ascii_case("any") {
        return catalogue::position(catalogue::FILTERS, "counter{any}").map(TermTest::Keyword).ok_or_else(refused);
    }
    let parts = super::counters::counter_parts(inner);
    let (pt, at_least, name) = match parts.as_slice() {
        [pt] => (*pt, "1", ""),
        [pt, at_least] => (*pt, *at_least, ""),
        [pt, at_least, name] => (*pt, *at_least, *name),
        _ => return Err(refused()),
    };
    let at_least: i32 = at_least.parse().map_err(|_| refused())?;
    if at_least < 1 {
        return Err(refused());
    }
    let comparable = match (pt, name) {
        ("0/0", name) if !name.is_empty() => format!("counter{{{}}}", name.to_ascii_lowercase()),
        ("1/1" | "-1/-1", "") => format!("counter{{{pt}}}"),
        _ => return Err(refused()),
    };
    let index = catalogue::position(catalogue::COMPARABLE_FILTERS, &comparable)
        .ok_or_else(|| Unsupported::new(piece, &format!("counters named `{}` in a spec", leading_word(name))))?;
    Ok(TermTest::Compare(index, CompareOp::Ge, at_least))
}

/// `property=property:lowest|highest:spec:zone` (Wagic's `WParsedInt` of `power:`,
/// `toughness:`, `convertedcost:`, with `pwr:` and `ths:`) after the comparison's `=` of
/// the comparable `index`: a [`TermTest::Rank`]; `None` when the value is none of those.
/// Another comparison than `=`, or of another property, is refused.
fn ranking_term<'s>(
    piece: Piece<'s>,
    index: usize,
    op: CompareOp,
    value: &str,
) -> Option<Result<TermTest<'s>, Unsupported>> {
    let lower = value.trim().to_ascii_lowercase();
    let (ranked, rest) = lower.split_once(':')?;
    let ranked = match ranked {
        "power" | "pwr" => "power",
        "toughness" | "ths" => "toughness",
        "convertedcost" => "manacost",
        _ => return None,
    };
    let (word, _) = rest.split_once(':')?;
    let word = match word {
        "lowest" => 0,
        "highest" => 1,
        _ => return None,
    };
    let refused = || Some(Err(Unsupported::new(piece, "spec comparison with a computed value")));
    if op != CompareOp::Eq || catalogue::COMPARABLE_FILTERS[index].name != ranked {
        return refused();
    }
    let ranking = catalogue::RANKING_FILTERS.iter().position(|spec| spec.name == ranked)?;
    // The pool, where it is in the file: after `property:word:`.
    let pool_at = piece.text.len() - value.trim_start().len() + value.trim_start().find(':')? + word_len(word) + 2;
    Some(Ok(TermTest::Rank { ranking, word, pool: piece.from(pool_at).trim() }))
}

/// The length of the ranking word `word` (0 `lowest`, 1 `highest`).
fn word_len(word: u16) -> usize {
    if word == 0 { "lowest".len() } else { "highest".len() }
}

/// Refuses a [`TermTest::Rank`] whose pool is not the spec's own candidates: Wagic
/// compares with the lowest or highest of the pool, which is a ranking among the
/// candidates only when the spec is one type word (not `other`), the ranking its only
/// term, and the pool that type word in the same zone.
fn check_ranking(spec: &Spec<'_>) -> Result<(), Unsupported> {
    let mut ranks = spec.terms.iter().flatten().filter_map(|term| match term.test {
        TermTest::Rank { pool, .. } => Some((term.negated, pool)),
        _ => None,
    });
    let Some((negated, pool)) = ranks.next() else { return Ok(()) };
    let refused = || Unsupported::new(pool, "spec comparison with the lowest or highest of other cards than its own");
    let only_term = spec.terms.len() == 1 && spec.terms[0].len() == 1;
    let [word] = spec.types.as_slice() else { return Err(refused()) };
    if negated || !only_term || spec.other {
        return Err(refused());
    }
    let colon = pool.text.rfind(':').ok_or_else(refused)?;
    let (pool_type, pool_zone) = (pool.slice(0, colon).trim(), pool.from(colon + 1).trim());
    let own_zone = spec.zone.unwrap_or((None, 0));
    if !pool_type.text.eq_ignore_ascii_case(word.text) || read_zone(pool_zone).ok() != Some(own_zone) {
        return Err(refused());
    }
    Ok(())
}
