"""pip's way to the meldgraph Python module (docs/python.md, "Building, importing, installing"):

    /usr/bin/python3 -m venv --system-site-packages /tmp/venv
    /tmp/venv/bin/pip install --no-build-isolation .

build_ext runs CMake: a Release build of the module alone in build/pip for the interpreter pip
runs (MELDGRAPH_PYTHON=ON), whose extension is packed with python/meldgraph/*.py. Offline: the
installed setuptools and the Debian packages scripts/setup.sh installs are all it needs."""

import os
import pathlib
import re
import shutil
import subprocess
import sys

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

ROOT = pathlib.Path(__file__).resolve().parent


def project_version() -> str:
    """The version set once in CMakeLists.txt's project()."""
    text = (ROOT / "CMakeLists.txt").read_text()
    return re.search(r"project\(meldgraph VERSION ([0-9.]+)", text).group(1)


class CMakeBuild(build_ext):
    """Builds the extension with the project's CMake build instead of setuptools' compiler."""

    def build_extension(self, ext):
        build = ROOT / "build" / "pip"
        configure = [
            "cmake", "-S", str(ROOT), "-B", str(build),
            "-DCMAKE_BUILD_TYPE=Release",
            "-DMELDGRAPH_PYTHON=ON",
            f"-DPython_EXECUTABLE={sys.executable}",
            "-DMELDGRAPH_TESTS=OFF",
            "-DMELDGRAPH_BENCH=OFF",
            "-DMELDGRAPH_MPI=OFF",
            "-DMELDGRAPH_INSTALL=OFF",
        ]
        if shutil.which("ninja"):
            configure += ["-G", "Ninja"]
        launcher = os.environ.get("CMAKE_CXX_COMPILER_LAUNCHER")
        if launcher:
            configure.append(f"-DCMAKE_CXX_COMPILER_LAUNCHER={launcher}")
        # More options for the build, e.g. MELDGRAPH_CMAKE_ARGS="-DMELDGRAPH_WERROR=ON".
        configure += os.environ.get("MELDGRAPH_CMAKE_ARGS", "").split()
        subprocess.run(configure, check=True)
        subprocess.run(["cmake", "--build", str(build), "--target", "meldgraph_python"],
                       check=True)
        built = next((build / "python" / "meldgraph").glob("_meldgraph*"))
        target = pathlib.Path(self.get_ext_fullpath(ext.name))
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(built, target)


setup(
    name="meldgraph",
    version=project_version(),
    description="Every interpretation of a mahjong hand, under rules written in YAML",
    packages=["meldgraph"],
    package_dir={"meldgraph": "python/meldgraph"},
    ext_modules=[Extension("meldgraph._meldgraph", sources=[])],
    cmdclass={"build_ext": CMakeBuild},
    python_requires=">=3.8",
    install_requires=["numpy"],
    zip_safe=False,
)
