"""Validates a feed against an XML Schema with the pure-Python xmlschema package, lazily (the
document is read as a stream of subtrees, so memory stays bounded), and prints the time and
the number of errors: the Python anchor of xmlvalidation-bench.

    python3 Benchmarks/python/xmlschema_validate.py SCHEMA FEED

Needs `pip install xmlschema` (the differential tests used 4.3.2).
"""
import sys
import time

import xmlschema

schema_path, feed_path = sys.argv[1], sys.argv[2]
start = time.perf_counter()
schema = xmlschema.XMLSchema10(schema_path)
resource = xmlschema.XMLResource(feed_path, lazy=True)
errors = sum(1 for _ in schema.iter_errors(resource))
print(f"{time.perf_counter() - start:.3f} {errors} {xmlschema.__version__}")
