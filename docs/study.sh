#!/usr/bin/env bash
# Reproduces the numbers of docs/STUDY.md: run from the repository root as
#   bash docs/study.sh
# Reports and plots are written under study-out/.
set -euo pipefail
out=${1:-study-out}
go build -o /tmp/trull-study ./cmd/trull
/tmp/trull-study sim -game droggn -bots rules -hands 4000 -seed study -compare winRule=38 -out "$out/droggn-winrule" -quiet
/tmp/trull-study sim -game droggn -bots rules -hands 4000 -seed study -compare gstiessLastTrick=illegal -out "$out/droggn-gstiess" -quiet
for n in 3 4 5 6 7 8; do
  /tmp/trull-study sim -game troggu -players "$n" -bots rules -hands 2000 -seed study -out "$out/troggu-$n" -quiet
done
/tmp/trull-study sim -game troggu -players 7 -bots rules -hands 2000 -seed study -compare allPassRule=alwaysMisere -out "$out/troggu-7-allpass" -quiet
/tmp/trull-study sim -game strohmandeln -bots rules -hands 4000 -seed study -compare scoring=classic -out "$out/strohmandeln-scoring" -quiet
