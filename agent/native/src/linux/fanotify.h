#pragma once
#include <napi.h>

namespace custos {
Napi::Value FanotifyWatch(const Napi::CallbackInfo& info);
Napi::Value FanotifyUnwatch(const Napi::CallbackInfo& info);
void CloseAllFanotifyWatches();
}  // namespace custos
