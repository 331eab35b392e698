#!/usr/bin/env bash
# A device call sends the checkout's tracked files, 64 MiB at most, and the committed runs, rendered docs and
# diagnostics have grown past that. No device call reads docs/, the diagnostics or the set's kernel traces, so:
#   bash profiler/device/slim-tree.sh          # before the calls: untrack them (and ignore them) in the index only
#   bash profiler/device/slim-tree.sh runs     # the same and the committed runs too, for calls whose ONLY names the
#                                              # runs to record (the plan then cannot see which runs are done)
#   bash profiler/device/slim-tree.sh restore  # after: track them again, as HEAD has them
# The files stay on disk throughout; commit only after `restore`. Session 25's slim tree was over what a call sends;
# since session 26 gzips the runs' samples and steps, the whole checkout is 41 MiB and the slim tree 20 MiB.
set -euo pipefail
cd "$(git rev-parse --show-toplevel)"
paths=(docs calibration/data/h200-diagnostics calibration/data/h200/kernel-traces.arrow)
exclude=.git/info/exclude
begin="# slim-tree: begin" end="# slim-tree: end"
[ "${1:-slim}" = runs ] && paths+=(calibration/data/h200-runs)
case "${1:-slim}" in
  slim | runs)
    grep -qx "$begin" "$exclude" 2>/dev/null && { echo "slim-tree: already slim (restore first)"; exit 2; }
    git rm -r -q --cached -- "${paths[@]}"
    { echo "$begin"; printf '/%s\n' "${paths[@]}"; echo "$end"; } >>"$exclude"
    echo "slim-tree: $(git ls-files -z | xargs -0 stat -c %s | awk '{s+=$1} END {printf "%.1f", s/1048576}') MiB tracked" ;;
  restore)
    git reset -q -- "${paths[@]}" calibration/data/h200-runs
    [ -f "$exclude" ] && sed -i "/^$begin\$/,/^$end\$/d" "$exclude"
    echo "slim-tree: restored" ;;
  *) echo "usage: bash profiler/device/slim-tree.sh [runs | restore]"; exit 2 ;;
esac
