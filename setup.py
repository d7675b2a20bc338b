"""Build of pickpack's C extension: the plain-C99 core in core/ bound by Cython."""

from pathlib import Path

from Cython.Build import cythonize
from setuptools import Extension, setup

CORE_SOURCES = sorted(str(p) for p in Path("core").glob("*.c"))

extensions = [
    Extension(
        "pickpack._core",
        sources=["pickpack/_core.pyx", *CORE_SOURCES],
        include_dirs=["core"],
        extra_compile_args=["-std=c99", "-O3", "-Wall", "-Wextra"],
    )
]

setup(
    ext_modules=cythonize(
        extensions,
        compiler_directives={"language_level": "3", "embedsignature": True},
    ),
    package_dir={
        "pickpack": "pickpack",
        "pickpack.reference": "pickpack/reference",
        "pickpack_bots": "plugins/pickpack_bots",
    },
    packages=["pickpack", "pickpack.reference", "pickpack_bots"],
)
