//! A throw-away PostgreSQL for the tests: `STONES_TEST_POSTGRES=postgres://…` if set, else a cluster
//! of its own (Debian's `postgresql` package: `initdb` and `pg_ctl` under /usr/lib/postgresql/*/bin,
//! or on the PATH) in a temporary folder, listening on a Unix socket only, stopped and removed when
//! dropped. initdb refuses to run as root: then the cluster belongs to the `postgres` user (made by
//! the package), or `nobody`.

// Each test file uses a part of it.
#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::Command;

/// A PostgreSQL database for one test.
pub struct Postgres {
    /// The address to give `stones serve --db`.
    pub url: String,
    /// The cluster made here (none when given by the environment): its folder and programs.
    own: Option<(PathBuf, PathBuf, Option<String>)>,
}

/// The folder of `initdb` and `pg_ctl`: the newest Debian version, else the PATH's.
fn bin_dir() -> Option<PathBuf> {
    let mut versions: Vec<PathBuf> = std::fs::read_dir("/usr/lib/postgresql")
        .into_iter()
        .flatten()
        .flatten()
        .map(|e| e.path().join("bin"))
        .filter(|b| b.join("initdb").is_file())
        .collect();
    versions.sort_by_key(|p| {
        p.parent()
            .and_then(|v| v.file_name()?.to_str()?.parse::<u32>().ok())
            .unwrap_or(0)
    });
    if let Some(dir) = versions.pop() {
        return Some(dir);
    }
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path).find(|d| d.join("initdb").is_file() && d.join("pg_ctl").is_file())
}

/// Whether this process runs as root (initdb refuses it).
fn root() -> bool {
    Command::new("id")
        .arg("-u")
        .output()
        .is_ok_and(|o| String::from_utf8_lossy(&o.stdout).trim() == "0")
}

/// Runs `program args` as `user` (if any), or says why not.
fn run(user: Option<&str>, program: &Path, args: &[&str]) -> Result<(), String> {
    let mut cmd = match user {
        Some(u) => {
            let mut c = Command::new("runuser");
            c.args(["-u", u, "--"]).arg(program);
            c
        }
        None => Command::new(program),
    };
    let out = cmd
        .args(args)
        .current_dir("/")
        .output()
        .map_err(|e| format!("{}: {e}", program.display()))?;
    if !out.status.success() {
        return Err(format!(
            "{} {args:?}: {}{}",
            program.display(),
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        ));
    }
    Ok(())
}

impl Postgres {
    /// The database to test on, or why there is none. Without one the caller says so and, in CI
    /// (`CI` set), fails.
    pub fn start(name: &str) -> Result<Postgres, String> {
        if let Some(url) = std::env::var("STONES_TEST_POSTGRES")
            .ok()
            .filter(|u| !u.is_empty())
        {
            return Ok(Postgres { url, own: None });
        }
        let bin = bin_dir().ok_or(
            "no PostgreSQL here: no initdb under /usr/lib/postgresql/*/bin nor on the PATH (apt-get install postgresql), and STONES_TEST_POSTGRES is unset",
        )?;
        // A short folder: the socket's path must fit in 107 bytes.
        let dir = std::env::temp_dir().join(format!("stones-pg-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).map_err(|e| e.to_string())?;
        let user = if root() {
            let owner = ["postgres", "nobody"]
                .into_iter()
                .find(|u| {
                    Command::new("id")
                        .arg(u)
                        .output()
                        .is_ok_and(|o| o.status.success())
                })
                .ok_or("running as root, and no postgres or nobody user to run initdb as")?;
            let status = Command::new("chown")
                .args([owner, &dir.display().to_string()])
                .status()
                .map_err(|e| e.to_string())?;
            if !status.success() {
                return Err(format!("cannot give {} to {owner}", dir.display()));
            }
            Some(owner.to_string())
        } else {
            None
        };
        let data = dir.join("data");
        let port = 40000 + std::process::id() % 20000;
        let pg = Postgres {
            url: format!(
                "postgres://stones@{}:{port}/postgres",
                dir.display().to_string().replace('/', "%2F")
            ),
            own: Some((dir.clone(), bin.clone(), user.clone())),
        };
        let user = user.as_deref();
        let data_arg = data.display().to_string();
        run(
            user,
            &bin.join("initdb"),
            &[
                "-D",
                &data_arg,
                "-A",
                "trust",
                "-U",
                "stones",
                "--no-sync",
                "-E",
                "UTF8",
            ],
        )?;
        let options = format!("-k {} -p {port} -h '' -F", dir.display());
        let log = dir.join("log").display().to_string();
        run(
            user,
            &bin.join("pg_ctl"),
            &["-D", &data_arg, "-o", &options, "-l", &log, "-w", "start"],
        )
        .map_err(|e| {
            let log = std::fs::read_to_string(dir.join("log")).unwrap_or_default();
            format!("{e}\n{log}")
        })?;
        Ok(pg)
    }
}

impl Postgres {
    /// Restarts the cluster made here, as a database restart would (its clients' connections
    /// are closed); false when the database was given by the environment (left alone).
    pub fn restart(&self) -> bool {
        let Some((dir, bin, user)) = &self.own else {
            return false;
        };
        let data = dir.join("data").display().to_string();
        // The log, as at the start: the server must not keep this call's output pipe open.
        let log = dir.join("log").display().to_string();
        run(
            user.as_deref(),
            &bin.join("pg_ctl"),
            &["-D", &data, "-l", &log, "-m", "fast", "-w", "restart"],
        )
        .unwrap();
        true
    }
}

impl Drop for Postgres {
    fn drop(&mut self) {
        if let Some((dir, bin, user)) = &self.own {
            let data = dir.join("data").display().to_string();
            let _ = run(
                user.as_deref(),
                &bin.join("pg_ctl"),
                &["-D", &data, "-m", "immediate", "-w", "stop"],
            );
            let _ = std::fs::remove_dir_all(dir);
        }
    }
}

/// The database, or: not in CI, `None` after saying why; in CI, a failure.
pub fn postgres_or_skip(name: &str) -> Option<Postgres> {
    match Postgres::start(name) {
        Ok(pg) => Some(pg),
        Err(e) if std::env::var_os("CI").is_some() => {
            panic!("PostgreSQL is needed in CI (.ci/test installs Debian's postgresql): {e}")
        }
        Err(e) => {
            eprintln!("SKIPPED, no PostgreSQL: {e}");
            None
        }
    }
}
