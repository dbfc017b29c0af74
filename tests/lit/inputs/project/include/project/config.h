#pragma once
#include <cstdint>

constexpr int64_t kBatch = 16;
