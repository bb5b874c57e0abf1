#pragma once
#include <napi.h>

namespace custos {
Napi::Value FanotifyHold(const Napi::CallbackInfo& info);
Napi::Value FanotifyHoldMark(const Napi::CallbackInfo& info);
Napi::Value FanotifyHoldAnswer(const Napi::CallbackInfo& info);
Napi::Value FanotifyHoldClose(const Napi::CallbackInfo& info);
void CloseAllFanotifyHolds();
}  // namespace custos
