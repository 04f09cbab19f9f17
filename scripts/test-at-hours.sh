#!/usr/bin/env bash
# Runs the test suite again at other hours of other days, under faketime(1) (Debian's `faketime`), since the
# service's "today", the trips already left and relative dates all follow France's clock:
#   - 00:30 in France while the host (UTC) is still on the day before, in winter and in summer time;
#   - 07:30 in France, when the day's first trips have left;
#   - 21:30 in France, when every trip of the day has left.
# The CLI children keep the fake clock (test/helpers/cli.ts passes LD_PRELOAD and FAKETIME on). Left out: workerd
# and Chromium, which do not run under the preloaded library and pin no hour, and the config file's lock test, whose
# stale-lock check compares the fake clock with the real one of the file system.
# Usage: scripts/test-at-hours.sh ['YYYY-MM-DD hh:mm:ss' (UTC) ...]
set -euo pipefail
cd "$(dirname "$0")/.."
command -v faketime >/dev/null || { echo "test-at-hours: faketime is missing (apt-get install faketime)" >&2; exit 1; }
instants=("$@")
[ ${#instants[@]} -gt 0 ] || instants=('2026-12-09 23:30:00' '2027-07-13 22:30:00' '2026-12-10 06:30:00' '2026-12-10 20:30:00')
failed=()
for instant in "${instants[@]}"; do
  echo "The test suite at $instant UTC"
  TZ=UTC faketime "$instant" node node_modules/vitest/vitest.mjs run --exclude 'test/runtimes/**' --exclude test/e2e/hygiene-config.test.ts || failed+=("$instant")
done
if [ ${#failed[@]} -gt 0 ]; then
  echo "test-at-hours: the suite failed at ${failed[*]} (UTC)" >&2
  exit 1
fi
