"""The command-line contract, checked on the toy puzzle (so that it holds for any puzzle)."""

from __future__ import annotations

import json
import os

import pytest


def one_object(out: str) -> dict:
    """stdout holds exactly one JSON object with the contract's keys."""
    obj = json.loads(out)
    assert isinstance(obj, dict)
    assert {"puzzle", "status", "seconds", "nodes"} <= set(obj)
    assert isinstance(obj["seconds"], float | int) and isinstance(obj["nodes"], int)
    return obj


@pytest.mark.parametrize(("args", "code", "status"), [
    (["solve", "toy", "5"], 0, "solved"),
    (["solve", "toy", "0"], 1, "unsolvable"),
    (["solve", "toy", "x"], 2, "error"),
    (["solve", "toy", "5", "--slow", "0.05", "--timeout", "0.12"], 3, "gave-up"),
    (["count", "toy", "5", "--limit", "2"], 0, "solved"),
    (["count", "toy", "5", "--unique"], 1, "solved"),
    (["count", "toy", "1", "--unique"], 0, "solved"),
    (["count", "toy", "5", "--slow", "0.05", "--timeout", "0.12"], 3, "gave-up"),
    (["generate", "toy", "--count", "3"], 0, "solved"),
    (["render", "toy", "3", "--solution"], 0, "solved"),
    (["rate", "toy", "3"], 0, "solved"),
    (["hint", "toy", "3"], 0, "solved"),
    (["check", "toy", "3", "2"], 0, "solved"),
    (["check", "toy", "3", "5"], 1, "unsolvable"),
    (["solve", "toy", "5", "--timeout", "nan"], 2, "error"),
    (["solve", "toy", "5", "--timeout", "-1"], 2, "error"),
    (["solve", "toy", "5", "--nodes", "9" * 5000], 2, "error"),
    (["solve", "toy", "5", "--bogus"], 2, "error"),
    (["solve", "toy", "5", "--out", "/no/such/dir/x"], 2, "error"),
    (["solve", "toy", "/no/such/file.txt"], 2, "error"),
])
def test_exit_codes_and_one_json_object(toy, args, code, status):
    got, out, err = toy([*args, "--format", "json"])
    assert got == code, err
    obj = one_object(out)
    assert obj["status"] == status
    assert obj["puzzle"] == "toy"
    assert "Traceback" not in err
    if code:
        assert err.strip() and len(err.strip().splitlines()) <= 4


def test_text_output_and_styles(toy):
    assert toy(["solve", "toy", "3"])[1] == "1\n"
    assert toy(["solve", "toy", "3", "--format", "stars"])[1] == "*\n"
    assert toy(["count", "toy", "4"])[1] == "4\n"
    assert toy(["count", "toy", "4", "--limit", "2"])[1] == "2+\n"
    code, out, err = toy(["count", "toy", "4", "--unique"])
    assert code == 1 and "not unique" in err


def test_parse_options_reach_parse(toy):
    assert toy(["solve", "toy", "z", "--base", "36", "--format", "json"])[0] == 0


def test_input_is_capped_before_parsing(toy, tmp_path):
    big = tmp_path / "big.txt"
    big.write_text("1" * 5000)
    code, out, err = toy(["solve", "toy", str(big), "--max-input", "100", "--format", "json"])
    assert code == 2 and "--max-input" in one_object(out)["error"]


def test_binary_and_bom_input(toy, tmp_path):
    binary = tmp_path / "bin"
    binary.write_bytes(b"12\0\0")
    code, out, _ = toy(["solve", "toy", str(binary), "--format", "json"])
    assert code == 2 and "binary" in one_object(out)["error"]
    bom = tmp_path / "bom"
    bom.write_bytes(b"\xef\xbb\xbf7\n")
    assert toy(["solve", "toy", str(bom)])[0] == 0


def test_long_inline_argument_is_not_a_file_name(toy):
    assert toy(["solve", "toy", "0" * 300 + "7"])[0] == 0


def test_stdin(toy):
    assert toy(["solve", "toy", "-"], stdin="6\n")[1] == "1\n"


def test_out_is_written_atomically(toy, tmp_path):
    target = tmp_path / "answer.json"
    code, out, _ = toy(["solve", "toy", "3", "--format", "json", "--out", str(target)])
    assert code == 0 and out == ""
    assert json.loads(target.read_text())["status"] == "solved"
    assert [p.name for p in tmp_path.iterdir()] == ["answer.json"]


@pytest.mark.skipif(os.geteuid() == 0, reason="root may write anywhere")
def test_unwritable_out(toy, tmp_path):
    tmp_path.chmod(0o500)
    code, out, _ = toy(["solve", "toy", "3", "--format", "json", "--out", str(tmp_path / "x")])
    assert code == 2 and one_object(out)["status"] == "error"


def test_verbs_a_puzzle_lacks_do_not_exist(toy):
    code, out, err = toy(["compare", "toy", "3", "--format", "json"])
    assert code == 2 and one_object(out)["status"] == "error"


def test_help_lists_the_puzzle_options(toy):
    code, out, _ = toy(["solve", "toy", "--help"])
    assert code == 0 and "--slow" in out and "--base" in out and "--timeout" in out


def test_out_file_has_ordinary_permissions(toy, tmp_path):
    target = tmp_path / "answer.txt"
    assert toy(["solve", "toy", "3", "--out", str(target)])[0] == 0
    mask = os.umask(0)
    os.umask(mask)
    assert target.stat().st_mode & 0o777 == 0o666 & ~mask


@pytest.mark.parametrize(("text", "size"), [("1000", 1000), ("500K", 500 << 10),
                                            ("2G", 2 << 30), ("1.5M", 3 << 19)])
def test_memory_sizes(text, size):
    from puzzlesmith.cli.options import Bytes

    assert Bytes().convert(text, None, None) == size


def test_bad_memory_size_is_a_usage_error(toy):
    got, out, _ = toy(["solve", "toy", "3", "--memory", "lots", "--format", "json"])
    assert got == 2 and one_object(out)["status"] == "error"
