#!/usr/bin/env python3
"""Validates a JSON file against a JSON Schema (Debian's python3-jsonschema); a .yml/.yaml
file is read as YAML (python3-yaml): action.yml, .pre-commit-hooks.yaml, workflows.
Usage: validate-json.py SCHEMA FILE. Prints one line; exit 0 when valid, 1 when not."""
import json, sys

import jsonschema

schema_path, doc_path = sys.argv[1], sys.argv[2]
schema = json.load(open(schema_path))
if doc_path.endswith((".yml", ".yaml")):
    import re
    import yaml

    # YAML 1.2's booleans, as GitHub and pre-commit read them: only true and false (PyYAML's
    # YAML 1.1 would make a workflow's `on:` key the boolean True).
    class Yaml12Loader(yaml.SafeLoader):
        pass
    Yaml12Loader.yaml_implicit_resolvers = {
        k: [(tag, rx) for tag, rx in v if tag != "tag:yaml.org,2002:bool"]
        for k, v in yaml.SafeLoader.yaml_implicit_resolvers.items()}
    Yaml12Loader.add_implicit_resolver("tag:yaml.org,2002:bool",
                                       re.compile(r"^(?:true|True|TRUE|false|False|FALSE)$"),
                                       list("tTfF"))
    try:
        doc = yaml.load(open(doc_path), Loader=Yaml12Loader)
    except yaml.YAMLError as e:
        sys.exit(f"{doc_path}: not YAML: {e}")
else:
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
