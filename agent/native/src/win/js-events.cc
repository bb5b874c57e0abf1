#include "js-events.h"

namespace custos {

EventChannel::EventChannel(Napi::Env env, Napi::Function callback, const char* name)
    : tsfn_(Napi::ThreadSafeFunction::New(env, callback, name, 0, 1)) {}

EventChannel::~EventChannel() { Close(); }

bool EventChannel::Post(JsEvent event) {
  std::lock_guard<std::mutex> lock(mutex_);
  if (!open_) return false;
  napi_status status = tsfn_.NonBlockingCall([event = std::move(event)](Napi::Env env, Napi::Function callback) {
    Napi::Object value = Napi::Object::New(env);
    for (const auto& entry : event.text) value.Set(entry.first, entry.second);
    for (const auto& entry : event.number) value.Set(entry.first, entry.second);
    for (const auto& entry : event.bytes)
      value.Set(entry.first, Napi::Buffer<char>::Copy(env, entry.second.data(), entry.second.size()));
    callback.Call({value});
  });
  return status == napi_ok;
}

void EventChannel::Close() {
  std::lock_guard<std::mutex> lock(mutex_);
  if (!open_) return;
  open_ = false;
  tsfn_.Release();
}

}  // namespace custos
