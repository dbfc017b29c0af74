"""Runs the steps of action.yml, or the hook of .pre-commit-hooks.yaml, as GitHub Actions and
pre-commit would run them here: the YAML read with python3-yaml, `${{ }}` expressions filled
in from the given inputs and contexts, each `run:` executed with bash as written, each
`uses:` step reported with its inputs (it cannot run off GitHub). Prints one line per step
for FileCheck; the exit code is the job's (0 when every step that ran passed).

  run_steps.py action ACTION_YML WORKSPACE [input=value | github.key=value]...
  run_steps.py hook HOOKS_YAML HOOK_ID REPO    (the hook on the files `git diff --cached` names)
"""
import os
import re
import subprocess
import sys
import tempfile

import yaml

EXPR = re.compile(r"\$\{\{\s*(.*?)\s*\}\}")


def lookup(name, ctx):
    """The value of a context path (inputs.x, github.x, steps.id.outputs.x, runner.temp)."""
    parts = name.split(".")
    value = ctx
    for part in parts:
        if not isinstance(value, dict) or part not in value:
            return ""
        value = value[part]
    return value


def evaluate(expr, ctx):
    """GitHub's expression language, the part action.yml uses: contexts, string literals,
    ==, !=, &&, ||, !, always(), parentheses."""
    py = re.sub(r"'([^']*)'", lambda m: repr(m.group(1)), expr)
    py = py.replace("&&", " and ").replace("||", " or ")
    py = re.sub(r"!(?!=)", " not ", py)
    py = py.replace("always()", "True").replace("success()", "(not failed)")
    py = py.replace("failure()", "failed")
    py = re.sub(r"\b((?:inputs|github|steps|runner|env)(?:\.[A-Za-z0-9_-]+)+)",
                lambda m: repr(lookup(m.group(1), ctx)), py)
    return eval(py, {"failed": ctx["failed"]})


def fill(text, ctx):
    return EXPR.sub(lambda m: str(evaluate(m.group(1), ctx)), str(text))


def run_action(path, workspace, settings):
    action = yaml.safe_load(open(path))
    inputs = {k: str(v.get("default", "")) for k, v in action.get("inputs", {}).items()}
    github = {"workspace": workspace, "action_path": os.path.dirname(os.path.abspath(path))}
    for s in settings:
        key, value = s.split("=", 1)
        if key.startswith("github."):
            github[key[len("github."):]] = value
        else:
            assert key in inputs, f"{key} is not an input of {path}"
            inputs[key] = value
    temp = tempfile.mkdtemp(prefix="runner-")
    ctx = {"inputs": inputs, "github": github, "steps": {}, "runner": {"temp": temp},
           "failed": False}
    path_file = os.path.join(temp, "path")
    open(path_file, "w").close()
    for i, step in enumerate(action["runs"]["steps"]):
        name = step.get("name", f"step {i}")
        condition = step.get("if", "success()")
        condition = EXPR.sub(lambda m: m.group(1), str(condition))
        if not evaluate(condition, ctx):
            print(f"step '{name}': skipped")
            continue
        if "uses" in step:
            with_ = {k: fill(v, ctx) for k, v in step.get("with", {}).items()}
            print(f"step '{name}': uses {step['uses']} with {with_}")
            continue
        assert step.get("shell") == "bash", f"step '{name}' needs shell: bash"
        output_file = os.path.join(temp, f"output-{i}")
        open(output_file, "w").close()
        env = dict(os.environ)
        extra_path = [p for p in open(path_file).read().splitlines() if p]
        env["PATH"] = os.pathsep.join(extra_path + [env["PATH"]])
        env.update({k: fill(v, ctx) for k, v in step.get("env", {}).items()})
        env.update({"GITHUB_WORKSPACE": workspace, "GITHUB_ACTION_PATH": github["action_path"],
                    "RUNNER_TEMP": temp, "GITHUB_OUTPUT": output_file, "GITHUB_PATH": path_file,
                    "CI": "true", "GITHUB_ACTIONS": "true"})
        script = os.path.join(temp, f"step-{i}.sh")
        with open(script, "w") as f:
            f.write(fill(step["run"], ctx))
        # GitHub runs `shell: bash` as `bash --noprofile --norc -eo pipefail {0}`.
        proc = subprocess.run(["bash", "--noprofile", "--norc", "-eo", "pipefail", script],
                              cwd=workspace, env=env, capture_output=True, text=True)
        for line in proc.stdout.splitlines():
            print(f"  {line}")
        sys.stderr.write(proc.stderr)
        outputs = dict(l.split("=", 1) for l in open(output_file).read().splitlines() if "=" in l)
        if "id" in step:
            ctx["steps"][step["id"]] = {"outputs": outputs}
        print(f"step '{name}': exit {proc.returncode}" +
              (f", outputs {outputs}" if outputs else ""))
        ctx["failed"] |= proc.returncode != 0
    return 1 if ctx["failed"] else 0


# identify's tags of the file names a hook is given (pre-commit's types_or).
TYPES = {"c++": (".cpp", ".cc", ".cxx", ".c++", ".hpp", ".hh", ".hxx", ".h", ".C"),
         "cuda": (".cu", ".cuh"), "python": (".py", ".pyi")}


def run_hook(path, hook_id, repo):
    hook = next(h for h in yaml.safe_load(open(path)) if h["id"] == hook_id)
    staged = subprocess.run(["git", "diff", "--cached", "--name-only", "--diff-filter=ACMR"],
                            cwd=repo, capture_output=True, text=True, check=True).stdout.split()
    suffixes = tuple(s for t in hook.get("types_or", []) for s in TYPES[t])
    files = [f for f in staged if f.endswith(suffixes)]
    print(f"hook {hook_id}: files {files}")
    if not files and not hook.get("always_run"):
        print(f"hook {hook_id}: skipped (no files)")
        return 0
    command = hook["entry"].split() + hook.get("args", []) + files
    assert hook["language"] == "system"
    proc = subprocess.run(command, cwd=repo, capture_output=True, text=True)
    for line in (proc.stdout + proc.stderr).splitlines():
        print(f"  {line}")
    print(f"hook {hook_id}: exit {proc.returncode}")
    return proc.returncode


if __name__ == "__main__":
    if sys.argv[1] == "action":
        sys.exit(run_action(sys.argv[2], sys.argv[3], sys.argv[4:]))
    sys.exit(run_hook(sys.argv[2], sys.argv[3], sys.argv[4]))
