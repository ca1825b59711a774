"""Builds the ariadne Python package: the extension ariadne._ariadne is the
library's own C sources (everything under ../src but the command line,
src/cli) compiled together with the bindings in src/, so the module is
self-contained: it needs no installed libariadne and no build directory,
only this source tree. Install with

    pip install --no-build-isolation ./python

(no network is needed: setuptools comes from the system). Set ARIADNE_JOBS
to compile on more than two cores.
"""
import os
import re
import sys
from glob import glob

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)

if not os.path.isfile(os.path.join(ROOT, "include", "ariadne", "ariadne.h")):
    sys.exit("setup.py: the ariadne sources are not beside python/ (expected %s/include/ariadne); "
             "build from a checkout of the repository" % ROOT)


def library_sources():
    """Every C file of the library: the layers and every puzzle and game
    folder, so a domain or family added to src/ is built without a change
    here; the command line (src/cli) is not part of the library."""
    src = os.path.join(ROOT, "src")
    found = glob(os.path.join(src, "**", "*.c"), recursive=True)
    return sorted(f for f in found if os.path.relpath(f, src).split(os.sep)[0] != "cli")


def version():
    with open(os.path.join(ROOT, "CMakeLists.txt")) as f:
        m = re.search(r"project\(ariadne VERSION ([0-9.]+)", f.read())
    return m.group(1) if m else "0.0.0"


class BuildExt(build_ext):
    """Compiles on two cores by default (ARIADNE_JOBS to change it)."""

    def finalize_options(self):
        super().finalize_options()
        if not self.parallel:
            self.parallel = int(os.environ.get("ARIADNE_JOBS", "2"))


bindings = sorted(glob(os.path.join(HERE, "src", "*.c")))
extension = Extension(
    "ariadne._ariadne",
    sources=[os.path.relpath(f, HERE) for f in bindings] + library_sources(),
    include_dirs=[os.path.join(ROOT, "include"), os.path.join(ROOT, "src")],
    define_macros=[
        ("_POSIX_C_SOURCE", "200809L"),
        # where the module finds data/ (maps, instances): this checkout, or
        # $ARIADNE_DATA, as the command-line tool does
        ("AR_SOURCE_DATADIR", '"%s"' % os.path.join(ROOT, "data")),
        ("AR_INSTALL_DATADIR", '"%s"' % os.path.join(sys.prefix, "share", "ariadne", "data")),
    ],
    extra_compile_args=["-std=c11", "-O2", "-Wno-unused-parameter"],
    libraries=["pthread", "m"],
)

setup(
    name="ariadne",
    version=version(),
    description="AI search for puzzles and games: the ariadne C library from Python",
    packages=["ariadne"],
    package_data={"ariadne": ["py.typed", "*.pyi"]},
    ext_modules=[extension],
    cmdclass={"build_ext": BuildExt},
    python_requires=">=3.9",
)
