class Averager(object):
    """The mean of what add() is given: a tensor where the tensors given are."""

    def __init__(self):
        self.reset()

    def add(self, v):
        self.n_count += v.numel()
        self.sum += v.sum()

    def reset(self):
        self.n_count = 0
        self.sum = 0

    def val(self):
        res = 0
        if self.n_count != 0:
            res = self.sum / float(self.n_count)
        return res

    def name(self):
        return "loss"
