#!/usr/bin/env bash
# Redraw the workflow's rule graph for the documentation (docs/img/rulegraph.svg):
# Snakemake writes the graph as DOT (`snakemake --rulegraph`, which reads the
# workflow and runs nothing), graphviz's `dot` draws it as SVG.
#
#   scripts/draw-rulegraph.sh [SNAKEMAKE]    default: .venv/bin/snakemake
#
# Needs graphviz (Debian: apt-get install graphviz). Run it from the
# repository's root after adding, removing or reconnecting a rule, and commit
# the SVG: the site and the README show it, and neither needs graphviz.
set -euo pipefail
SNAKEMAKE=${1:-.venv/bin/snakemake}
OUT=docs/img/rulegraph.svg
command -v dot >/dev/null || { echo "graphviz's dot is not installed (apt-get install graphviz)" >&2; exit 1; }
mkdir -p "$(dirname "$OUT")"
dotfile=$(mktemp)
trap 'rm -f "$dotfile"' EXIT
"$SNAKEMAKE" --rulegraph --cores 1 --quiet all > "$dotfile"
# Snakemake may print its own lines before the graph: keep the graph only. Its
# edges come in no fixed order: sorted, the same workflow gives the same SVG.
graph=$(sed -n '/^digraph/,$p' "$dotfile")
{
  grep -v -e '->' -e '^}' <<<"$graph"
  grep -e '->' <<<"$graph" | LC_ALL=C sort
  echo '}'
} | dot -Tsvg -o "$OUT"
echo "wrote $OUT"
