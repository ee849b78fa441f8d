//! The builtin table a game registers ([`Builtins`]) and the context its functions are
//! called with ([`CallContext`]). This is the API the stdlib implements the commands on.
//!
//! A builtin is a plain `fn` pointer, looked up by catalogue index: no boxing, no dynamic
//! dispatch beyond the pointer, no allocation per call. Its context gives the statement's
//! targets (already defaulted by the command's `default_target`), the restriction, the
//! arguments as [`Value`]s, the host, and the runtime's services: resolving a filter,
//! asking the player, binding per-execution names, recording timed effects and emitting
//! events.

use ref_cast::RefCast;

use crate::bytecode::{CommandIdx, Cost, CostIdx, FilterIdx, FunctionIdx, Program, StrIdx, VariableIdx, ZoneIdx};
use crate::catalogue::{Catalogue, DefaultTarget};

use super::events::Event;
use super::exec::{Machine, Repeat};
use super::host::{EffectId, EffectKind, Env, Host, RequestKind, Restriction};
use super::state::Request;
use super::trap::{Trap, TrapCode};
use super::value::{CardId, ListId, PlayerId, Value};

/// What a builtin reports.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Status {
    /// It did what it does (`St := success`).
    Success,
    /// It failed in the sense of its `fails_when` (`St := failure`; `&&` stops, `||` runs
    /// the next command).
    Failure,
    /// It asked the player with [`CallContext::choose`]: the execution suspends, and the
    /// builtin is called again with [`CallContext::answer`] set once the host resumes it.
    Suspend,
}

/// Which half of a cost component's work is asked for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CostPhase {
    /// Can it be paid? Return `Success` (payable), `Failure` (not payable), or ask the
    /// player what to pay with (`choose`); the answer is kept as the component's
    /// [`CallContext::selection`]. Nothing may be changed in this phase.
    Check,
    /// Pay it. Every component of the action passed `Check` before any is paid.
    Pay,
}

/// A command: `St := cmd(T, X, args)`.
pub type BuiltinFn<H> = fn(&mut CallContext<'_, H>) -> Result<Status, Trap>;
/// A function of expressions (`flipCoin()`): sets its value with
/// [`CallContext::set_result`].
pub type FunctionFn<H> = fn(&mut CallContext<'_, H>) -> Result<Status, Trap>;
/// A cost component (`{D(2)}`).
pub type CostFn<H> = fn(&mut CallContext<'_, H>, CostPhase) -> Result<Status, Trap>;

/// The game's implementations of its catalogue's commands, functions and costs, indexed
/// like the catalogue's tables.
pub struct Builtins<H> {
    commands: Vec<CommandSlot<H>>,
    functions: Vec<Option<FunctionFn<H>>>,
    costs: Vec<Option<CostFn<H>>>,
}

/// A command's builtin beside the target it acts on when the statement has none (its
/// catalogue `default_target`; `None` past the end of the catalogue), so that a call reads
/// one entry instead of the builtin table and then the catalogue.
pub(crate) struct CommandSlot<H> {
    f: Option<BuiltinFn<H>>,
    default: Option<DefaultTarget>,
}

impl<H> Clone for CommandSlot<H> {
    fn clone(&self) -> CommandSlot<H> {
        *self
    }
}

impl<H> Copy for CommandSlot<H> {}

impl<H> Clone for Builtins<H> {
    fn clone(&self) -> Builtins<H> {
        Builtins { commands: self.commands.clone(), functions: self.functions.clone(), costs: self.costs.clone() }
    }
}

impl<H> std::fmt::Debug for Builtins<H> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let count = |slots: usize, set: usize| format!("{set}/{slots}");
        f.debug_struct("Builtins")
            .field(
                "commands",
                &count(self.commands.len(), self.commands.iter().filter(|slot| slot.f.is_some()).count()),
            )
            .field("functions", &count(self.functions.len(), self.functions.iter().flatten().count()))
            .field("costs", &count(self.costs.len(), self.costs.iter().flatten().count()))
            .finish()
    }
}

impl<H: Host> Builtins<H> {
    /// An empty table sized for `catalogue`; calling an unregistered entry traps with
    /// [`TrapCode::MissingBuiltin`].
    pub fn new(catalogue: &Catalogue) -> Builtins<H> {
        let mut commands = vec![CommandSlot { f: None, default: None }; catalogue.commands.len()];
        for (slot, spec) in commands.iter_mut().zip(catalogue.commands) {
            slot.default = Some(spec.default_target);
        }
        Builtins {
            commands,
            functions: vec![None; catalogue.functions.len()],
            costs: vec![None; catalogue.costs.len()],
        }
    }

    /// Registers command `idx` (its index in `catalogue.commands`: with an enum from
    /// `vm::define_commands!`, as every game's is, `Command::Strike.index()`, for the
    /// stdlib's catalogue `stdlib::Command::Damage.index()`). An index past the
    /// catalogue's commands registers nothing: the call traps
    /// [`TrapCode::MissingBuiltin`] when a card uses it.
    pub fn command(&mut self, idx: usize, f: BuiltinFn<H>) -> &mut Builtins<H> {
        if let Some(slot) = self.commands.get_mut(idx) {
            slot.f = Some(f);
        }
        self
    }

    /// Takes each command's default target from `catalogue`, the runtime's (the table may
    /// have been made for another one).
    pub(crate) fn with_default_targets(mut self, catalogue: &Catalogue) -> Builtins<H> {
        for (i, slot) in self.commands.iter_mut().enumerate() {
            slot.default = catalogue.commands.get(i).map(|spec| spec.default_target);
        }
        self
    }

    /// Registers function `idx` (its index in `catalogue.functions`; past them, nothing).
    pub fn function(&mut self, idx: usize, f: FunctionFn<H>) -> &mut Builtins<H> {
        if let Some(slot) = self.functions.get_mut(idx) {
            *slot = Some(f);
        }
        self
    }

    /// Registers cost component `idx` (its index in `catalogue.costs`; past them, nothing).
    pub fn cost(&mut self, idx: usize, f: CostFn<H>) -> &mut Builtins<H> {
        if let Some(slot) = self.costs.get_mut(idx) {
            *slot = Some(f);
        }
        self
    }

    /// Command `idx`'s builtin and its default target.
    pub(crate) fn get_command(&self, idx: CommandIdx) -> Option<(BuiltinFn<H>, Option<DefaultTarget>)> {
        let slot = self.commands.get(idx.index())?;
        Some((slot.f?, slot.default))
    }

    pub(crate) fn get_function(&self, idx: FunctionIdx) -> Option<FunctionFn<H>> {
        self.functions.get(idx.index()).copied().flatten()
    }

    pub(crate) fn get_cost(&self, idx: CostIdx) -> Option<CostFn<H>> {
        self.costs.get(idx.index()).copied().flatten()
    }
}

/// What is being called.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Callee {
    Command(CommandIdx),
    Function(FunctionIdx),
    Cost { i: u16, cost: CostIdx },
}

/// The filter candidates a builtin asked for with [`CallContext::resolve`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Resolved {
    /// Everything that matched, in order (type terms joined as a union).
    pub candidates: ListId,
    /// Whether anything matched (with a pick, an empty match still counts).
    pub matched: bool,
    /// Whether the filter asks the player to choose among them (a quantity, a singular
    /// type, more candidates than `min`).
    pub choose: bool,
    /// Fewest to choose.
    pub min: u16,
    /// Most to choose.
    pub max: u16,
}

/// The targets a builtin acts on: a list of the execution, or the command's default
/// target alone (kept here rather than copied into the execution's arena at each call).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Targets {
    List(ListId),
    One(Value),
}

/// What one builtin call is about, beside the machine that makes it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct BuiltinCall {
    pub callee: Callee,
    pub targets: Targets,
    /// The first argument's index in the execution's registers, and how many there are.
    pub args: (u32, u32),
    /// The player's answer, when the builtin is called again after it asked.
    pub answer: Option<ListId>,
    /// What a function returns.
    pub result: Value,
}

impl BuiltinCall {
    /// Before any call.
    pub const NONE: BuiltinCall = BuiltinCall {
        callee: Callee::Function(FunctionIdx(0)),
        targets: Targets::List(ListId::EMPTY),
        args: (0, 0),
        answer: None,
        result: Value::Nil,
    };
}

/// The context of one builtin call: a view of the machine that runs the execution, which
/// holds the call's own fields too, so that making the context for a call copies nothing.
#[derive(RefCast)]
#[repr(transparent)]
pub struct CallContext<'a, H> {
    pub(crate) machine: Machine<'a, H>,
}

impl<'a, H> CallContext<'a, H> {
    /// The context of the call `machine.call` describes.
    pub(crate) fn of<'machine>(machine: &'machine mut Machine<'a, H>) -> &'machine mut CallContext<'a, H> {
        CallContext::ref_cast_mut(machine)
    }
}

/// Bytes of a string a unit of fuel pays for ([`CallContext::charge_text`]). Per 64 bytes
/// rather than per byte: each byte costs a builtin a few instructions (trimmed, split,
/// lowercased, compared, mostly in whole words), where a unit pays for reading a card, a
/// host call of tens of instructions; a cache line of text is about that.
pub const STRING_BYTES_PER_FUEL: usize = 64;

impl<'a, H: Host> CallContext<'a, H> {
    /// The host.
    pub fn host(&mut self) -> &mut H {
        self.machine.host
    }

    /// Takes `units` of the execution's fuel for work the builtin does in proportion to the
    /// game's data (one unit per card of a pile it reads or moves), so that a builtin
    /// called in a loop is bounded by the same budget as the loop; traps `OutOfFuel` when
    /// the budget does not cover it.
    pub fn charge(&mut self, units: usize) -> Result<(), Trap> {
        self.machine.charge(u32::try_from(units).unwrap_or(u32::MAX))
    }

    /// Takes the fuel for reading `len` bytes of a string at run time, beyond the call's
    /// own unit: one unit per [`STRING_BYTES_PER_FUEL`] bytes. A string has no length
    /// limit but the bundle's, so a builtin that parses, copies or compares one at each
    /// call must still pay for a long one.
    pub fn charge_text(&mut self, len: usize) -> Result<(), Trap> {
        self.charge(len / STRING_BYTES_PER_FUEL)
    }

    /// Reads the cards of `player`'s pile `zone` ([`Host::pile_cards`]) into a buffer the
    /// runtime keeps and hands them to `read`: a builtin that reads a pile at each call
    /// (`draw` reads the deck) allocates nothing for it.
    pub fn read_pile<R>(
        &mut self,
        player: PlayerId,
        zone: ZoneIdx,
        read: impl FnOnce(&mut CallContext<'a, H>, &[Value]) -> R,
    ) -> R {
        // Taken out while `read` runs: a pile read inside it gets a buffer of its own.
        let mut pile = std::mem::take(&mut self.machine.world.pile);
        pile.clear();
        self.machine.host.pile_cards(player, zone, &mut pile);
        let result = read(self, &pile);
        self.machine.world.pile = pile;
        result
    }

    /// Reads the first `most` cards of `player`'s pile `zone` ([`Host::pile_top_cards`])
    /// as [`CallContext::read_pile`] reads a pile, and hands them to `read` with how many
    /// cards the pile holds in all.
    pub fn read_pile_top<R>(
        &mut self,
        player: PlayerId,
        zone: ZoneIdx,
        most: usize,
        read: impl FnOnce(&mut CallContext<'a, H>, &[Value], usize) -> R,
    ) -> R {
        let mut pile = std::mem::take(&mut self.machine.world.pile);
        pile.clear();
        let len = self.machine.host.pile_top_cards(player, zone, most, &mut pile);
        let result = read(self, &pile, len);
        self.machine.world.pile = pile;
        result
    }

    /// Who and what the execution runs for (`me`, the source card, its controller).
    pub fn env(&self) -> Env {
        self.machine.state.env
    }

    /// The program.
    pub fn program(&self) -> &Program {
        &self.machine.shared.program
    }

    /// The catalogue.
    pub fn catalogue(&self) -> &'static Catalogue {
        self.machine.shared.catalogue
    }

    /// The command being called, if this is a command.
    pub fn command(&self) -> Option<CommandIdx> {
        match self.machine.call.callee {
            Callee::Command(cmd) => Some(cmd),
            _ => None,
        }
    }

    /// The cost component being checked or paid, if this is a cost.
    pub fn cost(&self) -> Option<&Cost> {
        match self.machine.call.callee {
            Callee::Cost { i, .. } => {
                let card = self.machine.shared.program.card(self.machine.state.env.card)?;
                super::pipeline::cost_block(card, self.machine.state.origin).get(usize::from(i))
            }
            _ => None,
        }
    }

    /// The whole cost block the cost being run belongs to (its action's or its auto's), and
    /// its index there: for a cost whose check depends on its neighbours (generic mana
    /// beside coloured mana, which it must leave in the pool).
    pub fn cost_block(&self) -> Option<(&[Cost], usize)> {
        match self.machine.call.callee {
            Callee::Cost { i, .. } => {
                let card = self.machine.shared.program.card(self.machine.state.env.card)?;
                Some((super::pipeline::cost_block(card, self.machine.state.origin), usize::from(i)))
            }
            _ => None,
        }
    }

    /// What this cost component is paid with: what the player chose while it was
    /// checked (possibly nothing, when the choice allowed none), or what the cost fixed
    /// with [`CallContext::fix_selection`]. `None` when neither happened: the component
    /// pays what its rules fix without a choice (`{F}`, `{S}`: the source). A cost never
    /// pays with more than this.
    pub fn selection(&self) -> Option<&[Value]> {
        match self.machine.call.callee {
            Callee::Cost { i, .. } => self.machine.state.selection(i),
            _ => None,
        }
    }

    /// In [`CostPhase::Check`], fixes what this cost component will be paid with when the
    /// rules leave the player no choice (exactly `n` cards out of `n`), so that paying
    /// takes exactly what was checked. Does nothing outside a cost.
    pub fn fix_selection(&mut self, values: &[Value]) -> Result<(), Trap> {
        let Callee::Cost { i, .. } = self.machine.call.callee else {
            return Ok(());
        };
        let list = self.machine.state.lists.make(values).ok_or_else(|| Trap::new(TrapCode::ListLimit))?;
        if self.machine.state.set_selection(i, list) { Ok(()) } else { Err(Trap::new(TrapCode::ListLimit)) }
    }

    /// Number of arguments passed.
    pub fn argc(&self) -> usize {
        self.machine.call.args.1 as usize
    }

    /// Argument `i` (nil when not passed).
    pub fn arg(&self, i: usize) -> Value {
        if i >= self.machine.call.args.1 as usize {
            return Value::Nil;
        }
        self.machine.state.regs.get(self.machine.call.args.0 as usize + i).copied().unwrap_or_default()
    }

    /// Argument `i` of a command as the index of a word of the keyword set its catalogue
    /// parameter declares (`alterCost(action, ...)`): `None` when it was left out; a
    /// [`TrapCode::BadArgument`] trap when it is not an index into that set (bundles are
    /// verified against the catalogue's tables, not against what each register holds at a
    /// call, so a hand-made bundle can pass any integer).
    pub fn keyword_arg(&self, i: usize) -> Result<Option<u16>, Trap> {
        let value = self.arg(i);
        if value == Value::Nil {
            return Ok(None);
        }
        let words = self
            .command()
            .and_then(|cmd| self.machine.shared.catalogue.commands.get(cmd.index()))
            .and_then(|spec| spec.params.get(i))
            .map(|param| match param.kind {
                crate::catalogue::ArgKind::Keyword(words) => words.len(),
                _ => 0,
            })
            .unwrap_or(0);
        match value {
            Value::Int(word) if usize::try_from(word).is_ok_and(|word| word < words) => Ok(Some(word as u16)),
            _ => Err(Trap::new(TrapCode::BadArgument)),
        }
    }

    /// The statement's targets, after the command's default target was applied (in an
    /// action; in an auto, a statement without targets acts on the auto's card:
    /// [`DefaultTarget`]).
    pub fn targets(&self) -> &[Value] {
        match &self.machine.call.targets {
            Targets::List(list) => self.machine.state.lists.get(*list),
            Targets::One(value) => std::slice::from_ref(value),
        }
    }

    /// Number of targets.
    pub fn n_targets(&self) -> usize {
        self.targets().len()
    }

    /// Target `i` (nil when out of range).
    pub fn target(&self, i: usize) -> Value {
        self.targets().get(i).copied().unwrap_or_default()
    }

    /// The statement's restriction (`ueot`...), if any.
    pub fn restriction(&self) -> Option<Restriction> {
        self.machine.state.restriction
    }

    /// The player's answer, when the builtin is called again after [`Status::Suspend`].
    pub fn answer(&self) -> Option<&[Value]> {
        self.machine.call.answer.map(|list| self.machine.state.lists.get(list))
    }

    /// The builtin's step counter: 0 on the first call of a statement, whatever
    /// [`CallContext::set_step`] stored across suspensions after that.
    pub fn step(&self) -> u16 {
        self.machine.state.step
    }

    /// Stores the step counter (for builtins that ask several times, like `prophecy`).
    pub fn set_step(&mut self, step: u16) {
        self.machine.state.step = step;
    }

    /// The elements of a list value.
    pub fn list(&self, list: ListId) -> &[Value] {
        self.machine.state.lists.get(list)
    }

    /// A new list value in the execution's arena.
    pub fn make_list(&mut self, values: &[Value]) -> Result<Value, Trap> {
        self.machine.state.lists.make(values).map(Value::List).ok_or_else(|| Trap::new(TrapCode::ListLimit))
    }

    /// A new list value of `cards`, in order, in the execution's arena: [`CallContext::make_list`]
    /// of their values, without building them first.
    pub fn make_card_list(&mut self, cards: &[CardId]) -> Result<Value, Trap> {
        self.machine.state.lists.make_cards(cards).map(Value::List).ok_or_else(|| Trap::new(TrapCode::ListLimit))
    }

    /// Binds a per-execution name (`discarded`, `moved`...) for the rest of the execution.
    pub fn bind(&mut self, var: VariableIdx, value: Value) -> Result<(), Trap> {
        if self.machine.state.bind(var, value) { Ok(()) } else { Err(Trap::new(TrapCode::ListLimit)) }
    }

    /// The value of a name, as `LoadVar` reads it (and charged as it is: a list the host
    /// makes for it costs a unit of fuel per element).
    pub fn variable(&mut self, var: VariableIdx) -> Value {
        self.machine.load_var(var)
    }

    /// Sets the value a function returns.
    pub fn set_result(&mut self, value: Value) {
        self.machine.call.result = value;
    }

    /// Resolves `filter` without asking anything: its candidates and what choice it asks
    /// for. A type choice (`a,b`) is taken as the union; a random quantity is drawn.
    pub fn resolve(&mut self, filter: FilterIdx) -> Result<Resolved, Trap> {
        // A filter argument is one of the program's (the loader checked it), but a filter
        // value can also come from the host (`Host::variable`) or the builtin itself.
        if self.machine.shared.program.filters().get(filter.index()).is_none() {
            return Err(Trap::new(TrapCode::BadArgument));
        }
        self.machine.resolve_candidates(filter)
    }

    /// Asks the player to choose between `min` and `max` of `candidates`; return the
    /// result (`Status::Suspend`) from the builtin. `tag` tells the host (and the
    /// builtin, through [`CallContext::step`]) what is being asked.
    pub fn choose(
        &mut self,
        tag: u16,
        candidates: &[Value],
        min: u16,
        max: u16,
        question: Option<StrIdx>,
    ) -> Result<Status, Trap> {
        let list = self.machine.state.lists.make(candidates).ok_or_else(|| Trap::new(TrapCode::ListLimit))?;
        self.choose_from(tag, list, min, max, question)
    }

    /// Asks the player to choose between `min` and `max` of the elements of `candidates`
    /// (a list of this execution, such as [`Resolved::candidates`]).
    pub fn choose_from(
        &mut self,
        tag: u16,
        candidates: ListId,
        min: u16,
        max: u16,
        question: Option<StrIdx>,
    ) -> Result<Status, Trap> {
        let kind = match self.machine.call.callee {
            Callee::Command(cmd) => RequestKind::Command(cmd, tag),
            Callee::Function(func) => RequestKind::Function(func),
            Callee::Cost { cost, .. } => RequestKind::Cost(cost),
        };
        if min > max || !self.machine.world.answerable(self.machine.state.lists.get(candidates), min) {
            return Err(Trap::new(TrapCode::BadRequest));
        }
        let chooser = self.machine.host.chooser(&self.machine.state.env, kind);
        self.machine.state.request = Some(Request { kind, chooser, candidates, min, max, question });
        Ok(Status::Suspend)
    }

    /// Records an effect that lasts until the statement's restriction expires (or, without
    /// one, until the source leaves play); apply it to the host, and the host's
    /// [`Host::end_effect`] will be called with it when it ends. Gives `None` when the
    /// same source already has exactly this effect with this restriction (re-running an
    /// initialisation does not stack it), and when it has no restriction and its source
    /// left play while the execution waited for an answer (it would already be over):
    /// apply nothing then. Traps `EffectLimit` when
    /// [`MAX_EFFECTS`](crate::runtime::MAX_EFFECTS) are in force.
    ///
    /// Right for an effect that is a state rather than an amount: a granted ability, a
    /// rule switch, a cost change (holding it twice is holding it). For an effect whose
    /// every resolution adds (a pump, a damage shield), see
    /// [`CallContext::record_stacking_effect`].
    pub fn record_effect(&mut self, kind: EffectKind) -> Result<Option<EffectId>, Trap> {
        Ok(self.machine.record_effect(kind, self.machine.state.restriction)?.map(|effect| effect.id))
    }

    /// Records an effect as [`CallContext::record_effect`] does, except that an equal
    /// effect the source already holds does not stop it: each call records a new effect,
    /// with its own id, that the host applies on top of the others (Magic's rule: two
    /// resolutions of `{B}: +1/+0` are two effects, +2/+0). Each ends on its own, as any
    /// effect does: with its restriction, or (without one) when its source leaves play.
    /// Gives `None` only when it has no restriction and its source left play while the
    /// execution waited for an answer; traps `EffectLimit` when
    /// [`MAX_EFFECTS`](crate::runtime::MAX_EFFECTS) are in force, which bounds a loop
    /// of it.
    ///
    /// Not for code that runs again to restate what holds (an initialisation, a static
    /// ability): each run would add one more. The runtime's continuous autos are safe,
    /// as each run ends what the previous one recorded.
    pub fn record_stacking_effect(&mut self, kind: EffectKind) -> Result<Option<EffectId>, Trap> {
        let restriction = self.machine.state.restriction;
        Ok(self.machine.record_effect_as(kind, restriction, Repeat::Stack)?.map(|effect| effect.id))
    }

    /// [`CallContext::record_stacking_effect`], which also gives the effect in force that
    /// a continuous auto running again restates (held from its last run and equal to this
    /// one), with `false`: it is applied already, and is kept rather than ended and
    /// recorded again. `true` with an effect recorded now, for the host to apply. For a
    /// builtin that uses the effect's id (a tag its other effects carry).
    pub fn record_stacking_effect_kept(&mut self, kind: EffectKind) -> Result<Option<(EffectId, bool)>, Trap> {
        let restriction = self.machine.state.restriction;
        let recorded = self.machine.record_or_renew(kind, restriction, Repeat::Stack)?;
        Ok(recorded.map(|(effect, how)| (effect.id, how == super::exec::Recorded::New)))
    }

    /// Ends the effects `source` recorded that match `kind` (a revert), calling
    /// [`Host::end_effect`] for each.
    pub fn end_effects(&mut self, kind: EffectKind) {
        let source = self.machine.state.env.source;
        self.machine.end_effects_where(|effect| effect.source == source && effect.kind == kind);
    }

    /// Runs the autos `event` selects now, in registration order, before the builtin goes
    /// on (`beforeDamage` autos adjusting the damage about to be dealt). They may not ask
    /// the player (that traps); their own events are queued as usual. They run on this
    /// execution's fuel: one budget covers the whole cascade, however it branches.
    pub fn dispatch(&mut self, event: Event) -> Result<(), Trap> {
        let depth = self.machine.state.origin.depth() + 1;
        let fuel = &mut self.machine.state.fuel;
        super::cascade::run_now(self.machine.shared, self.machine.world, self.machine.host, &event, depth, false, fuel)
            .map(|_| ())
    }

    /// Asks hook `event` now, as [`super::Runtime::ask`] does, on this execution's fuel.
    pub fn ask(&mut self, event: Event) -> Result<Option<bool>, Trap> {
        let depth = self.machine.state.origin.depth() + 1;
        let fuel = &mut self.machine.state.fuel;
        super::cascade::run_now(self.machine.shared, self.machine.world, self.machine.host, &event, depth, true, fuel)
    }

    /// Queues an event: its autos run when the host next calls
    /// [`super::Runtime::run_events`]. Traps when events cascade past the limit.
    pub fn emit(&mut self, event: Event) -> Result<(), Trap> {
        self.machine.emit(event)
    }
}
