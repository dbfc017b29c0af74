from .net import Net, Head
