#![no_main]
libfuzzer_sys::fuzz_target!(
    |data: &[u8]| build2d::fuzzing::fuzz_target("fast_arrangement").expect("fast target")(data)
);
