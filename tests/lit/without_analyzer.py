"""lit's test format for a build without the analyzer (HOSTSYNC_BUILD_ANALYZER=OFF): the
tracer's and the report's tests run, and each test that names the analyzer, its PCH, its
Clang or its LLVM version (to build it) is reported unsupported. A module of its own, not a
class in lit.cfg.py, because lit's worker processes unpickle the format by its module's
name."""
import re

import lit.Test
import lit.formats

NEEDS_ANALYZER = re.compile(r"%(lint|hostsync-lint|pch|clangxx|clang-tidy|llvm-version)")


class WithoutAnalyzer(lit.formats.ShTest):
    def execute(self, test, lit_config):
        with open(test.getSourcePath(), errors="replace") as source:
            if NEEDS_ANALYZER.search(source.read()):
                return lit.Test.Result(lit.Test.UNSUPPORTED, "needs hostsync-lint")
        return super().execute(test, lit_config)
