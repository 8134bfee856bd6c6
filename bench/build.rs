//! Compiles Recast (C++) and `recast/shim.cpp` for the `recast_peers` benchmark when
//! `RECAST_SRC` names a recastnavigation source tree (its `Recast/Include` and
//! `Recast/Source`), and sets `cfg(recast)`. Without it nothing is compiled and
//! `recast_peers` says how to enable it. (recastnavigation-sys needs cmake and libclang
//! for bindgen; this needs only a C++ compiler.)

fn main() {
    println!("cargo::rustc-check-cfg=cfg(recast)");
    println!("cargo:rerun-if-env-changed=RECAST_SRC");
    println!("cargo:rerun-if-changed=recast/shim.cpp");
    let Ok(root) = std::env::var("RECAST_SRC") else {
        return;
    };
    let root = std::path::Path::new(&root).join("Recast");
    let sources: Vec<_> = std::fs::read_dir(root.join("Source"))
        .expect("RECAST_SRC/Recast/Source")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "cpp"))
        .collect();
    cc::Build::new()
        .cpp(true)
        .opt_level(2)
        .flag_if_supported("-std=c++11")
        .include(root.join("Include"))
        .files(sources)
        .file("recast/shim.cpp")
        .warnings(false)
        .compile("b2d_recast");
    println!("cargo:rustc-cfg=recast");
}
