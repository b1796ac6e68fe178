#!/usr/bin/env bash
# Makes sure wrk (the HTTP load generator the gateway benchmark measures with) is here: Debian's
# `wrk` package, installed with apt like chromium. Prints the binary's path.
# WRK_PATH, when set to an executable, is used as is.
exec bash "$(dirname "${BASH_SOURCE[0]}")/apt-tool.sh" WRK_PATH wrk wrk
