"""Bad input: one message naming the file, the field and what was expected; the CLI exits with code 2."""

import math
import reprlib

# The offending value as a message quotes it: bounded, so that an alias bomb or a huge list stays one short line.
_SHOWN = reprlib.Repr()
_SHOWN.maxstring = _SHOWN.maxother = 160
_SHOWN.maxlevel, _SHOWN.maxlist, _SHOWN.maxdict = 1, 4, 4


class InputError(Exception):
    def __init__(self, file: str, field: str, expected: str, got: object = None):
        self.file, self.field, self.expected, self.got = file, field, expected, got
        got_text = "" if got is None else f", got {_SHOWN.repr(got)}"
        where = f"{file}: {field}" if field else file
        super().__init__(f"{where}: expected {expected}{got_text}")


def bounded_number(value: object, file: str, field: str, expected: str, low: float, high: float, low_open: bool = False) -> float:
    """A finite number in [low, high] ((low, high] with low_open), else an InputError: YAML's .inf and .nan are not
    numbers here."""
    ok = isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value)
    if not ok or not (low < value <= high if low_open else low <= value <= high):
        raise InputError(file, field, expected, value)
    return float(value)
