#pragma once
#include <napi.h>

namespace custos {
Napi::Value ProcessTokenIdentity(const Napi::CallbackInfo& info);
Napi::Value SessionTokenIdentity(const Napi::CallbackInfo& info);
Napi::Value ConsoleSessions(const Napi::CallbackInfo& info);
Napi::Value LookupSid(const Napi::CallbackInfo& info);
}  // namespace custos
