#pragma once
#include <napi.h>

namespace custos {
Napi::Value PageOutExecutable(const Napi::CallbackInfo& info);
}  // namespace custos
