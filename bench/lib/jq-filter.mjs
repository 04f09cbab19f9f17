// The jq side of every listing comparison: `list --from Paris --to Marseille` as curl | jq would do it.
// Form B records carry layovers, so `list --from Paris --to Marseille` also matches trips that stop in
// either city; the jq filter does the same, in stop order. It compares names exactly: in this data no
// other city name contains "paris" or "marseille", and jq 1.6's ascii_downcase would add ~15 s per
// million routes. The run checks that all sides count the same trips.
export const JQ_FILTER =
  'map(select(.depart == "Paris" and (.layover1 == "Marseille" or .layover2 == "Marseille" or .arrival == "Marseille")' +
  ' or .layover1 == "Paris" and (.layover2 == "Marseille" or .arrival == "Marseille") or .layover2 == "Paris" and .arrival == "Marseille")) | length';
