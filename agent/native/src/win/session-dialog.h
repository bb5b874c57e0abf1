#pragma once
#include <napi.h>

namespace custos {
// dialogShow(spec, callback) -> id; dialogClose(id) withdraws it; dialogTemplate(spec) -> Buffer
// (the in-memory template, for tests where no dialog can be shown).
Napi::Value DialogShow(const Napi::CallbackInfo& info);
Napi::Value DialogClose(const Napi::CallbackInfo& info);
Napi::Value DialogTemplate(const Napi::CallbackInfo& info);
// Withdraws every open dialog and waits (bounded) for their threads.
void CloseAllDialogs();
}  // namespace custos
