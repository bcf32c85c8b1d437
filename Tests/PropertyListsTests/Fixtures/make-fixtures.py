"""Writes the plistlib reference files the PropertyLists tests compare with.

    python3 make-fixtures.py        (in this folder)

plistlib (CPython 3.11) is the reference for Apple's XML layout; its binary files are what
the reader must read. The values mirror `PlistlibFixtures` in the tests.
"""
import datetime
import plistlib

values = {
    "mixed": {
        "b": [1, 2.5, True, False, "x&<>\"'"],
        "a": {"d": b"\x00\x01hello world" * 10, "date": datetime.datetime(2012, 3, 1, 6, 0, 0)},
        "empty": [],
        "e2": {},
        "big": 2**64 - 1,
        "neg": -2**63,
        "real": 1e16,
        "r2": 0.1,
        "small": 1e-05,
        "third": 1 / 3,
        "unicode": "Köln 😀",
        "cr": "a\r\nb\rc",
        "long": "x" * 100,
        "nested": [[[]], {"k": [b""]}],
        "zero": 0,
        "minus": -1,
        "wide": 70000,
        "huge": 2**40,
        "neg_real": -0.5,
        "int_real": 3.0,
    },
    "array": ["one", 2, 3.5, datetime.datetime(1999, 12, 31, 23, 59, 59), b"\xff" * 100],
    "string": "just a string",
}

for name, value in values.items():
    with open(f"{name}.xml.plist", "wb") as f:
        plistlib.dump(value, f, fmt=plistlib.FMT_XML)
    with open(f"{name}.binary.plist", "wb") as f:
        plistlib.dump(value, f, fmt=plistlib.FMT_BINARY)
