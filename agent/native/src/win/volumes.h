#pragma once
#include <napi.h>

namespace custos {
Napi::Value ListVolumes(const Napi::CallbackInfo& info);
Napi::Value DiskInterfaces(const Napi::CallbackInfo& info);
}  // namespace custos
