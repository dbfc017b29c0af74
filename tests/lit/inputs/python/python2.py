import torch
print "hello"
