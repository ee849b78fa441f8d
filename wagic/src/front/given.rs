//! `ability$!effect!$ controller` (Wagic's `ATargetedAbilityCreator`): the named player
//! casts a card-less spell whose text is `effect`, at once, choosing its targets; its
//! `my` zones are that player's. Given to the card's controller, that is the card's own
//! effect, so it is compiled as the effect itself where nothing tells the two sources apart:
//! no damage (whose source is the spell, not the card), no `this` (the spell, not the
//! card), no `stored` card (the spell's), and one line (`_` separates lines of the spell).
//! Given to another player (`opponent`, `targetedplayer`: the player the card targeted),
//! that player chooses the targets and `my` zones are theirs: an effect of that player's
//! own choosing. Compiled: a discard of n cards from their hand
//! (`target(<n>*|myhand) reject`, `notatarget` alike), which is the catalogue's
//! `discardchosen:n` of that player (each target player discards n cards of their choice);
//! and n of their own cards a spec matches, sacrificed, destroyed or moved
//! (`notatarget(<n>creature|mybattlefield) sacrifice`, `destroy`, `bury`,
//! `target(*|mygraveyard) moveto(exile)`), the catalogue's `movechosen` (each target player
//! chooses theirs); `draw:n` and `life:n` on that player; and lines of these joined by `_`
//! (the spell's lines, resolved in turn: a looter's draw, then discard), a statement each.
//! Others are refused by name.

use compiler::ir::{Expr, Statement, Target};
use vm::bytecode::{ZoneIdx, ZonePrefixIdx, ZoneRef};

use super::piece::Piece;
use super::spec::{self, Count, Spec};
use super::statement::Wrapper;
use super::{Lowering, Unsupported};
use crate::catalogue;

/// Words of the effect whose meaning changes with its source.
const SOURCE_WORDS: &[&str] = &["damage", "this", "stored", "_"];

/// The catalogue's `discardchosen:n` for each count Wagic's cards write (`<n>`), n from 1.
const DISCARDS: [&str; 7] = [
    "discardchosen:1",
    "discardchosen:2",
    "discardchosen:3",
    "discardchosen:4",
    "discardchosen:5",
    "discardchosen:6",
    "discardchosen:7",
];

/// What `ability$!effect!$ player` is given to someone other than the card's controller.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum Receiver {
    /// `opponent`: the controller's opponent.
    Opponent,
    /// `targetedplayer`: the player the card's ability (or spell) targeted.
    TargetedPlayer,
}

/// The form `ability$!effect!$ player`, when `piece` is that whole form.
pub(super) enum Given<'s> {
    /// Given to the controller: the effect itself.
    Controller(Piece<'s>),
    /// Given to another player: the catalogue's effect doing what that player's
    /// choosing would, with no target; `after`, the words after the player
    /// (`asSorcery`); `at` is the whole form.
    /// `effects`: one per line of the spell (`_` between them), resolved in turn.
    Player { effects: Vec<PlayersEffect<'s>>, receiver: Receiver, after: Piece<'s>, at: Piece<'s> },
}

/// What a player other than the controller is given to do, of their own choosing.
pub(super) enum PlayersEffect<'s> {
    /// The catalogue's effect as text: `discardchosen:n`.
    Discard(Piece<'static>),
    /// An effect on the player alone, choosing nothing, as written: `draw:n`, `life:n`,
    /// `deplete:n` (n a whole number).
    Plain(Piece<'s>),
    /// The catalogue's `movechosen`: `count` of their own cards `among` matches (its count
    /// and zone left out: the zone is searched for the player's cards as it resolves), put
    /// into `zone`; `at`, the effect written.
    /// `how`: the index in [`catalogue::CHOSEN_MOVES`] (moved, destroyed, buried).
    Move { count: u16, among: Spec<'s>, zone: (Option<usize>, usize), how: usize, at: Piece<'s> },
}

/// The word naming `receiver`.
pub(super) fn receiver_word(receiver: Receiver) -> &'static str {
    match receiver {
        Receiver::Opponent => "opponent",
        Receiver::TargetedPlayer => "targetedplayer",
    }
}

/// `ability$!effect!$ player` when `piece` is that whole form; `None` when `piece` does not
/// start with `ability$!`.
pub(super) fn given_ability(piece: Piece<'_>) -> Result<Option<Given<'_>>, Unsupported> {
    let piece = piece.trim();
    let Some(rest) = piece.strip_prefix("ability$!") else { return Ok(None) };
    let Some(end) = rest.text.find("!$") else {
        return Err(Unsupported::new(piece, "`ability$!` without its closing `!$`"));
    };
    let inner = rest.slice(0, end).trim();
    let receiver = rest.from(end + 2).trim();
    // The words after the player (`asSorcery`, `myTurnOnly`, `>6`) are the line's.
    let player = receiver.words().first().copied().unwrap_or(receiver);
    let after = receiver.from(player.text.len()).trim();
    let other = if player.text.eq_ignore_ascii_case("opponent") {
        Some(Receiver::Opponent)
    } else if player.text.eq_ignore_ascii_case("targetedplayer") {
        Some(Receiver::TargetedPlayer)
    } else {
        None
    };
    if let Some(receiver_kind) = other {
        let word = receiver_word(receiver_kind);
        // `_` separates the lines of the spell the player is given, resolved in turn (a
        // looter's `draw:1 _ choice target(*|myhand) reject`); one `choice` line alone is
        // taken, as Wagic's menu of one mode is; several are modes, which are refused.
        let lines = without_name(inner).split_top("_");
        let choices = lines.iter().filter(|line| lines_choice(line.trim())).count();
        if lines.len() > 1 && choices > 1 {
            return Err(Unsupported::new(inner, &format!("`ability$!...!$` given to `{word}` with modes (`choice`)")));
        }
        let mut effects = Vec::with_capacity(lines.len());
        for line in lines {
            let mut line = line.trim();
            if lines_choice(line) {
                line = line.from("choice".len()).trim();
            }
            effects.push(players_effect(without_name(line), word)?.ok_or_else(|| {
                Unsupported::new(
                    inner,
                    &format!(
                        "`ability$!...!$` given to `{word}` other than a discard, a sacrifice, a move, a draw or life"
                    ),
                )
                .with_help(Some(
                    "`ability$!target(<n>*|myhand) reject!$ opponent` (or `targetedplayer`) compiles, and \
                     `notatarget(<n>spec|myzone) sacrifice`, `moveto(zone)`, `draw:n` or `life:n` in its place"
                        .into(),
                ))
            })?);
        }
        return Ok(Some(Given::Player { effects, receiver: receiver_kind, after, at: piece }));
    }
    if !receiver.text.eq_ignore_ascii_case("controller") {
        let word = receiver.text.split_whitespace().next().unwrap_or("").to_ascii_lowercase();
        return Err(Unsupported::new(receiver, &format!("`ability$!...!$` given to `{word}`"))
            .with_help(Some("`ability$!effect!$ controller` alone on its line compiles".into())));
    }
    let lower = inner.text.to_ascii_lowercase();
    if let Some(word) = SOURCE_WORDS.iter().find(|word| lower.contains(**word)) {
        return Err(Unsupported::new(inner, &format!("`ability$!...!$` with `{word}`")));
    }
    Ok(Some(Given::Controller(inner)))
}

/// The catalogue's `discardchosen:n` when `inner` is a discard of n cards from its player's hand
/// (`target(<n>*|myhand) reject`, `notatarget`, in either order): Wagic's chooser of n
/// targets of `*|myhand` is that player, who discards them.
pub(super) fn players_discard(inner: Piece<'_>) -> Option<Piece<'static>> {
    let words = inner.words();
    let [first, second] = words.as_slice() else { return None };
    let (clause, reject) =
        if first.text.eq_ignore_ascii_case("reject") { (*second, *first) } else { (*first, *second) };
    if !reject.text.eq_ignore_ascii_case("reject") {
        return None;
    }
    let (args, after) = clause.call("target").or_else(|| clause.call("notatarget"))?;
    if !after.text.is_empty() {
        return None;
    }
    let spec = args.trim().text.to_ascii_lowercase();
    let count = match spec.strip_prefix('<') {
        None => 1,
        Some(rest) => {
            let (number, after) = rest.split_once('>')?;
            if after != "*|myhand" {
                return None;
            }
            number.parse::<usize>().ok()?
        }
    };
    if count == 1 && spec != "*|myhand" && spec != "<1>*|myhand" {
        return None;
    }
    let effect = DISCARDS.get(count.checked_sub(1)?)?;
    Some(Piece::new(effect, inner.start))
}

/// Whether `line` starts with the word `choice`.
fn lines_choice(line: Piece<'_>) -> bool {
    line.words().first().is_some_and(|first| first.text.eq_ignore_ascii_case("choice"))
}

/// What `inner` makes the player do, when it is one of the effects compiled: a discard, a
/// sacrifice, a destruction or a move of their own cards, or a plain effect on them.
fn players_effect<'s>(inner: Piece<'s>, word: &str) -> Result<Option<PlayersEffect<'s>>, Unsupported> {
    if let Some(discard) = players_discard(inner) {
        return Ok(Some(PlayersEffect::Discard(discard)));
    }
    if let Some(plain) = plain_effect(inner) {
        return Ok(Some(PlayersEffect::Plain(plain)));
    }
    players_move(inner, word)
}

/// `inner` when it is one word, `draw:n`, `life:n` or `deplete:n` with a whole number: an
/// effect on the player that names no zone and no other player, the same whoever is given it.
fn plain_effect(inner: Piece<'_>) -> Option<Piece<'_>> {
    let [only] = inner.words()[..] else { return None };
    let lower = only.text.to_ascii_lowercase();
    let amount = ["draw:", "life:", "deplete:"].iter().find_map(|prefix| lower.strip_prefix(prefix))?;
    let digits = amount.strip_prefix('-').unwrap_or(amount);
    (!digits.is_empty() && digits.len() <= 4 && digits.bytes().all(|byte| byte.is_ascii_digit())).then_some(only)
}

/// The catalogue's `movechosen` when `inner` is n of the player's own cards a spec matches,
/// sacrificed, destroyed or moved: `notatarget(<n>spec|myzone)` (or `target(...)`, in either
/// order) with `sacrifice`, `destroy` or `bury` (from `mybattlefield`) or `moveto(zone)`
/// (from `mybattlefield`, `myhand`, `mygraveyard`; to a hand, a library, a graveyard or
/// exile). Wagic's chooser of those targets is that player, who takes n of theirs; the
/// printed texts target none of the cards ("target player sacrifices a creature"), so
/// `target` is read as `notatarget`. `None` for another shape; a variant of the shape is
/// refused by name.
fn players_move<'s>(inner: Piece<'s>, word: &str) -> Result<Option<PlayersEffect<'s>>, Unsupported> {
    let words = inner.words();
    let [first, second] = words.as_slice() else { return Ok(None) };
    let clause = |piece: Piece<'s>| {
        piece.call("notatarget").or_else(|| piece.call("target")).filter(|(_, after)| after.text.is_empty())
    };
    let ((args, _), action) = match (clause(*first), clause(*second)) {
        (Some(found), None) => (found, *second),
        (None, Some(found)) => (found, *first),
        _ => return Ok(None),
    };
    let named = |what: &str| Unsupported::new(inner, &format!("`ability$!...!$` given to `{word}`: {what}"));
    let destroyed = ["destroy", "bury"].iter().find(|word| action.text.eq_ignore_ascii_case(word));
    let how = destroyed.and_then(|word| catalogue::position(catalogue::CHOSEN_MOVES, word)).unwrap_or(0);
    let (prefix, zone) = if action.text.eq_ignore_ascii_case("sacrifice") || destroyed.is_some() {
        (catalogue::position(catalogue::ZONE_PREFIXES, "owner"), zone_index("graveyard"))
    } else if let Some((to, after)) = action.call("moveto")
        && after.text.is_empty()
    {
        let (prefix, zone) = spec::read_zone(to.trim())?;
        let prefix = prefix.map(|prefix| catalogue::ZONE_PREFIXES[prefix].name);
        if !matches!(prefix, None | Some("my" | "owner")) {
            return Err(named("a move into another player's zone"));
        }
        if ![zone_index("hand"), zone_index("graveyard"), zone_index("library"), zone_index("exile")].contains(&zone) {
            // A card put onto the battlefield is most often the player's `may` in the
            // printed text (Hunted Wumpus, Show and Tell), which a chosen move is not.
            return Err(named(&format!("a move to `{}`", catalogue::ZONES[zone].name)));
        }
        // The cards are the player's own: their owner's zone is the player's `my` one.
        (catalogue::position(catalogue::ZONE_PREFIXES, "owner"), zone)
    } else {
        return Ok(None);
    };
    let mut among = spec::read(args)?;
    let count = match among.count {
        Count::One => 1,
        Count::Exactly(count) => count,
        Count::UpTo(_) | Count::Any => return Err(named("a choice of `<upto:n>` or `<anyamount>` cards")),
        Count::Computed { .. } => return Err(named("a choice of as many cards as a computed value (`<prex>`)")),
    };
    let my = catalogue::position(catalogue::ZONE_PREFIXES, "my");
    let from = match among.zone {
        Some((prefix, from)) if prefix == my => from,
        _ => return Err(named("a choice among cards of a zone other than the player's own")),
    };
    let from_battlefield = from == zone_index("battlefield");
    if !from_battlefield && (action.text.eq_ignore_ascii_case("sacrifice") || destroyed.is_some()) {
        return Err(named("a sacrifice or a destruction of cards not on the battlefield"));
    }
    if !from_battlefield && ![zone_index("hand"), zone_index("graveyard")].contains(&from) {
        return Err(named(&format!("a choice among the cards of `my{}`", catalogue::ZONES[from].name)));
    }
    // Both players' zone, searched as the effect resolves for the player's own cards.
    among.count = Count::One;
    among.zone = Some((None, from));
    Ok(Some(PlayersEffect::Move { count, among, zone: (prefix, zone), how, at: inner }))
}

/// The index of the zone `name` in [`catalogue::ZONES`].
fn zone_index(name: &str) -> usize {
    catalogue::ZONES.iter().position(|zone| zone.name == name).unwrap_or(0)
}

/// The effect without a leading `name(...)` (Wagic takes it out as the menu's text).
pub(super) fn without_name(inner: Piece<'_>) -> Piece<'_> {
    let inner = inner.trim();
    match inner.words().first().and_then(|first| first.call("name")) {
        Some((_, after)) if after.text.is_empty() => inner.from(inner.words()[0].text.len()).trim(),
        _ => inner,
    }
}

/// [`given_ability`] of a whole line: `None` as well when `&&` follows the `!$`, whose
/// parts are each a statement of their own (`ability$!...!$ controller && ...`).
pub(super) fn whole_line_ability(piece: Piece<'_>) -> Result<Option<Given<'_>>, Unsupported> {
    let joined = piece.text.find("!$").is_some_and(|end| piece.text[end..].contains("&&"));
    if joined { Ok(None) } else { given_ability(piece) }
}

impl<'i> Lowering<'i> {
    /// One effect given to another player (`ability$!effect!$ opponent`): the catalogue's
    /// effect doing what that player's choosing would, on that player; `after`, the words
    /// after the player (`asSorcery`); `at` is the whole form.
    pub(super) fn players_statement(
        &self,
        effect: PlayersEffect<'_>,
        receiver: Receiver,
        after: Piece<'_>,
        at: Piece<'_>,
        wrapper: Option<Wrapper<'_>>,
        shared: Option<Target<'i>>,
    ) -> Result<Statement<'i>, Unsupported> {
        let effect = match effect {
            PlayersEffect::Discard(discard) => discard,
            PlayersEffect::Plain(plain) => plain,
            PlayersEffect::Move { count, among, zone, how, at } => {
                let filter = self.specs.filter(&among, true)?;
                let zone = ZoneRef { prefix: zone.0.map(ZonePrefixIdx::new), zone: ZoneIdx::new(zone.1) };
                self.chosen_move.set(Some(ChosenMove { count, filter, zone, how }));
                Piece::new("movechosen", at.start)
            }
        };
        // The words after the player keep their place in the source.
        let effect = if after.text.is_empty() {
            effect
        } else {
            let text = self.arena.alloc_str(&format!("{} {}", effect.text, after.text));
            Piece::new(text, after.start.saturating_sub(effect.text.len() + 1))
        };
        let statement = self.given_to_player(effect, receiver, at, wrapper, shared);
        // Not left for another statement, when this one was refused before its effect.
        self.chosen_move.set(None);
        statement
    }

    /// `ability$!effect!$ opponent|targetedplayer`: `effect`, the catalogue's
    /// effect of that player's own choosing, on that player. `targetedplayer` is the target
    /// of the line's `target(player)` (or `target(opponent)`) written before, the spell's
    /// player target, or the opponent where the card targets none else.
    fn given_to_player(
        &self,
        effect: Piece<'_>,
        receiver: Receiver,
        at: Piece<'_>,
        wrapper: Option<Wrapper<'_>>,
        shared: Option<Target<'i>>,
    ) -> Result<Statement<'i>, Unsupported> {
        let word = receiver_word(receiver);
        if shared.is_some() {
            return Err(Unsupported::new(at, "`ability$!...!$` with a word around it"));
        }
        let on_opponent = |statement: Statement<'i>| {
            let value = self.arena.alloc(Expr::Var(spec::variable("opp")));
            Statement { target: Some(Target::Expr { value, optional: false }), ..statement }
        };
        match (receiver, wrapper) {
            (Receiver::Opponent, None) => Ok(on_opponent(self.statement(effect, None, None)?)),
            (Receiver::TargetedPlayer, Some(Wrapper::Target(spec_piece, "target")))
                if ["player", "opponent"].iter().any(|name| spec_piece.trim().text.eq_ignore_ascii_case(name)) =>
            {
                self.statement(effect, wrapper, None)
            }
            (Receiver::TargetedPlayer, None) if self.spell_targets_player => self.statement(effect, None, None),
            (Receiver::TargetedPlayer, None) if self.targeted_opponent => {
                Ok(on_opponent(self.statement(effect, None, None)?))
            }
            (Receiver::TargetedPlayer, None) => {
                Err(Unsupported::new(at, "`ability$!...!$` given to `targetedplayer` on a card targeting no player"))
            }
            _ => Err(Unsupported::new(at, &format!("`ability$!...!$` given to `{word}` with a word around it"))),
        }
    }
}

/// The arguments of a `movechosen` ([`Lowering::chosen_move`]).
#[derive(Clone, Copy)]
pub(super) struct ChosenMove<'i> {
    /// How many cards each player chooses.
    pub count: u16,
    /// The cards they choose among (their own, as it resolves).
    pub filter: &'i compiler::ir::Filter<'i>,
    /// Where the cards go.
    pub zone: ZoneRef,
    /// How: the index in `catalogue::CHOSEN_MOVES` (moved, destroyed, buried).
    pub how: usize,
}
