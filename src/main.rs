//! The `build2d` command-line tool.
fn main() {
    println!("build2d");
}
