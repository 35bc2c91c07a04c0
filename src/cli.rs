//! The command line's shape: every subcommand, flag and environment variable, with the help
//! text `--help`, the manual page and the shell completions show (main.rs runs it;
//! examples/package_files.rs writes the manual and the completions for the Debian package).

use std::path::PathBuf;

use clap::{Args, Parser, Subcommand, ValueEnum};

/// The bilingual public website of an institutional digital-asset custody provider.
#[derive(Debug, Parser)]
#[command(about)]
pub(crate) struct Cli {
    #[command(subcommand)]
    pub(crate) command: Option<Command>,
    #[command(flatten)]
    pub(crate) serve: ServeCommand,
}

#[derive(Debug, Subcommand)]
pub(crate) enum Command {
    /// Serve the site (the default).
    Serve(ServeCommand),
    /// Validate the configuration and the content (embedded, or a folder), then exit; every
    /// content problem is listed as `content/FILE:LINE: message`.
    Check(CheckCommand),
    /// The claims register: every fact the copy cites (channels, signing, what each entity
    /// offers, fees, frequencies, figures, durations), its value in English and Chinese and every
    /// page and line that cites it.
    Claims(ClaimsCommand),
    /// The configuration reference.
    Config {
        /// Print every key with its meaning, environment variable and default, as TOML.
        #[arg(long, required = true)]
        print_default: bool,
    },
    /// Stored contact applications: export them, or show the store and delivery state.
    Submissions {
        #[command(subcommand)]
        action: SubmissionsAction,
        #[command(flatten)]
        args: ServeArgs,
    },
}

#[derive(Debug, Subcommand)]
pub(crate) enum SubmissionsAction {
    /// Print stored applications to standard output.
    Export {
        /// Output format.
        #[arg(long, value_enum, default_value_t = ExportFormat::Csv)]
        format: ExportFormat,
        /// Only applications received on or after this day (UTC), e.g. 2026-11-01.
        #[arg(long, value_name = "DATE")]
        since: Option<jiff::civil::Date>,
    },
    /// Show how many applications are stored, delivered and pending, and the last webhook error.
    Status,
}

/// `--format` of `submissions export`.
#[derive(Debug, Clone, Copy, ValueEnum)]
pub(crate) enum ExportFormat {
    /// Comma-separated values with a header row (formula-safe).
    Csv,
    /// One JSON object per line, as stored.
    Jsonl,
}

#[derive(Debug, Clone, Args)]
pub(crate) struct ServeArgs {
    /// Configuration file (TOML); every key is optional.
    #[arg(long, env = "CUSTODY_SITE_CONFIG", global = true)]
    pub(crate) config: Option<PathBuf>,
    /// Address to listen on [default: 127.0.0.1:8080].
    #[arg(long, env = "CUSTODY_SITE_LISTEN", global = true)]
    pub(crate) listen: Option<String>,
    /// Public base URL for canonical links and the sitemap [default: http://127.0.0.1:8080].
    #[arg(long, env = "CUSTODY_SITE_PUBLIC_URL", global = true)]
    pub(crate) public_url: Option<String>,
    /// Log line format on standard error [default: text].
    #[arg(long, value_enum, env = "CUSTODY_SITE_LOG_FORMAT", global = true)]
    pub(crate) log_format: Option<LogFormatArg>,
}

/// `serve`: the site, or with `--dev` the live preview.
#[derive(Debug, Clone, Args)]
pub(crate) struct ServeCommand {
    #[command(flatten)]
    pub(crate) args: ServeArgs,
    /// Live preview for content editors: the content from `--content` and the interface from a
    /// Vite dev server (hot reload); pages reload when the content changes, and show its
    /// problems while it has any.
    #[arg(long)]
    pub(crate) dev: bool,
    /// Content folder of the preview [default: content/ of the source tree the binary was built
    /// from].
    #[arg(long, value_name = "DIR", requires = "dev")]
    pub(crate) content: Option<PathBuf>,
    /// UI folder (with node_modules) whose Vite dev server the preview runs [default: ui/ of the
    /// source tree the binary was built from].
    #[arg(long, value_name = "DIR", requires = "dev")]
    pub(crate) ui: Option<PathBuf>,
}

/// `check`.
#[derive(Debug, Clone, Args)]
pub(crate) struct CheckCommand {
    #[command(flatten)]
    pub(crate) args: ServeArgs,
    /// Check this content folder instead of the content built into the binary.
    #[arg(long, value_name = "DIR")]
    pub(crate) content: Option<PathBuf>,
}

/// `claims`.
#[derive(Debug, Clone, Args)]
pub(crate) struct ClaimsCommand {
    /// Read this content folder (checked first) instead of the content built into the binary.
    #[arg(long, value_name = "DIR")]
    pub(crate) content: Option<PathBuf>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = RegisterFormat::Markdown)]
    pub(crate) format: RegisterFormat,
    /// Only the claims a change touches: a unified diff of the content (`git diff -U0 main --
    /// content`), from this file or `-` for standard input.
    #[arg(long, value_name = "FILE")]
    pub(crate) diff: Option<PathBuf>,
}

/// `--format` of `claims`.
#[derive(Debug, Clone, Copy, ValueEnum)]
pub(crate) enum RegisterFormat {
    /// One table per group of facts.
    Markdown,
    /// One row per citation, with a header row.
    Csv,
}

/// `--log-format`.
#[derive(Debug, Clone, Copy, ValueEnum)]
pub(crate) enum LogFormatArg {
    /// Human-readable lines.
    Text,
    /// One JSON object per line, for log collectors.
    Json,
}
