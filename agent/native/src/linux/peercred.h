#pragma once
#include <napi.h>

namespace custos {
Napi::Value PeerCredentials(const Napi::CallbackInfo& info);
}  // namespace custos
