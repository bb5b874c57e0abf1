#pragma once
#include <napi.h>

namespace custos {
Napi::Value ServiceStart(const Napi::CallbackInfo& info);
Napi::Value ServiceSetStatus(const Napi::CallbackInfo& info);
void CloseService();
}  // namespace custos
