"""A helper module for check_frames.py: frames in a second file (named with a non-ASCII
letter), called recursively."""


def deep(levels, probe):
    if levels == 0:
        probe("another module")
        return
    deep(levels - 1, probe)
