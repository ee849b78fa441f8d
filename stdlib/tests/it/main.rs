//! Integration tests of the CFC stdlib: small cards compiled from source, run through the
//! VM runtime with `stdlib::builtins` on a recording host, and what they did to the board.

#[allow(dead_code)]
mod support;

mod abilities;
mod bounds;
mod cards;
mod corpus;
mod costs;
mod counters;
mod hostile;
mod hostile_host;
mod rules;
mod statements;
mod table;
mod turns;
