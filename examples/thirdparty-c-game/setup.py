"""The C extension: src/breakthrough.c (which includes pickpack's PRNG, rng.c) with the
binding, compiled against the installed pickpack's headers and .pxd files (get_include)."""

import pickpack
from Cython.Build import cythonize
from setuptools import Extension, setup

INCLUDE = pickpack.get_include()
extension = Extension("pickpack_breakthrough._core",
                      sources=["pickpack_breakthrough/_core.pyx", "src/breakthrough.c"],
                      include_dirs=["src", INCLUDE], depends=["src/breakthrough.h"],
                      extra_compile_args=["-std=c99", "-O3"])
setup(ext_modules=cythonize([extension], include_path=[INCLUDE], compiler_directives={"language_level": "3"}))
