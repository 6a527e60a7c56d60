""".pre-commit-hooks.yaml, validated by pre-commit and its hooks run by pre-commit.

    python check_pre_commit_hooks.py NAVRC

`pre-commit validate-manifest` checks the file against pre-commit's own schema. The hooks use
`language: swift`, which would build navrc in release mode (minutes); so they run here as
`repo: local` hooks made from the manifest's entries with `language: system` and navrc on PATH,
as docs/integrations.md tells teams with navrc installed to write them: pre-commit itself picks
the files (`files`, `pass_filenames`), runs `entry` with `args`, and reports.
"""

import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent.parent
navrc = Path(sys.argv[1])


def fail(message):
    sys.exit(f"FAILED: .pre-commit-hooks.yaml: {message}")


subprocess.run(["pre-commit", "validate-manifest", ROOT / ".pre-commit-hooks.yaml"], check=True)
hooks = {hook["id"]: hook for hook in yaml.safe_load((ROOT / ".pre-commit-hooks.yaml").read_text())}
if set(hooks) != {"navrc-scan", "navrc-check"}:
    fail(f"hooks are {sorted(hooks)}")

repository = Path(tempfile.mkdtemp())
tools = Path(tempfile.mkdtemp())
(tools / "navrc").symlink_to(navrc.resolve())  # `navrc` on PATH, as an installed one is
try:
    shutil.copytree(ROOT / "examples/scan/ObjCApp", repository / "App")
    shutil.copy(ROOT / "examples/web-history/web-history.navrules", repository / "web-history.navrules")
    local = [dict(hook, language="system") for hook in hooks.values()]
    (repository / ".pre-commit-config.yaml").write_text(
        yaml.safe_dump({"repos": [{"repo": "local", "hooks": local}]}))
    environment = dict(os.environ, PATH=f"{tools}:{os.environ['PATH']}",
                       PRE_COMMIT_HOME=str(repository / ".cache"), GIT_AUTHOR_NAME="t",
                       GIT_AUTHOR_EMAIL="t@example.com", GIT_COMMITTER_NAME="t",
                       GIT_COMMITTER_EMAIL="t@example.com")

    def git(*arguments):
        subprocess.run(["git", *arguments], cwd=repository, env=environment, check=True,
                       capture_output=True)

    def pre_commit(hook):
        return subprocess.run(["pre-commit", "run", hook, "--all-files"], cwd=repository,
                              env=environment, capture_output=True, text=True)

    git("init", "-q")
    git("add", ".")
    scan = pre_commit("navrc-scan")
    if scan.returncode == 0 or "[root-pop]" not in scan.stdout:
        fail(f"navrc-scan on ObjCApp: status {scan.returncode}, output {scan.stdout!r}")
    check = pre_commit("navrc-check")
    if check.returncode != 0 or "Passed" not in check.stdout:
        fail(f"navrc-check on a clean rule file: {check.stdout!r}")
    # A hook runs only when a file it reads is committed.
    git("rm", "-q", "--cached", "web-history.navrules")
    skipped = pre_commit("navrc-check")
    if "no files to check" not in skipped.stdout.lower():
        fail(f"navrc-check ran without a rule file: {skipped.stdout!r}")
finally:
    shutil.rmtree(repository)
    shutil.rmtree(tools)
print("    validate-manifest passes; navrc-scan fails on ObjCApp's root-pop, navrc-check passes")
