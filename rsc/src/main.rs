//! The `rsc` command-line toolchain: argument parsing, dispatch to one module per
//! subcommand, and the exit codes every subcommand shares.

mod check;
mod compile;
mod disas;
mod explain;
mod render;
mod test;

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand};

use render::MessageFormat;

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
        /// Files, or folders to search for `*.rules` files.
        #[arg(required = true, value_name = "PATH")]
        paths: Vec<PathBuf>,
        /// How diagnostics are reported: `human` (on stderr) or `json` (one per line on stdout).
        #[arg(long, value_enum, value_name = "FORMAT", default_value_t = MessageFormat::Human)]
        message_format: MessageFormat,
    },
    /// Compile `.rules` files and folders into one `.rsb` bundle.
    Compile {
        /// Files, or folders to search for `*.rules` files.
        #[arg(required = true, value_name = "PATH")]
        paths: Vec<PathBuf>,
        /// The bundle to write.
        #[arg(short = 'o', long = "output", value_name = "OUT.rsb")]
        output: PathBuf,
        /// Leave out the debug section (source lines and spans).
        #[arg(long)]
        strip: bool,
        /// Report cards, source and bundle bytes per section, and compile time.
        #[arg(long)]
        stats: bool,
        /// How diagnostics (and `--stats`) are reported: `human` or `json`.
        #[arg(long, value_enum, value_name = "FORMAT", default_value_t = MessageFormat::Human)]
        message_format: MessageFormat,
    },
    /// Print a bundle's code with names resolved (and source lines, when it has debug info).
    Disas {
        /// The `.rsb` bundle.
        #[arg(value_name = "FILE.rsb")]
        bundle: PathBuf,
        /// Print only this card (its key is its file stem, e.g. `C001-ryu`).
        #[arg(long, value_name = "KEY")]
        card: Option<String>,
    },
    /// Run scenario files (TOML card tests) and folders of them.
    Test {
        /// Scenario files, or folders to search for `*.toml` files.
        #[arg(required = true, value_name = "PATH")]
        paths: Vec<PathBuf>,
    },
    /// Explain a diagnostic code such as `E0008`.
    Explain {
        /// The code, e.g. `E0008` or `W0001`.
        code: String,
    },
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
}

impl From<Exit> for ExitCode {
    fn from(exit: Exit) -> ExitCode {
        ExitCode::from(exit as u8)
    }
}

fn main() -> ExitCode {
    // clap exits with 2 on usage errors and 0 for `--help` and `--version`.
    let cli = Cli::parse();
    let exit = match &cli.command {
        Command::Check { paths, message_format } => check::run(paths, *message_format),
        Command::Compile { paths, output, strip, stats, message_format } => {
            compile::run(&compile::Options { paths, output, strip: *strip, stats: *stats, format: *message_format })
        }
        Command::Disas { bundle, card } => disas::run(bundle, card.as_deref()),
        Command::Test { paths } => test::run(paths),
        Command::Explain { code } => explain::run(code),
    };
    exit.into()
}
