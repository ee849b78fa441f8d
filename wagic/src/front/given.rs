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
//! chooses theirs; onto the battlefield, of a spec of permanent types, a "may" of the
//! printed text letting them choose none; untapped, Rising Waters); `draw:n` and `life:n`
//! on that player; and lines of these joined by `_`
//! (the spell's lines, resolved in turn: a looter's draw, then discard), a statement each;
//! given to the controller too. `pay[[cost]] donothing?effect` given to another player is
//! the effect unless that player pays (Rhystic Study, Rishadan Cutpurse): the catalogue's
//! `pay` asks that player, and guards the effect; `draw:n opponent` (or `all(opponent)`,
//! `life:n` alike) given to `opponent` is the card's controller's. Modes given to the
//! controller are `given_modes.rs`'s. Others are refused by name.

use compiler::ir::{Expr, Statement, Target};
use vm::bytecode::{ZoneIdx, ZonePrefixIdx, ZoneRef};

use super::part_wrapper::Wrapper;
use super::piece::Piece;
use super::spec::{self, Count, Spec};
use super::{Lowering, Unsupported};
use crate::catalogue;

/// Words of the effect whose meaning changes with its source.
pub(super) const SOURCE_WORDS: &[&str] = &["damage", "this", "stored", "_"];

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
    /// `controller`, given a spell of several lines (`draw:1 _ choice target(*|myhand)
    /// reject`): each line the effect of the controller's own choosing, in turn.
    Controller,
}

/// The form `ability$!effect!$ player`, when `piece` is that whole form.
pub(super) enum Given<'s> {
    /// Given to the controller: the effect itself.
    Controller(Piece<'s>),
    /// Given to the controller, modes (`choice A _ choice B`): Wagic's menu of the spell's
    /// lines, each a `choice`, from which the controller takes one as it resolves; `modes`
    /// are the lines after `choice`, `at` the whole form.
    Modes { modes: Vec<Piece<'s>>, at: Piece<'s> },
    /// Given to another player: the catalogue's effect doing what that player's
    /// choosing would, with no target; `after`, the words after the player
    /// (`asSorcery`); `at` is the whole form.
    /// `effects`: one per line of the spell (`_` between them), resolved in turn.
    /// `unless_paid`: the cost of `pay[[cost]] donothing?effect`, which that player may pay
    /// so that the one effect does not happen.
    Player {
        effects: Vec<PlayersEffect<'s>>,
        receiver: Receiver,
        after: Piece<'s>,
        at: Piece<'s>,
        unless_paid: Option<Piece<'s>>,
    },
}

/// What a player other than the controller is given to do, of their own choosing.
pub(super) enum PlayersEffect<'s> {
    /// The catalogue's effect as text: `discardchosen:n`.
    Discard(Piece<'static>),
    /// A discard of a card for each card a spec matches among the card's controller's
    /// (`target(<type:swamp:opponentbattlefield>*|myhand) reject`, Mind Sludge): the amount
    /// of `discardchosen`, written from the controller's side (`type:swamp:mybattlefield`);
    /// or of X cards, the X paid (`target(<storedx>*|myhand) reject`, Rakdos's Return): `x`.
    DiscardCounted { amount: String, at: Piece<'s> },
    /// An effect on the player alone, choosing nothing, as written: `draw:n`, `life:n`,
    /// `deplete:n`, `discard:n` (at random; n a whole number).
    Plain(Piece<'s>),
    /// A plain effect (`draw:n`, `life:n`) on the player's opponent, the card's controller
    /// (`draw:1 opponent`, `all(opponent) life:2` given to `opponent`), as written
    /// without its player.
    Caster(Piece<'s>),
    /// The catalogue's `movechosen`: `count` of their own cards `among` matches (its count
    /// and zone left out: the zone is searched for the player's cards as it resolves), put
    /// into `zone`; `at`, the effect written.
    /// `how`: the index in [`catalogue::CHOSEN_MOVES`] (moved, destroyed, buried).
    Move { count: u16, among: Spec<'s>, zone: (Option<usize>, usize), how: usize, at: Piece<'s> },
}

impl PlayersEffect<'_> {
    /// Whether it puts the player's cards onto the battlefield.
    fn onto_battlefield(&self) -> bool {
        matches!(self, PlayersEffect::Move { zone: (_, zone), how: 0, .. } if *zone == zone_index("battlefield"))
    }
}

/// The word naming `receiver`.
pub(super) fn receiver_word(receiver: Receiver) -> &'static str {
    match receiver {
        Receiver::Opponent => "opponent",
        Receiver::TargetedPlayer => "targetedplayer",
        Receiver::Controller => "controller",
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
    } else if receiver.text.eq_ignore_ascii_case("controller") && without_name(inner).split_top("_").len() > 1 {
        // The lines of a spell the controller casts, resolved in turn (a looter's draw,
        // then discard): the players' effects, as another player's would be.
        Some(Receiver::Controller)
    } else {
        None
    };
    if let Some(receiver_kind) = other {
        let word = receiver_word(receiver_kind);
        // `_` separates the lines of the spell the player is given, resolved in turn (a
        // looter's `draw:1 _ choice target(*|myhand) reject`); one `choice` line alone is
        // taken, as Wagic's menu of one mode is; several are modes, which are refused.
        // `pay[[cost]] donothing?effect`: the effect, unless that player pays (Rhystic Study).
        let (body, unless_paid) = match paid_by_player(without_name(inner), word)? {
            Some((cost, effect)) => (effect, Some(cost)),
            None => (without_name(inner), None),
        };
        let lines = body.split_top("_");
        if unless_paid.is_some() && lines.len() > 1 {
            return Err(Unsupported::new(
                inner,
                &format!("`ability$!...!$` given to `{word}`: a payment for several lines"),
            ));
        }
        let choices = lines.iter().filter(|line| lines_choice(line.trim())).count();
        if receiver_kind == Receiver::Controller && unless_paid.is_none() && choices == lines.len() {
            return super::given_modes::controllers_modes(&lines, piece).map(Some);
        }
        if lines.len() > 1 && choices > 1 {
            return Err(Unsupported::new(inner, &format!("`ability$!...!$` given to `{word}` with modes (`choice`)")));
        }
        let mut effects = Vec::with_capacity(lines.len());
        for line in lines {
            let mut line = line.trim();
            if lines_choice(line) {
                line = line.from("choice".len()).trim();
            }
            effects.push(players_effect(without_name(line), receiver_kind)?.ok_or_else(|| {
                Unsupported::new(
                    inner,
                    &format!(
                        "`ability$!...!$` given to `{word}` other than a discard, a sacrifice, a move, a draw or life"
                    ),
                )
                .with_help(Some(
                    "`ability$!target(<n>*|myhand) reject!$ opponent` (or `targetedplayer`) compiles, and \
                     `notatarget(<n>spec|myzone) sacrifice`, `moveto(zone)`, `draw:n`, `discard:n` or `life:n` in its \
                     place, after `pay[[cost]] donothing?` too"
                        .into(),
                ))
            })?);
        }
        return Ok(Some(Given::Player { effects, receiver: receiver_kind, after, at: piece, unless_paid }));
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

/// The spec, in lower case, of a discard written `target(spec) reject` or `notatarget(spec)
/// reject` (in either order), nothing else around it.
fn discarded_spec(inner: Piece<'_>) -> Option<String> {
    let words = inner.words();
    let [first, second] = words.as_slice() else { return None };
    let (clause, reject) =
        if first.text.eq_ignore_ascii_case("reject") { (*second, *first) } else { (*first, *second) };
    if !reject.text.eq_ignore_ascii_case("reject") {
        return None;
    }
    let (args, after) = clause.call("target").or_else(|| clause.call("notatarget"))?;
    after.text.is_empty().then(|| args.trim().text.to_ascii_lowercase())
}

/// The catalogue's `discardchosen:n` when `inner` is a discard of n cards from its player's hand
/// (`target(<n>*|myhand) reject`, `notatarget`, in either order): Wagic's chooser of n
/// targets of `*|myhand` is that player, who discards them.
pub(super) fn players_discard(inner: Piece<'_>) -> Option<Piece<'static>> {
    let spec = discarded_spec(inner)?;
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

/// The amount of a discard of a card for each of the card controller's cards a spec
/// matches: `target(<type:spec:opponentbattlefield>*|myhand) reject` (or `notatarget`, in
/// either order), the player's `opponent` being the card's controller (the printed texts:
/// "for each Swamp you control"), as `type:spec:mybattlefield`. `None` for another count:
/// of another zone, of a spec whose own words name a player's zone.
fn counted_discard(inner: Piece<'_>) -> Option<String> {
    let spec = discarded_spec(inner)?;
    let counted = spec.strip_prefix("<type:")?.strip_suffix(">*|myhand")?;
    let (among, zone) = counted.rsplit_once(':')?;
    let plain = |byte: u8| byte.is_ascii_alphanumeric() || b"[]-;,".contains(&byte);
    let among_is_plain = !among.is_empty() && among.len() <= 64 && among.bytes().all(plain);
    (zone == "opponentbattlefield" && among_is_plain).then(|| format!("type:{among}:mybattlefield"))
}

/// Whether `line` starts with the word `choice`.
fn lines_choice(line: Piece<'_>) -> bool {
    line.words().first().is_some_and(|first| first.text.eq_ignore_ascii_case("choice"))
}

/// `pay[[cost]] [name(...)] donothing?effect` (or `pay(cost)`): the cost and the effect,
/// which happens unless the player given it pays (Wagic's `GenericPaidAbility` of the spell
/// that player casts: its menu is theirs). `activate effect` is the effect (Wagic adds it
/// to the game at once). `None` without a `pay` first; a payment for an effect (no
/// `donothing?`) is refused by name.
fn paid_by_player<'s>(body: Piece<'s>, word: &str) -> Result<Option<(Piece<'s>, Piece<'s>)>, Unsupported> {
    let Some(first) = body.words().first().copied() else { return Ok(None) };
    let Some(cost) = super::pay::cost_of(first) else { return Ok(None) };
    let rest = body.from(first.text.len() + (first.start - body.start)).trim();
    let (mut effect, unless) = super::pay::unless(rest)?;
    if !unless {
        return Err(Unsupported::new(
            body,
            &format!(
                "`ability$!...!$` given to `{word}`: a payment for an effect (`pay(cost) effect`, not `donothing?`)"
            ),
        ));
    }
    if let Some(activate) = effect.words().first().copied()
        && activate.text.eq_ignore_ascii_case("activate")
    {
        effect = effect.from(activate.text.len() + (activate.start - effect.start)).trim();
    }
    Ok(Some((cost, effect)))
}

/// What `inner` makes the player do, when it is one of the effects compiled: a discard, a
/// sacrifice, a destruction or a move of their own cards, or a plain effect on them (or,
/// given to `opponent`, on their opponent, the card's controller).
fn players_effect(inner: Piece<'_>, receiver: Receiver) -> Result<Option<PlayersEffect<'_>>, Unsupported> {
    if let Some(discard) = players_discard(inner) {
        return Ok(Some(PlayersEffect::Discard(discard)));
    }
    if let Some(amount) = counted_discard(inner) {
        return Ok(Some(PlayersEffect::DiscardCounted { amount, at: inner }));
    }
    if discarded_spec(inner).is_some_and(|spec| spec == "<storedx>*|myhand") {
        // Rakdos's Return's "that player discards X cards": the X paid for the spell
        // (`discardchosen:x`, refused on a card without `{X}` in its cost).
        return Ok(Some(PlayersEffect::DiscardCounted { amount: "x".into(), at: inner }));
    }
    if let Some(plain) = plain_effect(inner) {
        return Ok(Some(PlayersEffect::Plain(plain)));
    }
    if receiver == Receiver::Opponent
        && let Some(plain) = casters_effect(inner)
    {
        return Ok(Some(PlayersEffect::Caster(plain)));
    }
    players_move(inner, receiver_word(receiver))
}

/// The plain effect of `inner` when it is `draw:n` or `life:n` on the player's opponent:
/// `draw:n opponent`, `draw:n all(opponent)` or `all(opponent) draw:n`.
fn casters_effect(inner: Piece<'_>) -> Option<Piece<'_>> {
    let words = inner.words();
    let [first, second] = words.as_slice() else { return None };
    let names_opponent = |word: &Piece<'_>| {
        word.text.eq_ignore_ascii_case("opponent") || word.text.eq_ignore_ascii_case("all(opponent)")
    };
    let plain = if names_opponent(second) {
        *first
    } else if names_opponent(first) && !first.text.eq_ignore_ascii_case("opponent") {
        *second
    } else {
        return None;
    };
    let plain = plain_effect(plain)?;
    let lower = plain.text.to_ascii_lowercase();
    (lower.starts_with("draw:") || lower.starts_with("life:")).then_some(plain)
}

/// `inner` when it is one word, `draw:n`, `life:n`, `deplete:n` or `discard:n` (Wagic's
/// discard at random) with a whole number: an effect on the player that names no zone and
/// no other player, the same whoever is given it.
fn plain_effect(inner: Piece<'_>) -> Option<Piece<'_>> {
    let [only] = inner.words()[..] else { return None };
    let lower = only.text.to_ascii_lowercase();
    let amount = ["draw:", "life:", "deplete:", "discard:"].iter().find_map(|prefix| lower.strip_prefix(prefix))?;
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
    if action.text.eq_ignore_ascii_case("untap") && first.call("target").or_else(|| second.call("target")).is_some() {
        // Hokori's `target(land|mybattlefield) untap`: its controller's own line is Wagic's
        // `untap target(land)`, any land, where "a land he or she controls" is printed.
        return Err(named("an untap of a `target(...)` (the printed texts untap no target)"));
    }
    // Destroyed, sacrificed or untapped: on the battlefield, where it is.
    let destroyed = ["destroy", "bury", "untap"].iter().find(|word| action.text.eq_ignore_ascii_case(word));
    let sacrificed = action.text.eq_ignore_ascii_case("sacrifice").then_some(&"sacrifice");
    let how = destroyed.or(sacrificed).and_then(|word| catalogue::position(catalogue::CHOSEN_MOVES, word)).unwrap_or(0);
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
        let zones = ["hand", "graveyard", "library", "exile", "battlefield"];
        if !zones.iter().any(|name| zone_index(name) == zone) {
            return Err(named(&format!("a move to `{}`", catalogue::ZONES[zone].name)));
        }
        if zone == zone_index("battlefield") && !permanents_only(args) {
            // Metamorphose's `*[-planeswalker]`: an instant or a sorcery cannot be put
            // onto the battlefield, which the printed texts' list of types says.
            return Err(named("a move to `battlefield` of cards the spec does not limit to permanent types"));
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

/// The types a card put onto the battlefield may have (Wagic's words for them).
const PERMANENT_TYPES: &[&str] = &["creature", "artifact", "enchantment", "land", "planeswalker"];

/// Whether the spec `args` (`<n>spec|zone`) matches permanent cards only: each of its
/// `,` alternatives a permanent type (`creature[manacost<=3]`), or `*[type;type]` whose
/// `[...]` is a choice among permanent types alone (Show and Tell's
/// `*[creature;artifact;enchantment;land]`).
fn permanents_only(args: Piece<'_>) -> bool {
    let text = args.text.to_ascii_lowercase();
    let text = text.split('|').next().unwrap_or("");
    let text = match text.strip_prefix('<') {
        Some(rest) => rest.split_once('>').map_or("", |(_, after)| after),
        None => text,
    };
    let permanent = |word: &str| PERMANENT_TYPES.contains(&word.trim());
    !text.trim().is_empty()
        && text.split(',').all(|alternative| {
            let alternative = alternative.trim();
            let (base, bracket) = alternative.split_once('[').unwrap_or((alternative, ""));
            if base.trim() == "*" {
                let Some(inside) = bracket.strip_suffix(']') else { return false };
                !inside.is_empty() && inside.split(';').all(permanent)
            } else {
                permanent(base)
            }
        })
}

/// Whether the `auto=` line `value` puts a card onto the battlefield with a `target(...)`
/// or `notatarget(...)` of its controller's zone and no `may` (nor `ability$!`): the
/// controller's own part of "each player may put".
pub(super) fn own_battlefield_move(value: &str) -> bool {
    let lower = value.to_ascii_lowercase();
    let words: Vec<&str> = lower.split(|c: char| c.is_ascii_whitespace() || c == ':').collect();
    lower.contains("battlefield)")
        && lower.contains("moveto(")
        && lower.contains("target(")
        && !lower.contains("ability$!")
        && !words.contains(&"may")
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
    /// effect doing what that player's choosing would, on that player (a `Caster` one on
    /// the card's controller); `after`, the words after the player (`asSorcery`); `at` is
    /// the whole form. With `unless_paid`, the `pay` command asks that player first and
    /// guards the effect: it happens unless they pay.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn players_statement(
        &self,
        effect: PlayersEffect<'_>,
        receiver: Receiver,
        after: Piece<'_>,
        at: Piece<'_>,
        wrapper: Option<Wrapper<'_>>,
        shared: Option<Target<'i>>,
        unless_paid: Option<Piece<'_>>,
    ) -> Result<Statement<'i>, Unsupported> {
        let mut on_caster = false;
        let onto_battlefield = effect.onto_battlefield();
        let effect = match effect {
            PlayersEffect::Discard(discard) => discard,
            PlayersEffect::DiscardCounted { amount, at } => {
                Piece::new(self.arena.alloc_str(&format!("discardchosen:{amount}")), at.start)
            }
            PlayersEffect::Plain(plain) => plain,
            PlayersEffect::Caster(plain) => {
                on_caster = true;
                plain
            }
            PlayersEffect::Move { count, among, zone, how, at } => {
                let filter = self.specs.filter(&among, true)?;
                let zone = ZoneRef { prefix: zone.0.map(ZonePrefixIdx::new), zone: ZoneIdx::new(zone.1) };
                // "Each other player may put a creature card ... onto the battlefield"
                // (Hunted Wumpus, Show and Tell): Wagic's code writes the same move as
                // Exhume's "each player puts", so the card's text tells the two apart.
                let fewest = (onto_battlefield && self.printed_may).then_some(0);
                if fewest.is_some() && self.own_battlefield_move {
                    // Show and Tell's, Braids's own line is a target its controller must
                    // take, where the text lets each player decline.
                    return Err(Unsupported::new(
                        at,
                        "`ability$!...!$` given to `opponent`: a move onto the battlefield each player may make, \
                         beside the controller's own line, which is not theirs to decline",
                    ));
                }
                self.chosen_move.set(Some(ChosenMove { count, filter, zone, how, fewest }));
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
        let mut statement = statement?;
        if on_caster {
            let value = self.arena.alloc(Expr::Var(spec::variable("me")));
            statement.target = Some(Target::Expr { value, optional: false });
        }
        if let Some(cost) = unless_paid {
            let payer = self.given_payer(receiver, wrapper, at)?;
            self.paid_by(cost, true, Some(payer), std::slice::from_mut(&mut statement))?;
        }
        Ok(statement)
    }

    /// Who pays for `pay[[cost]] donothing?effect` given to `receiver`: the opponent, or
    /// the player the card targets; the player a line's own `target(player)` chooses is
    /// chosen after the payment's question, so it is refused.
    fn given_payer(
        &self,
        receiver: Receiver,
        wrapper: Option<Wrapper<'_>>,
        at: Piece<'_>,
    ) -> Result<Expr<'i>, Unsupported> {
        let name = match (receiver, wrapper) {
            (Receiver::Opponent, None) => "opp",
            (Receiver::TargetedPlayer, None) if self.spell_targets_player => "tgt",
            (Receiver::TargetedPlayer, None) if self.targeted_opponent => "opp",
            _ => {
                return Err(Unsupported::new(
                    at,
                    &format!(
                        "`ability$!pay[[cost]] donothing?effect!$` given to `{}` the line targets",
                        receiver_word(receiver)
                    ),
                ));
            }
        };
        Ok(Expr::Var(spec::variable(name)))
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
            (Receiver::Controller, None) => {
                let statement = self.statement(effect, None, None)?;
                let value = self.arena.alloc(Expr::Var(spec::variable("me")));
                Ok(Statement { target: Some(Target::Expr { value, optional: false }), ..statement })
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
    /// The fewest cards each player may choose, when fewer than `count` (a player who may
    /// put a card onto the battlefield: 0).
    pub fewest: Option<u16>,
}
