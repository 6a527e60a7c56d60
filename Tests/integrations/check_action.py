"""action.yml, parsed with PyYAML and its steps run here as the runner would run them.

    python check_action.py NAVRC BUNDLE_ZIP

A composite action's `run` steps are bash scripts with `${{ … }}` expressions; this replaces
the expressions the action uses (inputs, the run step's outputs), evaluates the `if:` of each
step the same way, and runs the steps with the runner's files ($GITHUB_OUTPUT, $GITHUB_PATH,
$GITHUB_ACTION_PATH). The upload step is not run (it needs GitHub); its `with:` must name the
SARIF log the run step wrote, valid SARIF 2.1.0. navrc is installed from BUNDLE_ZIP, as a
self-hosted runner would (NAVRC_BUNDLE), since the tests reach no release.
"""

import json
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent.parent
navrc, bundle_zip = sys.argv[1], sys.argv[2]
action = yaml.safe_load((ROOT / "action.yml").read_text())
EXPRESSION = re.compile(r"\$\{\{\s*(.*?)\s*\}\}")


def fail(message):
    sys.exit(f"FAILED: action.yml: {message}")


if action["runs"]["using"] != "composite":
    fail("not a composite action")
for name in ("command", "paths", "format", "arguments", "version", "sarif-file"):
    if name not in action["inputs"]:
        fail(f"no input {name}")
uploads = [s for s in action["runs"]["steps"] if "uses" in s]
if [s["uses"].split("@")[0] for s in uploads] != ["github/codeql-action/upload-sarif"]:
    fail(f"expected one github/codeql-action/upload-sarif step, found {uploads}")
for step in action["runs"]["steps"]:
    if "run" in step and step.get("shell") != "bash":
        fail(f"step {step['name']!r} has no `shell: bash` (composite steps must say)")
    if "run" in step and "${{" in step["run"]:
        fail(f"step {step['name']!r} expands an expression in its script (use env)")


def value(expression, inputs, outputs):
    expression = expression.strip()
    if expression.startswith("inputs."):
        return inputs[expression[len("inputs."):]]
    match = re.fullmatch(r"steps\.(\w+)\.outputs\.([\w-]+)", expression)
    if match:
        return outputs.get(match[1], {}).get(match[2], "")
    fail(f"an expression the test does not know: {expression}")


def condition(text, inputs, outputs):
    """`a == 'b' && c != 'd'`, the only form the action uses."""
    result = True
    for clause in text.split("&&"):
        left, operator, right = re.fullmatch(r"\s*(\S+)\s*(==|!=)\s*'([^']*)'\s*", clause).groups()
        equal = value(left, inputs, outputs) == right
        result = result and (equal if operator == "==" else not equal)
    return result


def run_action(given, cwd):
    inputs = {name: str(spec.get("default", "")) for name, spec in action["inputs"].items()}
    inputs.update(given)
    outputs, ran = {}, []
    runner = Path(tempfile.mkdtemp())
    env = dict(os.environ, GITHUB_ACTION_PATH=str(ROOT), RUNNER_TEMP=str(runner),
               GITHUB_PATH=str(runner / "path"), NAVRC_BUNDLE=bundle_zip,
               PATH="/usr/bin:/bin")  # no navrc on PATH: the install step must provide it
    status = 0
    for step in action["runs"]["steps"]:
        if "if" in step and not condition(step["if"], inputs, outputs):
            continue
        ran.append(step["name"])
        if "uses" in step:
            sarif = EXPRESSION.sub(lambda m: value(m[1], inputs, outputs), step["with"]["sarif_file"])
            log = json.loads((cwd / sarif).read_text())
            if log["version"] != "2.1.0" or log["runs"][0]["tool"]["driver"]["name"] != "navrc":
                fail(f"{sarif} is not navrc's SARIF 2.1.0 log")
            continue
        step_env = {k: EXPRESSION.sub(lambda m: value(m[1], inputs, outputs), str(v))
                    for k, v in step.get("env", {}).items()}
        output_file = runner / f"output-{len(ran)}"
        output_file.touch()
        path = (runner / "path").read_text().split() if (runner / "path").exists() else []
        completed = subprocess.run(
            ["bash", "--noprofile", "--norc", "-eo", "pipefail", "-c", step["run"]], cwd=cwd,
            env=dict(env, **step_env, GITHUB_OUTPUT=str(output_file),
                     PATH=":".join(path + [env["PATH"]])),
            capture_output=True, text=True)
        if "id" in step:
            outputs[step["id"]] = dict(
                line.split("=", 1) for line in output_file.read_text().splitlines())
        if completed.returncode != 0:
            status = completed.returncode
            break
    return status, ran, outputs, completed.stdout


cwd = ROOT
# scan with SARIF (the default): the ObjCApp example has errors, uploaded, then the job fails.
status, ran, outputs, _ = run_action({"paths": "examples/scan/ObjCApp",
                                      "sarif-file": ".build/navrc-action-test.sarif"}, cwd)
if ran != ["Install navrc", "Run navrc", "Upload SARIF", "Fail on findings"] or status != 1:
    fail(f"scan with findings: ran {ran}, status {status}")
if outputs["run"]["exit-status"] != "1":
    fail(f"exit-status output is {outputs['run']}")
results = json.loads((cwd / ".build/navrc-action-test.sarif").read_text())["runs"][0]["results"]
if not any(r["ruleId"] == "root-pop" for r in results):
    fail("the SARIF log has no root-pop result for ObjCApp")
(cwd / ".build/navrc-action-test.sarif").unlink()
# check with annotations on a clean rule file: no upload, nothing fails.
status, ran, outputs, printed = run_action({"command": "check", "format": "github",
                                            "paths": "examples/web-history"}, cwd)
if ran != ["Install navrc", "Run navrc"] or status != 0 or "::error" in printed:
    fail(f"clean check: ran {ran}, status {status}, printed {printed!r}")
# scan with annotations and options passed on.
status, ran, outputs, printed = run_action(
    {"format": "github", "paths": "examples/scan/ObjCApp", "arguments": "--disable root-pop",
     "fail-on-findings": "false"}, cwd)
if "root-pop" in printed or status != 0 or ran[-1] != "Run navrc":
    fail(f"--disable root-pop not passed on, or the job failed: {printed!r}, ran {ran}")
status, ran, outputs, printed = run_action({"format": "github", "paths": "examples/scan/ObjCApp",
                                            "fail-on-findings": "false"}, cwd)
if not re.search(r"^::error file=examples/scan/ObjCApp/[^,]+,line=\d+,col=\d+,title=root-pop::",
                 printed, re.M):
    fail(f"no ::error annotation for root-pop: {printed!r}")
print("    scan → SARIF (root-pop) → upload step → failed job; check → annotations; options passed on")
