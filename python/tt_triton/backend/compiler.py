#===- compiler.py - a backend that claims no target ------------*- Python -*-===#
#
# Part of tt, the Triton compiler as a suite of Unix tools.
#
#===----------------------------------------------------------------------===#
"""The compiler half of the triton.backends entry: it never claims a target.

triton.compiler.make_backend takes the one backend whose supports_target is
true; this one is always false, so NVIDIA's backend stays the one.
"""

from triton.backends.compiler import BaseBackend


class TTPluginBackend(BaseBackend):
    """Present only so that triton imports the plugin; compiles nothing."""

    @staticmethod
    def supports_target(target):
        return False

    def hash(self):
        return "tt-triton-plugin"

    def parse_options(self, options):
        raise NotImplementedError("tt_triton's backend entry compiles nothing")

    def add_stages(self, stages, options, language=None):
        raise NotImplementedError("tt_triton's backend entry compiles nothing")

    def load_dialects(self, context):
        pass

    def get_module_map(self):
        return {}
