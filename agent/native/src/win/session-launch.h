#pragma once
#include <napi.h>

namespace custos {
// sessionLaunch(sessionId, application, commandLine) -> pid: the session helper started as the
// person signed in to `sessionId`, on their interactive desktop, with their environment.
Napi::Value SessionLaunch(const Napi::CallbackInfo& info);
}  // namespace custos
