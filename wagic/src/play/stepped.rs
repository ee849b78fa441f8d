//! A game played one question at a time, for callers that cannot be called back (Python,
//! a UI, a network server): [`SteppedGame`] plays the game on a thread of its own, and
//! each question of a seat the caller plays waits for [`SteppedGame::answer`].
//!
//! The game thread plays until a caller's seat is asked (or the game ends) and then waits
//! on a channel; the caller reads [`SteppedGame::pending`] and answers, which lets the
//! thread play on to the next question. A wrong index is refused ([`AnswerError`]) and
//! the question stays. While a question waits, the game thread also answers for either
//! seat's view of the board ([`SteppedGame::view`]); once the game is over, the views
//! are those of its end. Dropping the game mid-way closes the channel: the waiting seat
//! gives up, the game stops, and the drop joins the thread. A panic on the game thread
//! ends the game as [`Outcome::Stopped`], never in the caller.
//!
//! [`SteppedGame::replay`] starts a game with answers given ahead (an earlier game's
//! [`SteppedGame::history`]): the game thread takes them itself as its questions come, so
//! a copy of a game (a search's clone) costs the game's play, not a handing over per
//! answer.

use std::cell::RefCell;
use std::collections::VecDeque;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::Arc;
use std::sync::mpsc::{Receiver, Sender, channel};
use std::thread::JoinHandle;

use super::seat::{Question, Seat, SeatView};
use super::{End, Entry, Observer, Options, Outcome, Played, play_observed};
use crate::table::Library;

/// A question waiting for the caller's answer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Pending {
    /// The seat asked (0 for `p0`).
    pub seat: usize,
    /// What that seat sees.
    pub view: SeatView,
    /// The question.
    pub question: Question,
}

/// One answer the caller gave: which seat, which option.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct SeatAnswer {
    /// The seat that was asked.
    pub seat: usize,
    /// The index of the option taken.
    pub index: usize,
}

/// Why [`SteppedGame::answer`] refused an answer (the game and its question are as
/// they were).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum AnswerError {
    /// The index is not one of the question's options (`0..options`).
    OutOfRange {
        /// The index given.
        index: usize,
        /// How many options the question has.
        options: usize,
    },
    /// No question waits: the game is over.
    GameOver,
}

impl std::fmt::Display for AnswerError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            AnswerError::OutOfRange { index, options } => write!(
                f,
                "answer {index} is out of range: the question has {options} options (0 to {})",
                options.saturating_sub(1)
            ),
            AnswerError::GameOver => f.write_str("the game is over: no question waits for an answer"),
        }
    }
}

impl std::error::Error for AnswerError {}

/// What the game thread tells the caller.
enum Message {
    /// The log's lines since the last message.
    Log(Vec<Entry>),
    /// A caller's seat is asked.
    Ask(Box<Pending>),
    /// A seat's view of the board now, as [`Reply::View`] asked.
    View(Box<SeatView>),
    /// The game ended, with each seat's view of the board at its end.
    Finished(Box<Played>, Option<Box<[SeatView; 2]>>),
    /// The game thread panicked, with the panic's message.
    Panicked(String),
    /// The answers given ahead that the game thread took since it last said so.
    Replayed(Vec<SeatAnswer>),
}

/// What the caller tells the game thread while a question waits.
enum Reply {
    /// The answer: an option's index, `None` to give up.
    Answer(Option<usize>),
    /// Asks for a seat's view of the board now; the question keeps waiting.
    View(usize),
}

/// Answers given ahead ([`SteppedGame::replay`]), which the game thread takes as its
/// questions come, shared by both seats.
#[derive(Debug, Default)]
struct Script {
    /// The answers not taken yet, in order.
    ahead: VecDeque<usize>,
    /// The answers taken since the caller was last told.
    taken: Vec<SeatAnswer>,
}

impl Script {
    /// Tells the caller the answers taken since it was last told; `None` when it is gone.
    fn tell(&mut self, to_caller: &Sender<Message>) -> Option<()> {
        if self.taken.is_empty() {
            return Some(());
        }
        to_caller.send(Message::Replayed(std::mem::take(&mut self.taken))).ok()
    }
}

/// A seat whose questions go to the caller over a channel (once the answers given ahead
/// are taken); it gives up when the caller is gone.
struct ChannelSeat<'a> {
    seat: usize,
    to_caller: Sender<Message>,
    replies: &'a Receiver<Reply>,
    script: &'a RefCell<Script>,
}

impl Seat for ChannelSeat<'_> {
    fn decide(&mut self, view: &SeatView, question: &Question) -> Option<usize> {
        self.decide_seeing(view, question, &|_| view.clone())
    }

    fn decide_seeing(
        &mut self,
        view: &SeatView,
        question: &Question,
        views: &dyn Fn(usize) -> SeatView,
    ) -> Option<usize> {
        {
            let mut script = self.script.borrow_mut();
            if let Some(&index) = script.ahead.front() {
                if index < question.options.len() {
                    script.ahead.pop_front();
                    script.taken.push(SeatAnswer { seat: self.seat, index });
                    return Some(index);
                }
                // Not one of this question's options: the caller is asked from here on,
                // and sees by the history's length which answer was refused.
                script.ahead.clear();
            }
            script.tell(&self.to_caller)?;
        }
        let pending = Pending { seat: self.seat, view: view.clone(), question: question.clone() };
        self.to_caller.send(Message::Ask(Box::new(pending))).ok()?;
        loop {
            match self.replies.recv().ok()? {
                Reply::Answer(answer) => return answer,
                Reply::View(seat) => self.to_caller.send(Message::View(Box::new(views(seat)))).ok()?,
            }
        }
    }
}

/// A game of [`super::play`]'s rules, each seat the caller plays answered a question at
/// a time. One seed (`Options::seed`) and the same answers ([`SteppedGame::history`])
/// replay the same game.
///
/// ```
/// # use std::sync::Arc;
/// # use wagic::play::{Options, SteppedGame};
/// # let cards = "[card]\nname=Forest\ntype=Basic Land\nsubtype=Forest\n[/card]\n\
/// #              [card]\nname=Bear\nmana={G}\ntype=Creature\npower=2\ntoughness=2\n[/card]\n";
/// # let library = Arc::new(wagic::table::Library::compile(&[("cards.txt", cards.to_string())]).unwrap());
/// # let deck: Vec<String> = (0..30).map(|i| if i % 2 == 0 { "Forest" } else { "Bear" }.to_string()).collect();
/// # let decks = [deck.clone(), deck];
/// // p0 is the caller's; p1 the built-in random player.
/// let mut game = SteppedGame::start(library, decks, Options { seed: 7, ..Options::default() }, [true, false]);
/// while let Some(pending) = game.pending() {
///     println!("{}: {:?}", pending.question.prompt, pending.question.options);
///     game.answer(0).expect("0 is always an option");
/// }
/// println!("{}", game.outcome().expect("over"));
/// ```
pub struct SteppedGame {
    /// Sends the caller's answers and view requests; `None` once dropped.
    answers: Option<Sender<Reply>>,
    messages: Receiver<Message>,
    thread: Option<JoinHandle<()>>,
    pending: Option<Pending>,
    log: Vec<Entry>,
    history: Vec<SeatAnswer>,
    played: Option<Played>,
    /// Each seat's view of the board as the game ended, once it has (none for a game
    /// stopped by the caller's side: its thread is gone).
    final_views: Option<Box<[SeatView; 2]>>,
}

impl SteppedGame {
    /// Starts a game between `decks` (card names of `library`'s, as [`super::play`]
    /// takes them): a seat whose `callers` entry is `true` is the caller's, its questions
    /// waiting in [`SteppedGame::pending`]; the other is played by `options.players`.
    /// Returns once the first question waits or the game is over.
    pub fn start(library: Arc<Library>, decks: [Vec<String>; 2], options: Options, callers: [bool; 2]) -> SteppedGame {
        SteppedGame::replay(library, decks, options, callers, &[])
    }

    /// [`SteppedGame::start`], then `answers` as [`SteppedGame::answer`] would take them
    /// one by one (the same game, log and history), but taken on the game thread as its
    /// questions come: no handing over to the caller and back per answer. It stops
    /// taking them at the first that is not an option of its question, which then waits,
    /// or at the game's end: [`SteppedGame::history`]'s length is the number taken.
    pub fn replay(
        library: Arc<Library>,
        decks: [Vec<String>; 2],
        options: Options,
        callers: [bool; 2],
        answers: &[usize],
    ) -> SteppedGame {
        let script = Script { ahead: answers.iter().copied().collect(), taken: Vec::new() };
        SteppedGame::run(callers, script, move |seats, observer| {
            play_observed(&library, [&decks[0], &decks[1]], options, seats, Some(observer))
        })
    }

    /// Runs `play` on a thread of its own with a seat for each of the caller's seats
    /// (`callers`, answering from `script` first) and an observer of the log; returns
    /// once the first question waits or the game is over.
    fn run<F>(callers: [bool; 2], script: Script, play: F) -> SteppedGame
    where
        F: for<'s> FnOnce([Option<&'s mut dyn Seat>; 2], Observer<'s>) -> (Played, Option<[SeatView; 2]>)
            + Send
            + 'static,
    {
        let (to_caller, messages) = channel::<Message>();
        let (answers, from_caller) = channel::<Reply>();
        let body = move || {
            let told = to_caller.clone();
            let script = RefCell::new(script);
            let result = catch_unwind(AssertUnwindSafe(|| {
                let mut remote = [0, 1].map(|seat| ChannelSeat {
                    seat,
                    to_caller: to_caller.clone(),
                    replies: &from_caller,
                    script: &script,
                });
                let [first, second] = &mut remote;
                let seats: [Option<&mut dyn Seat>; 2] =
                    [callers[0].then_some(first as &mut dyn Seat), callers[1].then_some(second as &mut dyn Seat)];
                let log_to = to_caller.clone();
                let observer = Box::new(move |entries: &[Entry]| {
                    if !entries.is_empty() {
                        // A caller gone is told nothing more: its seat gives up next.
                        let _ = log_to.send(Message::Log(entries.to_vec()));
                    }
                });
                play(seats, observer)
            }));
            let message = match result {
                Ok((played, views)) => Message::Finished(Box::new(played), views.map(Box::new)),
                Err(panic) => Message::Panicked(panic_message(panic.as_ref())),
            };
            // The answers taken since the last question, or by a game that ended on them.
            let _ = script.borrow_mut().tell(&told);
            let _ = told.send(message);
        };
        let (thread, failed) = match std::thread::Builder::new().name("wagic-stepped-game".into()).spawn(body) {
            Ok(thread) => (Some(thread), None),
            Err(error) => (None, Some(error.to_string())),
        };
        let mut game = SteppedGame {
            answers: Some(answers),
            messages,
            thread,
            pending: None,
            log: Vec::new(),
            history: Vec::new(),
            played: None,
            final_views: None,
        };
        match failed {
            Some(error) => game.stop(format!("the game's thread could not start: {error}")),
            None => game.receive(),
        }
        game
    }

    /// The question waiting for an answer, or `None` once the game is over.
    pub fn pending(&self) -> Option<&Pending> {
        self.pending.as_ref()
    }

    /// What `seat` (0 or 1) may see of the board now: while a question waits, the board as
    /// it is (the waiting seat's view as [`Pending::view`], the other seat's asked of the
    /// game thread); once the game is over, the board at its end. `None` for a seat past
    /// 1, or a game stopped with no board to show (its thread gone).
    pub fn view(&mut self, seat: usize) -> Option<SeatView> {
        if seat > 1 {
            return None;
        }
        let Some(pending) = &self.pending else {
            return self.final_views.as_ref().and_then(|views| views.get(seat)).cloned();
        };
        if pending.seat == seat {
            return Some(pending.view.clone());
        }
        let sent = self.answers.as_ref().is_some_and(|answers| answers.send(Reply::View(seat)).is_ok());
        if !sent {
            self.stop("the game's thread is gone".to_string());
            return None;
        }
        match self.messages.recv() {
            Ok(Message::View(view)) => Some(*view),
            Ok(Message::Panicked(message)) => {
                self.stop(format!("the game panicked: {message}"));
                None
            }
            // The thread, blocked on the question, sends nothing else.
            Ok(_) | Err(_) => {
                self.stop("the game's thread ended without a result".to_string());
                None
            }
        }
    }

    /// Answers the waiting question with the option at `index`, and plays on to the next
    /// question of a caller's seat or to the end. An index out of range is refused and
    /// the question keeps waiting.
    pub fn answer(&mut self, index: usize) -> Result<(), AnswerError> {
        let Some(pending) = &self.pending else { return Err(AnswerError::GameOver) };
        let options = pending.question.options.len();
        if index >= options {
            return Err(AnswerError::OutOfRange { index, options });
        }
        let seat = pending.seat;
        self.send(Some(index));
        self.history.push(SeatAnswer { seat, index });
        Ok(())
    }

    /// Gives up the waiting question's seat: the game stops ([`Outcome::Stopped`]).
    pub fn give_up(&mut self) -> Result<(), AnswerError> {
        if self.pending.is_none() {
            return Err(AnswerError::GameOver);
        }
        self.send(None);
        Ok(())
    }

    /// How the game ended, once it has.
    pub fn outcome(&self) -> Option<&Outcome> {
        self.played.as_ref().map(|played| &played.outcome)
    }

    /// The whole game, once it is over.
    pub fn played(&self) -> Option<&Played> {
        self.played.as_ref()
    }

    /// The game's log so far (all of it once the game is over). It tells what both
    /// players drew: it is the host's, not a seat's view.
    pub fn log(&self) -> &[Entry] {
        &self.log
    }

    /// The answers given so far, in order: with the same decks and options, answering
    /// these again plays the same game.
    pub fn history(&self) -> &[SeatAnswer] {
        &self.history
    }

    /// Sends an answer to the game thread and waits for what comes next.
    fn send(&mut self, answer: Option<usize>) {
        self.pending = None;
        let sent = self.answers.as_ref().is_some_and(|answers| answers.send(Reply::Answer(answer)).is_ok());
        if sent {
            self.receive();
        } else {
            self.stop("the game's thread is gone".to_string());
        }
    }

    /// Reads the game thread's messages until a question waits or the game is over.
    fn receive(&mut self) {
        loop {
            match self.messages.recv() {
                Ok(Message::Log(entries)) => self.log.extend(entries),
                Ok(Message::Replayed(answers)) => self.history.extend(answers),
                Ok(Message::Ask(pending)) => {
                    self.pending = Some(*pending);
                    return;
                }
                Ok(Message::Finished(played, views)) => {
                    self.log.clone_from(&played.log);
                    self.played = Some(*played);
                    self.final_views = views;
                    self.join();
                    return;
                }
                Ok(Message::Panicked(message)) => return self.stop(format!("the game panicked: {message}")),
                // Sent only when asked for, while a question waits.
                Ok(Message::View(_)) => {}
                Err(_) => return self.stop("the game's thread ended without a result".to_string()),
            }
        }
    }

    /// Ends the game as stopped for `reason`, with the log told so far.
    fn stop(&mut self, reason: String) {
        self.pending = None;
        self.join();
        self.played = Some(Played {
            log: self.log.clone(),
            outcome: Outcome::Stopped { reason },
            end: End::Stopped,
            turns: self.turns_begun(),
            decisions: self.history.len() as u64,
            cast: [Vec::new(), Vec::new()],
            combat_damage: Vec::new(),
        });
    }

    /// The turns the log has begun.
    fn turns_begun(&self) -> u32 {
        self.log.iter().filter(|entry| matches!(entry, Entry::TurnStart { .. })).count() as u32
    }

    /// Waits for the game thread to end (its panic, if any, was caught already).
    fn join(&mut self) {
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

impl Drop for SteppedGame {
    /// Closes the answers' channel (a waiting seat gives up, the game stops) and waits
    /// for the game thread to end.
    fn drop(&mut self) {
        self.answers = None;
        self.join();
    }
}

impl std::fmt::Debug for SteppedGame {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SteppedGame")
            .field("pending", &self.pending)
            .field("log", &self.log.len())
            .field("history", &self.history.len())
            .field("outcome", &self.outcome())
            .finish()
    }
}

/// A panic's message, as `panic!` was given it.
fn panic_message(panic: &(dyn std::any::Any + Send)) -> String {
    if let Some(text) = panic.downcast_ref::<&str>() {
        (*text).to_string()
    } else if let Some(text) = panic.downcast_ref::<String>() {
        text.clone()
    } else {
        "a panic without a message".to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::play::OptionKind;

    /// What a caller hands on to another thread (a Python object, a server's task).
    #[test]
    fn a_stepped_game_and_what_it_hands_over_can_move_between_threads() {
        fn movable<T: Send + 'static>() {}
        movable::<SteppedGame>();
        movable::<Pending>();
        movable::<AnswerError>();
    }

    /// A Forest and Bear deck of the module's doc example.
    fn forest_and_bears() -> (Arc<Library>, [Vec<String>; 2]) {
        let cards = "[card]\nname=Forest\ntype=Basic Land\nsubtype=Forest\n[/card]\n\
                     [card]\nname=Bear\nmana={G}\ntype=Creature\npower=2\ntoughness=2\n[/card]\n";
        let library = Arc::new(Library::compile(&[("cards.txt", cards.to_string())]).expect("compiles"));
        let deck: Vec<String> = (0..30).map(|i| if i % 2 == 0 { "Forest" } else { "Bear" }.to_string()).collect();
        (library, [deck.clone(), deck])
    }

    /// The seat not asked sees the land the asked seat just played; the built-in seat,
    /// never asked, has a view too; once over, both see the board at the end.
    #[test]
    fn either_seats_view_is_the_board_now() {
        let (library, decks) = forest_and_bears();
        let mut game = SteppedGame::start(library, decks, Options { seed: 3, ..Options::default() }, [true, false]);
        let forests = |view: &SeatView| view.battlefield.iter().filter(|p| p.name == "Forest").count();
        let mut played = false;
        while let Some(pending) = game.pending() {
            let land = pending.question.kinds.iter().position(|kind| *kind == OptionKind::PlayLand);
            let before = game.view(1).map(|view| forests(&view)).expect("p1's view");
            match land {
                Some(index) if !played => {
                    game.answer(index).expect("an option");
                    played = true;
                    if game.pending().is_some() {
                        let other = game.view(1).expect("p1's view now");
                        assert_eq!((other.seat, forests(&other)), (1, before + 1));
                        assert_eq!(game.view(0).map(|view| forests(&view)), Some(before + 1));
                    }
                }
                _ => game.answer(0).expect("an option"),
            }
        }
        assert!(played);
        let ended = game.view(1).expect("the board at the end");
        assert_eq!(ended.seat, 1);
        assert_eq!(game.view(0).map(|view| view.battlefield.len()), Some(ended.battlefield.len()));
        assert_eq!(game.view(2), None);
    }

    /// Plays a game of two caller's seats to its end, answering the last option every
    /// third question and the first otherwise; its answers and log.
    fn a_whole_game(library: &Arc<Library>, decks: &[Vec<String>; 2], options: Options) -> (Vec<usize>, Vec<Entry>) {
        let mut game = SteppedGame::start(Arc::clone(library), decks.clone(), options, [true, true]);
        let mut asked = 0;
        while let Some(pending) = game.pending() {
            let index = if asked % 3 == 0 { pending.question.options.len() - 1 } else { 0 };
            game.answer(index).expect("an option");
            asked += 1;
        }
        (game.history().iter().map(|answer| answer.index).collect(), game.log().to_vec())
    }

    #[test]
    fn a_replay_is_the_game_its_answers_play_and_stops_at_one_refused() {
        let (library, decks) = forest_and_bears();
        let options = Options { seed: 5, ..Options::default() };
        let (answers, log) = a_whole_game(&library, &decks, options);
        let half = answers.len() / 2;
        assert!(half > 10, "a game of {} answers", answers.len());
        let mut answered = SteppedGame::start(Arc::clone(&library), decks.clone(), options, [true, true]);
        for index in &answers[..half] {
            answered.answer(*index).expect("an option");
        }
        let replay =
            |given: &[usize]| SteppedGame::replay(Arc::clone(&library), decks.clone(), options, [true, true], given);
        let part = replay(&answers[..half]);
        assert_eq!(
            (part.history(), part.log(), part.pending()),
            (answered.history(), answered.log(), answered.pending())
        );
        assert!(part.pending().is_some());

        // An answer that is no option of its question: the answers before it are taken,
        // and its question waits.
        let refused = replay(&[&answers[..half], &[99], &answers[half..]].concat());
        assert_eq!((refused.history(), refused.pending()), (answered.history(), answered.pending()));

        // The whole game: the same end; answers past it are not taken.
        let mut whole = replay(&answers);
        let mut beyond = replay(&[&answers[..], &[0, 0]].concat());
        for game in [&mut whole, &mut beyond] {
            let history: Vec<usize> = game.history().iter().map(|answer| answer.index).collect();
            assert_eq!(history, answers);
            assert!(game.pending().is_none());
            assert!(game.outcome().is_some_and(|outcome| !matches!(outcome, Outcome::Stopped { .. })));
            let seat_views = game.view(0).is_some() && game.view(1).is_some();
            assert!(seat_views, "the board at the end");
        }
        assert_eq!((whole.log(), beyond.log()), (&log[..], &log[..]));
    }

    #[test]
    fn a_panic_on_the_games_thread_stops_the_game_and_not_the_caller() {
        let game = SteppedGame::run([true, false], Script::default(), |_, _| -> (Played, Option<[SeatView; 2]>) {
            panic!("a card's code went wrong")
        });
        assert!(game.pending().is_none());
        assert_eq!(
            game.outcome(),
            Some(&Outcome::Stopped { reason: "the game panicked: a card's code went wrong".into() })
        );
        assert_eq!(game.played().map(|played| played.end), Some(End::Stopped));
    }
}
