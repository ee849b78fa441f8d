//! The Lua 5.4 (mlua) and Rhai sides of the runtime benchmarks, written as a user of each
//! would: scripts compiled once, functions looked up once and cached, the host's card a
//! registered type whose `bp` is changed by a registered Rust function (cached in a Lua
//! local, so a call is an upvalue read, not a global lookup).

#![allow(dead_code)] // each bench target uses the part it measures

use std::cell::RefCell;
use std::rc::Rc;

use mlua::{AnyUserData, Function, Lua, UserData, UserDataRefMut};
use rhai::{AST, CallFnOptions, Dynamic, Engine, OptimizationLevel, Scope};

/// The card Lua sees: full userdata with the same field the VM's builtin changes.
pub struct LuaCard {
    pub bp: i64,
}

impl UserData for LuaCard {}

/// A Lua 5.4 state with `bp(card, n)` registered and `script` run once.
pub struct LuaSide {
    pub lua: Lua,
}

impl LuaSide {
    pub fn new(script: &str) -> LuaSide {
        let lua = Lua::new();
        let bp = lua
            .create_function(|_, (mut card, n): (UserDataRefMut<LuaCard>, i64)| {
                card.bp = card.bp.wrapping_add(n);
                Ok(())
            })
            .expect("bp registers");
        lua.globals().set("bp", bp).expect("bp registers");
        lua.load(script).exec().expect("the Lua script runs");
        LuaSide { lua }
    }

    /// The global function `name`, to cache.
    pub fn function(&self, name: &str) -> Function {
        self.lua.globals().get(name).expect("the script defines the function")
    }

    /// A new card with 1,000 BP.
    pub fn card(&self) -> AnyUserData {
        self.lua.create_userdata(LuaCard { bp: 1000 }).expect("the card is created")
    }

    /// The BP of a card made by [`LuaSide::card`].
    pub fn bp(card: &AnyUserData) -> i64 {
        card.borrow::<LuaCard>().map_or(0, |card| card.bp)
    }
}

/// A Lua effect calling `bp(card, 1)` `calls` times.
pub fn lua_repeated_bp(calls: usize) -> String {
    format!("local bp = bp\nfunction effect(card)\n{}end\n", "  bp(card, 1)\n".repeat(calls))
}

/// The card Rhai sees: a shared handle on the same field (Rhai passes arguments by value,
/// so host state is shared through `Rc<RefCell>`, as Rhai's book recommends).
#[derive(Clone)]
pub struct RhaiCard(pub Rc<RefCell<i64>>);

/// A Rhai engine with `bp(card, n)` registered, fully optimising, and `script` compiled.
pub struct RhaiSide {
    pub engine: Engine,
    pub ast: AST,
    pub scope: Scope<'static>,
}

impl RhaiSide {
    pub fn new(script: &str) -> RhaiSide {
        let mut engine = Engine::new();
        engine.set_optimization_level(OptimizationLevel::Full);
        engine.register_type_with_name::<RhaiCard>("Card").register_fn("bp", |card: &mut RhaiCard, n: i64| {
            let mut bp = card.0.borrow_mut();
            *bp = bp.wrapping_add(n);
        });
        let ast = engine.compile(script).expect("the Rhai script compiles");
        RhaiSide { engine, ast, scope: Scope::new() }
    }

    /// Calls script function `name` with `args`, without re-running the script's top level.
    pub fn call(&mut self, name: &str, args: impl rhai::FuncArgs) -> Dynamic {
        let options = CallFnOptions::new().eval_ast(false);
        self.engine
            .call_fn_with_options::<Dynamic>(options, &mut self.scope, &self.ast, name, args)
            .expect("the Rhai function runs")
    }

    /// A new card with 1,000 BP.
    pub fn card() -> RhaiCard {
        RhaiCard(Rc::new(RefCell::new(1000)))
    }
}

/// A Rhai effect calling `bp(card, 1)` `calls` times.
pub fn rhai_repeated_bp(calls: usize) -> String {
    format!("fn effect(card) {{\n{}}}\n", "  bp(card, 1);\n".repeat(calls))
}

/// The counting loop every side runs in `dispatch`: three instructions per iteration in
/// the VM (`Add`, `Lt`, `JumpIf`) and in Lua 5.4 (`LT`, `ADDI`, `JMP`).
pub const LUA_COUNT: &str = "function count(n)\n  local i = 0\n  while i < n do i = i + 1 end\n  return i\nend\n";
pub const RHAI_COUNT: &str = "fn count(n) { let i = 0; while i < n { i += 1; } i }";
