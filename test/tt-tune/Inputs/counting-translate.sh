#!/bin/sh
# Stands in for tt-translate in the cache tests: records each call in
# $TT_TUNE_TEST_LOG, then runs the real tt-translate (on PATH).
echo "$*" >> "$TT_TUNE_TEST_LOG"
exec tt-translate "$@"
