//! Writes the Debian package's generated files into a folder: the manual pages (section 1, one
//! for the command and one for each subcommand) and the bash, zsh and fish completions, all made
//! from the command line's own definition (src/cli.rs), so they say what `--help` says.
//!
//! Usage: `package_files OUT_DIR` (scripts/package/build.sh runs it); it writes `OUT_DIR/man/`
//! and `OUT_DIR/completions/`.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::CommandFactory;
use clap_complete::Shell;

// The command line's definition, shared with src/main.rs; only its shape is read here, never
// parsed values, so its fields are unread in this program.
#[allow(dead_code)]
#[path = "../src/cli.rs"]
mod cli;

fn main() -> ExitCode {
    let Some(out) = std::env::args_os().nth(1).map(PathBuf::from) else {
        eprintln!("usage: package_files OUT_DIR");
        return ExitCode::from(2);
    };
    match write(&out) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!(
                "package_files: cannot write into {}: {error}",
                out.display()
            );
            ExitCode::FAILURE
        }
    }
}

fn write(out: &std::path::Path) -> std::io::Result<()> {
    let mut command = cli::Cli::command()
        .name("custody-site")
        .version(env!("CARGO_PKG_VERSION"));
    let man = out.join("man");
    std::fs::create_dir_all(&man)?;
    clap_mangen::generate_to(command.clone(), &man)?;
    let completions = out.join("completions");
    std::fs::create_dir_all(&completions)?;
    for shell in [Shell::Bash, Shell::Zsh, Shell::Fish] {
        clap_complete::generate_to(shell, &mut command, "custody-site", &completions)?;
    }
    Ok(())
}
