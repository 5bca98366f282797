#!/bin/sh
# slurm-array.sh -- thesis.ini over a Slurm job array: task K of N runs
# the instances i with i mod N = K - 1, then one job merges the shards.
#   sbatch --array=1-16 doc/slurm-array.sh            # the shards
#   sbatch --dependency=afterok:JOBID --wrap \
#     'vccd merge experiments/configs/thesis.ini shards/* --out thesis'
#SBATCH --job-name=vccd-thesis
#SBATCH --cpus-per-task=4
#SBATCH --time=02:00:00
set -eu
n=${SLURM_ARRAY_TASK_COUNT:?run as a job array}
k=${SLURM_ARRAY_TASK_ID:?run as a job array}
mkdir -p shards
exec vccd run experiments/configs/thesis.ini --shard "$k/$n" --jobs "${SLURM_CPUS_PER_TASK:-1}" \
    --out "shards/$k"
