# Sourced by run.sh and gpu-run.sh: a field of programs.json, for $HERE/programs.json.
field() { # NAME KEY: one line per list item; the command as shell words; else the value
  python3 - "$HERE/programs.json" "$1" "$2" <<'PY'
import json, shlex, sys
p = next((p for p in json.load(open(sys.argv[1])) if p["name"] == sys.argv[2]), None)
if p is None:
    sys.exit("unknown program " + sys.argv[2])
v = p.get(sys.argv[3], "")
print(" ".join(shlex.quote(a) for a in v) if sys.argv[3] == "command" else
      "\n".join(v) if isinstance(v, list) else v)
PY
}
