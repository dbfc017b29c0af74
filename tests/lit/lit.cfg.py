# lit configuration for hostsync's tests. The analyzer's parse real LibTorch headers
# (Debian libtorch-dev), through the PCH that CMake builds.
import os
import lit.formats

config.name = "hostsync"
config.test_format = lit.formats.ShTest(execute_external=True)

# A build without the analyzer runs the tests that do not need it (without_analyzer.py).
if not config.hostsync_lint:
    import sys
    sys.path.insert(0, os.path.dirname(__file__))
    from without_analyzer import WithoutAnalyzer
    config.test_format = WithoutAnalyzer(execute_external=True)
config.suffixes = [".cpp", ".cu", ".test"]
config.excludes = ["inputs", "torch_pch.h"]
config.test_source_root = config.test_source

# `python3` in a test is %python, the interpreter CMake chose, also where hostsync-lint asks
# python3 for its torch package (analyzer/commands/TorchHeaders.cpp): on a machine whose PATH
# starts with pyenv's shims, each of those questions went through a bash script, 0.1 s of
# every hostsync-lint run (a minute of CPU over the suite).
python_first = os.path.join(config.test_exec_root, "python-first")
os.makedirs(python_first, exist_ok=True)
if os.path.realpath(os.path.join(python_first, "python3")) != os.path.realpath(config.python):
    if os.path.lexists(os.path.join(python_first, "python3")):
        os.remove(os.path.join(python_first, "python3"))
    os.symlink(config.python, os.path.join(python_first, "python3"))
config.environment["PATH"] = os.pathsep.join(
    [python_first, config.llvm_tools_dir,
     config.environment.get("PATH", os.environ.get("PATH", ""))])
config.environment["HOME"] = os.environ.get("HOME", "/tmp")
config.environment.pop("Torch_DIR", None)

# %lint: the analyzer with the PCH, quiet, no colour; tests add --checks and flags.
config.substitutions.append(("%pchpath", config.torch_pch))
config.substitutions.append(("%pch", "-include-pch " + config.torch_pch))
# %hostsync-lint-clang: the Clang front end that hostsync-lint hands C++ runs to (first:
# %hostsync-lint is a prefix of it).
config.substitutions.append(("%hostsync-lint-clang", os.path.join(
    os.path.dirname(config.hostsync_lint), "hostsync-lint-clang")))
config.substitutions.append(("%hostsync-lint", config.hostsync_lint))
config.substitutions.append(
    ("%lint", config.hostsync_lint + " --quiet --color=never"))
config.substitutions.append(("%python-probe", config.python_probe))
config.substitutions.append(("%python", config.python))
# The Clang the analyzer and the PCH come from: compiles fixed files in the fix-it tests.
config.substitutions.append(("%clangxx", config.clangxx))
config.substitutions.append(("%srcroot", config.source_root))
# cmake flags that configure a copy with this build's compilers and build type.
config.substitutions.append(("%cmake-like-this-build", config.cmake_like_this))
config.substitutions.append(("%buildroot", config.build_root))
config.substitutions.append(("%llvm-version", config.llvm_version))
# How many rules the catalog has: tests say "every rule", never a typed number.
import json
with open(os.path.join(config.source_root, "rules", "catalog.json")) as catalog:
    config.substitutions.append(("%rule-count", str(len(json.load(catalog)["rules"]))))
config.substitutions.append(("%inputs", os.path.join(config.test_source, "inputs")))
# %expect-exit N CMD...: CMD must exit with exactly N (expect-exit.sh says why not `|| test`).
config.substitutions.append(
    ("%expect-exit", "sh " + os.path.join(config.test_source, "expect-exit.sh")))
# %count-findings FILE: how many findings hostsync-lint's text output holds (each finding's
# first line ends with its rule, "[hostsync-...]"). A test whose positives are CHECK-DAG lines
# compares it with their number: --implicit-check-not guards only the text before the first
# CHECK-DAG match, so an extra finding after it would pass (docs/contributing.md).
config.substitutions.append(("%count-findings", "grep -c -E '\\[hostsync-[a-z0-9-]+\\]$'"))
# %count-diagnostics FILE: every diagnostic line of hostsync-lint's text output, tagged or not
# (a finding's untagged "note: fix:", the notes of calls that reach a sync): a test pins it
# so that a stray note, which --implicit-check-not does not see after the first CHECK-DAG
# match and %count-findings does not count, fails.
config.substitutions.append(("%count-diagnostics", "grep -c -E ': (warning|note|error): '"))

# hostsync-report, the offline symbolizer, and headless Chromium for the HTML report's DOM.
config.substitutions.append(("%hostsync-report", config.hostsync_report))
config.substitutions.append(("%hostsync-symbolize", config.hostsync_symbolize))
config.substitutions.append(("%artifacts", config.artifacts_dir))
config.substitutions.append(("%data", os.path.join(config.source_root, "tests", "data")))

# .cu files parsed with hostsync's stand-in CUDA header: Clang 14 reads CUDA up to 11.5, and
# the toolkit of CI and the GPU machines is CUDA 13 (docs/lint.md, "CUDA files").
if config.llvm_version == "14":
    config.available_features.add("cuda-stand-in")

# The clang-tidy module, with the clang-tidy of the LLVM it was built against, and that
# LLVM's run-clang-tidy (whose -load option came after LLVM 14: "run-clang-tidy-load").
if config.tidy_plugin and os.path.exists(config.clang_tidy):
    config.available_features.add("clang-tidy")
    config.substitutions.append(("%clang-tidy-bin", config.clang_tidy))
    run_clang_tidy = "/usr/bin/run-clang-tidy-" + config.llvm_version
    if os.path.exists(run_clang_tidy):
        config.available_features.add("run-clang-tidy")
        script = open(os.path.realpath(run_clang_tidy)).read()
        if "'-load'" in script or '"-load"' in script:
            config.available_features.add("run-clang-tidy-load")
        config.substitutions.append(("%run-clang-tidy", run_clang_tidy))
        config.substitutions.append(("%tidy-binary", config.clang_tidy))
        config.substitutions.append(("%tidy-plugin", config.tidy_plugin))
    config.substitutions.append(("%clang-tidy", config.clang_tidy + " --load=" + config.tidy_plugin))

import shutil
if shutil.which("chromium"):
    config.available_features.add("chromium")
if shutil.which("firefox-esr"):
    config.available_features.add("firefox")
if shutil.which("script"):
    config.available_features.add("script")
if shutil.which("git"):
    config.available_features.add("git")
if shutil.which("pre-commit"):
    config.available_features.add("pre-commit")
# python3 -m venv works (Debian's python3-venv): the pip wheel is installed into one.
import importlib.util
if importlib.util.find_spec("ensurepip") and importlib.util.find_spec("venv"):
    config.available_features.add("venv")

# The native Perfetto trace of a synthetic run, decoded by protoc (Debian protobuf-compiler)
# with the vendored schema (third_party/perfetto).
if config.perfetto_sample:
    config.substitutions.append(("%hostsync-perfetto-sample", config.perfetto_sample))
# The trace.json of a synthetic training run, through the tracer's analysis and writer.
if config.training_sample:
    config.substitutions.append(("%hostsync-training-sample", config.training_sample))
if shutil.which("protoc"):
    config.available_features.add("protoc")

# The tracer's launcher, where the CUDA toolkit let it be built; "no-gpu" where this
# machine has no NVIDIA device (CI): the tracer must then step aside.
if config.hostsync_trace:
    config.available_features.add("tracer")
    config.substitutions.append(("%hostsync-trace", config.hostsync_trace))
if not os.path.exists("/dev/nvidia0"):
    config.available_features.add("no-gpu")
