from .scores import evaluate_pair
