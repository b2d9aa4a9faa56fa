"""What the Python MCP SDK does with a server's tools, run on the tools and results read from stdin.

The SDK's client checks a tool's result against its output schema with `jsonschema`: it takes the
validator of the schema's draft (`validator_for`, 2020-12 when the schema names none), checks the
schema (`check_schema`), then validates. This does the same to every tool's input and output schema,
and validates each result given. Stdin: {"tools": [Tool], "results": [{"name", "structuredContent"}]}.
Stdout: {"checked": N, "validated": N, "errors": ["<tool> <what>: <message>"]}.
"""

import json
import sys

import jsonschema
from jsonschema.validators import validator_for


def check(name, what, schema, errors):
    try:
        validator_for(schema).check_schema(schema)
    except jsonschema.exceptions.SchemaError as error:
        errors.append(f"{name} {what}: {error.message}")


def main():
    given = json.load(sys.stdin)
    errors = []
    checked = 0
    schemas = {}
    for tool in given["tools"]:
        for what in ("inputSchema", "outputSchema"):
            if what in tool:
                check(tool["name"], what, tool[what], errors)
                checked += 1
        schemas[tool["name"]] = tool.get("outputSchema")
    validated = 0
    for result in given["results"]:
        schema = schemas.get(result["name"])
        if schema is None:
            errors.append(f"{result['name']} result: the tool has no output schema")
            continue
        try:
            jsonschema.validate(result["structuredContent"], schema)
            validated += 1
        except jsonschema.exceptions.ValidationError as error:
            errors.append(f"{result['name']} result: {error.message}")
    json.dump({"checked": checked, "validated": validated, "errors": errors}, sys.stdout)


main()
