class AverageMeter:
    """The running mean of what update() is given (as swav's src/utils.py keeps one)."""

    def __init__(self):
        self.val = self.avg = self.total = 0
        self.count = 0

    def update(self, val, n=1):
        self.val, self.count = val, self.count + n
        self.total += val * n
        self.avg = self.total / self.count
