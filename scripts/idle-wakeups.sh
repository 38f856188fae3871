#!/usr/bin/env bash
# Wake-ups of todos-tui, idle in a terminal, while another program creates files next to its
# todo.txt and in the folder above (half in each, one touch(1) each): the voluntary context
# switches of all its threads (/proc/PID/task/*/status) over the file loop and one quiet second
# after it.
#
#   scripts/idle-wakeups.sh BIN [FILES] [ROUNDS]
#   e.g. scripts/idle-wakeups.sh .build/release/todos-tui 400 3
#
# Prints one line per round: "<wake-ups> wake-ups for <FILES> files (<idle> in 1 s idle before)".
# Needs tmux. The app runs on a private tmux server with an empty config, and is quit after.
set -euo pipefail
bin=$(realpath "${1:?usage: scripts/idle-wakeups.sh BIN [FILES] [ROUNDS]}")
files=${2:-400}
rounds=${3:-3}
work=$(mktemp -d)
sock="idle-wakeups-$$"
cleanup() { tmux -L "$sock" kill-server 2>/dev/null || true; rm -rf "$work"; }
trap cleanup EXIT

switches() {  # voluntary context switches of every thread of $1
  cat /proc/"$1"/task/*/status 2>/dev/null | awk '/^voluntary_ctxt_switches/ { s += $2 } END { print s }'
}

for ((round = 1; round <= rounds; round++)); do
  rm -rf "$work/parent" && mkdir -p "$work/parent/todos" "$work/home"
  printf 'Buy milk\n' > "$work/parent/todos/todo.txt"
  tmux -L "$sock" -f /dev/null new-session -d -x 80 -y 24 \
    "env HOME='$work/home' XDG_CONFIG_HOME='$work/home/config' XDG_STATE_HOME='$work/home/state' \
    '$bin' --file '$work/parent/todos/todo.txt'"
  pane=$(tmux -L "$sock" display -p "#{pane_pid}")
  pid=$(pgrep -x "$(basename "$bin" | cut -c1-15)" -P "$pane" || echo "$pane")
  for _ in $(seq 200); do
    tmux -L "$sock" capture-pane -p | grep -q 'Buy milk' && break
    sleep 0.05
  done
  sleep 0.5
  start=$(switches "$pid")
  sleep 1
  quiet=$(switches "$pid")
  for ((n = 0; n < files / 2; n++)); do
    touch "$work/parent/todos/other-$n.txt"
    touch "$work/parent/above-$n.txt"
  done
  sleep 1
  end=$(switches "$pid")
  if [[ $(cat /proc/"$pid"/comm) != "$(basename "$bin" | cut -c1-15)" ]]; then
    echo "error: pid $pid is not $bin (it exited?)" >&2
    exit 1
  fi
  echo "$((end - quiet)) wake-ups for $files files ($((quiet - start)) in 1 s idle before)"
  tmux -L "$sock" kill-server 2>/dev/null || true
done
