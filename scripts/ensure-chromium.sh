#!/usr/bin/env bash
# Make sure Debian's Chromium is at /usr/bin/chromium for the Workbench browser tests.
#
# Run by `make browser-deps` (and so by `make test`). Idempotent: when the binary is already
# there it only says so. Otherwise, as root, it installs Debian's `chromium` package with apt;
# as any other user it cannot, and says what to run instead. The tests drive this binary with
# Playwright's Python package (`executable_path="/usr/bin/chromium"`); nothing is downloaded by
# Playwright itself (`playwright install` is never used).
#
# Exit status: 0 when /usr/bin/chromium exists and runs; 1 when it is missing and cannot be
# installed (the message says why), so that `make test` stops loudly instead of skipping.
set -euo pipefail

CHROMIUM=${CHROMIUM:-/usr/bin/chromium}

say() { printf 'ensure-chromium: %s\n' "$*"; }
fail() { printf 'ensure-chromium: ERROR: %s\n' "$*" >&2; exit 1; }

report_version() {
    # `--version` needs no display and no sandbox; a binary that cannot print it cannot run tests.
    local version
    if ! version=$("$CHROMIUM" --headless --no-sandbox --version 2>/dev/null); then
        fail "$CHROMIUM exists but does not run ('$CHROMIUM --version' failed)"
    fi
    say "using $version at $CHROMIUM"
}

if [ -x "$CHROMIUM" ]; then
    report_version
    exit 0
fi

say "$CHROMIUM is missing; the Workbench browser tests need it"

if [ "$(id -u)" -ne 0 ]; then
    fail "not root, so cannot install it. Run as root: apt-get update && \
DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends chromium"
fi
command -v apt-get >/dev/null 2>&1 \
    || fail "apt-get not found: install Chromium with your system's package manager so that $CHROMIUM exists"

say "running: apt-get update"
apt-get update || fail "apt-get update failed (no network or no package mirror?)"
say "running: apt-get install -y --no-install-recommends chromium"
DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends chromium \
    || fail "apt-get install chromium failed"

[ -x "$CHROMIUM" ] || fail "the chromium package installed, but $CHROMIUM is still missing"
report_version
