#!/usr/bin/env bash
# Installs the Debian packages meldgraph builds with; does nothing when all are present.
# Arguments name more packages, for the optional builds (scripts/fuzz.sh passes clang's).
set -euo pipefail

packages=(
  g++ cmake ninja-build pkg-config
  libyaml-cpp-dev libboost-graph-dev librange-v3-dev catch2
  libcli11-dev nlohmann-json3-dev libsimdjson-dev libbenchmark-dev
  python3 gnuplot-nox
  python3-dev pybind11-dev python3-numpy python3-pandas python3-pytest python3-matplotlib
  libclang-rt-14-dev
)

packages+=("$@")

missing=()
for pkg in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q 'install ok installed'; then
    missing+=("$pkg")
  fi
done

if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi

echo "setup: installing ${missing[*]}"
sudo_cmd=()
if [ "$(id -u)" -ne 0 ]; then
  sudo_cmd=(sudo)
fi
"${sudo_cmd[@]}" apt-get update -qq
DEBIAN_FRONTEND=noninteractive "${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}"
