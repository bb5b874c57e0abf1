#pragma once
#include <napi.h>

namespace custos {
Napi::Value EventLogReport(const Napi::CallbackInfo& info);
}  // namespace custos
