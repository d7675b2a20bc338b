"""The face protocols (pickpack.faces) are neutral and Textual-free, so that a game's
``tui/`` package is written against them and not against the Textual shell's modules;
the shell plugin's old names still import."""

from __future__ import annotations

import subprocess
import sys

import pickpack.faces
import pickpack.wording



def test_the_face_protocols_import_without_textual() -> None:
    code = ("import sys, pickpack.faces, pickpack.wording; "
            "print(sorted(m for m in sys.modules if m.split('.')[0] in ('textual', 'pickpack_tui')))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]"


def test_the_shell_plugin_names_are_the_neutral_ones() -> None:
    from pickpack_tui import face, questions, wording

    assert (face.Face, face.Shell, face.MoveQuestions) == (
        pickpack.faces.Face, pickpack.faces.Shell, pickpack.faces.MoveQuestions)
    assert (questions.Question, questions.Option) == (pickpack.faces.Question, pickpack.faces.Option)
    assert (wording.counted, wording.abbreviated) == (pickpack.wording.counted, pickpack.wording.abbreviated)

