//! Command line of `custody-site`: `serve` (the default), `check` and `submissions`.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Args, Parser, Subcommand, ValueEnum};
use custody_site::config::{Config, Overrides};
use custody_site::contact::export;
use custody_site::{Site, server};
use tracing_subscriber::EnvFilter;

/// The bilingual public website of an institutional digital-asset custody provider.
#[derive(Debug, Parser)]
#[command(version, about)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
    #[command(flatten)]
    serve: ServeArgs,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Serve the site (the default).
    Serve(ServeArgs),
    /// Validate the configuration and the embedded content, then exit.
    Check(ServeArgs),
    /// Stored contact applications: export them, or show the store and delivery state.
    Submissions {
        #[command(subcommand)]
        action: SubmissionsAction,
        #[command(flatten)]
        args: ServeArgs,
    },
}

#[derive(Debug, Subcommand)]
enum SubmissionsAction {
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
enum ExportFormat {
    /// Comma-separated values with a header row (formula-safe).
    Csv,
    /// One JSON object per line, as stored.
    Jsonl,
}

#[derive(Debug, Clone, Args)]
struct ServeArgs {
    /// Configuration file (TOML); every key is optional.
    #[arg(long, env = "CUSTODY_SITE_CONFIG", global = true)]
    config: Option<PathBuf>,
    /// Address to listen on [default: 127.0.0.1:8080].
    #[arg(long, env = "CUSTODY_SITE_LISTEN", global = true)]
    listen: Option<String>,
    /// Public base URL for canonical links and the sitemap [default: http://127.0.0.1:8080].
    #[arg(long, env = "CUSTODY_SITE_PUBLIC_URL", global = true)]
    public_url: Option<String>,
}

impl ServeArgs {
    fn load(&self) -> anyhow::Result<Config> {
        let overrides = Overrides {
            listen: self.listen.clone(),
            public_url: self.public_url.clone(),
        };
        Config::load(self.config.as_deref(), &overrides)
    }
}

fn main() -> ExitCode {
    tracing_subscriber::fmt()
        .with_env_filter(
            EnvFilter::try_from_default_env().unwrap_or_else(|_| EnvFilter::new("info")),
        )
        .with_target(false)
        .init();
    let cli = Cli::parse();
    let result = match cli.command {
        Some(Command::Check(args)) => check(&args),
        Some(Command::Serve(args)) => serve(&args),
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

fn serve(args: &ServeArgs) -> anyhow::Result<()> {
    let config = args.load()?;
    let addr = config.listen_addr()?;
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?;
    runtime.block_on(async move {
        let shutdown = server::shutdown_signal();
        let listener = tokio::net::TcpListener::bind(addr)
            .await
            .map_err(|e| anyhow::anyhow!("cannot listen on {addr}: {e}"))?;
        server::run(config, listener, shutdown).await
    })
}

fn check(args: &ServeArgs) -> anyhow::Result<()> {
    let config = args.load()?;
    let site = Site::from_embedded(config)?;
    println!(
        "configuration and content are valid: {} documents, build {}, public URL {}",
        site.pages.len(),
        site.build.build_id,
        site.config.public_url
    );
    Ok(())
}

fn submissions(action: &SubmissionsAction, args: &ServeArgs) -> anyhow::Result<()> {
    let config = args.load()?;
    let log = std::path::Path::new(&config.contact.log);
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
            let webhook = if config.contact.webhook_url.is_empty() {
                "not configured".to_owned()
            } else {
                config.contact.webhook_url.clone()
            };
            println!("log:        {}", log.display());
            println!("stored:     {}", status.stored);
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
