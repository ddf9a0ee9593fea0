#===- test_tools.py - where the plugin finds tt's tools ---------*- Python -*-===#
#
# Part of tt, the Triton compiler as a suite of Unix tools.
#
#===----------------------------------------------------------------------===#
"""Lookup order: $TT_TOOLS_DIR, the package's bin/, PATH; places before names."""

import os

import tt_triton
from tt_triton import config


def fake_tool(folder, name):
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    path.write_text("#!/bin/sh\necho fake\n")
    path.chmod(0o755)
    return str(path)


def test_tools_dir_wins_over_path(tmp_path, monkeypatch):
    translate = fake_tool(tmp_path / "tools", "tt-translate")
    fake_tool(tmp_path / "path", "tt-dump")
    monkeypatch.setenv(config.TOOLS_DIR, str(tmp_path / "tools"))
    monkeypatch.setenv("PATH", str(tmp_path / "path"))
    monkeypatch.delenv(config.TOOL, raising=False)
    monkeypatch.setattr(tt_triton.tools, "_PACKAGE_BIN", str(tmp_path / "no-bin"))
    # The first place holding a tool decides, even for the less preferred tool.
    assert tt_triton.find_compiler() == translate
    # Within one place tt-dump is preferred; TT_TRITON_TOOL picks one.
    dump = fake_tool(tmp_path / "tools", "tt-dump")
    assert tt_triton.find_compiler() == dump
    monkeypatch.setenv(config.TOOL, "tt-translate")
    assert tt_triton.find_compiler() == translate
    assert tt_triton.find_tool("tt-dump") == dump


def test_bundled_bin_then_path(tmp_path, monkeypatch):
    monkeypatch.delenv(config.TOOLS_DIR, raising=False)
    monkeypatch.delenv(config.TOOL, raising=False)
    monkeypatch.setattr(tt_triton.tools, "_PACKAGE_BIN", str(tmp_path / "bin"))
    monkeypatch.setenv("PATH", str(tmp_path / "path"))
    on_path = fake_tool(tmp_path / "path", "tt-dump")
    assert tt_triton.find_compiler() == on_path
    bundled = fake_tool(tmp_path / "bin", "tt-translate")
    assert tt_triton.find_compiler() == bundled
    assert os.path.isabs(bundled)
