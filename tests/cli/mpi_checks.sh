# What the two-rank tests of meldgraph-mpi share (corpus_mpi_test.sh, stats_mpi_test.sh), sourced
# by each with its arguments (PATH_TO_MELDGRAPH_MPI PATH_TO_MELDGRAPH MPIEXEC): the binaries, the
# shell checks (shell_checks.sh) and the two-rank mpirun command.
mpi_bin=$1
bin=$2
mpiexec=$3
. "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")/shell_checks.sh"
# As root in CI; --oversubscribe: two ranks whatever the cores.
mpirun=("$mpiexec" --oversubscribe --allow-run-as-root -np 2)
