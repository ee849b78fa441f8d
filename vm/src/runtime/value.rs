//! Values of the interpreter and the per-execution list arena they point into.
//!
//! A [`Value`] is 12 bytes and `Copy`: lists are [`ListId`]s into the [`Lists`] arena of the
//! execution that made them, so registers, locals and the statement state (`T`, `P`, `G`)
//! copy freely and a suspended execution owns everything it refers to. The arena is cleared
//! (keeping its capacity) when a pooled execution is reused, which is what keeps a simple
//! effect free of heap allocation in steady state.

use crate::bytecode::{AmountMode, FilterIdx, RuleSwitchIdx, StrIdx, ZoneRef};

/// A card as the host identifies it (an instance on the table, not a bundle card).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct CardId(pub u32);

/// A player as the host identifies it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct PlayerId(pub u32);

/// A list in the arena of one execution.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ListId(pub u32);

impl ListId {
    /// The execution's empty list, which every arena holds first and never grows: what
    /// `T`, `P` and `G` are before anything is targeted.
    pub const EMPTY: ListId = ListId(0);
}

/// One value of RuleScript.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Value {
    /// Nothing (also the result of a failed evaluation, such as a division by zero).
    #[default]
    Nil,
    /// An integer.
    Int(i32),
    /// A boolean.
    Bool(bool),
    /// A string of the bundle.
    Str(StrIdx),
    /// A card.
    Card(CardId),
    /// A player.
    Player(PlayerId),
    /// A list of the execution's arena.
    List(ListId),
    /// A filter passed unresolved as an argument (`discard(<1>*)`).
    Filter(FilterIdx),
    /// A pile argument (`ctrlDeck`).
    Pile(ZoneRef),
    /// A game-rule switch.
    RuleSwitch(RuleSwitchIdx),
    /// A change of a counter: `300` adds, `=e` sets, `x2` multiplies.
    Amount(AmountMode, i32),
    /// The `?` position argument: the player chooses.
    Ask,
    /// An iterator over a list: the list and the next position.
    Iter(ListId, u32),
}

impl Value {
    /// The integer, if the value is one (a boolean counts as 0 or 1).
    #[inline]
    pub fn as_int(self) -> Option<i32> {
        match self {
            Value::Int(value) => Some(value),
            Value::Bool(value) => Some(i32::from(value)),
            _ => None,
        }
    }

    /// The card, if the value is one.
    pub fn as_card(self) -> Option<CardId> {
        match self {
            Value::Card(card) => Some(card),
            _ => None,
        }
    }

    /// The player, if the value is one.
    pub fn as_player(self) -> Option<PlayerId> {
        match self {
            Value::Player(player) => Some(player),
            _ => None,
        }
    }

    /// The list, if the value is one.
    pub fn as_list(self) -> Option<ListId> {
        match self {
            Value::List(list) => Some(list),
            _ => None,
        }
    }
}

/// Where one list lives in [`Lists::items`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Span {
    start: u32,
    len: u32,
}

/// The list arena of one execution. A list never changes, with two exceptions: codegen
/// relies on [`Lists::push`] growing the arena's last list in place, and it only pushes to
/// a list it has just made (`ListNew` ... `ListPush`), before anything else refers to it;
/// and the runtime rebinds a name in its per-execution bindings list, which no value
/// refers to, with `Lists::overwrite`. List 0 is the execution's empty list and never
/// grows.
///
/// List 0's span keeps, in its `start` (which an empty list never reads), how many
/// elements the full arena refused (`Lists::take_refused`), so that the work of
/// building a list that did not fit is still paid for. (A field of its own would make
/// every execution state 8 bytes bigger.)
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Lists {
    spans: Vec<Span>,
    items: Vec<Value>,
}

impl Clone for Lists {
    fn clone(&self) -> Lists {
        Lists { spans: self.spans.clone(), items: self.items.clone() }
    }

    /// Into this arena's own buffers.
    fn clone_from(&mut self, source: &Lists) {
        self.spans.clone_from(&source.spans);
        self.items.clone_from(&source.items);
    }
}

/// The most elements all lists of one execution may hold together.
pub const MAX_LIST_ITEMS: usize = 1 << 16;

impl Lists {
    /// Forgets every list but the empty list 0, keeping the capacity.
    #[inline]
    pub(crate) fn reset(&mut self) {
        const EMPTY: Span = Span { start: 0, len: 0 };
        self.items.clear();
        // A pooled arena already holds list 0: rewriting it in place needs no capacity check.
        match self.spans.first_mut() {
            Some(first) => {
                *first = EMPTY;
                self.spans.truncate(1);
            }
            None => self.spans.push(EMPTY),
        }
    }

    /// An empty arena with room for `lists` lists of `items` elements in all.
    pub(crate) fn with_capacity(lists: usize, items: usize) -> Lists {
        Lists { spans: Vec::with_capacity(lists), items: Vec::with_capacity(items) }
    }

    /// A new list with `values`; `None` when the arena is full (counted for
    /// `Lists::take_refused`: a host answering with a list makes it here).
    pub fn make(&mut self, values: &[Value]) -> Option<ListId> {
        if self.items.len() + values.len() > MAX_LIST_ITEMS || self.spans.len() >= MAX_LIST_ITEMS {
            return self.refuse(values.len());
        }
        let start = self.items.len() as u32;
        self.items.extend_from_slice(values);
        self.spans.push(Span { start, len: values.len() as u32 });
        Some(ListId(self.spans.len() as u32 - 1))
    }

    /// A new list of the values of `cards`; `None` when the arena is full.
    pub fn make_cards(&mut self, cards: &[CardId]) -> Option<ListId> {
        if self.items.len() + cards.len() > MAX_LIST_ITEMS || self.spans.len() >= MAX_LIST_ITEMS {
            return None;
        }
        let start = self.items.len() as u32;
        self.items.extend(cards.iter().map(|&card| Value::Card(card)));
        self.spans.push(Span { start, len: cards.len() as u32 });
        Some(ListId(self.spans.len() as u32 - 1))
    }

    /// Counts `len` elements the full arena refused ([`Lists::take_refused`]); `None`.
    fn refuse(&mut self, len: usize) -> Option<ListId> {
        if let Some(empty) = self.spans.first_mut() {
            empty.start = empty.start.saturating_add(u32::try_from(len).unwrap_or(u32::MAX));
        }
        None
    }

    /// Where `list` lives: list 0 is always empty at 0 (its `start` counts refusals).
    #[inline]
    fn span(&self, list: ListId) -> Option<Span> {
        let span = *self.spans.get(list.0 as usize)?;
        Some(if list == ListId::EMPTY { Span { start: 0, len: 0 } } else { span })
    }

    /// How many elements [`Lists::make`] refused since this was last asked, counted
    /// again from 0: the runtime charges them, one unit an element, after a host answered
    /// a name or an attribute with nil (a host whose list did not fit, `me.deck`). Only
    /// hosts see a refusal without the execution trapping `ListLimit`.
    #[inline]
    pub(crate) fn take_refused(&mut self) -> usize {
        match self.spans.first_mut() {
            Some(empty) if empty.start != 0 => std::mem::replace(&mut empty.start, 0) as usize,
            _ => 0,
        }
    }

    /// A new empty list.
    pub fn empty(&mut self) -> Option<ListId> {
        self.make(&[])
    }

    /// A new list with the elements of `list` followed by `value`: in place when `list` is
    /// the arena's last list (codegen's `ListNew`/`ListPush` loops), a copy otherwise.
    pub fn push(&mut self, list: ListId, value: Value) -> Option<ListId> {
        if self.items.len() >= MAX_LIST_ITEMS {
            return None;
        }
        let span = self.span(list)?;
        // List 0 is the execution's shared empty list: never grown in place.
        let is_last = list != ListId::EMPTY
            && list.0 as usize + 1 == self.spans.len()
            && (span.start + span.len) as usize == self.items.len();
        if is_last {
            self.items.push(value);
            self.spans[list.0 as usize].len += 1;
            return Some(list);
        }
        let start = self.items.len();
        self.items.extend_from_within(span.start as usize..(span.start + span.len) as usize);
        self.items.push(value);
        self.spans.push(Span { start: start as u32, len: span.len + 1 });
        Some(ListId(self.spans.len() as u32 - 1))
    }

    /// A new list with the elements of `list` followed by `first` and `second`: what
    /// [`Lists::push`] of `first`, then of `second` onto that, gives (and `None` where
    /// either would fail), copying `list` at most once.
    pub(crate) fn push_pair(&mut self, list: ListId, first: Value, second: Value) -> Option<ListId> {
        let span = self.span(list)?;
        // List 0 is the execution's shared empty list: never grown in place.
        let is_last = list != ListId::EMPTY
            && list.0 as usize + 1 == self.spans.len()
            && (span.start + span.len) as usize == self.items.len();
        let copied = if is_last { 0 } else { span.len as usize };
        if self.items.len() >= MAX_LIST_ITEMS || self.items.len() + copied + 1 >= MAX_LIST_ITEMS {
            return None;
        }
        if is_last {
            self.items.extend_from_slice(&[first, second]);
            self.spans[list.0 as usize].len += 2;
            return Some(list);
        }
        let start = self.items.len();
        self.items.extend_from_within(span.start as usize..(span.start + span.len) as usize);
        self.items.extend_from_slice(&[first, second]);
        self.spans.push(Span { start: start as u32, len: span.len + 2 });
        Some(ListId(self.spans.len() as u32 - 1))
    }

    /// Replaces element `index` of `list` in place; false when there is no such element.
    /// Only for lists no [`Value`] refers to (the runtime's bindings).
    pub(crate) fn overwrite(&mut self, list: ListId, index: usize, value: Value) -> bool {
        let Some(span) = self.span(list) else {
            return false;
        };
        if index >= span.len as usize {
            return false;
        }
        self.items[span.start as usize + index] = value;
        true
    }

    /// A new list: `a` then `b`.
    pub fn concat(&mut self, a: ListId, b: ListId) -> Option<ListId> {
        let (sa, sb) = (self.span(a)?, self.span(b)?);
        if self.items.len() + (sa.len + sb.len) as usize > MAX_LIST_ITEMS {
            return None;
        }
        let start = self.items.len();
        self.items.extend_from_within(sa.start as usize..(sa.start + sa.len) as usize);
        self.items.extend_from_within(sb.start as usize..(sb.start + sb.len) as usize);
        self.spans.push(Span { start: start as u32, len: sa.len + sb.len });
        Some(ListId(self.spans.len() as u32 - 1))
    }

    /// The elements of `list` (empty for an unknown id).
    #[inline]
    pub fn get(&self, list: ListId) -> &[Value] {
        match self.spans.get(list.0 as usize) {
            // List 0's `start` may lie past the elements (it counts refusals): it is empty.
            Some(span) if list != ListId::EMPTY => &self.items[span.start as usize..(span.start + span.len) as usize],
            _ => &[],
        }
    }

    /// Number of elements of `list`.
    #[inline]
    pub fn len(&self, list: ListId) -> usize {
        self.spans.get(list.0 as usize).map_or(0, |span| span.len as usize)
    }

    /// Whether `list` has no elements.
    #[inline]
    pub fn is_empty(&self, list: ListId) -> bool {
        self.len(list) == 0
    }

    /// Gives back unused capacity.
    pub fn shrink_to_fit(&mut self) {
        self.spans.shrink_to_fit();
        self.items.shrink_to_fit();
    }

    /// Bytes of heap this arena holds.
    pub fn heap_bytes(&self) -> usize {
        self.spans.capacity() * size_of::<Span>() + self.items.capacity() * size_of::<Value>()
    }
}

/// `truthy(v)`: false for nil, false, 0 and the empty list; true otherwise.
#[inline]
pub fn truthy(value: Value, lists: &Lists) -> bool {
    match value {
        Value::Nil | Value::Bool(false) | Value::Int(0) => false,
        Value::List(list) => !lists.is_empty(list),
        _ => true,
    }
}

/// Equality as RuleScript sees it: lists compare by elements, everything else by value.
pub fn equal(a: Value, b: Value, lists: &Lists) -> bool {
    match (a, b) {
        (Value::List(x), Value::List(y)) => lists.get(x) == lists.get(y),
        (Value::Bool(x), Value::Int(y)) | (Value::Int(y), Value::Bool(x)) => i32::from(x) == y,
        _ => a == b,
    }
}

const _: () = assert!(size_of::<Value>() <= 12);

#[cfg(test)]
mod tests {
    use super::{CardId, ListId, Lists, Value};

    /// `push_pair` gives the list and the arena two `push`es give: onto the shared empty
    /// list, onto the arena's last list (in place), and onto an earlier list (a copy).
    #[test]
    fn push_pair_is_two_pushes() {
        let (a, b) = (Value::Int(-1), Value::Card(CardId(7)));
        let mut arena = Lists::default();
        arena.reset();
        let earlier = arena.make(&[Value::Int(1), Value::Int(2)]).expect("room");
        let last = arena.make(&[Value::Int(3)]).expect("room");
        for list in [ListId::EMPTY, last, earlier] {
            let mut by_pushes = arena.clone();
            let first = by_pushes.push(list, a).expect("room");
            let pushed = by_pushes.push(first, b).expect("room");
            let mut by_pair = arena.clone();
            let paired = by_pair.push_pair(list, a, b).expect("room");
            assert_eq!((paired, by_pair.get(paired)), (pushed, by_pushes.get(pushed)), "onto {list:?}");
            assert_eq!(by_pair, by_pushes, "onto {list:?}");
        }
        assert_eq!(arena.push_pair(ListId(99), a, b), None);
    }

    /// What a full arena refuses to `make` is counted once for the runtime to charge, and
    /// the empty list, whose span keeps that count, reads and copies as empty meanwhile.
    #[test]
    fn refusals_are_counted_once_and_leave_the_empty_list_empty() {
        let mut arena = Lists::default();
        arena.reset();
        // Too big for an empty arena: the count lies past every element there is.
        let too_big = vec![Value::Int(1); super::MAX_LIST_ITEMS + 1];
        assert_eq!(arena.make(&too_big), None);
        assert_eq!(arena.get(ListId::EMPTY), &[] as &[Value]);
        let copy = arena.push(ListId::EMPTY, Value::Int(4)).expect("room");
        assert_eq!(arena.get(copy), &[Value::Int(4)]);
        assert_eq!(arena.concat(ListId::EMPTY, copy).map(|list| arena.len(list)), Some(1));
        assert_eq!(arena.take_refused(), super::MAX_LIST_ITEMS + 1);
        // A full arena.
        arena.make(&too_big[3..]).expect("room for exactly this");
        assert_eq!(arena.make(&[Value::Int(2); 10]), None);
        assert_eq!(arena.make(&[Value::Int(3); 5]), None);
        assert_eq!(arena.len(ListId::EMPTY), 0);
        assert_eq!(arena.take_refused(), 15);
        assert_eq!(arena.take_refused(), 0);
        arena.reset();
        assert_eq!(arena.make(&[Value::Int(5)]).map(|list| arena.get(list).len()), Some(1));
    }
}
