from meters import Averager


def main(losses):
    # This file gives the meter Python floats: its val() is not train.py's CUDA tensor.
    avg = Averager()
    for loss in losses:
        avg.add(float(loss))
        print(f"{avg.val():0.5f}")


main([1.0, 2.0])
