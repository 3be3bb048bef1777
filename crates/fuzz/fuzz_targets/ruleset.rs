#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| stones_fuzz::ruleset(data));
