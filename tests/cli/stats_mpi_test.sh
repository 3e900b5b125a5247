#!/usr/bin/env bash
# meldgraph-mpi with two ranks on one machine against meldgraph: the same report (its `run`
# aside) for dealt hands and for a corpus file, and its errors.
# Usage: stats_mpi_test.sh PATH_TO_MELDGRAPH_MPI PATH_TO_MELDGRAPH MPIEXEC
set -u
. "$(dirname "$(readlink -f "$0")")/mpi_checks.sh" "$@"

# The report without `run` (time, jobs, ranks).
strip_run() {
  python3 -c 'import json, sys; d = json.load(sys.stdin); d.pop("run"); print(json.dumps(d))'
}

"${mpirun[@]}" "$mpi_bin" --rules riichi stats --deal 5000 --seed 3 --format json > mpi.json
"$bin" --rules riichi stats --deal 5000 --seed 3 --format json > one.json
expect mpi-deal-equal 0 '^same$' -- bash -c "cmp <($(declare -f strip_run); strip_run < mpi.json) <($(declare -f strip_run); strip_run < one.json) && echo same"
expect mpi-ranks 0 '"ranks": ?2' -- cat mpi.json
"$bin" --rules riichi corpus enumerate --size 8 --format json > corpus.jsonl
"${mpirun[@]}" "$mpi_bin" --rules riichi stats --input corpus.jsonl --format json > mpi-input.json
"$bin" --rules riichi stats --input corpus.jsonl --format json > one-input.json
expect mpi-input-equal 0 '^same$' -- bash -c "cmp <($(declare -f strip_run); strip_run < mpi-input.json) <($(declare -f strip_run); strip_run < one-input.json) && echo same"
expect mpi-input-scored 0 '"scored":[1-9]' -- cat mpi-input.json
expect mpi-shard-refused 1 'meldgraph-mpi splits the run by rank' -- "${mpirun[@]}" "$mpi_bin" stats --deal 10 --shard 1/2
expect mpi-bad-option 2 'was not expected: --bogus' -- "${mpirun[@]}" "$mpi_bin" stats --bogus
expect mpi-bad-input 1 'cannot open .nosuch\.txt.' -- "${mpirun[@]}" "$mpi_bin" stats --input nosuch.txt

checks_summary stats_mpi_test
