#!/usr/bin/env bash
# `make test`: the whole test suite, with a real single-node SLURM for the
# SLURM test. Brings SLURM up (scripts/slurm-local.sh; root only, else that
# test skips with the reason), runs pytest, and stops afterwards only the
# daemons it started itself. Usage: scripts/run-tests.sh PYTHON [pytest args]
set -u
cd "$(dirname "$0")/.."
PYTHON=$1
shift
SLURM=scripts/slurm-local.sh
started=0
require=0
if $SLURM running; then
  echo "run-tests: using the local SLURM already running" >&2
  require=1
else
  $SLURM up
  rc=$?
  case $rc in
    0) started=1; require=1 ;;
    3) echo "run-tests: no local SLURM here; the SLURM tests will be skipped" >&2 ;;
    *) echo "run-tests: could not start the local SLURM (exit $rc)" >&2; exit "$rc" ;;
  esac
fi
[ "$started" = 1 ] && trap '$SLURM down' EXIT
eval "$($SLURM env)"
export COREF_TRANSFER_REQUIRE_SLURM=$require
"$PYTHON" -m pytest "$@"
rc=$?
# pytest exits 5 when it collected no test: that is a failure here.
if [ "$rc" = 5 ]; then echo "pytest collected no tests" >&2; exit 1; fi
exit "$rc"
