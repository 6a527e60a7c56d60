"""The artifact bundle written by scripts/make-artifact-bundle, as SwiftPM reads it.

    python3 check_bundle.py DIST NAVRC

DIST is the script's output folder; NAVRC the navrc it was made from. Checks info.json
(schemaVersion 1.0, one executable artifact named navrc whose version is what `navrc --version`
prints), that each variant's path is an executable inside the bundle and that one variant is
this machine's triple, that the zip holds the same files under navrc.artifactbundle/ with their
modes, that the checksum file is the zip's SHA-256, and that navrc-plugins names the bundle.
"""

import hashlib
import json
import os
import platform
import subprocess
import sys
import zipfile
from pathlib import Path

dist, navrc = Path(sys.argv[1]), sys.argv[2]
bundle = dist / "navrc.artifactbundle"


def fail(message):
    sys.exit(f"FAILED: artifact bundle: {message}")


info = json.loads((bundle / "info.json").read_text())
if info.get("schemaVersion") != "1.0":
    fail(f"schemaVersion is {info.get('schemaVersion')!r}")
if list(info.get("artifacts", {})) != ["navrc"]:
    fail(f"artifacts are {list(info.get('artifacts', {}))}, expected navrc alone")
artifact = info["artifacts"]["navrc"]
version = subprocess.run([navrc, "--version"], capture_output=True, text=True).stdout.split()[1]
if artifact.get("version") != version or artifact.get("type") != "executable":
    fail(f"version {artifact.get('version')!r} / type {artifact.get('type')!r}, navrc is {version}")
machine = platform.machine()
host = (f"{machine}-apple-macosx" if platform.system() == "Darwin"
        else f"{machine}-unknown-linux-gnu")
hosts = 0
for variant in artifact["variants"]:
    path = bundle / variant["path"]
    if not path.is_file() or not os.access(path, os.X_OK):
        fail(f"variant {variant['path']} is not an executable file")
    if not variant["path"].startswith(f"navrc-{version}-") or not variant["path"].endswith("/bin/navrc"):
        fail(f"variant path {variant['path']} is not navrc-{version}-PLATFORM/bin/navrc")
    if not (path.parent.parent / "LICENSE").is_file():
        fail(f"no LICENSE beside {variant['path']}")
    hosts += host in variant["supportedTriples"]
    printed = subprocess.run([path, "--version"], capture_output=True, text=True).stdout
    if printed != f"navrc {version}\n":
        fail(f"{variant['path']} --version prints {printed!r}")
if hosts != 1:
    fail(f"{hosts} variants support {host}, expected 1")

archive = dist / "navrc.artifactbundle.zip"
with zipfile.ZipFile(archive) as opened:
    entries = {entry.filename: entry for entry in opened.infolist()}
on_disk = {"navrc.artifactbundle/"} | {
    "navrc.artifactbundle/" + p.relative_to(bundle).as_posix() + ("/" if p.is_dir() else "")
    for p in bundle.rglob("*")}
if set(entries) != on_disk:
    fail(f"zip entries differ from the folder: {sorted(set(entries) ^ on_disk)}")
for variant in artifact["variants"]:
    mode = entries["navrc.artifactbundle/" + variant["path"]].external_attr >> 16
    if mode & 0o111 == 0:
        fail(f"{variant['path']} is not executable in the zip (mode {mode:o})")
checksum = (dist / "navrc.artifactbundle.zip.sha256").read_text().strip()
if checksum != hashlib.sha256(archive.read_bytes()).hexdigest():
    fail("the checksum file is not the zip's SHA-256")
manifest = (dist / "navrc-plugins" / "Package.swift").read_text()
if 'path: "navrc.artifactbundle"' not in manifest or 'name: "navrc-binary"' not in manifest:
    fail("navrc-plugins/Package.swift does not name the local bundle as navrc-binary")
print(f"    navrc {version}: {len(artifact['variants'])} variant(s), host {host}, "
      f"zip {archive.stat().st_size // 1024} KB, checksum {checksum[:12]}…")
