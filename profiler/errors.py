"""Bad input: one message naming the file, the field and what was expected; the CLI exits with code 2."""


class InputError(Exception):
    def __init__(self, file: str, field: str, expected: str, got: object = None):
        self.file, self.field, self.expected, self.got = file, field, expected, got
        got_text = "" if got is None else f", got {got!r}"
        super().__init__(f"{file}: {field}: expected {expected}{got_text}")
