from cycle_a import value


def helper():
    return value()
