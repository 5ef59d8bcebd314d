#!/usr/bin/env bash
# Reproduces the numbers of docs/STUDY.md: run from the repository root as
#   bash docs/study.sh [OUT]
# Reports and plots are written under OUT (default study-out/).
#
# SHARDS=n plays every study as n shards (trull sim --shard i/n), side by
# side on this machine, and merges them with trull sim merge: the results
# are the same as unsharded, deal for deal. The shards of one study can as
# well run on a batch system: docs/deploy/sim-job.yaml (Kubernetes Indexed
# Job) and docs/deploy/sim-array.slurm (Slurm array) do so.
set -euo pipefail
out=${1:-study-out}
shards=${SHARDS:-1}
trull=/tmp/trull-study
go build -o "$trull" ./cmd/trull

# study DIR ARGS…: one study, whole or in $shards shards merged into DIR.
study() {
  local dir=$1
  shift
  if [ "$shards" -le 1 ]; then
    "$trull" sim "$@" -out "$dir" -quiet
    return
  fi
  local parts=() pids=() i
  for ((i = 0; i < shards; i++)); do
    parts+=("$dir.shards/$i")
    "$trull" sim "$@" -shard "$i/$shards" -out "$dir.shards/$i" -quiet -workers 1 >/dev/null &
    pids+=($!)
  done
  for p in "${pids[@]}"; do wait "$p"; done
  "$trull" sim merge "${parts[@]}" -out "$dir"
}

study "$out/droggn-winrule" -game droggn -bots rules -hands 4000 -seed study -compare winRule=38
study "$out/droggn-gstiess" -game droggn -bots rules -hands 4000 -seed study -compare gstiessLastTrick=illegal
for n in 3 4 5 6 7 8; do
  study "$out/troggu-$n" -game troggu -players "$n" -bots rules -hands 2000 -seed study
done
study "$out/troggu-7-allpass" -game troggu -players 7 -bots rules -hands 2000 -seed study -compare allPassRule=alwaysMisere
study "$out/strohmandeln-scoring" -game strohmandeln -bots rules -hands 4000 -seed study -compare scoring=classic
