#pragma once
#include <napi.h>

namespace custos {
Napi::Value RegistryGetValue(const Napi::CallbackInfo& info);
}  // namespace custos
