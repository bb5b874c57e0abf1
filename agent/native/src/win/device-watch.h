#pragma once
#include <napi.h>

namespace custos {
Napi::Value WatchDevices(const Napi::CallbackInfo& info);
Napi::Value UnwatchDevices(const Napi::CallbackInfo& info);
void CloseAllDeviceWatches();
}  // namespace custos
