//! Integration tests of the Wagic front end and builtins: Wagic's real card files compiled
//! whole (`card_files`), and real cards run at effect level on an in-memory board (`cards`,
//! on `board`), and Wagic's set files read to name the cards tests give by id (`sets`).

mod alias;
mod alternative;
mod author;
mod behaviour;
mod board;
mod bushido;
mod card_files;
mod cards;
mod combat;
mod constructs;
mod counters;
mod extra_lands;
mod flashback;
mod front;
mod front_ir;
mod fuel;
mod hostile;
mod hybrid;
mod keywords;
mod life_log;
mod lifeset;
mod lost;
mod may_and;
mod more;
mod move_costs;
mod newability;
mod next;
mod other_restriction;
mod own_new_ability;
mod phaseaction;
mod play;
mod play_greedy;
mod play_rules;
mod play_stack;
mod poison;
mod self_sacrifice;
mod sets;
mod source_tapped;
mod stack;
mod targeted_player;
mod teach;
mod teach_equipment;
mod this;
mod turn_limited;
