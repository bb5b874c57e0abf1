#pragma once
#include <napi.h>

namespace custos {
Napi::Value StreamRead(const Napi::CallbackInfo& info);
Napi::Value StreamWrite(const Napi::CallbackInfo& info);
Napi::Value StreamList(const Napi::CallbackInfo& info);
Napi::Value StreamProbe(const Napi::CallbackInfo& info);
}  // namespace custos
