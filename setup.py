"""Build of pickpack's C extension: the plain-C99 core in core/ bound by Cython."""

from pathlib import Path

from Cython.Build import cythonize
from setuptools import Extension, find_packages, setup

# Each directory under plugins/ with an __init__.py is a package; pickpack_tui/styles
# holds only the Textual style sheets (*.tcss) and is declared as a data-only package
# (package-data in pyproject.toml), so that setuptools ships it knowingly.
DATA_PACKAGES = ["pickpack_tui.styles"]
PLUGIN_PACKAGES = [*find_packages("plugins"), *DATA_PACKAGES]
CORE_SOURCES = sorted(str(p) for p in Path("core").glob("*.c"))

extensions = [
    Extension(
        "pickpack._core",
        sources=["pickpack/_core.pyx", *CORE_SOURCES],
        include_dirs=["core"],
        extra_compile_args=["-std=c99", "-O3", "-Wall", "-Wextra"],
    ),
    # The searches (core/pickpack_search.h) reach the C state through _core.pxd and
    # link their own copy of the core, so a search never calls back into _core.
    Extension(
        "pickpack._search",
        sources=["pickpack/_search.pyx", *CORE_SOURCES],
        include_dirs=["core"],
        libraries=["m"],
        extra_compile_args=["-std=c99", "-O3", "-Wall", "-Wextra"],
    ),
]

setup(
    ext_modules=cythonize(
        extensions,
        compiler_directives={"language_level": "3", "embedsignature": True},
    ),
    # pickpack/ is the API; each directory under plugins/ is a top-level package of
    # its own (pickpack_bots, pickpack_tui, pickpack_ppn) attached through entry points.
    package_dir={"": ".", **{name: f"plugins/{name.replace('.', '/')}" for name in PLUGIN_PACKAGES}},
    packages=[*find_packages(include=["pickpack", "pickpack.*"]), *PLUGIN_PACKAGES],
)
