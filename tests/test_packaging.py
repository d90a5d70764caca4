"""The distributions: a wheel a pip user installs alone, an sdist that holds the whole project.

Both are built from this checkout with the pinned build tools (``python -m build
--no-isolation``: the sdist first, then the wheel from the unpacked sdist, which shows that
the sdist builds). The slow test installs the wheel into a fresh virtual environment (pip
resolves the dependencies from the configured package registries, within constraints.txt)
and runs ``practiceloop demo`` and ``practiceloop serve`` there, from a folder with no
checkout in sight.
"""

from __future__ import annotations

import email
import email.policy
import http.client
import os
import re
import signal
import subprocess
import sys
import tarfile
import time
import zipfile
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
DESCRIPTION = REPO / "docs" / "package-description.md"


@pytest.fixture(scope="module")
def dists(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    out = tmp_path_factory.mktemp("dist")
    done = subprocess.run([sys.executable, "-m", "build", "--no-isolation", "--outdir", str(out),
                           str(REPO)], capture_output=True, text=True, timeout=600, check=False)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    (wheel,) = out.glob("*.whl")
    (sdist,) = out.glob("*.tar.gz")
    return {"wheel": wheel, "sdist": sdist}


def _metadata(wheel: Path) -> email.message.EmailMessage:
    with zipfile.ZipFile(wheel) as archive:
        (name,) = [n for n in archive.namelist() if n.endswith(".dist-info/METADATA")]
        raw = archive.read(name)
    message = email.message_from_bytes(raw, policy=email.policy.default)
    assert isinstance(message, email.message.EmailMessage)
    return message


def test_the_wheel_holds_the_package_its_data_and_the_license(dists: dict[str, Path]) -> None:
    with zipfile.ZipFile(dists["wheel"]) as archive:
        names = set(archive.namelist())
        license_text = archive.read("practiceloop-0.1.0.dist-info/licenses/LICENSE")
    assert license_text == (REPO / "LICENSE").read_bytes()
    for wanted in ("practiceloop/examples/demo.jsonl", "practiceloop/workbench/static/"
                   "workbench.css", "practiceloop/py.typed", "practiceloop/__main__.py",
                   "practiceloop/cli/_demo_command.py"):
        assert wanted in names, wanted
    assert not [n for n in names if n.startswith(("tests/", "docs/")) or "__pycache__" in n]


def test_the_metadata_reads_right_on_a_package_index(dists: dict[str, Path]) -> None:
    meta = _metadata(dists["wheel"])
    assert meta["License-Expression"] == "MIT"
    assert meta["License-File"] == "LICENSE"
    classifiers = meta.get_all("Classifier") or []
    assert "Typing :: Typed" in classifiers and "Programming Language :: Python :: 3.13" in (
        classifiers)
    assert not [c for c in classifiers if c.startswith("License ::")]  # the expression says it
    assert "audit" in (meta["Keywords"] or "")
    assert meta["Description-Content-Type"] == "text/markdown"
    assert meta.get_payload().strip() == DESCRIPTION.read_text(encoding="utf-8").strip()
    requires = meta.get_all("Requires-Dist") or []
    assert any(re.fullmatch(r"click<8\.6,>=8\.4|click>=8\.4,<8\.6", r) for r in requires), requires


def test_the_long_description_is_for_pip_users() -> None:
    text = DESCRIPTION.read_text(encoding="utf-8")
    assert "pip install practiceloop" in text and "practiceloop demo" in text
    assert "practiceloop serve --store practiceloop-demo/store.sqlite" in text
    usage = text.split("## More")[0]  # what it tells a pip user to do
    assert "make " not in usage and ".venv" not in usage  # nothing a checkout alone has
    links = re.findall(r"\]\(([^)]+)\)", text)
    assert all(link.startswith(("http://", "https://")) for link in links), links
    assert "![" not in text  # an image path would be broken on an index


def test_the_sdist_holds_the_whole_project(dists: dict[str, Path]) -> None:
    with tarfile.open(dists["sdist"]) as archive:
        names = {n.split("/", 1)[1] for n in archive.getnames() if "/" in n}
    for wanted in ("LICENSE", "README.md", "Makefile", "constraints.txt", "pyproject.toml",
                   ".ci/run", "docs/cli.md", "docs/package-description.md",
                   "examples/api_tour.py", "scripts/readme_outputs.py",
                   "scripts/build_api_reference.py", "tests/test_readme.py",
                   "tests/kernel/vectors", "benchmarks/README.md",
                   "src/practiceloop/examples/demo.jsonl"):
        assert wanted in names, wanted
    assert not [n for n in names if "__pycache__" in n or n.endswith((".sqlite", ".pyc"))]
    assert not [n for n in names if n.startswith(("test-artifacts", "build/"))]


def _wait_for_url(process: subprocess.Popen[str], deadline: float) -> str:
    assert process.stdout is not None
    seen = []
    while time.monotonic() < deadline:
        line = process.stdout.readline()
        if not line:
            break
        seen.append(line)
        found = re.search(r"serving read-only at (http://127\.0\.0\.1:(\d+)/)", line)
        if found:
            return found.group(2)
    raise AssertionError("serve never said where it serves:\n" + "".join(seen))


def _get(port: str, path: str) -> tuple[int, str]:
    conn = http.client.HTTPConnection("127.0.0.1", int(port), timeout=30)
    try:
        conn.request("GET", path)
        response = conn.getresponse()
        return response.status, response.read().decode("utf-8")
    finally:
        conn.close()


@pytest.mark.slow
def test_a_fresh_venv_with_only_the_wheel_runs_the_demo_and_serves_it(
    dists: dict[str, Path], tmp_path: Path
) -> None:
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True, timeout=300)
    python, program = venv / "bin" / "python", venv / "bin" / "practiceloop"
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
    installed = subprocess.run(
        [str(python), "-m", "pip", "install", "--quiet", "--disable-pip-version-check",
         "-c", str(REPO / "constraints.txt"), str(dists["wheel"])],
        capture_output=True, text=True, env=env, timeout=900, check=False)
    assert installed.returncode == 0, installed.stdout[-3000:] + installed.stderr[-3000:]
    home = tmp_path / "home"  # a folder with no checkout in it
    home.mkdir()
    where = subprocess.run([str(python), "-c", "import practiceloop; print(practiceloop.__file__)"],
                           capture_output=True, text=True, env=env, cwd=home, check=True)
    assert Path(where.stdout.strip()).is_relative_to(venv)
    demo = subprocess.run([str(program), "demo", "--store", "demo/store.sqlite"],
                          capture_output=True, text=True, env=env, cwd=home, timeout=600,
                          check=False)
    assert demo.returncode == 0, demo.stdout[-3000:] + demo.stderr[-3000:]
    assert "0 errors, 0 warnings" in demo.stdout and ": OK" in demo.stdout
    assert "What to try next:" in demo.stdout
    assert f"{program} serve --store demo/store.sqlite" in demo.stdout
    serving = subprocess.Popen([str(program), "serve", "--store", "demo/store.sqlite",
                                "--port", "0"], stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                               text=True, env=env, cwd=home)
    try:
        port = _wait_for_url(serving, time.monotonic() + 120)
        status, page = _get(port, "/")
        problems = len((REPO / "src/practiceloop/examples/demo.jsonl").read_text().splitlines())
        assert status == 200 and "Dashboard" in page
        assert f'<div class="value">{problems}</div>' in page  # every demo problem sealed
        status, page = _get(port, "/episodes?q=demo-change-loss")
        assert status == 200 and 'id="named"' in page
        trace = re.search(r'href="/episodes/([0-9a-f]{64})"', page)
        assert trace is not None
        status, page = _get(port, f"/episodes/{trace.group(1)}")
        assert status == 200 and "Maya had 12 marbles" in page
    finally:
        serving.send_signal(signal.SIGINT)
        serving.wait(timeout=30)
    assert serving.returncode == 0
