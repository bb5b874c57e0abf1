// Opening and closing the dynamic WFP session, our provider and sublayer, and the refused
// connections WFP reports as classify-drop net events (turned into `network_connection` events,
// at most one a minute per application and destination, by the TypeScript side).
#include "wfp-session.h"

#include <fwpmu.h>

#include <map>
#include <cstdio>
#include <cwchar>
#include <memory>

#include "host.h"
#include "wfp-guids.h"
#include "win-error.h"
#include "wide.h"

namespace custos {

namespace {

std::mutex gMutex;
std::map<uint32_t, std::unique_ptr<WfpSession>> gSessions;
uint32_t gNextId = 1;
constexpr size_t kMaxQueued = 1000;  // oldest refused connections beyond this are dropped and counted

std::string V4ToString(UINT32 hostOrder) {
  char text[16];
  snprintf(text, sizeof text, "%u.%u.%u.%u", (hostOrder >> 24) & 0xFF, (hostOrder >> 16) & 0xFF,
           (hostOrder >> 8) & 0xFF, hostOrder & 0xFF);
  return text;
}

std::string V6ToString(const UINT8* bytes) {
  char text[46];
  // Full form, lower-case; the facade normalises addresses before comparing them.
  snprintf(text, sizeof text, "%x:%x:%x:%x:%x:%x:%x:%x", (bytes[0] << 8) | bytes[1], (bytes[2] << 8) | bytes[3],
           (bytes[4] << 8) | bytes[5], (bytes[6] << 8) | bytes[7], (bytes[8] << 8) | bytes[9],
           (bytes[10] << 8) | bytes[11], (bytes[12] << 8) | bytes[13], (bytes[14] << 8) | bytes[15]);
  return text;
}

double FileTimeToMs(const FILETIME& ft) {
  ULARGE_INTEGER value;
  value.LowPart = ft.dwLowDateTime;
  value.HighPart = ft.dwHighDateTime;
  return static_cast<double>(value.QuadPart / 10000ULL) - 11644473600000.0;
}

void CALLBACK OnNetEvent(void* context, const FWPM_NET_EVENT1* event) {
  auto* session = static_cast<WfpSession*>(context);
  if (event == nullptr || event->type != FWPM_NET_EVENT_TYPE_CLASSIFY_DROP || event->classifyDrop == nullptr) return;
  RefusedConnection refused;
  const FWPM_NET_EVENT_HEADER1& header = event->header;
  refused.timeMs = FileTimeToMs(header.timeStamp);
  refused.protocol = header.ipProtocol;
  refused.remotePort = header.remotePort;
  if (header.ipVersion == FWP_IP_VERSION_V6) {
    refused.ipVersion = 6;
    refused.remoteAddress = V6ToString(header.remoteAddrV6.byteArray16);
  } else {
    refused.remoteAddress = V4ToString(header.remoteAddrV4);
  }
  if (header.appId.data != nullptr && header.appId.size >= sizeof(wchar_t)) {
    refused.appId = WideToUtf8(reinterpret_cast<const wchar_t*>(header.appId.data),
                               static_cast<int>(wcsnlen(reinterpret_cast<const wchar_t*>(header.appId.data),
                                                        header.appId.size / sizeof(wchar_t))));
  }
  refused.filterId = event->classifyDrop->filterId;
  std::lock_guard<std::mutex> lock(session->mutex);
  bool ours = false;
  for (uint64_t id : session->filterIds) ours = ours || id == refused.filterId;
  if (!ours) return;  // other products' drops are not our events
  if (session->refused.size() >= kMaxQueued) {
    session->refused.pop_front();
    ++session->dropped;
  }
  session->refused.push_back(std::move(refused));
}

void CloseSession(std::unique_ptr<WfpSession> session) {
  if (session->netEvents != nullptr) FwpmNetEventUnsubscribe0(session->engine, session->netEvents);
  if (session->engine != nullptr) FwpmEngineClose0(session->engine);
}

}  // namespace

WfpSession* FindSession(Napi::Env env, uint32_t id) {
  std::lock_guard<std::mutex> lock(gMutex);
  auto found = gSessions.find(id);
  if (found == gSessions.end()) ThrowBadArgument(env, "unknown WFP session id");
  return found->second.get();
}

Napi::Value WfpOpen(const Napi::CallbackInfo& info) {
  Napi::Env env = info.Env();
  bool collect = info.Length() > 0 && info[0].IsObject() &&
                 info[0].As<Napi::Object>().Get("collectNetEvents").ToBoolean().Value();
  auto session = std::make_unique<WfpSession>();

  FWPM_SESSION0 options{};
  options.flags = kSessionFlagDynamic;
  options.displayData.name = const_cast<wchar_t*>(L"Custos DLP connection policies");
  DWORD rc = FwpmEngineOpen0(nullptr, RPC_C_AUTHN_WINNT, nullptr, &options, &session->engine);
  if (rc != ERROR_SUCCESS) ThrowWin32(env, "FwpmEngineOpen0", rc);

  FWPM_PROVIDER0 provider{};
  provider.providerKey = kCustosProvider;
  provider.displayData.name = const_cast<wchar_t*>(L"Custos DLP");
  rc = FwpmProviderAdd0(session->engine, &provider, nullptr);
  if (rc != ERROR_SUCCESS && rc != static_cast<DWORD>(FWP_E_ALREADY_EXISTS)) {
    CloseSession(std::move(session));
    ThrowWin32(env, "FwpmProviderAdd0", rc);
  }
  FWPM_SUBLAYER0 sublayer{};
  sublayer.subLayerKey = kCustosSublayer;
  sublayer.displayData.name = const_cast<wchar_t*>(L"Custos DLP connection policies");
  sublayer.providerKey = const_cast<GUID*>(&kCustosProvider);
  sublayer.weight = 0x8000;
  rc = FwpmSubLayerAdd0(session->engine, &sublayer, nullptr);
  if (rc != ERROR_SUCCESS && rc != static_cast<DWORD>(FWP_E_ALREADY_EXISTS)) {
    CloseSession(std::move(session));
    ThrowWin32(env, "FwpmSubLayerAdd0", rc);
  }

  if (collect) {
    FWP_VALUE0 on{};
    on.type = FWP_UINT32;
    on.uint32 = 1;
    rc = FwpmEngineSetOption0(session->engine, FWPM_ENGINE_COLLECT_NET_EVENTS, &on);
    if (rc != ERROR_SUCCESS) {
      CloseSession(std::move(session));
      ThrowWin32(env, "FwpmEngineSetOption0", rc);
    }
    FWPM_NET_EVENT_ENUM_TEMPLATE0 filter{};
    FWPM_NET_EVENT_SUBSCRIPTION0 subscription{};
    subscription.enumTemplate = &filter;
    rc = FwpmNetEventSubscribe0(session->engine, &subscription, OnNetEvent, session.get(), &session->netEvents);
    if (rc != ERROR_SUCCESS) {
      CloseSession(std::move(session));
      ThrowWin32(env, "FwpmNetEventSubscribe0", rc);
    }
  }

  std::lock_guard<std::mutex> lock(gMutex);
  uint32_t id = gNextId++;
  gSessions[id] = std::move(session);
  return Napi::Number::New(env, id);
}

Napi::Value WfpClose(const Napi::CallbackInfo& info) {
  uint32_t id = Uint32Arg(info, 0, "session");
  std::unique_ptr<WfpSession> session;
  {
    std::lock_guard<std::mutex> lock(gMutex);
    auto found = gSessions.find(id);
    if (found == gSessions.end()) return Napi::Boolean::New(info.Env(), false);
    session = std::move(found->second);
    gSessions.erase(found);
  }
  CloseSession(std::move(session));
  return Napi::Boolean::New(info.Env(), true);
}

Napi::Value WfpTakeNetEvents(const Napi::CallbackInfo& info) {
  Napi::Env env = info.Env();
  WfpSession* session = FindSession(env, Uint32Arg(info, 0, "session"));
  std::deque<RefusedConnection> taken;
  uint64_t dropped = 0;
  {
    std::lock_guard<std::mutex> lock(session->mutex);
    taken.swap(session->refused);
    dropped = session->dropped;
    session->dropped = 0;
  }
  Napi::Array list = Napi::Array::New(env);
  uint32_t count = 0;
  for (const RefusedConnection& one : taken) {
    Napi::Object value = Napi::Object::New(env);
    value.Set("timeMs", one.timeMs);
    value.Set("ipVersion", one.ipVersion);
    value.Set("remoteAddress", one.remoteAddress);
    value.Set("remotePort", one.remotePort);
    value.Set("protocol", one.protocol);
    value.Set("appId", one.appId);
    value.Set("filterId", Napi::Number::New(env, static_cast<double>(one.filterId)));
    list.Set(count++, value);
  }
  Napi::Object out = Napi::Object::New(env);
  out.Set("events", list);
  out.Set("dropped", Napi::Number::New(env, static_cast<double>(dropped)));
  return out;
}

// The application id WFP matches on (the executable's NT device path, lower-case), for a
// path the facade has already resolved to a system folder or the search path.
Napi::Value WfpAppId(const Napi::CallbackInfo& info) {
  Napi::Env env = info.Env();
  std::wstring path = Utf8ToWide(StringArg(info, 0, "path"));
  if (!WineVersion().empty()) ThrowWin32(env, "FwpmGetAppIdFromFileName0", ERROR_CALL_NOT_IMPLEMENTED);
  FWP_BYTE_BLOB* blob = nullptr;
  DWORD rc = FwpmGetAppIdFromFileName0(path.c_str(), &blob);
  if (rc != ERROR_SUCCESS) ThrowWin32(env, "FwpmGetAppIdFromFileName0", rc);
  std::string id;
  if (blob != nullptr && blob->data != nullptr) {
    const auto* text = reinterpret_cast<const wchar_t*>(blob->data);
    id = WideToUtf8(text, static_cast<int>(wcsnlen(text, blob->size / sizeof(wchar_t))));
  }
  if (blob != nullptr) FwpmFreeMemory0(reinterpret_cast<void**>(&blob));
  return Napi::String::New(env, id);
}

void CloseAllWfpSessions() {
  std::map<uint32_t, std::unique_ptr<WfpSession>> all;
  {
    std::lock_guard<std::mutex> lock(gMutex);
    all.swap(gSessions);
  }
  for (auto& entry : all) CloseSession(std::move(entry.second));
}

}  // namespace custos
