"""A minimal PEP 517 backend for the example plugin: a wheel of ``puzzlesmith_latin``
whose metadata declares the ``puzzlesmith.puzzles`` entry point of ``pyproject.toml``."""

from __future__ import annotations

import base64
import hashlib
import tomllib
import zipfile
from pathlib import Path

HERE = Path(__file__).parent


def _files() -> dict[str, bytes]:
    """Archive name -> contents of everything the wheel holds but its RECORD."""
    project = tomllib.loads((HERE / "pyproject.toml").read_text())["project"]
    name, version = project["name"].replace("-", "_"), project["version"]
    info = f"{name}-{version}.dist-info"
    points = "".join(f"[{group}]\n" + "".join(f"{k} = {v}\n" for k, v in table.items())
                     for group, table in project["entry-points"].items())
    files = {f"puzzlesmith_latin/{p.name}": p.read_bytes()
             for p in sorted((HERE / "puzzlesmith_latin").glob("*.py"))}
    files[f"{info}/METADATA"] = (f"Metadata-Version: 2.1\nName: {project['name']}\n"
                                 f"Version: {version}\n").encode()
    files[f"{info}/WHEEL"] = (b"Wheel-Version: 1.0\nGenerator: build_backend\n"
                              b"Root-Is-Purelib: true\nTag: py3-none-any\n")
    files[f"{info}/entry_points.txt"] = points.encode()
    return files


def build_wheel(wheel_directory, config_settings=None, metadata_directory=None) -> str:
    files = _files()
    info = next(k for k in files if k.endswith("/WHEEL")).split("/")[0]
    wheel = info.removesuffix(".dist-info") + "-py3-none-any.whl"
    record = []
    with zipfile.ZipFile(Path(wheel_directory) / wheel, "w") as archive:
        for path, data in files.items():
            archive.writestr(path, data)
            digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=")
            record.append(f"{path},sha256={digest.decode()},{len(data)}")
        record.append(f"{info}/RECORD,,")
        archive.writestr(f"{info}/RECORD", "\n".join(record) + "\n")
    return wheel
