"""Makes a trace of module-move.test from a real one: the stalls of one stack (the item() of
tests/gpu/sync_lines.cpp) moved to line 13 of a function with no finding (as a setup
function would be), and with --module-move their stack passing through
torch::nn::Module::to as model->to(device)'s copies do.

usage: module-move.test.py IN OUT [--module-move]
"""
import json
import sys

source, target = sys.argv[1], sys.argv[2]
with open(source) as f:
    doc = json.load(f)
stack = doc["stacks"][3]
user = stack["user_frame"]
stack["frames"][user].update(line=13, function="load_model(c10::Device)")
if "--module-move" in sys.argv[3:]:
    libtorch = {"file": "", "line": 0, "module": "libtorch_cpu.so", "library": True}
    moves = [
        dict(libtorch, function="void torch::nn::Module::to_impl<c10::Device&, bool&>(c10::Device&, bool&)"),
        dict(libtorch, function="torch::nn::Module::to(c10::Device, bool)"),
    ]
    stack["frames"][user:user] = moves
    stack["pcs"][user:user] = ["0x1", "0x2"]
    stack["user_frame"] = user + len(moves)
with open(target, "w") as f:
    json.dump(doc, f)
