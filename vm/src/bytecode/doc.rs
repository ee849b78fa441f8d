//! The generated part of `docs/bytecode.md`: notation, operand kinds, every op and the
//! section list, all read from the op table and the format constants, so the reference
//! cannot drift from the code. A test in `vm/tests/it` compares it with the file and
//! rewrites it under `UPDATE_EXPECT=1`.

use std::fmt::Write;

use super::format::Section;
use super::operand::KindInfo;
use super::ops::{GROUPS, LEGEND, OpFlag, Opcode};

/// The line that opens the generated part of `docs/bytecode.md`.
pub const BEGIN_MARKER: &str =
    "<!-- BEGIN GENERATED from vm::bytecode::doc::reference (UPDATE_EXPECT=1 cargo test -p vm) -->";

/// The line that closes it.
pub const END_MARKER: &str = "<!-- END GENERATED -->";

/// The generated reference, as Markdown (without the markers).
pub fn reference() -> String {
    let mut out = String::new();
    out.push_str("### Notation\n\n| symbol | meaning |\n|---|---|\n");
    for (symbol, meaning) in LEGEND {
        let _ = writeln!(out, "| `{}` | {} |", cell(symbol), cell(meaning));
    }

    out.push_str(
        "\n### Operand kinds\n\n| kind | bytes | encoding | what | the loader checks |\n|---|---|---|---|---|\n",
    );
    let mut kinds: Vec<KindInfo> = Vec::new();
    for opcode in Opcode::ALL {
        for operand in opcode.info().operands {
            if !kinds.contains(&operand.kind) {
                kinds.push(operand.kind);
            }
        }
    }
    for kind in kinds {
        let _ = writeln!(
            out,
            "| `{}` | {} | {} | {} | {} |",
            kind.name,
            range(kind.min_width, kind.max_width),
            kind.encoding,
            cell(kind.doc.trim()),
            cell(kind.check)
        );
    }

    let _ = writeln!(
        out,
        "\n### Ops\n\n{} ops. Flags: **E** ends (control never falls through), **S** may \
         suspend for a player choice. Size counts the opcode byte; it varies with the \
         operands' values (see *Operand kinds*).",
        Opcode::ALL.len()
    );
    for &(nibble, group) in GROUPS {
        let _ = writeln!(
            out,
            "\n#### {group} (`0x{nibble:x}_`)\n\n| byte | op | operands | size | flags | meaning |\n|---|---|---|---|---|---|"
        );
        let mut notes = Vec::new();
        for opcode in Opcode::ALL.iter().filter(|opcode| opcode.info().byte >> 4 == nibble) {
            let info = opcode.info();
            let operands: Vec<String> =
                info.operands.iter().map(|operand| format!("{}:{}", operand.name, operand.kind.name)).collect();
            let mut flags = String::new();
            if info.has(OpFlag::Ends) {
                flags.push('E');
            }
            if info.has(OpFlag::Suspends) {
                flags.push('S');
            }
            let _ = writeln!(
                out,
                "| `{:02x}` | `{}` | {} | {} | {} | {} |",
                info.byte,
                info.name,
                if operands.is_empty() { String::new() } else { format!("`{}`", operands.join(" ")) },
                range(info.min_size, info.max_size),
                flags,
                cell(info.meaning())
            );
            let extra: Vec<&str> = info.doc.lines().skip(1).map(str::trim).collect();
            let extra = extra.join(" ");
            if !extra.trim().is_empty() {
                notes.push(format!("* `{}`: {}", info.name, extra.trim()));
            }
        }
        if !notes.is_empty() {
            let _ = writeln!(out, "\nNotes:\n\n{}", notes.join("\n"));
        }
    }

    out.push_str("\n### Sections, in bundle order\n\n| tag | holds |\n|---|---|\n");
    for section in Section::ALL {
        let _ = writeln!(out, "| `{}` | {} |", section.name(), cell(section.doc()));
    }
    out
}

/// `3` or `2–4`.
fn range(min: usize, max: usize) -> String {
    if min == max { min.to_string() } else { format!("{min}–{max}") }
}

/// Escapes `|` for a Markdown table cell.
fn cell(text: &str) -> String {
    text.replace('|', "\\|")
}
