#include "model.h"

torch::nn::Sequential make_pipeline() { return torch::nn::Sequential(Stage{}, Stage{}); }
