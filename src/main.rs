//! Command line of `custody-site`: `serve` (the default) and `check`.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Args, Parser, Subcommand};
use custody_site::config::{Config, Overrides};
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
