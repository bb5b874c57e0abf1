// Delivers events from OS threads (service control handler, device window, WFP net-event
// callback) to a JS callback on the main thread. Posting after close is a no-op, never a crash.
#pragma once
#include <napi.h>

#include <mutex>
#include <string>
#include <utility>
#include <vector>

namespace custos {

struct JsEvent {
  std::vector<std::pair<std::string, std::string>> text;
  std::vector<std::pair<std::string, double>> number;
  std::vector<std::pair<std::string, std::string>> bytes;  // delivered as a Buffer (raw, not UTF-8)
  JsEvent& Text(const std::string& key, const std::string& value) {
    text.emplace_back(key, value);
    return *this;
  }
  JsEvent& Number(const std::string& key, double value) {
    number.emplace_back(key, value);
    return *this;
  }
  JsEvent& Bytes(const std::string& key, std::string value) {
    bytes.emplace_back(key, std::move(value));
    return *this;
  }
};

class EventChannel {
 public:
  EventChannel(Napi::Env env, Napi::Function callback, const char* name);
  ~EventChannel();
  bool Post(JsEvent event);
  void Close();

 private:
  std::mutex mutex_;
  bool open_ = true;
  Napi::ThreadSafeFunction tsfn_;
};

}  // namespace custos
