"""Bad input: one message naming the file, the field and what was expected; the CLI exits with code 2."""

import reprlib

# The offending value as a message quotes it: bounded, so that an alias bomb or a huge list stays one short line.
_SHOWN = reprlib.Repr()
_SHOWN.maxstring = _SHOWN.maxother = 160
_SHOWN.maxlevel, _SHOWN.maxlist, _SHOWN.maxdict = 1, 4, 4


class InputError(Exception):
    def __init__(self, file: str, field: str, expected: str, got: object = None):
        self.file, self.field, self.expected, self.got = file, field, expected, got
        got_text = "" if got is None else f", got {_SHOWN.repr(got)}"
        super().__init__(f"{file}: {field}: expected {expected}{got_text}")
