#!/usr/bin/env bash
# A real single-node SLURM on this machine, for the SLURM test and for trying
# the slurm profile: Debian's slurmctld + slurmd + munge, started by hand (no
# systemd), with one fake GPU declared as a generic resource so that GPU jobs
# are accepted on a CPU node.
#
#   scripts/slurm-local.sh up       install (apt, root) and start; idempotent
#   scripts/slurm-local.sh down     stop the daemons this script started
#   scripts/slurm-local.sh status   sinfo through this cluster's config
#   scripts/slurm-local.sh running  exit 0 when the daemons this script starts are up
#   scripts/slurm-local.sh env      print the `export SLURM_CONF=...` to use it
#
# Everything lives in $SLURM_LOCAL_DIR (default /tmp/coref-transfer-slurm):
# its own slurm.conf, gres.conf, munge key and socket, spool, logs and PID
# files, and its own ports, so a munge already on the machine is neither used
# nor touched. Clients find this cluster through SLURM_CONF, except the
# `srun` inside a Snakemake job: the jobstep plugin (0.6.1) drops every
# SLURM_* variable, SLURM_CONF included, so srun reads the default
# /etc/slurm/slurm.conf. `up` links that path to our config when it does not
# exist (and `down` removes only that link); a machine with its own
# /etc/slurm/slurm.conf has a SLURM already and is left alone (exit 1).
# Partitions `cpu` (default) and `gpu` match the slurm profile's defaults.
#
# Exit codes of `up`: 0 started, 0 already running (says so), 3 cannot run
# here (not root, or not Linux): the SLURM test then skips with that reason;
# anything else is a failure.
set -euo pipefail

DIR=${SLURM_LOCAL_DIR:-/tmp/coref-transfer-slurm}
CTLD_PORT=${SLURM_LOCAL_CTLD_PORT:-16817}
SLURMD_PORT=${SLURM_LOCAL_SLURMD_PORT:-16818}
CONF=$DIR/etc/slurm.conf
SYSTEM_CONF=/etc/slurm/slurm.conf
# The order `down` stops them in.
DAEMONS="slurmd slurmctld munged"

log() { echo "slurm-local: $*" >&2; }

pidfile() {  # munged runs as munge and writes into its own folder
  if [ "$1" = munged ]; then echo "$DIR/munge/munged.pid"; else echo "$DIR/run/$1.pid"; fi
}

alive() {  # alive NAME: the daemon we started under NAME is running
  local pidfile pid
  pidfile=$(pidfile "$1")
  [ -s "$pidfile" ] || return 1
  pid=$(cat "$pidfile")
  # the PID must still be that daemon, not a recycled number
  [ -r "/proc/$pid/comm" ] && [ "$(cat "/proc/$pid/comm")" = "$1" ]
}

install_packages() {
  local missing=""
  for bin in slurmctld slurmd sbatch munged; do
    command -v "$bin" >/dev/null || missing=yes
  done
  [ -z "$missing" ] && return 0
  log "installing slurmctld slurmd slurm-client munge from Debian"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  # The image's policy-rc.d keeps apt from starting the daemons; we start ours.
  apt-get install -y -qq --no-install-recommends slurmctld slurmd slurm-client munge >/dev/null
}

write_config() {
  local ncpu mem
  ncpu=$(nproc)
  mem=$(slurmd -C | sed -n 's/.*RealMemory=\([0-9]*\).*/\1/p')
  mem=$(( mem * 9 / 10 ))  # less memory than configured would DRAIN the node
  mkdir -p "$DIR"/etc "$DIR"/run "$DIR"/log "$DIR"/spool/ctld "$DIR"/spool/d "$DIR"/munge
  chmod 755 "$DIR"
  # munged wants its socket's folder searchable by all, its key private
  mkdir -p "$DIR"/munge/key
  chown munge:munge "$DIR"/munge "$DIR"/munge/key
  chmod 755 "$DIR"/munge
  chmod 700 "$DIR"/munge/key
  if [ ! -s "$DIR"/munge/key/munge.key ]; then
    dd if=/dev/urandom of="$DIR"/munge/key/munge.key bs=1024 count=1 status=none
    chown munge:munge "$DIR"/munge/key/munge.key
    chmod 400 "$DIR"/munge/key/munge.key
  fi
  cat > "$CONF" <<CONF
# Written by scripts/slurm-local.sh: one node, two partitions, one fake GPU.
ClusterName=coreftransfer
SlurmctldHost=localhost(127.0.0.1)
SlurmctldPort=$CTLD_PORT
SlurmdPort=$SLURMD_PORT
SlurmUser=root
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$DIR/munge/munge.socket
StateSaveLocation=$DIR/spool/ctld
SlurmdSpoolDir=$DIR/spool/d
SlurmctldPidFile=$DIR/run/slurmctld.pid
SlurmdPidFile=$DIR/run/slurmd.pid
SlurmctldLogFile=$DIR/log/slurmctld.log
SlurmdLogFile=$DIR/log/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
MpiDefault=none
ReturnToService=2
SchedulerType=sched/backfill
SelectType=select/cons_tres
SelectTypeParameters=CR_Core_Memory
DefMemPerCPU=1000
JobAcctGatherType=jobacct_gather/linux
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
# Finished jobs stay visible to squeue for an hour: without slurmdbd the
# workflow's status checks (squeue) and the SLURM test read them there.
MinJobAge=3600
KillWait=5
GresTypes=gpu
NodeName=localhost NodeAddr=127.0.0.1 CPUs=$ncpu RealMemory=$mem Gres=gpu:1 State=UNKNOWN
PartitionName=cpu Nodes=localhost Default=YES MaxTime=INFINITE State=UP
PartitionName=gpu Nodes=localhost MaxTime=INFINITE State=UP
CONF
  # Slurm 22.05 keeps a GPU only if File= names a character device.
  echo "NodeName=localhost Name=gpu File=/dev/null" > "$DIR"/etc/gres.conf
}

up() {
  if [ "$(uname -s)" != Linux ] || [ "$(id -u)" != 0 ]; then
    log "needs root on Linux to install and start SLURM; not starting it"
    exit 3
  fi
  if alive slurmctld && alive slurmd && alive munged; then
    log "already running (SLURM_CONF=$CONF)"
    return 0
  fi
  down >/dev/null 2>&1 || true
  if [ -e "$SYSTEM_CONF" ] && [ "$(readlink "$SYSTEM_CONF")" != "$CONF" ]; then
    log "$SYSTEM_CONF exists: this machine has a SLURM of its own; use it instead"
    exit 1
  fi
  install_packages
  write_config
  [ -L "$SYSTEM_CONF" ] || { mkdir -p "$(dirname "$SYSTEM_CONF")"; ln -s "$CONF" "$SYSTEM_CONF"; }
  runuser -u munge -- munged --socket="$DIR"/munge/munge.socket --key-file="$DIR"/munge/key/munge.key \
    --pid-file="$(pidfile munged)" --log-file="$DIR"/munge/munged.log --seed-file="$DIR"/munge/key/munged.seed
  munge --socket="$DIR"/munge/munge.socket -n | unmunge --socket="$DIR"/munge/munge.socket >/dev/null
  export SLURM_CONF=$CONF
  slurmctld -f "$CONF"
  slurmd -f "$CONF" -N localhost
  for _ in $(seq 1 240); do
    [ "$(sinfo -h -n localhost -o %T 2>/dev/null | head -1)" = idle ] && break
    sleep 0.25
  done
  if [ "$(sinfo -h -n localhost -o %T 2>/dev/null | head -1)" != idle ]; then
    log "the node did not become idle; see $DIR/log/"
    scontrol show node localhost >&2 || true
    tail -n 20 "$DIR"/log/slurmctld.log "$DIR"/log/slurmd.log >&2 || true
    exit 1
  fi
  log "up: $(sinfo -h -o '%P %a %D %T' | tr '\n' ' ')(SLURM_CONF=$CONF)"
}

down() {
  local name pid
  for name in $DAEMONS; do
    alive "$name" || { rm -f "$(pidfile "$name")"; continue; }
    pid=$(cat "$(pidfile "$name")")
    kill -TERM "$pid"
    for _ in $(seq 1 80); do kill -0 "$pid" 2>/dev/null || break; sleep 0.25; done
    if kill -0 "$pid" 2>/dev/null; then
      log "$name ($pid) did not stop"
      continue
    fi
    rm -f "$(pidfile "$name")"
    log "stopped $name ($pid)"
  done
  if [ -L "$SYSTEM_CONF" ] && [ "$(readlink "$SYSTEM_CONF")" = "$CONF" ]; then
    rm -f "$SYSTEM_CONF"
  fi
}

case "${1:-}" in
  up) up ;;
  down) down ;;
  status) SLURM_CONF=$CONF sinfo ;;
  running) alive slurmctld && alive slurmd && alive munged ;;
  env) echo "export SLURM_CONF=$CONF" ;;
  *) echo "usage: $0 up|down|status|running|env" >&2; exit 2 ;;
esac
