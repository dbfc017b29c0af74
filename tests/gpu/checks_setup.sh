# Sourced by the GPU check scripts that need the tracer, its symbolizer and the report
# (run_python_checks.sh, run_rank_checks.sh): builds them into build-gpu/ if needed, and
# sets tracer, work (a temporary folder), status=0 and log, the committed log
# <results>/<name>-<gpu>-<date>.txt that stdout and stderr then go to, with no path of the
# machine in it (the repository, the work folder, home).
# usage: . tests/gpu/checks_setup.sh <results dir> <name>
checks_results=$1 checks_name=$2
prefix=$(python3 -c 'import torch; print(torch.utils.cmake_prefix_path)')
[ -d .deps ] && prefix="$prefix;$PWD/.deps"
if [ ! -x build-gpu/report/hostsync-report ]; then
  cmake -S . -B build-gpu -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DHOSTSYNC_BUILD_ANALYZER=OFF \
    -DHOSTSYNC_BUILD_TESTS=OFF -DCMAKE_PREFIX_PATH="$prefix" >"$checks_results/build.log" 2>&1
fi
cmake --build build-gpu --target hostsync_trace hostsync-symbolize hostsync-report \
  >>"$checks_results/build.log" 2>&1 || { echo "FAIL: build (see $checks_results/build.log)"; exit 1; }
tracer=build-gpu/profiler/hostsync-trace
work=$(mktemp -d)
status=0
gpu=$(python3 -c 'import torch; print(torch.cuda.get_device_name())')
log="$checks_results/$checks_name-$(echo "$gpu" | tr -c 'A-Za-z0-9\n' '-' | tr -s '-')-$(date +%F).txt"
exec > >(sed -u -e "s|$PWD/||g" -e "s|$work/|<work>/|g" -e "s|$HOME/|~/|g" | tee "$log") 2>&1
