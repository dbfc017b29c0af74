from cycle_b import helper


def value():
    return helper()
