#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| build2d::fuzzing::parse_case(data));
