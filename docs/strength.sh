#!/usr/bin/env bash
# Regenerates docs/STRENGTH.md: duplicate matches between each rung of the
# bot ladder and the rung below, the gap to the cheater, and card-play-only
# matches, for Droggn (3 players), Troggu (3 and 6 players) and
# Strohmandeln. Run from the repository root:
#
#   bash docs/strength.sh                          # every section
#   GAMES="troggu:6" bash docs/strength.sh         # one section
#   GAMES=time bash docs/strength.sh               # only the decision times
#   GAMES=tactics bash docs/strength.sh            # only the tactics suite
#   GAMES= bash docs/strength.sh                   # only reassemble the page
#   FORCE=1 GAMES="droggn:3" bash docs/strength.sh # play its matches again
#   PLAY=0 bash docs/strength.sh                   # reassemble, playing nothing
#   bash docs/strength.sh --help                  # this text
#   DEALS=20 GAMES=strohmandeln:2 PIMC=pimc@4 ISMCTS=ismcts@100 CHEATER=cheater@100 \
#     OUT=/tmp/s.md DIR=/tmp/s bash docs/strength.sh  # a quick look (a minute or two)
#   SHARDS=4 SHARD=1 GAMES="droggn:3" bash docs/strength.sh     # shard 1 of 4 of each match
#
# With SHARDS=n, each missing match is played as n shards (trull arena
# --shard i/n --out FILE), into SHARD_DIR (strength-shards/, not kept in
# the repository); SHARD=i plays only shard i (from 0), so that the shards
# of a long match can be played on several machines or days. Once every
# shard of a match is there, they are merged (trull arena merge) into its
# file, the same report as the match played whole.
#
# Each match is stored in its own file (DIR/GAME-PLAYERS/N-NAME.md) whose
# text includes the command line that made it; a match whose file already
# holds the same command line is not played again (unless FORCE=1, which
# a change to a bot calls for), so a long run can be stopped and
# continued, a match at a time. Each section
# (DIR/GAME-PLAYERS.md) is assembled from its matches, and the page from
# the sections present.
#
# The search bots play at the budgets below (per decision); every match is
# seeded, so the same budgets and deals give the same tables on every
# machine (the decision times are the machine's own).
set -euo pipefail
if [ $# -gt 0 ]; then
  case $1 in
  -h | --help | help)
    sed -n '2,/^set -euo/p' "$0" | sed '$d' | sed 's/^# \{0,1\}//'
    exit 0
    ;;
  *)
    echo "docs/strength.sh takes no arguments; its settings are environment variables (bash docs/strength.sh --help)" >&2
    exit 2
    ;;
  esac
fi
DEALS=${DEALS:-2000}
PIMC=${PIMC:-pimc@8}
ISMCTS=${ISMCTS:-ismcts@600}
CHEATER=${CHEATER:-cheater@600}
OUT=${OUT:-docs/STRENGTH.md}
DIR=${DIR:-docs/strength}
ALL="droggn:3 troggu:3 troggu:6 strohmandeln:2"
GAMES=${GAMES-"$ALL time tactics"}
TACTICS_BOTS=${TACTICS_BOTS:-"random,rules,$PIMC,pimc,$ISMCTS,ismcts-fast,ismcts"}
WORKERS=${WORKERS:-0} # 0: every core
TIME_DEALS=${TIME_DEALS:-20}
FORCE=${FORCE:-}
PLAY=${PLAY:-1} # 0: play no match, assemble the sections from the files
SHARDS=${SHARDS:-1}
SHARD=${SHARD:-}     # with SHARDS: only this shard (default every one)
SHARD_DIR=${SHARD_DIR:-strength-shards}
# The default level at a larger budget against a smaller one, on the
# ladder's deals, in the sections whose search still gained from budget:
# which budget the table can afford (docs/STRENGTH.md). Each entry is
# GAME:PLAYERS:LEVEL[:BASE] (BASE: ismcts, the default level), LEVEL the
# largest budget whose decisions stay within 100 ms (median) and 400 ms
# (99th percentile) on two busy cores: twice the default in Droggn (four
# times took 411 ms at the 99th percentile), four times the earlier
# default in Troggu with three players, which that match made Troggu's
# default below five seats (bot.TrogguFewIterations).
UP_GAMES=${UP_GAMES:-"droggn:3:ismcts@6000 troggu:3:ismcts@12000:ismcts@3000"}

mkdir -p "$DIR"
commit=$(git rev-parse --short HEAD)
if [ -n "$(git status --porcelain -- cmd internal go.mod go.sum)" ]; then
  commit="$commit with uncommitted changes"
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
bin=$tmp/trull
go build -o "$bin" ./cmd/trull

# match FILE ARGS...: plays one arena match into FILE unless FILE already
# holds the same command line (but for --workers: a match's result does not
# depend on its number of workers).
match() {
  local f=$1
  shift
  local args="--deals $DEALS --workers $WORKERS $*"
  local want
  want="\`trull arena --deals $DEALS --workers [0-9]+ $(printf '%s' "$*" | sed 's/[][\.*^$+?(){}|/]/\\&/g')\`"
  if [ -z "$FORCE" ] && [ -f "$f" ] && grep -qE -- "$want" "$f"; then
    echo "kept $f" >&2
    return
  fi
  if [ "$PLAY" = 0 ]; then
    [ -f "$f" ] || echo "missing $f" >&2
    return
  fi
  if [ "$SHARDS" -gt 1 ]; then
    local base
    base="$SHARD_DIR/$(basename "$(dirname "$f")")-$(basename "$f" .md)"
    mkdir -p "$SHARD_DIR"
    local i parts=()
    for ((i = 0; i < SHARDS; i++)); do
      local part="$base.$i-of-$SHARDS.json"
      parts+=("$part")
      if [ ! -f "$part" ] && { [ -z "$SHARD" ] || [ "$SHARD" = "$i" ]; }; then
        echo "playing shard $i/$SHARDS of $f: trull arena $args" >&2
        # shellcheck disable=SC2086
        "$bin" arena $args --shard "$i/$SHARDS" --out "$part" >/dev/null
      fi
    done
    for part in "${parts[@]}"; do
      [ -f "$part" ] || {
        echo "$f: waiting for $part" >&2
        return
      }
    done
    "$bin" arena merge "${parts[@]}" --markdown >"$f.tmp"
  else
    echo "playing $f: trull arena $args" >&2
    # shellcheck disable=SC2086
    "$bin" arena $args --markdown >"$f.tmp"
  fi
  echo "Played at commit $commit." >>"$f.tmp"
  echo >>"$f.tmp"
  mv "$f.tmp" "$f"
}

# default_budget GAME PLAYERS: the default level's iterations a decision
# (ismcts.DefaultIterations; bot.TrogguFewIterations in Troggu below five
# seats).
default_budget() {
  case $1 in
  troggu) [ "$2" -lt 5 ] && echo 12000 || echo 3000 ;;
  *) echo 3000 ;;
  esac
}

section() { # game players
  local g=$1 p=$2 d=$DIR/$1-$2
  mkdir -p "$d"
  local s="--game $g --players $p"
  match "$d/1-rules-random.md" $s --bots rules,random --seed "ladder-$g-$p"
  match "$d/2-pimc-rules.md" $s --bots "$PIMC,rules" --seed "ladder-$g-$p"
  match "$d/3-ismcts-pimc.md" $s --bots "$ISMCTS,$PIMC" --seed "ladder-$g-$p"
  match "$d/4-cheater-ismcts.md" $s --bots "$CHEATER,$ISMCTS" --seed "ladder-$g-$p"
  match "$d/5-cardplay-ismcts-rules.md" $s --bots "$ISMCTS,rules" --card-play-only rules --seed "cardplay-$g-$p"
  # The gap of match 4 in the card play alone, on the same deals: what is
  # left of it once the rules bot makes every other decision for both.
  match "$d/5-cardplay-cheater-ismcts.md" $s --bots "$CHEATER,$ISMCTS" --card-play-only rules --seed "ladder-$g-$p"
  match "$d/6-default-ismcts.md" $s --bots "ismcts,$ISMCTS" --seed "default-$g-$p"
  match "$d/7-budget-ismcts.md" $s --bots "$ISMCTS,ismcts@200" --seed "budget-$g-$p"
  local up level base
  for up in $UP_GAMES; do
    case $up in
    "$g:$p:"*)
      level=${up#"$g:$p:"}
      base=ismcts
      case $level in *:*)
        base=${level#*:}
        level=${level%%:*}
        ;;
      esac
      match "$d/8-up-default.md" $s --bots "$level,$base" --seed "ladder-$g-$p"
      ;;
    esac
  done
  {
    echo "## $g, $p players"
    echo
    echo "Budgets: PIMC=$PIMC, ISMCTS=$ISMCTS, CHEATER=$CHEATER; each match shows its command line, with its number of deals."
    echo
    cat "$d"/[1-4]-*.md 2>/dev/null || true
    echo "Card play only: the rules bot makes every other decision for every seat."
    echo
    cat "$d"/5-*.md 2>/dev/null || true
    if [ -f "$d/6-default-ismcts.md" ]; then
      echo "The default level a player meets (\`ismcts\`, $(default_budget "$g" "$p") iterations) against the ladder's budget:"
      echo
      cat "$d/6-default-ismcts.md"
    fi
    if [ -f "$d/7-budget-ismcts.md" ]; then
      echo "Where the search's gain stops: the ladder's budget against a third of it."
      echo
      cat "$d/7-budget-ismcts.md"
    fi
    if [ -f "$d/8-up-default.md" ]; then
      echo "The default level at a larger budget against a smaller one, on the ladder's deals:"
      echo
      cat "$d/8-up-default.md"
    fi
  } >"$DIR/$g-$p.md.tmp"
  mv "$DIR/$g-$p.md.tmp" "$DIR/$g-$p.md"
}

times() {
  echo "## Decision time at the default budgets"
  echo
  echo "\`ismcts\` (the default strongest level: 3000 iterations, 12000 in Troggu below five seats)"
  echo "and \`ismcts-fast\` (300, for small servers) against \`rules\`, on $TIME_DEALS deals each, one"
  echo "decision at a time. These"
  echo "matches measure time only: their deals are far too few to tell the bots apart (the"
  echo "ladders above do that)."
  echo
  for gp in $ALL; do
    "$bin" arena --deals "$TIME_DEALS" --workers 1 --markdown --game "${gp%%:*}" --players "${gp##*:}" \
      --bots ismcts,ismcts-fast,rules --seed "time-${gp%%:*}-${gp##*:}" 2>/dev/null
  done
}

tactics() {
  echo "## Tactics"
  echo
  echo "The share of the tactics suite's positions (internal/tactics/positions) each level answers"
  echo "well: card-play decisions cut from hands, whose good answers hold in every one of many"
  echo "worlds the seat cannot tell from the real one, by exact analysis with every hand seen,"
  echo "and where every other card loses at least a mistake's worth on average. Each position"
  echo "names its theme. \`trull tactics --bots $TACTICS_BOTS\`:"
  echo
  "$bin" tactics --bots "$TACTICS_BOTS"
  echo
  echo "Played at commit $commit."
  echo
}

for gp in $GAMES; do
  if [ "$gp" = tactics ]; then
    [ "$PLAY" = 0 ] && continue
    tactics >"$DIR/tactics.md.tmp"
    mv "$DIR/tactics.md.tmp" "$DIR/tactics.md"
    echo "wrote $DIR/tactics.md"
  elif [ "$gp" = time ]; then
    [ "$PLAY" = 0 ] && continue
    times >"$DIR/time.md.tmp"
    mv "$DIR/time.md.tmp" "$DIR/time.md"
    echo "wrote $DIR/time.md"
  else
    section "${gp%%:*}" "${gp##*:}"
    echo "wrote $DIR/${gp%%:*}-${gp##*:}.md"
  fi
done
{
  cat <<'EOF'
# Bot strength

Regenerated by `bash docs/strength.sh` (see its header for running one section at a time;
each section names the budgets it was run with and each match its number of deals). Each table is one
`trull arena` match, whose command line it shows: the same decks are played with the bots
rotated through every seat assignment (two bots on three seats: six hands a deal), and the
difference per hand is the mean over deals of the two bots' mean scores on that deal, with its
95% confidence interval (1.96 standard errors over deals). A seat's random numbers depend on
the deal and the seat, not on the rotation, so two bots that decide alike do so in every
rotation.

The rungs, weakest first: `random` (legal moves) < `rules` (the seeds' tactics, package
`internal/bot/rules`) < `pimc` (package `internal/bot/pimc` for Droggn, the flat search of
`internal/bot/ismcts` otherwise; Perfect-Information Monte Carlo: worlds sampled consistent with the seat's view, every
candidate scored in the same worlds; in Droggn every decision is simulated, with worlds that
weigh what the bids reveal, and the card play solved exactly in the last tricks; in Troggu
and Strohmandeln the rules bot bids and each card is scored by playouts, the last tricks solved
exactly in every world (Troggu's by `internal/bot/tsolver`, Strohmandeln's last ten by
`internal/bot/ssolver`), a Troggu hand's worlds drawn again where a seat would have bid otherwise,
the rules bot's card kept unless another is better by two standard errors) < `ismcts`, the strongest player (in Droggn information-set search over
determinizations for the card play until pimc solves the last eight tricks, with pimc's
decisions before the card play; in Troggu and Strohmandeln every decision, bids included,
searched over determinizations shared by the candidates, the rules bot's choice kept unless
clearly beaten, with a tree below each candidate in Strohmandeln and playouts in Troggu; from
five Troggu seats the rules bot's card is overruled at half a standard error and the bids and
discards get four times the budget), and
`cheater`, an information-set search of the true deal, as the ceiling. The registry in
`internal/bot` composes these levels; each game's hand features, strength fits, discard, buy
and call rankers and the Droggn bid inference that `rules`, `pimc` and `ismcts` read live once
in `internal/bot/know` (the search's default policy keeps its own fit of the Troggu Normal
game, `know.TrogguNormalPolicy`, with which its matches were played). The budgets are
smaller than the defaults (pimc 40 worlds, ismcts 3000 iterations, 12000 in Troggu below five
seats) so that the ladder runs on
two cores in hours; decision times are measured on decisions with a choice, at these
budgets. A row's verdict names the stronger bot when the interval excludes zero. After a
change to a bot, play its matches again with `FORCE=1`: a match file is kept while its
command line is unchanged, and each match names the commit it was played at.

EOF
  # What follows, up to the sections, speaks of the repository's matches:
  # a run into another DIR (a quick look) leaves it out rather than print
  # it beside its own numbers.
  if [ "$DIR" = docs/strength ]; then
    cat <<'EOF'
The default level (`ismcts`: 3000 iterations, 12000 in Troggu below five seats since match 8
below) is measured against the ladder's `ismcts@600` in each section, and `ismcts@600` against
`ismcts@200` (matches 6 and 7 of each section, 2,000 duplicate deals each; decision times of the
default in match 6, on two busy cores):

| section | `ismcts − ismcts@600` | `ismcts@600 − ismcts@200` | default median / p99 ms |
|---|---:|---:|---:|
| Droggn, 3 players | +25.11 ± 4.43 | +25.01 ± 4.22 | 21.5 / 150.1 |
| Troggu, 3 players | +0.11 ± 0.02 (+0.07 ± 0.02 at the earlier 3000 iterations) | +0.04 ± 0.02 | 49.5 / 242.3 (12.0 / 51.0 at 3000) |
| Troggu, 6 players | +0.03 ± 0.03 | +0.06 ± 0.03 | 26.4 / 278.7 |
| Strohmandeln | +0.08 ± 0.11 | +0.02 ± 0.10 | 12.7 / 89.3 |

In Droggn and in Troggu with three players each step gains, in Droggn as much from 600 to
3000 iterations as from 200 to 600: the search has not stopped gaining at the default. In
Troggu with six players the default's gain just excludes zero, and its p99 of 279 ms on two
busy cores is above the 250 ms aimed at (from five seats the bids and discards get four times
the budget); the timing section's 20 deals, played one decision at a time, give 235 ms. In
Strohmandeln neither step shows a gain: with the rules bot's choice kept unless clearly
beaten and the last ten tricks solved exactly, the search's outcome in play stops improving
below 200 iterations. The default stays at 3000 there because the tactics still gain (43 of
the 44 Strohmandeln positions against 41 at 600). The ladder's top rung there is not separated
either (`ismcts@600 − pimc@8` +0.09 ± 0.11, match 3): both keep the rules bot's card unless
another is clearly better, and both solve the last ten of the 27 tricks exactly. These long matches are played in shards
(`SHARDS=n SHARD=i`, see the header of `docs/strength.sh`; six-seat Troggu's default match
took about six hours of one core in 16 shards, Droggn's four in 12).

Whether a larger budget would pay where the search still gained (match 8 of a section, the
default at a larger budget against the default on the ladder's 2,000 deals): in Droggn,
twice the default (`ismcts@6000`) comes out at +3.22 ± 3.70 per hand, not separated from the
default, while its decisions take twice as long (median 35.2 ms, p99 410 ms on two busy cores,
over the 400 ms a table can afford). The step from 600 to 3000 iterations gained +25.11; the
next doubling gains at most about a quarter of that (the interval's upper end, +6.92), so
Droggn's default stays at 3000 iterations: its search has about stopped gaining there.
Troggu with three players at four times its default of the time (`ismcts@12000` against
`ismcts@3000`) gains +0.05 ± 0.02 per hand, about as much as the step from 600 to 3000, at
36.7 / 121.0 ms a decision on two cores busy with it: the default level now searches 12000
iterations in Troggu below five seats (`bot.TrogguFewIterations`). That section's match 6,
played again at the new default, gives +0.11 ± 0.02 per hand against `ismcts@600`, at 49.5 / 242.3 ms
a decision over the match (the gap section below has the details).

EOF
    # The gap to the cheater and the levers measured against it, kept by
    # hand: each lever's duel is a test command, not an arena level.
    if [ -f "$DIR/gap.md" ]; then
      cat "$DIR/gap.md"
    fi
    # The search's rate per millisecond, kept by hand: it is measured by
    # a benchmark (BenchmarkDefault in internal/bot), not a match.
    if [ -f "$DIR/speed.md" ]; then
      cat "$DIR/speed.md"
    fi
  fi
  for gp in $ALL time tactics; do
    f=$DIR/${gp%%:*}-${gp##*:}.md
    [ "$gp" = time ] || [ "$gp" = tactics ] && f=$DIR/$gp.md
    if [ -f "$f" ]; then
      cat "$f"
    fi
  done
} >"$OUT.tmp"
mv "$OUT.tmp" "$OUT"
echo "wrote $OUT"
