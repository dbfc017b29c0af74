#!/usr/bin/env python3
"""Validates a JSON file against a JSON Schema (Debian's python3-jsonschema).
Usage: validate-json.py SCHEMA FILE. Prints one line; exit 0 when valid, 1 when not."""
import json, sys

import jsonschema

schema_path, doc_path = sys.argv[1], sys.argv[2]
schema = json.load(open(schema_path))
try:
    doc = json.load(open(doc_path))
except json.JSONDecodeError as e:
    sys.exit(f"{doc_path}: not JSON: {e}")
# The schema names its draft ($schema): findings.schema.json is 2020-12, SARIF's is draft-04.
validator_class = jsonschema.validators.validator_for(schema, default=jsonschema.Draft202012Validator)
validator = validator_class(schema, format_checker=jsonschema.FormatChecker())
errors = sorted(validator.iter_errors(doc), key=lambda e: list(e.path))
if errors:
    e = errors[0]
    sys.exit(f"{doc_path}: invalid at /{'/'.join(map(str, e.path))}: {e.message}")
print(f"{doc_path}: valid against {schema_path}")
