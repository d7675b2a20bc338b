"""Build of pickpack's C extensions: plain-C99 cores under core/ bound by Cython.

Layout (docs/writing-a-game.md):

- ``core/common/``: C shared by every game (the PRNG, the native-bot ABI header). It is
  compiled once, into the static library ``pp_common``.
- ``core/<game>/``: one game's rules. Each game's C is compiled once, into the static
  library ``pp_<game>``, and linked only into that game's one extension
  (``pickpack.games.<game>._core``); no game's C reaches another's. A game's further
  Cython code (Pick & Pack's searches, ``_search.pxi``) is included into its ``_core.pyx``
  rather than built as a second extension, which would link a second copy of the game's
  C (with its own Zobrist tables and globals).
- ``pickpack/_move.pyx``: the game-neutral move value, one small extension whose type
  every game binding cimports.
- ``pickpack/_cstate.pyx`` (the base type of every C-backed state, CState) and
  ``pickpack/_csearch.pyx`` (the one MCTS binding): game-neutral extensions over a
  game's table of operations; each game's ``CoreState`` cimports CState. Their
  declarations of core/common are ``pickpack/_game_ops.pxd``.

- ``pickpack/include/`` (``pickpack.get_include()``): what a separate distribution compiles
  a C game against (examples/thirdparty-c-game): core/common's headers and its PRNG source
  (``rng.c``), and the base's ``.pxd`` files under ``pickpack/``. Copied here at every
  build (``_ship_include`` below), never kept in git.

Static libraries are built by setuptools' ``build_clib`` with the compiler's shared-object
flags (``-fPIC``), so they link into the extension modules.
"""

import shutil
from pathlib import Path

from Cython.Build import cythonize
from setuptools import Extension, find_packages, setup
from setuptools.command.build_clib import build_clib
from setuptools.command.build_ext import build_ext

# Each directory under plugins/ with an __init__.py is a package; pickpack_tui/styles
# holds only the Textual style sheets (*.tcss) and is declared as a data-only package
# (package-data in pyproject.toml), so that setuptools ships it knowingly.
DATA_PACKAGES = ["pickpack_tui.styles"]
PLUGIN_PACKAGES = [*find_packages("plugins"), *DATA_PACKAGES]
# pickpack.get_include()'s folder (_ship_include below): data-only packages too.
INCLUDE_PACKAGES = ["pickpack.include", "pickpack.include.pickpack"]

C_FLAGS = ["-std=c99", "-O3", "-Wall", "-Wextra"]
# The static libraries whose symbols nothing outside their extension calls are compiled
# with hidden visibility (gcc and clang): an extension's calls into them, and theirs
# between their own files, are then direct calls rather than calls through the PLT
# (which -fPIC code otherwise needs, since a visible symbol could be interposed), and
# their tables are read without the GOT; gcc may inline such a function into a caller
# of the same file. The extension's own init function stays exported (PyMODINIT_FUNC
# is declared visible). PUSH and PACRU keep theirs visible: tests call PUSH's C through
# ctypes (tests/games/push/test_tensor.py).
HIDDEN = ["-fvisibility=hidden"]
HIDDEN_LIBRARIES = {"pp_common", "pp_pickpack"}
COMMON_DIR = "core/common"
# The games whose C lives in this repository: core/<name>/ and pickpack/games/<name>/.
C_GAMES = ["pacru", "pickpack", "push"]


def _sources(folder: str) -> list[str]:
    return sorted(str(p) for p in Path(folder).glob("*.c"))


def _headers(*folders: str) -> list[str]:
    return sorted(str(p) for folder in folders for p in Path(folder).glob("*.h"))


def _ship_include() -> None:
    """Fill pickpack/include/ afresh from core/common and pickpack/*.pxd (package data of
    the wheel; the editable install reads it in place)."""
    include = Path("pickpack/include")
    shutil.rmtree(include, ignore_errors=True)
    (include / "pickpack").mkdir(parents=True)
    for source in [*_headers(COMMON_DIR), f"{COMMON_DIR}/rng.c"]:
        shutil.copy2(source, include)
    for pxd in Path("pickpack").glob("*.pxd"):
        shutil.copy2(pxd, include / "pickpack")


_ship_include()

# Python constants generated from the C headers at build time (issue 19, "one
# definition"): per game, its header and the prefix of the names to export. Every
# ``#define PREFIX_NAME <integer expression>`` and enumerator ``PREFIX_NAME = <integer
# expression>`` of the header becomes ``NAME = value`` in the gitignored module
# ``pickpack/games/<game>/_constants.py``, written whenever setup.py runs (wheel, sdist
# and editable builds alike), so that the game's Python (encoding, the reference) reads
# the C's numbers without importing the extension. A game adds one line here.
GENERATED_CONSTANTS = {
    "push": ("core/push/push_core.h", "PUSH_"),
    "pickpack": ("core/pickpack/pickpack_core.h", "PP_"),
    "pacru": ("core/pacru/pacru_core.h", "PACRU_"),
}


def _int_value(expression: str, known: dict[str, int]) -> int | None:
    """The value of a C integer constant expression over literals and ``known`` names
    (+ - * / % << >> | & ~ and parentheses), or None for anything else."""
    import ast
    import re

    text = re.sub(r"\b(0[xX][0-9a-fA-F]+|[0-9]+)[uUlL]*\b", lambda m: str(int(m.group(1), 0)), expression)
    text = text.replace("/", "//")
    try:
        tree = ast.parse(text.strip(), mode="eval")
    except SyntaxError:
        return None
    ops = {ast.Add: lambda a, b: a + b, ast.Sub: lambda a, b: a - b, ast.Mult: lambda a, b: a * b,
           ast.FloorDiv: lambda a, b: a // b, ast.Mod: lambda a, b: a % b, ast.LShift: lambda a, b: a << b,
           ast.RShift: lambda a, b: a >> b, ast.BitOr: lambda a, b: a | b, ast.BitAnd: lambda a, b: a & b}

    def value(node: ast.AST) -> int:
        if isinstance(node, ast.Constant) and type(node.value) is int:
            return node.value
        if isinstance(node, ast.Name) and node.id in known:
            return known[node.id]
        if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub | ast.Invert | ast.UAdd):
            v = value(node.operand)
            return -v if isinstance(node.op, ast.USub) else ~v if isinstance(node.op, ast.Invert) else v
        if isinstance(node, ast.BinOp) and type(node.op) in ops:
            return ops[type(node.op)](value(node.left), value(node.right))
        raise ValueError(node)

    try:
        return value(tree.body)
    except (ValueError, ZeroDivisionError):
        return None


def header_constants(header: str, prefix: str) -> dict[str, int]:
    """The integer #defines and enumerators of ``header`` whose names start with
    ``prefix``, in header order (values of earlier names may be used by later ones)."""
    import re

    text = re.sub(r"/\*.*?\*/|//[^\n]*", " ", Path(header).read_text(encoding="utf-8"), flags=re.S)
    known: dict[str, int] = {}
    items = [(m.start(), m.group(1), m.group(2)) for m in re.finditer(r"^[ \t]*#define[ \t]+(\w+)[ \t]+([^\n]+)$",
                                                                       text, re.M)]
    for body in re.finditer(r"\benum\b[^{;]*\{([^}]*)\}", text):
        previous = ""
        for following, entry in enumerate(body.group(1).split(",")):
            name, _, expression = entry.partition("=")
            name = name.strip()
            if not re.fullmatch(r"\w+", name):
                continue
            items.append((body.start() + following, name, expression or (f"{previous} + 1" if previous else "0")))
            previous = name
    for _, name, expression in sorted(items):
        found = _int_value(expression, known)
        if found is not None:
            known[name] = found
    return {name[len(prefix):]: v for name, v in known.items() if name.startswith(prefix)}


def _write_constants() -> None:
    for game, (header, prefix) in GENERATED_CONSTANTS.items():
        lines = [f'"""{game}\'s numbers, generated by setup.py from {header} at build time (do not edit;',
                 f'not in git): each #define or enumerator {prefix}NAME as NAME."""', ""]
        lines += [f"{name} = {value}" for name, value in header_constants(header, prefix).items()]
        target = Path(f"pickpack/games/{game}/_constants.py")
        text = "\n".join(lines) + "\n"
        if not target.exists() or target.read_text(encoding="utf-8") != text:
            target.write_text(text, encoding="utf-8")


_write_constants()

# obj_deps "": every object of the library depends on these headers, so that editing a
# header rebuilds what includes it (build_clib otherwise compares .c and .o only).
libraries = [("pp_common", {"sources": _sources(COMMON_DIR), "include_dirs": [COMMON_DIR],
                            "obj_deps": {"": _headers(COMMON_DIR)}, "cflags": [*C_FLAGS, *HIDDEN]})]
extensions = [Extension("pickpack._move", sources=["pickpack/_move.pyx"])]
# The base of every C-backed state and the one search binding (issue 19): they reach a
# game only through its table of operations (pp_game_ops.h), so they link core/common
# alone.
common_c = [*_sources(COMMON_DIR), *_headers(COMMON_DIR)]
for module in ("_cstate", "_csearch"):
    extensions.append(
        Extension(f"pickpack.{module}", sources=[f"pickpack/{module}.pyx"], include_dirs=[COMMON_DIR],
                  libraries=["pp_common", "m"], depends=[*common_c, "pickpack/_game_ops.pxd",
                                                         "pickpack/_cstate.pxd"],
                  extra_compile_args=C_FLAGS))
# The batched environments (pickpack.vector, issue 21): game-neutral as the two above,
# stepping several ranges of a batch on POSIX threads.
extensions.append(
    Extension("pickpack._cvector", sources=["pickpack/_cvector.pyx"], include_dirs=[COMMON_DIR],
              libraries=["pp_common", "m", "pthread"], depends=[*common_c, "pickpack/_game_ops.pxd",
                                                                 "pickpack/_cstate.pxd"],
              extra_compile_args=[*C_FLAGS, "-pthread"], extra_link_args=["-pthread"]))
for game in C_GAMES:
    game_dir = f"core/{game}"
    libraries.append((f"pp_{game}", {"sources": _sources(game_dir),
                                     "include_dirs": [game_dir, COMMON_DIR],
                                     "obj_deps": {"": _headers(game_dir, COMMON_DIR)},
                                     "cflags": [*C_FLAGS, *HIDDEN] if f"pp_{game}" in HIDDEN_LIBRARIES else C_FLAGS}))
    # Static libraries: the game's before the common one, which it uses (link order).
    link = [f"pp_{game}", "pp_common", "m"]
    # The C the extension links: a change to any of it relinks the extension.
    c_files = [*_sources(game_dir), *_headers(game_dir), *common_c]
    # One extension per game. cythonize follows its ``include``s (the .pxi files) itself;
    # they are listed in depends as well, so that setuptools rebuilds on a change to them.
    pxi_files = sorted(str(p) for p in Path(f"pickpack/games/{game}").glob("*.pxi"))
    extensions.append(
        Extension(f"pickpack.games.{game}._core", sources=[f"pickpack/games/{game}/_core.pyx"],
                  include_dirs=[game_dir, COMMON_DIR], libraries=link,
                  depends=[*c_files, *pxi_files, "pickpack/_game_ops.pxd", "pickpack/_cstate.pxd"],
                  extra_compile_args=C_FLAGS))



class BuildClib(build_clib):  # type: ignore[misc]
    """build_clib that writes each static library afresh.

    ``ar rcs`` adds to an existing archive, so an object of a deleted source would stay
    in it and could shadow (or clash with) the code that replaced it.
    """

    def build_libraries(self, libs: list[tuple[str, dict[str, object]]]) -> None:
        for name, _ in libs:
            Path(self.build_clib, self.compiler.library_filename(name)).unlink(missing_ok=True)
        super().build_libraries(libs)


class BuildExt(build_ext):  # type: ignore[misc]
    """build_ext that builds the static libraries it links, and links each extension only
    with the ones it names.

    ``build`` runs ``build_clib`` before ``build_ext``, but ``setup.py build_ext
    --inplace`` alone does not, and its link would fail (``cannot find -lpp_common``):
    ``run`` runs ``build_clib`` first (once: a command that has run is not run again).
    setuptools adds every ``build_clib`` library to every extension; that would put one
    game's library on the link line of another game's extension. The folder of the
    built libraries stays on the search path.
    """

    def run(self) -> None:
        if self.distribution.has_c_libraries():
            self.run_command("build_clib")
        super().run()

    def build_extensions(self) -> None:
        clib_names = {name for name, _ in libraries}
        self.compiler.set_libraries([lib for lib in self.compiler.libraries if lib not in clib_names])
        super().build_extensions()


setup(
    cmdclass={"build_clib": BuildClib, "build_ext": BuildExt},
    libraries=libraries,
    ext_modules=cythonize(
        extensions,
        compiler_directives={"language_level": "3", "embedsignature": True},
    ),
    # pickpack/ is the API; each directory under plugins/ is a top-level package of
    # its own (pickpack_bots, pickpack_tui, pickpack_ppn) attached through entry points.
    package_dir={"": ".", **{name: f"plugins/{name.replace('.', '/')}" for name in PLUGIN_PACKAGES}},
    packages=[*find_packages(include=["pickpack", "pickpack.*"]), *INCLUDE_PACKAGES, *PLUGIN_PACKAGES],
)
