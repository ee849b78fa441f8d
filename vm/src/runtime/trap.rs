//! Traps: the ways an execution ends abnormally. Each [`TrapCode`] has a fixed short
//! message; a [`Trap`] adds where it happened (card key, entry, instruction, and the source
//! line when the bundle kept its debug information).

use std::fmt;

use crate::bytecode::{CardIdx, EntryIdx, Pc};

/// Why an execution was stopped.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum TrapCode {
    /// The execution used up its fuel budget (a runaway loop, or too much work).
    OutOfFuel,
    /// Events kept triggering autos that emitted events again, past the cascade limit.
    EventCascade,
    /// A filter expression, selector argument, event condition or hook asked for a player
    /// choice; only the statements of an action or auto may suspend.
    SuspendInNestedEntry,
    /// Filter expressions nested deeper than the runtime allows.
    NestingTooDeep,
    /// The lists of one execution grew past their limit.
    ListLimit,
    /// The game registered no builtin for a command, cost or function the bundle calls.
    MissingBuiltin,
    /// A builtin returned a request with an empty or inconsistent candidate range, or a
    /// request (a builtin's, or a filter's over the cards the host listed) offered fewer
    /// distinct candidates than the player must choose, so that no answer would do.
    BadRequest,
    /// A builtin or host primitive reported an error of its own.
    Host,
    /// The card named does not exist in the program.
    UnknownCard,
    /// A builtin resolved a filter whose expressions no code of the card refers to (their
    /// locals were not reserved).
    UnreachableEntry,
    /// A builtin was passed an argument its catalogue parameter does not allow (a keyword
    /// index outside its set: only a hand-made bundle can do that), or resolved a filter
    /// the program does not have (a filter value the host made up).
    BadArgument,
    /// An execution recorded an effect while [`crate::runtime::MAX_EFFECTS`] were in force.
    EffectLimit,
}

impl TrapCode {
    /// Every code, in declaration order.
    pub const ALL: &'static [TrapCode] = &[
        TrapCode::OutOfFuel,
        TrapCode::EventCascade,
        TrapCode::SuspendInNestedEntry,
        TrapCode::NestingTooDeep,
        TrapCode::ListLimit,
        TrapCode::MissingBuiltin,
        TrapCode::BadRequest,
        TrapCode::Host,
        TrapCode::UnknownCard,
        TrapCode::UnreachableEntry,
        TrapCode::BadArgument,
        TrapCode::EffectLimit,
    ];

    /// The code's stable name (`out-of-fuel`), for a program or a log that tells traps
    /// apart without reading their messages, which may be reworded.
    pub fn name(self) -> &'static str {
        match self {
            TrapCode::OutOfFuel => "out-of-fuel",
            TrapCode::EventCascade => "event-cascade",
            TrapCode::SuspendInNestedEntry => "suspend-in-nested-entry",
            TrapCode::NestingTooDeep => "nesting-too-deep",
            TrapCode::ListLimit => "list-limit",
            TrapCode::MissingBuiltin => "missing-builtin",
            TrapCode::BadRequest => "bad-request",
            TrapCode::Host => "host",
            TrapCode::UnknownCard => "unknown-card",
            TrapCode::UnreachableEntry => "unreachable-entry",
            TrapCode::BadArgument => "bad-argument",
            TrapCode::EffectLimit => "effect-limit",
        }
    }

    /// The fixed short message of the code.
    pub fn message(self) -> &'static str {
        match self {
            TrapCode::OutOfFuel => "out of fuel",
            TrapCode::EventCascade => "event cascade too deep",
            TrapCode::SuspendInNestedEntry => "player choice inside an expression, condition or hook",
            TrapCode::NestingTooDeep => "expressions nested too deeply",
            TrapCode::ListLimit => "too many list elements",
            TrapCode::MissingBuiltin => "no builtin registered",
            TrapCode::BadRequest => "invalid choice request",
            TrapCode::Host => "host error",
            TrapCode::UnknownCard => "unknown card",
            TrapCode::UnreachableEntry => "entry not reachable from the card",
            TrapCode::BadArgument => "argument outside what the command accepts",
            TrapCode::EffectLimit => "too many effects in force",
        }
    }
}

impl fmt::Display for TrapCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.message())
    }
}

/// A trap with its location.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Trap {
    /// What went wrong.
    pub code: TrapCode,
    /// The bundle card whose code ran, when known.
    pub card: Option<CardIdx>,
    /// Its key (the source file's stem), when known.
    pub card_key: Option<Box<str>>,
    /// The entry and instruction offset, when the trap happened in code.
    pub at: Option<(EntryIdx, Pc)>,
    /// The 1-based source line, when the bundle has debug information.
    pub line: Option<u32>,
}

impl Trap {
    /// A trap with no location yet (the runtime fills it in).
    pub fn new(code: TrapCode) -> Trap {
        Trap { code, card: None, card_key: None, at: None, line: None }
    }

    /// The trap's code.
    pub fn code(&self) -> TrapCode {
        self.code
    }
}

impl From<TrapCode> for Trap {
    fn from(code: TrapCode) -> Trap {
        Trap::new(code)
    }
}

impl fmt::Display for Trap {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code.message())?;
        if let Some(key) = &self.card_key {
            write!(f, " in card {key}")?;
        }
        if let Some(line) = self.line {
            write!(f, " at line {line}")?;
        }
        Ok(())
    }
}

impl std::error::Error for Trap {}
