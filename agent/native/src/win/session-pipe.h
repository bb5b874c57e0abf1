#pragma once
#include <napi.h>

namespace custos {
Napi::Value SessionPipeListen(const Napi::CallbackInfo& info);
Napi::Value SessionPipeStop(const Napi::CallbackInfo& info);
Napi::Value SessionPipeConnect(const Napi::CallbackInfo& info);
// Stops every listener and connection (environment cleanup).
void CloseAllSessionPipes();
}  // namespace custos
