#!/usr/bin/env bash
# Set-up that `npm start` and `npm test` do for themselves on a fresh clone:
# node modules, Java for DynamoDB Local and (with --browser) Chromium for Playwright.
# As root it installs what is missing with apt; otherwise it says what to install.
set -euo pipefail
cd "$(dirname "$0")/.."

want_browser=false
[[ "${1:-}" == "--browser" ]] && want_browser=true

# What the installers print goes to this log; the terminal gets a line per step, and the
# end of the log when a step fails.
mkdir -p .local/logs
log=.local/logs/setup.log
: >"$log"
logged() {
  if ! "$@" >>"$log" 2>&1; then
    echo "Failed: $*. The end of $log:" >&2
    tail -n 25 "$log" >&2
    exit 1
  fi
}

apt_updated=false
apt_install() {
  if [[ "$(id -u)" != "0" ]]; then
    echo "Missing: $*. Install it (Debian/Ubuntu: sudo apt-get install -y $*) and run the command again." >&2
    exit 1
  fi
  if [[ "$apt_updated" == false ]]; then
    echo "Updating the apt package lists (details in $log)..."
    logged env DEBIAN_FRONTEND=noninteractive apt-get update -qq
    apt_updated=true
  fi
  echo "Installing $* with apt (details in $log)..."
  logged env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "$@"
}

node_major=$(node -p 'process.versions.node.split(".")[0]')
node_minor=$(node -p 'process.versions.node.split(".")[1]')
if (( node_major < 20 || (node_major == 20 && node_minor < 19) )); then
  echo "Node $(node -v) is too old: this project needs Node 20.19 or newer." >&2
  exit 1
fi

# Reinstall when the lockfile changed since the last install.
if [[ ! -d node_modules || ! -f node_modules/.package-lock.json || package-lock.json -nt node_modules/.package-lock.json ]]; then
  # The lockfile holds every platform's optional native bindings, so npm ci installs the
  # locked versions everywhere and leaves the clone as it was (docs/adr/0005).
  echo "Installing node modules (npm ci, details in $log)..."
  logged npm ci --no-audit --no-fund
fi

if ! command -v java >/dev/null 2>&1; then
  apt_install openjdk-17-jre-headless
fi

if [[ "$want_browser" == true ]] && ! command -v chromium >/dev/null 2>&1 && [[ ! -x /usr/bin/chromium ]]; then
  apt_install chromium fonts-liberation
fi

# The journeys run in Chromium's headless shell, the lighter build of the same browser
# (tests/e2e/chromium.ts). Without root they fall back to the full browser: say so, go on.
if [[ "$want_browser" == true && ! -x /usr/lib/chromium/chromium-headless-shell ]]; then
  if [[ "$(id -u)" == "0" ]]; then
    apt_install chromium-headless-shell
  else
    echo "Note: the browser journeys run faster in chromium-headless-shell (sudo apt-get install -y chromium-headless-shell)."
  fi
fi
