//! Compiles Recast and Detour (C++) and `recast/shim.cpp` for the `recast_peers` and
//! `path_queries` benchmarks when `RECAST_SRC` names a recastnavigation source tree (its
//! `Recast` and `Detour` directories), and sets `cfg(recast)`. Without it nothing is compiled and
//! `recast_peers` says how to enable it. (recastnavigation-sys needs cmake and libclang
//! for bindgen; this needs only a C++ compiler.)

fn main() {
    println!("cargo::rustc-check-cfg=cfg(recast)");
    println!("cargo:rerun-if-env-changed=RECAST_SRC");
    println!("cargo:rerun-if-changed=recast/shim.cpp");
    let Ok(root) = std::env::var("RECAST_SRC") else {
        return;
    };
    let root = std::path::Path::new(&root);
    let sources = |dir: &str| -> Vec<std::path::PathBuf> {
        std::fs::read_dir(root.join(dir).join("Source"))
            .unwrap_or_else(|_| panic!("RECAST_SRC/{dir}/Source"))
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|x| x == "cpp"))
            .collect()
    };
    cc::Build::new()
        .cpp(true)
        .opt_level(2)
        .flag_if_supported("-std=c++11")
        .define("B2D_DETOUR", None)
        .include(root.join("Recast/Include"))
        .include(root.join("Detour/Include"))
        .files(sources("Recast"))
        .files(sources("Detour"))
        .file("recast/shim.cpp")
        .warnings(false)
        .compile("b2d_recast");
    println!("cargo:rustc-cfg=recast");
}
