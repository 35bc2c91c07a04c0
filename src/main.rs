//! The `custody-site` binary: the command line (`serve`, the default, with `--dev` for the live
//! preview; `check`, `config` and `submissions`), the configuration file (`config/`, which
//! assembles the sections of the site, the edge and the contact store, and its reference,
//! `config_reference.rs`), and what `serve` runs (`startup.rs`, with the edge's part of the
//! configuration in `edge_config.rs`). The site itself is the library (`crates/site/src/lib.rs`).

use std::io::{IsTerminal, Write};
use std::process::ExitCode;

use clap::{CommandFactory, FromArgMatches};
use cli::{
    CheckCommand, ClaimsCommand, Cli, Command, ExportFormat, LogFormatArg, RegisterFormat,
    ServeArgs, ServeCommand, SubmissionsAction,
};
use config::{Config, LogFormat, Overrides};
use config_reference::default_config_toml;
use custody_applications::export;
use custody_content::source::error::report;
use custody_edge::listeners::{self, Listeners};
use custody_edge::upgrade::Invocation;
use custody_site::ServedSite;
use custody_site::dev::{DevOptions, source_tree_dir};
use custody_site::render::build_manifest::version;
use tracing::Level;
use tracing_subscriber::filter::{LevelFilter, Targets};
use tracing_subscriber::layer::SubscriberExt;
use tracing_subscriber::util::SubscriberInitExt;

mod certificate_status;
mod cli;
mod config;
mod config_reference;
mod edge_config;
mod live_preview;
mod startup;

impl ServeArgs {
    fn load(&self) -> anyhow::Result<Config> {
        let overrides = Overrides {
            listen: self.listen.clone(),
            public_url: self.public_url.clone(),
            log_format: self.log_format.map(|format| match format {
                LogFormatArg::Text => LogFormat::Text,
                LogFormatArg::Json => LogFormat::Json,
            }),
        };
        let (config, renamed_keys) = Config::load(self.config.as_deref(), &overrides)?;
        init_logging(config.log.format);
        for warning in renamed_keys {
            tracing::warn!("{warning}");
        }
        Ok(config)
    }
}

/// Log lines on standard error in `format`, at the levels `RUST_LOG` gives: a default level and
/// `target=level` directives, comma-separated (default `info`; `info` too when it does not parse).
fn init_logging(format: LogFormat) {
    let filter = std::env::var("RUST_LOG")
        .ok()
        .and_then(|directives| directives.parse::<Targets>().ok())
        .unwrap_or_else(|| Targets::new().with_default(Level::INFO));
    // The lines carry every event the filter lets through; the builder's own cap (info) is lifted.
    let lines = tracing_subscriber::fmt()
        .with_max_level(LevelFilter::TRACE)
        .with_ansi(std::io::stderr().is_terminal())
        .with_writer(std::io::stderr);
    let _ = match format {
        LogFormat::Text => lines.with_target(false).finish().with(filter).try_init(),
        LogFormat::Json => lines
            .json()
            .flatten_event(true)
            .finish()
            .with(filter)
            .try_init(),
    };
}

fn main() -> ExitCode {
    let version: &'static str = Box::leak(version().into_boxed_str());
    let matches = Cli::command().version(version).get_matches();
    let cli = match Cli::from_arg_matches(&matches) {
        Ok(cli) => cli,
        Err(error) => error.exit(),
    };
    let result = match cli.command {
        Some(Command::Check(command)) => check(&command),
        Some(Command::Claims(command)) => claims(&command),
        Some(Command::Config { .. }) => {
            print!("{}", default_config_toml());
            Ok(())
        }
        Some(Command::Serve(command)) => serve(&command),
        Some(Command::Submissions { action, args }) => submissions(&action, &args),
        None => serve(&cli.serve),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("custody-site: {error:#}");
            ExitCode::FAILURE
        }
    }
}

fn serve(command: &ServeCommand) -> anyhow::Result<()> {
    let invocation = Invocation::current();
    // SAFETY: called once, before the runtime or any other thread starts.
    let inherited = unsafe { listeners::inherited() }?;
    let config = command.args.load()?;
    let runtime = custody_edge::runtime()?;
    runtime.block_on(async move {
        let shutdown = custody_edge::shutdown_signal();
        let listeners = Listeners::open(&config.edge(), inherited)?;
        if command.dev {
            let options = DevOptions {
                content_dir: command
                    .content
                    .clone()
                    .unwrap_or_else(|| source_tree_dir("content")),
                ui_dir: command.ui.clone().unwrap_or_else(|| source_tree_dir("ui")),
            };
            let (settings, edge) = (config.site_settings(), config.edge());
            live_preview::serve(
                settings,
                &config.contact,
                &edge,
                options,
                listeners.site,
                shutdown,
            )
            .await
        } else {
            startup::run(config, listeners, invocation, shutdown).await
        }
    })
}

fn check(command: &CheckCommand) -> anyhow::Result<()> {
    let config = command.args.load()?;
    if let Some(dir) = &command.content {
        return check_folder(dir);
    }
    let site = ServedSite::from_embedded(config.site_settings())?;
    custody_edge::tls::Tls::from_config(&config.tls)?;
    custody_applications::trust::client_config(&config.contact)?;
    println!(
        "configuration and content are valid: {} documents, build {}, public URL {}",
        site.pages().len(),
        site.build().build_id,
        config.public_url
    );
    Ok(())
}

/// Checks the content of `dir` and lists every problem.
fn check_folder(dir: &std::path::Path) -> anyhow::Result<()> {
    let files = custody_content::source::files::read_dir(dir)
        .map_err(|error| anyhow::anyhow!("cannot read {}: {error}", dir.display()))?;
    match custody_site::embedded::load_content(&files) {
        Ok(content) => {
            println!(
                "{} is valid: {} files, {} routes, {} supported assets",
                dir.display(),
                files.len(),
                content.routes.len(),
                content.supported_assets.sg.len() + content.supported_assets.hk.len()
            );
            Ok(())
        }
        Err(errors) => {
            eprintln!("{}", report(&errors));
            anyhow::bail!("{} content problem(s) in {}", errors.len(), dir.display())
        }
    }
}

/// Prints the claims register of the embedded content, or of `--content`, whole or for a diff.
fn claims(command: &ClaimsCommand) -> anyhow::Result<()> {
    use custody_content::register;
    let (files, content) = match &command.content {
        Some(dir) => {
            let files = custody_content::source::files::read_dir(dir)
                .map_err(|error| anyhow::anyhow!("cannot read {}: {error}", dir.display()))?;
            let content = custody_site::embedded::load_content(&files).map_err(|errors| {
                eprintln!("{}", report(&errors));
                anyhow::anyhow!("{} content problem(s) in {}", errors.len(), dir.display())
            })?;
            (files, content)
        }
        None => (
            custody_site::embedded::content_files(),
            custody_site::embedded::embedded_content()
                .map_err(|errors| anyhow::anyhow!("{}", report(&errors)))?,
        ),
    };
    let mut register = register::build(&content, &files);
    let mut title = "Claims register".to_owned();
    if let Some(path) = &command.diff {
        let diff = if path.as_os_str() == "-" {
            std::io::read_to_string(std::io::stdin())?
        } else {
            std::fs::read_to_string(path)
                .map_err(|error| anyhow::anyhow!("cannot read {}: {error}", path.display()))?
        };
        register = register.touched_by(&register::ChangedLines::from_diff(&diff));
        title = "Claims touched by the change".to_owned();
    }
    let text = match command.format {
        RegisterFormat::Markdown => register::markdown(&register, &title),
        RegisterFormat::Csv => register::csv(&register),
    };
    // A reader that stops early (`| head`) is not an error.
    match std::io::stdout().lock().write_all(text.as_bytes()) {
        Err(error) if error.kind() != std::io::ErrorKind::BrokenPipe => Err(error.into()),
        _ => Ok(()),
    }
}

fn submissions(action: &SubmissionsAction, args: &ServeArgs) -> anyhow::Result<()> {
    let config = args.load()?;
    let log = config.contact.log.as_path();
    match action {
        SubmissionsAction::Export { format, since } => {
            let format = match format {
                ExportFormat::Csv => export::Format::Csv,
                ExportFormat::Jsonl => export::Format::Jsonl,
            };
            let count = export::export(log, format, *since, &mut std::io::stdout().lock())?;
            eprintln!("{count} applications exported from {}", log.display());
        }
        SubmissionsAction::Status => {
            let status = export::status(log)?;
            let webhook = config
                .contact
                .webhook_url
                .as_ref()
                .map_or("not configured", |url| url.shown());
            println!("log:        {}", log.display());
            println!("stored:     {}", status.stored);
            if status.archives > 0 {
                println!(
                    "archives:   {} beside the log, {} applications",
                    status.archives, status.archived
                );
            }
            if status.unreadable > 0 {
                println!(
                    "unreadable: {} (lines that are not applications)",
                    status.unreadable
                );
            }
            println!("webhook:    {webhook}");
            println!("delivered:  {}", status.delivered);
            println!("pending:    {}", status.pending);
            let delivery = &status.delivery;
            if let (Some(id), Some(at)) = (&delivery.last_delivered_id, &delivery.last_delivered_at)
            {
                println!("last delivered: {id} at {at}");
            }
            match (&delivery.last_error, &delivery.last_error_at) {
                (Some(error), Some(at)) => println!(
                    "last error: {error} at {at} ({} failed attempts)",
                    delivery.failed_attempts
                ),
                _ => println!("last error: none"),
            }
        }
    }
    Ok(())
}
