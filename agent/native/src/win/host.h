#pragma once
#include <napi.h>

#include <string>

namespace custos {
// Wine's version when the host is Wine, else empty. Wine leaves some APIs as stubs that abort
// the process when called (FwpmGetAppIdFromFileName0 in Wine 8.0); those calls are refused with
// native.not_supported instead, so no function can take the process down.
std::string WineVersion();
Napi::Value HostInfo(const Napi::CallbackInfo& info);
}  // namespace custos
