#pragma once
#include <napi.h>
#include <windows.h>

#include <cstdint>
#include <deque>
#include <mutex>
#include <string>
#include <vector>

namespace custos {

struct RefusedConnection {
  double timeMs = 0;
  int ipVersion = 4;
  std::string remoteAddress;
  uint16_t remotePort = 0;
  uint8_t protocol = 0;
  std::string appId;
  uint64_t filterId = 0;
};

// One dynamic WFP session: everything it added disappears when it closes or the process dies
// (document 1: "installs filters in a dynamic filtering session").
struct WfpSession {
  HANDLE engine = nullptr;
  HANDLE netEvents = nullptr;
  std::vector<uint64_t> filterIds;
  std::mutex mutex;  // guards refused, dropped and filterIds (read by the net-event callback)
  std::deque<RefusedConnection> refused;
  uint64_t dropped = 0;
};

WfpSession* FindSession(Napi::Env env, uint32_t id);

Napi::Value WfpOpen(const Napi::CallbackInfo& info);
Napi::Value WfpClose(const Napi::CallbackInfo& info);
Napi::Value WfpTakeNetEvents(const Napi::CallbackInfo& info);
Napi::Value WfpAppId(const Napi::CallbackInfo& info);
Napi::Value WfpReplaceFilters(const Napi::CallbackInfo& info);
void CloseAllWfpSessions();

}  // namespace custos
