//! The one fuzz binary: `MEMDOOR_FUZZ_TARGET=<name>` picks what the inputs
//! go through (`memdoor::fuzzing::Target`). One binary rather than one per
//! target: each is a link of all of memdoor, and CI has two cores.
#![no_main]

use std::sync::OnceLock;

use memdoor::fuzzing::Target;

fn target() -> Target {
    static TARGET: OnceLock<Target> = OnceLock::new();
    *TARGET.get_or_init(|| {
        let name = std::env::var("MEMDOOR_FUZZ_TARGET").unwrap_or_default();
        Target::from_name(&name).unwrap_or_else(|| {
            let names: Vec<&str> = Target::ALL.iter().map(|t| t.name()).collect();
            eprintln!("memdoor-fuzz: set MEMDOOR_FUZZ_TARGET to one of: {}", names.join(", "));
            std::process::exit(2)
        })
    })
}

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    target().run(data);
});
