#!/usr/bin/env bash
# meldgraph-mpi corpus with two ranks on one machine against meldgraph corpus: the same bytes for
# dealt and enumerated corpora over several chunks (ranks' chunks interleaved on rank 0), and its
# errors.
# Usage: corpus_mpi_test.sh PATH_TO_MELDGRAPH_MPI PATH_TO_MELDGRAPH MPIEXEC
set -u
. "$(dirname "$(readlink -f "$0")")/mpi_checks.sh" "$@"

# 9,000 labelled deals: three chunks of 4,096 hands, two of them rank 0's.
"${mpirun[@]}" "$mpi_bin" --rules riichi corpus deal --count 9000 --seed 11 --label shanten --format csv > mpi_deal.csv
"$bin" --rules riichi corpus deal --count 9000 --seed 11 --label shanten --format csv > deal.csv
same mpi-deal-equal mpi_deal.csv deal.csv
# Every complete 8-tile riichi hand (49,332: thirteen chunks), as JSON records.
"${mpirun[@]}" "$mpi_bin" --rules riichi corpus enumerate --size 8 --format json > mpi_enum.json
"$bin" --rules riichi corpus enumerate --size 8 --format json > enum.json
same mpi-enumerate-equal mpi_enum.json enum.json
expect mpi-enumerate-lines 0 '^49332$' -- bash -c 'wc -l < mpi_enum.json'
expect mpi-corpus-shard-refused 1 'meldgraph-mpi splits the run by rank' -- "${mpirun[@]}" "$mpi_bin" corpus deal --count 10 --shard 1/2
expect mpi-corpus-bad-size 1 '^meldgraph-mpi: error \(rank 0\): --size 15: ' -- "${mpirun[@]}" "$mpi_bin" --rules riichi corpus deal --count 10 --size 15

checks_summary corpus_mpi_test
