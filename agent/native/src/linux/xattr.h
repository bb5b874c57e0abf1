#pragma once
#include <napi.h>

namespace custos {
Napi::Value XattrGet(const Napi::CallbackInfo& info);
Napi::Value XattrSet(const Napi::CallbackInfo& info);
Napi::Value XattrList(const Napi::CallbackInfo& info);
Napi::Value XattrRemove(const Napi::CallbackInfo& info);
}  // namespace custos
