#===- errors.py - the error a kernel tt cannot compile raises -*- Python -*-===#
#
# Part of tt, the Triton compiler as a suite of Unix tools.
#
#===----------------------------------------------------------------------===#
"""TTCompileError: raised (strict mode) when tt does not compile a kernel."""


class TTCompileError(RuntimeError):
    """tt did not compile a kernel.

    Attributes:
      kernel      the kernel's name
      kind        'refused' (tt reported a diagnostic and exited 1),
                  'crashed' (a signal or an unexpected exit status),
                  'timeout', 'unsupported-option' (an option tt does not
                  implement was asked for), 'no-tool' (tt's tools not found)
      diagnostic  tt's own message (its stderr), located in the kernel's
                  Python source when the TTIR carries locations
      command     the command line that ran, when one did
      workdir     the folder holding the input (kept for reproduction)
    """

    def __init__(self, message, kernel=None, kind="refused", diagnostic="", command=None, workdir=None):
        super().__init__(message)
        self.kernel = kernel
        self.kind = kind
        self.diagnostic = diagnostic
        self.command = command
        self.workdir = workdir

    def first_line(self):
        """The first line of tt's diagnostic that says what went wrong."""
        for line in self.diagnostic.splitlines():
            if "error" in line.lower():
                return line.strip()
        for line in self.diagnostic.splitlines():
            if line.strip():
                return line.strip()
        return str(self).splitlines()[0] if str(self) else self.kind


class TTToolNotFound(TTCompileError):
    """None of the places the plugin looks holds tt's tool."""

    def __init__(self, message):
        super().__init__(message, kind="no-tool", diagnostic=message)
