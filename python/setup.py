"""Builds the ariadne Python package: the extension ariadne._ariadne is the
library's own C sources (everything under ../src but the command line,
src/cli) compiled together with the bindings in src/, so the module is
self-contained: it needs no installed libariadne and no build directory,
only this source tree. Install with

    pip install --no-build-isolation ./python

(no network is needed: setuptools comes from the system). Set ARIADNE_JOBS
to compile on more than two cores.
"""
import base64
import hashlib
import os
import re
import shutil
import subprocess
import sys
import sysconfig
import zipfile
from glob import glob

from setuptools import Command, Extension, setup
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


class MinimalWheel(Command):
    """bdist_wheel for a Python without the `wheel` package (pip builds
    through it, even with --no-build-isolation, and may not download it):
    the built package zipped with its .dist-info (METADATA, WHEEL, RECORD)
    as the wheel format (PEP 427) says. Used only when `wheel` is missing."""

    description = "build a wheel (without the wheel package)"
    user_options = [("dist-dir=", "d", "directory for the .whl")]

    def initialize_options(self):
        self.dist_dir = None

    def finalize_options(self):
        self.dist_dir = self.dist_dir or "dist"

    @staticmethod
    def tag():
        impl = "cp%d%d" % sys.version_info[:2]
        return "%s-%s-%s" % (impl, impl, sysconfig.get_platform().replace("-", "_").replace(".", "_"))

    def egg2dist(self, egginfo_path, distinfo_path):
        """The .dist-info from setuptools' .egg-info (for pip's metadata step)."""
        os.makedirs(distinfo_path, exist_ok=True)
        shutil.copy(os.path.join(egginfo_path, "PKG-INFO"), os.path.join(distinfo_path, "METADATA"))

    def run(self):
        self.run_command("build")
        build_lib = self.get_finalized_command("build").build_lib
        self.run_command("egg_info")
        egg_info = self.get_finalized_command("egg_info").egg_info
        name, ver = self.distribution.get_name(), self.distribution.get_version()
        dist_info = "%s-%s.dist-info" % (name, ver)
        os.makedirs(self.dist_dir, exist_ok=True)
        path = os.path.join(self.dist_dir, "%s-%s-%s.whl" % (name, ver, self.tag()))
        records = []

        def add(zf, arcname, data):
            zf.writestr(arcname, data)
            digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
            records.append("%s,sha256=%s,%d" % (arcname, digest, len(data)))

        with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as zf:
            for root, _, files in os.walk(build_lib):
                for f in sorted(files):
                    full = os.path.join(root, f)
                    with open(full, "rb") as fh:
                        add(zf, os.path.relpath(full, build_lib).replace(os.sep, "/"), fh.read())
            with open(os.path.join(egg_info, "PKG-INFO"), "rb") as fh:
                add(zf, dist_info + "/METADATA", fh.read())
            wheel = "Wheel-Version: 1.0\nGenerator: ariadne setup.py\nRoot-Is-Purelib: false\nTag: %s\n" % self.tag()
            add(zf, dist_info + "/WHEEL", wheel.encode())
            records.append(dist_info + "/RECORD,,")
            zf.writestr(dist_info + "/RECORD", "\n".join(records) + "\n")


commands = {"build_ext": BuildExt}
try:
    import wheel  # noqa: F401  (its bdist_wheel is the real one)
except ImportError:
    commands["bdist_wheel"] = MinimalWheel

def web_assets():
    """The browser pages' files (web/) as the C source the library carries
    them in (ar_page_asset), written by the same script the CMake build runs
    (cmake/embed.cmake), so the two builds cannot differ."""
    out = os.path.join(HERE, "build", "generated", "ar_web_assets.c")
    os.makedirs(os.path.dirname(out), exist_ok=True)
    cmake = shutil.which("cmake")
    if not cmake:
        sys.exit("setup.py: cmake is needed to embed web/'s page files (apt-get install cmake)")
    if subprocess.call([cmake, "-DSRC=" + ROOT, "-DOUT=" + out, "-P",
                        os.path.join(ROOT, "cmake", "embed.cmake")]) != 0:
        sys.exit("setup.py: cmake/embed.cmake failed")
    return os.path.relpath(out, HERE)


bindings = sorted(glob(os.path.join(HERE, "src", "*.c")))
extension = Extension(
    "ariadne._ariadne",
    sources=[os.path.relpath(f, HERE) for f in bindings] + library_sources() + [web_assets()],
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
    cmdclass=commands,
    python_requires=">=3.9",
)
