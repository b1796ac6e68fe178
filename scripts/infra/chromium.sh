#!/usr/bin/env bash
# Makes sure a headless browser is here for the browser tests and benchmarks: Debian's `chromium`
# package (installed with apt like PostgreSQL and Redis). Prints the binary's path.
# CHROMIUM_PATH, when set to an executable, is used as is.
exec bash "$(dirname "${BASH_SOURCE[0]}")/apt-tool.sh" CHROMIUM_PATH chromium chromium
