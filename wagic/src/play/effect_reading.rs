//! What a card's effect does to what it targets, read from its Wagic text: harm aimed at
//! the opponent's side, help at one's own (the greedy player's targets and uses,
//! `greedy.rs`, `loyalty.rs`).
//!
//! Choosing a target, a text that reads as neither is read again as what the target gets
//! ([`target_effect_of`]): without the caster's own gain (a cantrip's `draw:1 controller`,
//! a drain's `life:4 controller`) and with the words only a target player's effects have
//! (a skipped step, an edict, life lost or gained, an extra turn). Ember Shot (`damage:3
//! draw:1 controller`) is then aimed like Shock, at the opponent's creature, and Fatigue at
//! the opponent, not at random. Elsewhere (whether a card has a use now) the first reading
//! stands: Faithless Looting's draw and discard would read as harm to its own hand.

/// What an effect does to what it targets, as its text reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Effect {
    /// Damage, destruction, -N/-N, exile, bounce...: aimed at the opponent's side.
    Harmful,
    /// +N/+N, regeneration, protection...: aimed at one's own side.
    Helpful,
    /// Both or neither.
    Unknown,
}

/// Words of a harmful effect in a Wagic `auto=` line.
const HARMFUL: &[&str] = &[
    "damage:",
    "destroy",
    "bury",
    "counter(-",
    "moveto(exile",
    "moveto(ownerhand",
    "moveto(ownerlibrary",
    "cantattack",
    "cantblock",
    "doesnotuntap",
    "noactivatedability",
    "fizzle",
    "loselife",
    "deplete:",
    "discard:",
    "reject",
    "frozen",
    "bottomoflibrary",
    "(blink)forsrc",
];

/// Words of a helpful effect in a Wagic `auto=` line.
const HELPFUL: &[&str] =
    &["regenerate", "protection", "untap", "prevent", "lifelink", "shroud", "indestructible", "counter(1/1", "draw:"];

/// Words of an effect harmful to a target player, beside [`HARMFUL`]: a life loss, an
/// edict's sacrifice, a step or phase skipped (Fatigue, False Peace).
const HARMFUL_TO_A_PLAYER: &[&str] = &["life:-", "sacrifice!$", "phasealter(remove"];

/// The `p/t` change a line makes (Wagic's `3/3` is +3/+3, `-2/-2` -2/-2): its first word
/// that is two whole numbers around a `/`.
fn power_toughness(text: &str) -> Option<(i32, i32)> {
    text.split([' ', ':', '\t']).find_map(|word| {
        let (power, toughness) = word.split_once('/')?;
        let number = |part: &str| part.strip_prefix('+').unwrap_or(part).parse::<i32>().ok();
        Some((number(power)?, number(toughness)?))
    })
}

/// Whether a word is a life gain of a number or a count (`life:4`, `life:X`,
/// `life:type:...`, `life:twicetype:...`), not a loss (`life:-4`).
fn gains_life(word: &str) -> bool {
    word.strip_prefix("life:").is_some_and(|amount| !amount.is_empty() && !amount.starts_with('-'))
}

/// `text` (lower case) without each `effect:amount` word given to `controller` (and that
/// `controller`): the caster's own gain beside what the target gets.
fn without_controllers_gains(text: &str) -> String {
    let mut kept: Vec<&str> = Vec::new();
    let mut words = text.split_whitespace().peekable();
    while let Some(word) = words.next() {
        let own = word.contains(':') && !word.contains("!$") && words.peek() == Some(&"controller");
        if own {
            words.next();
        } else {
            kept.push(word);
        }
    }
    kept.join(" ")
}

/// How an effect's text reads: [`Effect`].
pub(super) fn effect_of(text: &str) -> Effect {
    reading(&text.to_ascii_lowercase(), false)
}

/// What a target gets from an effect, for choosing it: [`effect_of`], or when that reads
/// as neither, the text without the caster's own gains and with a player's words (the
/// file's header).
pub(super) fn target_effect_of(text: &str) -> Effect {
    match effect_of(text) {
        Effect::Unknown => reading(&without_controllers_gains(&text.to_ascii_lowercase()), true),
        read => read,
    }
}

/// How a lower-case text reads, with the words of a player's effects or without them.
fn reading(text: &str, players_words: bool) -> Effect {
    let change = power_toughness(text);
    let shrink = change.is_some_and(|(power, toughness)| power < 0 || toughness < 0);
    let pump = change.is_some_and(|(power, toughness)| power >= 0 && toughness >= 0 && power + toughness > 0);
    let harmful_to_a_player = players_words && HARMFUL_TO_A_PLAYER.iter().any(|word| text.contains(word));
    let harmful = shrink || harmful_to_a_player || HARMFUL.iter().any(|word| text.contains(word));
    // `doesnotuntap` (Stasis Cell, Claustrophobia) is no `untap`.
    let without_kept_tapped = text.replace("doesnotuntap", "");
    let helpful_to_a_player = players_words && (text.contains("turns:+") || text.split([' ', '\t']).any(gains_life));
    let helpful = pump || helpful_to_a_player || HELPFUL.iter().any(|word| without_kept_tapped.contains(word));
    match (harmful, helpful) {
        (true, false) => Effect::Harmful,
        (false, true) => Effect::Helpful,
        _ => Effect::Unknown,
    }
}

/// The damage a `damage:N` line deals (`X` the mana paid for it), if it reads as one.
pub(super) fn damage_of(text: &str, x: i32) -> Option<i32> {
    let text = text.to_ascii_lowercase();
    let after = &text[text.find("damage:")? + "damage:".len()..];
    if after.starts_with('x') {
        return Some(x);
    }
    let digits: String = after.chars().take_while(char::is_ascii_digit).take(4).collect();
    digits.parse().ok()
}

/// The toughness a `-N/-N` line takes away, if it reads as one.
pub(super) fn shrink_of(text: &str) -> Option<i32> {
    let (_, toughness) = power_toughness(&text.to_ascii_lowercase())?;
    (toughness < 0).then_some(-toughness)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_effect_reads_as_harmful_helpful_or_neither() {
        // Wagic's own lines: Shock, Giant Growth, a -2/-2, Terror, a pump of power only,
        // Regenerate, a token maker, a mana ability, a line that reads as both.
        assert_eq!(effect_of("Damage:2"), Effect::Harmful);
        assert_eq!(effect_of("3/3"), Effect::Helpful);
        assert_eq!(effect_of("-2/-2"), Effect::Harmful);
        assert_eq!(effect_of("bury"), Effect::Harmful);
        assert_eq!(effect_of("{R}:1/0"), Effect::Helpful);
        assert_eq!(effect_of("{G}:regenerate"), Effect::Helpful);
        assert_eq!(effect_of("token(Bear,creature bear, 2/2,green)"), Effect::Unknown);
        assert_eq!(effect_of("{T}:Add{G}"), Effect::Unknown);
        assert_eq!(effect_of("2/2 damage:1"), Effect::Unknown);
        // Tome Scour's mill, Mind Rot's discard, Ancestral Recall's draw, a looter.
        assert_eq!(effect_of("deplete:5"), Effect::Harmful);
        assert_eq!(
            effect_of("ability$!name(discard 2 cards) target(<2>*|myhand) reject!$ targetedplayer"),
            Effect::Harmful
        );
        assert_eq!(effect_of("draw:3 targetedplayer"), Effect::Helpful);
        assert_eq!(effect_of("{T}:draw:1 && discard:1"), Effect::Unknown);
        // Barl's Cage and Junktroller: a creature kept tapped, a card put under a library.
        assert_eq!(effect_of("{3}:frozen target(creature)"), Effect::Harmful);
        assert_eq!(effect_of("{T}:bottomoflibrary target(*|graveyard)"), Effect::Harmful);
        // Stasis Cell's and Detainment Spell's Auras: a creature kept tapped, its abilities
        // shut off (an Aura's lines read together).
        assert_eq!(effect_of("doesnotuntap {3}{U}:retarget target(creature)"), Effect::Harmful);
        assert_eq!(effect_of("noactivatedability {1}{W}:retarget target(creature)"), Effect::Harmful);
    }

    #[test]
    fn the_casters_own_gain_is_not_what_the_target_gets() {
        let effect_of = target_effect_of;
        // Ember Shot, Zap and Flare: burn that draws its caster a card.
        assert_eq!(effect_of("damage:3 draw:1 controller"), Effect::Harmful);
        assert_eq!(effect_of("damage:1 @next upkeep:draw:1 controller"), Effect::Harmful);
        // Soul Feast and Syphon Life: a drain; Pilfered Plans: a mill and a draw.
        assert_eq!(effect_of("life:-4 life:4 controller"), Effect::Harmful);
        assert_eq!(effect_of("deplete:3 draw:2 controller"), Effect::Harmful);
        // Chainer's Edict and Mindculling: the target player's sacrifice or discard.
        assert_eq!(
            effect_of(
                "ability$!name(sacrifice creature) notatarget(creature|myBattlefield) sacrifice!$ targetedplayer"
            ),
            Effect::Harmful
        );
        assert_eq!(
            effect_of("draw:2 controller ability$!name(discard 2 cards) target(*|myhand) reject!$ targetedplayer"),
            Effect::Harmful
        );
        // Fatigue and False Peace: a step the target player skips.
        assert_eq!(effect_of("nextphasealter(remove,draw,targetedplayer)"), Effect::Harmful);
        // Soothing Balm, Stream of Life, Congregate, Time Warp: the target player's gain.
        assert_eq!(effect_of("life:5"), Effect::Helpful);
        assert_eq!(effect_of("life:X"), Effect::Helpful);
        assert_eq!(effect_of("life:twicetype:creature:battlefield"), Effect::Helpful);
        assert_eq!(effect_of("turns:+1"), Effect::Helpful);
        // Only what is given to `controller` is left out: a player's own draw stays.
        assert_eq!(effect_of("draw:3 targetedplayer"), Effect::Helpful);
        // What reads as one or the other at first stands: Accelerate's haste and draw.
        assert_eq!(effect_of("haste draw:1 controller"), Effect::Helpful);
        // Whether a card has a use reads it the first way: a looter's discard is no harm.
        assert_eq!(super::effect_of("draw:2 controller reject notatarget(<2>*|myhand)"), Effect::Unknown);
        assert_eq!(super::effect_of("nextphasealter(remove,draw,targetedplayer)"), Effect::Unknown);
    }

    #[test]
    fn damage_and_shrink_amounts_are_read_from_the_line() {
        assert_eq!(damage_of("Damage:2", 0), Some(2));
        assert_eq!(damage_of("damage:X", 5), Some(5));
        assert_eq!(damage_of("3/3", 5), None);
        assert_eq!(shrink_of("-2/-3"), Some(3));
        assert_eq!(shrink_of("3/3"), None);
    }
}
