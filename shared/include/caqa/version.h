#pragma once

namespace caqa {
inline constexpr const char* kVersion = "0.1.0";
}
