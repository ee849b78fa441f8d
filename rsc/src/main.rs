//! The `rsc` command-line toolchain: argument parsing, dispatch to one module per
//! subcommand, and the exit codes every subcommand shares.
//!
//! `rsc` is the edge of the workspace: the only crate that renders diagnostics
//! (`render.rs`), and the command line over the others, which read the files they play
//! themselves (card sets with `game::CardSet::load`, decks with `game::deck`, scenarios
//! with `game::scenario`, tallies with `game::sim::shard`, saved games with
//! `game::sim::save`).
//!
//! Files are untrusted. Every file `rsc` reads is read within a bound counted as its bytes
//! come (`game::bounded`), so a device or a pipe that never ends stops there too: a deck
//! and a scenario 1 MB, a catalogue file 4 MiB (`catalogue_file::read_file`), a source file
//! (`.rules` or Wagic) and a file of a card set 64 MB, a tally 64 MB, a saved game and a
//! bundle 256 MB. Outputs (`-o`, `--save`, `--report`,
//! `--tally-out`) are checked before the work starts (`run::check_outputs`): writable, and
//! neither a file the command reads nor another of its outputs (compared by device and
//! inode where both exist). They are written whole or not at all (`game::output`). Text
//! from files printed for a person (card, deck and scenario words, a bundle's source
//! lines) goes through `render::terminal_text`, which escapes control and bidi chars; JSON
//! output escapes its own strings.

/// `eprintln!` that cannot panic: standard error may be a pipe whose reader went away
/// (`rsc test 2>&1 | head`), and then there is nowhere left to say anything. Declared
/// before the modules, which use it.
macro_rules! stderr_line {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        let _ = writeln!(std::io::stderr().lock(), $($arg)*);
    }};
}

mod catalogue;
mod check;
mod compile;
mod disas;
mod explain;
mod render;
mod replay;
mod run;
mod sim;
mod test;
mod wagic;
mod wagic_run;
mod wagic_save;
mod wagic_sim;
mod wagic_test;

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Args, Parser, Subcommand};
use game::players::PlayerKind;

use render::MessageFormat;

/// The card language of `check` and `compile`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum Lang {
    /// RuleScript `.rules` files against Card Fighters' Clash's catalogue.
    Rulescript,
    /// Wagic card files (`[card]` blocks) against the Wagic catalogue.
    Wagic,
}

/// The RuleScript toolchain.
#[derive(Debug, Parser)]
#[command(name = "rsc", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Check `.rules` files for errors and warnings (folders are searched recursively).
    Check {
        /// Files, or folders to search for `*.rules` files (with `--lang wagic`: for `*.txt` Wagic card files).
        #[arg(required = true, value_name = "PATH")]
        paths: Vec<PathBuf>,
        /// The card language: `rulescript`, or `wagic` for Wagic card files (`[card]` blocks).
        #[arg(long, value_enum, value_name = "LANG", default_value_t = Lang::Rulescript)]
        lang: Lang,
        /// With `--lang wagic`: print the tally of cards compiled and left out by construct.
        #[arg(long)]
        stats: bool,
        /// With `--lang wagic`: Wagic's set files (a `Res/sets` folder, searched for
        /// `_cards.dat`), whose printing ids a card's `token(id)` names its token card by.
        #[arg(long, value_name = "DIR")]
        sets: Option<PathBuf>,
        /// How diagnostics are reported: `human` (on stderr) or `json` (one per line on stdout).
        #[arg(long, value_enum, value_name = "FORMAT", default_value_t = MessageFormat::Human)]
        message_format: MessageFormat,
        /// Check against another game's catalogue, read from this catalogue file (see `rsc
        /// catalogue`), instead of Card Fighters' Clash's.
        #[arg(long, value_name = "FILE")]
        catalogue: Option<PathBuf>,
    },
    /// Compile `.rules` files and folders into one `.rsb` bundle.
    Compile {
        /// Files, or folders to search for `*.rules` files (with `--lang wagic`: for `*.txt` Wagic card files).
        #[arg(required = true, value_name = "PATH")]
        paths: Vec<PathBuf>,
        /// The card language: `rulescript`, or `wagic` for Wagic card files, whose bundle holds
        /// the cards that compile (each other card is reported, and the exit code is 1).
        #[arg(long, value_enum, value_name = "LANG", default_value_t = Lang::Rulescript)]
        lang: Lang,
        /// The bundle to write.
        #[arg(short = 'o', long = "output", value_name = "OUT.rsb")]
        output: PathBuf,
        /// Leave out the debug section (source lines and spans).
        #[arg(long)]
        strip: bool,
        /// With `--lang wagic`: Wagic's set files (a `Res/sets` folder, searched for
        /// `_cards.dat`), whose printing ids a card's `token(id)` names its token card by.
        #[arg(long, value_name = "DIR")]
        sets: Option<PathBuf>,
        /// Report cards, source and bundle bytes per section, and compile time (with `--lang
        /// wagic`: the tally of cards compiled and left out by construct, and compile time).
        #[arg(long)]
        stats: bool,
        /// How diagnostics (and `--stats`) are reported: `human` or `json`.
        #[arg(long, value_enum, value_name = "FORMAT", default_value_t = MessageFormat::Human)]
        message_format: MessageFormat,
        /// Compile against another game's catalogue, read from this catalogue file (see `rsc
        /// catalogue`), instead of Card Fighters' Clash's; the bundle records its identity.
        #[arg(long, value_name = "FILE")]
        catalogue: Option<PathBuf>,
    },
    /// Print a bundle's code with names resolved (and source lines, when it has debug info).
    Disas {
        /// The `.rsb` bundle.
        #[arg(value_name = "FILE.rsb")]
        bundle: PathBuf,
        /// Print only this card (its key is its file stem, e.g. `C001-ryu`).
        #[arg(long, value_name = "KEY")]
        card: Option<String>,
        /// The catalogue file the bundle was compiled against (`rsc compile --catalogue`).
        #[arg(long, value_name = "FILE")]
        catalogue: Option<PathBuf>,
    },
    /// Print a built-in catalogue as a catalogue file (JSON), the form `--catalogue FILE` of
    /// `check`, `compile` and `disas` reads: a game of its own writes its file with
    /// `catalogue_file::to_json` (docs/catalogue-file.md).
    #[command(after_help = "Example: rsc catalogue --lang rulescript > cfc.json; \
rsc check --catalogue cfc.json examples/ checks as `rsc check examples/` does.")]
    Catalogue {
        /// Whose catalogue: `rulescript` (Card Fighters' Clash's) or `wagic`.
        #[arg(long, value_enum, value_name = "LANG", default_value_t = Lang::Rulescript)]
        lang: Lang,
    },
    /// Run scenario files (TOML card tests) and folders of them; with `--lang wagic`, Wagic's
    /// behaviour tests (`[INIT]`, `[DO]`, `[ASSERT]`) on the in-memory Wagic table.
    #[command(after_help = "With `--lang wagic`: each test prints `ok`, `FAILED` with its first difference \
(where, expected, actual) or `skipped: <reason>` when it needs what the table does not model \
(interruptions, Wagic's AI, banding, a keyword ability it lacks, cards that do not compile); a skip is \
never a pass. Name the tests before `--cards`, which takes the rest of the line. The run ends with `N passed, N failed, N skipped` and the skips by reason. \
A card a test gives by Wagic id (`hand:1372`, a `[DO]` line `129693`) is played by the name \
Wagic's set files map the id to: pass your Wagic install's `Res/sets` folder as `--sets DIR` \
(every `_cards.dat` below it is read, in path order; an id's first printing whose card the card files \
have is the one, as in Wagic; an older set's entry that carries a whole card adds that card; a set \
entry that cannot be read is an E0109 on stderr, its id left unknown). As in Wagic, a `[DO]` line \
clicks the card with the id it stands for (a name stands for its highest id, `name (SET)` for its \
printing in that set). Without `--sets`, or for an id the sets do not map or a token's id, the test \
is skipped with that reason. Exit 0 \
when none failed, 1 when one failed, 2 for a path that cannot be read (or a `--sets` folder with no \
`_cards.dat`).\n\nExample: rsc test --lang wagic \
../shared/wagic/test --sets ~/wagic/Res/sets --cards ../shared/wagic/mtg.txt ../shared/wagic/borderline.txt")]
    Test {
        /// Scenario files, or folders to search for `*.toml` files (with `--lang wagic`: Wagic
        /// test files, folders searched for `*.txt`).
        #[arg(required = true, value_name = "PATH")]
        paths: Vec<PathBuf>,
        /// Print each scenario's log, step by step (the setup's first).
        #[arg(long)]
        log: bool,
        /// The test language: `rulescript` scenarios, or `wagic` behaviour tests.
        #[arg(long, value_enum, value_name = "LANG", default_value_t = Lang::Rulescript)]
        lang: Lang,
        #[command(flatten)]
        wagic: WagicCards,
    },
    /// Explain a diagnostic code such as `E0008`.
    Explain {
        /// The code, e.g. `E0008` or `W0001`.
        code: String,
    },
    /// Play one seeded game between two decks and print it turn by turn.
    #[command(after_help = "With `--lang wagic`: a game of Magic between two Wagic decks on the \
Wagic table, by random or greedy players (--player, once or twice; no --set: --cards names Wagic's card files, --sets its \
`Res/sets` folder for decks that give cards by id). A deck is a Wagic deck file (`#NAME:`, one \
Wagic id a line) or lines of a card name with an optional count (`4 Grizzly Bears`). A card that \
is not in the card files or does not compile is an error at its deck line; --skip-uncompiled \
plays the rest; --json prints one JSON object per line. See docs/wagic-play.md.\n\nExample: rsc run --lang wagic --cards \
../shared/wagic/mtg.txt --sets ~/wagic/Res/sets --deck deck1.txt --deck deck2.txt --seed 7")]
    Run {
        /// The card set's folder (`cards.json` and its `.rules` files); not with `--lang wagic`.
        #[arg(long, value_name = "DIR")]
        set: Option<PathBuf>,
        /// A deck (`.o8d`; with `--lang wagic` a Wagic deck file): give two, for seats 0 and 1.
        #[arg(long = "deck", value_name = "DECK", required = true)]
        decks: Vec<PathBuf>,
        /// The card language: `rulescript` (Card Fighters' Clash), or `wagic` for a game of
        /// Wagic cards.
        #[arg(long, value_enum, value_name = "LANG", default_value_t = Lang::Rulescript)]
        lang: Lang,
        #[command(flatten)]
        wagic: WagicCards,
        /// With `--lang wagic`: leave out the deck cards that do not compile and play the
        /// rest (an error otherwise).
        #[arg(long)]
        skip_uncompiled: bool,
        /// The game's seed: one seed, one game.
        #[arg(long, default_value_t = 0)]
        seed: u64,
        /// Who plays: once for both seats, or twice (seat 0, then seat 1).
        #[arg(long = "player", value_name = "random|greedy")]
        players: Vec<PlayerKind>,
        /// One JSON object per line instead of text.
        #[arg(long)]
        json: bool,
        /// End with the BLAKE3 hash of the whole event log (with `--lang wagic`, of the
        /// transcript printed).
        #[arg(long)]
        trace_hash: bool,
        /// Write the game to FILE for `rsc replay` (seed, decks, every choice, a state hash
        /// per step; with `--lang wagic`, seed, decks, players and the transcript).
        #[arg(long, value_name = "FILE")]
        save: Option<PathBuf>,
        /// Turns after which the game is a draw (the engine's default otherwise).
        #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..))]
        turn_limit: Option<u32>,
    },
    /// Play a game saved by `rsc run --save` again and check every step (exit 1 where it diverges).
    #[command(after_help = "A game saved by `rsc run --lang wagic --save` is played again from its seed, \
players, decks and card files, and its transcript compared line by line with the saved one; \
--cards and --sets give the card files and sets when they are not where the file says. See \
docs/wagic-play.md.")]
    Replay {
        /// The saved game.
        file: PathBuf,
        /// The card set's folder, when it is not where the file says.
        #[arg(long, value_name = "DIR")]
        set: Option<PathBuf>,
        #[command(flatten)]
        wagic: WagicCards,
    },
    /// Play many seeded games and sum them up (wins, matchups, cards, game length).
    #[command(
        args_conflicts_with_subcommands = true,
        subcommand_negates_reqs = true,
        after_help = "With `--lang wagic`: games of Magic between Wagic decks (--cards names Wagic's card \
files, --sets its `Res/sets` folder; no --set), seats swapped from game to game; with --all-decks, \
every pair of the decks given (a folder as --deck stands for its *.txt decks), a line on stderr \
for each deck saying whether it can play. --replay I prints the `rsc run` command of game I. \
--shard and --tally-out write an `rsc-wagic-tally/1` tally, which `rsc sim merge` adds up with \
the other shards of the run (and refuses with a CFC tally). See docs/wagic-play.md.\n\nExample: rsc sim --lang wagic --cards \
../shared/wagic/mtg.txt --sets ~/wagic/Res/sets --deck deck1.txt --deck deck2.txt --games 1000"
    )]
    Sim {
        #[command(subcommand)]
        action: Option<SimAction>,
        /// The card set's folder; not with `--lang wagic`.
        #[arg(long, value_name = "DIR", required_unless_present_any = ["lang", "cards"])]
        set: Option<PathBuf>,
        /// Two decks to play against each other (with `--lang wagic`, Wagic deck files, or
        /// with --all-decks folders of them).
        #[arg(long = "deck", value_name = "DECK.o8d")]
        decks: Vec<PathBuf>,
        /// The card language: `rulescript` (Card Fighters' Clash), or `wagic` for games of
        /// Wagic cards.
        #[arg(long, value_enum, value_name = "LANG", default_value_t = Lang::Rulescript)]
        lang: Lang,
        #[command(flatten)]
        wagic: WagicCards,
        /// With `--lang wagic`: leave out the deck cards that do not compile and play the
        /// rest.
        #[arg(long)]
        skip_uncompiled: bool,
        /// With `--lang wagic`: print the `rsc run` command that replays game I, and play
        /// nothing.
        #[arg(long, value_name = "I")]
        replay: Option<u64>,
        /// Every pair of the set's valid decks (`DIR/decks/*.o8d`, at most 256), --games games each.
        #[arg(long)]
        all_decks: bool,
        /// Games of the run (per pair of decks with --all-decks).
        #[arg(long, default_value_t = 100)]
        games: u64,
        /// Play only games FIRST..END of the run (FIRST included, END not; numbered from 0,
        /// pair after pair with --all-decks), to merge later with `rsc sim merge`.
        #[arg(long, value_name = "FIRST..END", value_parser = sim::parse_range)]
        shard: Option<std::ops::Range<u64>>,
        /// The run's seed: game i is seeded from it and i.
        #[arg(long, default_value_t = 0)]
        seed: u64,
        /// Who plays: once for both seats, or twice.
        #[arg(long = "player", value_name = "random|greedy")]
        players: Vec<PlayerKind>,
        /// Threads (default: one per core, at most 256); the results do not depend on it.
        #[arg(long, value_name = "J", value_parser = clap::value_parser!(u16).range(1..=sim::MAX_JOBS as i64))]
        jobs: Option<u16>,
        #[command(flatten)]
        outputs: sim::Outputs,
        /// Check the engine's invariants after every step (always on in debug builds).
        #[arg(long)]
        check: bool,
        /// Turns after which a game is a draw.
        #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..))]
        turn_limit: Option<u32>,
    },
}

/// What `rsc sim` does besides playing.
#[derive(Debug, Subcommand)]
enum SimAction {
    /// Add up tallies written by `rsc sim --tally-out` (shards of one configuration, of
    /// Card Fighters' Clash or of `--lang wagic`) and print their summary as one run would
    /// have.
    Merge {
        /// The tally files.
        #[arg(required = true, value_name = "FILE.json")]
        files: Vec<PathBuf>,
        #[command(flatten)]
        outputs: sim::Outputs,
    },
}

/// Where `rsc test`, `run` and `sim` find Wagic's cards (`--lang wagic` only).
#[derive(Debug, Args)]
struct WagicCards {
    /// With `--lang wagic`: the Wagic card files (folders searched for `*.txt`), compiled by
    /// the Wagic front end.
    #[arg(long, value_name = "CARDFILE", num_args = 1..)]
    cards: Vec<PathBuf>,
    /// With `--lang wagic`: Wagic's set files (a `Res/sets` folder, searched for
    /// `_cards.dat`), which map the Wagic ids that decks and tests name cards by
    /// (`hand:1372`) to cards.
    #[arg(long, value_name = "DIR")]
    sets: Option<PathBuf>,
}

impl WagicCards {
    /// The first of these options given, for a command without `--lang wagic` to refuse.
    fn given(&self) -> Option<&'static str> {
        if !self.cards.is_empty() {
            Some("--cards")
        } else if self.sets.is_some() {
            Some("--sets")
        } else {
            None
        }
    }
}

/// How `rsc` ends, for every subcommand.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Exit {
    /// Nothing wrong (warnings allowed).
    Success = 0,
    /// The input has at least one error.
    Errors = 1,
    /// Bad usage, or a path that could not be read or written.
    Usage = 2,
    /// Stopped by Ctrl-C (`rsc sim`, after printing the summary of the games it played):
    /// 128 + SIGINT, as shells report a process stopped by it.
    Interrupted = 130,
    /// Stopped by SIGTERM (`rsc sim`, after printing the summary as for Ctrl-C): 128 +
    /// SIGTERM.
    Terminated = 143,
    /// Stopped by SIGHUP, its terminal closed (`rsc sim`, after writing the summary and
    /// report as for Ctrl-C): 128 + SIGHUP.
    HungUp = 129,
}

/// A subcommand's failure: how `rsc` ends, and the message that says why.
#[derive(Debug)]
pub struct Failure {
    pub exit: Exit,
    pub message: String,
}

impl Failure {
    /// An error in the input (a deck, a tally): exit 1.
    pub fn input(message: impl Into<String>) -> Failure {
        Failure { exit: Exit::Errors, message: message.into() }
    }
}

/// A plain message is a usage or IO error: exit 2.
impl From<String> for Failure {
    fn from(message: String) -> Failure {
        Failure { exit: Exit::Usage, message }
    }
}

impl From<&str> for Failure {
    fn from(message: &str) -> Failure {
        Failure::from(message.to_owned())
    }
}

impl From<Exit> for ExitCode {
    fn from(exit: Exit) -> ExitCode {
        ExitCode::from(exit as u8)
    }
}

/// Writes to standard output; a reader that went away (`rsc sim ... | head`) is not an
/// error worth a panic: the rest of the command (a report, a tally file) still runs.
pub(crate) fn print_stdout(text: &str) {
    use std::io::Write as _;
    let mut out = std::io::stdout().lock();
    match out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
        Err(error) if error.kind() != std::io::ErrorKind::BrokenPipe => {
            stderr_line!("error: cannot write to standard output: {error}")
        }
        _ => {}
    }
}

/// The catalogue `.rules` files are checked against: the file's, when one is given (its
/// problems reported in `format`), else Card Fighters' Clash's.
fn catalogue_of(
    file: Option<&std::path::Path>,
    format: MessageFormat,
) -> Result<&'static vm::catalogue::Catalogue, Exit> {
    match file {
        Some(file) => catalogue::load(file, format),
        None => Ok(catalogue::built_in(Lang::Rulescript)),
    }
}

fn main() -> ExitCode {
    // clap exits with 2 on usage errors and 0 for `--help` and `--version`.
    let cli = Cli::parse();
    let exit = match &cli.command {
        Command::Check { lang: Lang::Wagic, catalogue: Some(_), .. }
        | Command::Compile { lang: Lang::Wagic, catalogue: Some(_), .. } => {
            stderr_line!(
                "error: `--catalogue` is for `.rules` files, not `--lang wagic` (Wagic's catalogue is built in)"
            );
            Exit::Usage
        }
        Command::Check { lang: Lang::Rulescript, sets: Some(_), .. }
        | Command::Compile { lang: Lang::Rulescript, sets: Some(_), .. } => {
            stderr_line!("error: `--sets` is for `--lang wagic` (Wagic's set files)");
            Exit::Usage
        }
        Command::Check { paths, lang: Lang::Rulescript, stats: false, message_format, catalogue, .. } => {
            match catalogue_of(catalogue.as_deref(), *message_format) {
                Ok(catalogue) => check::run(paths, catalogue, *message_format),
                Err(exit) => exit,
            }
        }
        Command::Check { lang: Lang::Rulescript, stats: true, .. } => {
            stderr_line!("error: `--stats` of `rsc check` needs `--lang wagic`");
            Exit::Usage
        }
        Command::Check { paths, lang: Lang::Wagic, stats, message_format, sets, .. } => wagic::run(&wagic::Options {
            paths,
            output: None,
            strip: false,
            stats: *stats,
            format: *message_format,
            sets: sets.as_deref(),
        }),
        Command::Compile { paths, lang: Lang::Rulescript, output, strip, stats, message_format, catalogue, .. } => {
            match catalogue_of(catalogue.as_deref(), *message_format) {
                Ok(catalogue) => compile::run(&compile::Options {
                    paths,
                    output,
                    strip: *strip,
                    stats: *stats,
                    format: *message_format,
                    catalogue,
                }),
                Err(exit) => exit,
            }
        }
        Command::Compile { paths, lang: Lang::Wagic, output, strip, stats, message_format, sets, .. } => {
            wagic::run(&wagic::Options {
                paths,
                output: Some(output),
                strip: *strip,
                stats: *stats,
                format: *message_format,
                sets: sets.as_deref(),
            })
        }
        Command::Disas { bundle, card, catalogue: None } => disas::run(bundle, card.as_deref(), None),
        Command::Disas { bundle, card, catalogue: Some(file) } => match catalogue::load(file, MessageFormat::Human) {
            Ok(catalogue) => disas::run(bundle, card.as_deref(), Some(catalogue)),
            Err(exit) => exit,
        },
        Command::Catalogue { lang } => catalogue::print(*lang),
        Command::Test { lang: Lang::Rulescript, wagic, .. } if wagic.given().is_some() => {
            let option = wagic.given().unwrap_or_default();
            stderr_line!("error: `{option}` of `rsc test` needs `--lang wagic`");
            Exit::Usage
        }
        Command::Test { paths, log, lang: Lang::Rulescript, .. } => test::run(paths, *log),
        Command::Test { log: true, lang: Lang::Wagic, .. } => {
            stderr_line!("error: `--log` of `rsc test` is for scenarios, not `--lang wagic`");
            Exit::Usage
        }
        Command::Test { paths, lang: Lang::Wagic, wagic, .. } => {
            wagic_test::run(paths, &wagic.cards, wagic.sets.as_deref())
        }
        Command::Explain { code } => explain::run(code),
        Command::Run { lang: Lang::Wagic, set: Some(_), .. } => {
            stderr_line!("error: `--set` of `rsc run` is not for `--lang wagic` (`--cards` names the card files)");
            Exit::Usage
        }
        Command::Run {
            lang: Lang::Wagic,
            decks,
            seed,
            turn_limit,
            wagic,
            skip_uncompiled,
            json,
            players,
            trace_hash,
            save,
            ..
        } => wagic_run::run(&wagic_run::Options {
            cards: &wagic.cards,
            decks,
            sets: wagic.sets.as_deref(),
            seed: *seed,
            turn_limit: *turn_limit,
            skip_uncompiled: *skip_uncompiled,
            json: *json,
            players,
            trace_hash: *trace_hash,
            save: save.as_deref(),
        }),
        Command::Run { lang: Lang::Rulescript, wagic, skip_uncompiled, .. }
            if wagic.given().is_some() || *skip_uncompiled =>
        {
            stderr_line!("error: `--cards`, `--sets` and `--skip-uncompiled` of `rsc run` need `--lang wagic`");
            Exit::Usage
        }
        Command::Run { set: None, .. } => {
            stderr_line!("error: `rsc run` needs the card set: `--set DIR`");
            Exit::Usage
        }
        Command::Run { set: Some(set), decks, seed, players, json, trace_hash, save, turn_limit, .. } => {
            run::run(&run::Options {
                set,
                decks,
                seed: *seed,
                players,
                json: *json,
                trace_hash: *trace_hash,
                save: save.as_deref(),
                turn_limit: *turn_limit,
            })
        }
        Command::Replay { file, set, wagic } => replay::run(file, set.as_deref(), &wagic.cards, wagic.sets.as_deref()),
        Command::Sim { action: Some(SimAction::Merge { files, outputs }), .. } => sim::merge(files, outputs),
        Command::Sim { lang: Lang::Wagic, set, check, .. } if set.is_some() || *check => {
            stderr_line!("error: `--set` and `--check` of `rsc sim` are not for `--lang wagic`");
            Exit::Usage
        }
        Command::Sim {
            lang: Lang::Wagic,
            decks,
            all_decks,
            games,
            shard,
            seed,
            players,
            jobs,
            outputs,
            turn_limit,
            wagic,
            skip_uncompiled,
            replay,
            ..
        } => wagic_sim::run(&wagic_sim::Options {
            cards: &wagic.cards,
            sets: wagic.sets.as_deref(),
            decks,
            all_decks: *all_decks,
            games: *games,
            shard: shard.clone(),
            seed: *seed,
            players,
            jobs: jobs.map(usize::from),
            turn_limit: *turn_limit,
            skip_uncompiled: *skip_uncompiled,
            message_format: outputs.message_format,
            report: outputs.report.as_deref(),
            tally_out: outputs.tally_out.as_deref(),
            replay: *replay,
        }),
        Command::Sim { lang: Lang::Rulescript, wagic, skip_uncompiled, replay, .. }
            if wagic.given().is_some() || *skip_uncompiled || replay.is_some() =>
        {
            stderr_line!(
                "error: `--cards`, `--sets`, `--skip-uncompiled` and `--replay` of `rsc sim` need `--lang wagic`"
            );
            Exit::Usage
        }
        Command::Sim {
            action: None,
            set,
            decks,
            all_decks,
            games,
            shard,
            seed,
            players,
            jobs,
            outputs,
            check,
            turn_limit,
            ..
        } => sim::run(&sim::Options {
            // clap requires --set unless `merge` is given, so it is there.
            set: set.as_deref().unwrap_or(std::path::Path::new(".")),
            decks,
            all_decks: *all_decks,
            games: *games,
            shard: shard.clone(),
            seed: *seed,
            players,
            jobs: jobs.map(usize::from),
            outputs,
            check: *check,
            turn_limit: *turn_limit,
        }),
    };
    exit.into()
}
