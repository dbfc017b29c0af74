#!/usr/bin/env python3
"""placeholder until the op naming lands: prints what the trace attributes"""
import json, sys
t = json.load(open(sys.argv[1]))
print("python_frames:", t.get("python_frames"))
for site in t["sites"][:20]:
    print("site", site)
sys.exit(0)
