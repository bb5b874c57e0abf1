// Logon-token groups (document 1, rule 7). The native half reads the token exactly as Windows
// holds it — every group with its attribute bits — and the facade applies the rule (enabled
// groups only; deny-only groups, the logon SID and the integrity label are not memberships).
#include "token-groups.h"

#include <windows.h>
#include <sddl.h>
#include <wtsapi32.h>

#include <memory>
#include <vector>

#include "win-error.h"
#include "wide.h"

namespace custos {

namespace {

struct HandleCloser {
  void operator()(HANDLE handle) const {
    if (handle != nullptr && handle != INVALID_HANDLE_VALUE) CloseHandle(handle);
  }
};
using UniqueHandle = std::unique_ptr<void, HandleCloser>;

std::string SidToString(PSID sid) {
  wchar_t* text = nullptr;
  if (!ConvertSidToStringSidW(sid, &text)) return std::string();
  std::string out = WideToUtf8(text);
  LocalFree(text);
  return out;
}

std::vector<BYTE> TokenInfo(Napi::Env env, HANDLE token, TOKEN_INFORMATION_CLASS which) {
  DWORD needed = 0;
  GetTokenInformation(token, which, nullptr, 0, &needed);
  DWORD err = GetLastError();
  if (needed == 0) ThrowWin32(env, "GetTokenInformation", err);
  std::vector<BYTE> data(needed);
  if (!GetTokenInformation(token, which, data.data(), needed, &needed)) ThrowLastError(env, "GetTokenInformation");
  return data;
}

Napi::Object DescribeToken(Napi::Env env, HANDLE token) {
  Napi::Object out = Napi::Object::New(env);
  std::vector<BYTE> user = TokenInfo(env, token, TokenUser);
  out.Set("userSid", SidToString(reinterpret_cast<TOKEN_USER*>(user.data())->User.Sid));

  DWORD sessionId = 0;
  DWORD size = sizeof sessionId;
  if (GetTokenInformation(token, TokenSessionId, &sessionId, size, &size)) {
    out.Set("sessionId", Napi::Number::New(env, sessionId));
  } else {
    out.Set("sessionId", env.Null());
  }

  std::vector<BYTE> groupsData = TokenInfo(env, token, TokenGroups);
  auto* groups = reinterpret_cast<TOKEN_GROUPS*>(groupsData.data());
  Napi::Array list = Napi::Array::New(env);
  for (DWORD i = 0; i < groups->GroupCount; ++i) {
    Napi::Object group = Napi::Object::New(env);
    group.Set("sid", SidToString(groups->Groups[i].Sid));
    group.Set("attributes", Napi::Number::New(env, groups->Groups[i].Attributes));
    list.Set(i, group);
  }
  out.Set("groups", list);
  return out;
}

}  // namespace

Napi::Value ProcessTokenIdentity(const Napi::CallbackInfo& info) {
  Napi::Env env = info.Env();
  HANDLE raw = nullptr;
  if (!OpenProcessToken(GetCurrentProcess(), TOKEN_QUERY, &raw)) ThrowLastError(env, "OpenProcessToken");
  UniqueHandle token(raw);
  return DescribeToken(env, token.get());
}

// The signed-in person's token for a session; needs SeTcbPrivilege, i.e. the agent service
// running as LocalSystem. Anything else answers native.access_denied, which the agent reports.
Napi::Value SessionTokenIdentity(const Napi::CallbackInfo& info) {
  Napi::Env env = info.Env();
  uint32_t sessionId = Uint32Arg(info, 0, "sessionId");
  HANDLE raw = nullptr;
  if (!WTSQueryUserToken(sessionId, &raw)) ThrowLastError(env, "WTSQueryUserToken");
  UniqueHandle token(raw);
  return DescribeToken(env, token.get());
}

static const char* SessionState(WTS_CONNECTSTATE_CLASS state) {
  switch (state) {
    case WTSActive:
      return "active";
    case WTSConnected:
      return "connected";
    case WTSConnectQuery:
      return "connect_query";
    case WTSShadow:
      return "shadow";
    case WTSDisconnected:
      return "disconnected";
    case WTSIdle:
      return "idle";
    case WTSListen:
      return "listen";
    case WTSReset:
      return "reset";
    case WTSDown:
      return "down";
    case WTSInit:
      return "init";
    default:
      return "unknown";
  }
}

// Every session with its state and user name: the facade decides "sole signed-in person".
Napi::Value ConsoleSessions(const Napi::CallbackInfo& info) {
  Napi::Env env = info.Env();
  WTS_SESSION_INFOW* sessions = nullptr;
  DWORD count = 0;
  if (!WTSEnumerateSessionsW(WTS_CURRENT_SERVER_HANDLE, 0, 1, &sessions, &count)) {
    ThrowLastError(env, "WTSEnumerateSessionsW");
  }
  Napi::Object out = Napi::Object::New(env);
  DWORD console = WTSGetActiveConsoleSessionId();
  out.Set("activeConsoleSessionId", console == 0xFFFFFFFF ? env.Null() : Napi::Number::New(env, console));
  Napi::Array list = Napi::Array::New(env);
  for (DWORD i = 0; i < count; ++i) {
    Napi::Object one = Napi::Object::New(env);
    one.Set("sessionId", Napi::Number::New(env, sessions[i].SessionId));
    one.Set("station", WideToUtf8(sessions[i].pWinStationName));
    one.Set("state", SessionState(sessions[i].State));
    wchar_t* user = nullptr;
    DWORD bytes = 0;
    if (WTSQuerySessionInformationW(WTS_CURRENT_SERVER_HANDLE, sessions[i].SessionId, WTSUserName, &user, &bytes) &&
        user != nullptr) {
      one.Set("user", WideToUtf8(user));
      WTSFreeMemory(user);
    } else {
      one.Set("user", env.Null());
    }
    list.Set(i, one);
  }
  if (sessions != nullptr) WTSFreeMemory(sessions);
  out.Set("sessions", list);
  return out;
}

namespace {

// A name lookup can reach a domain controller and take seconds: it runs off the main thread so
// a decision never waits for it (rule 7: "a decision never waits for the lookup").
class LookupSidWorker : public Napi::AsyncWorker {
 public:
  LookupSidWorker(Napi::Env env, std::string sid)
      : Napi::AsyncWorker(env), deferred_(Napi::Promise::Deferred::New(env)), sid_(std::move(sid)) {}
  Napi::Promise Promise() { return deferred_.Promise(); }

  void Execute() override {
    PSID sid = nullptr;
    std::wstring wide = Utf8ToWide(sid_);
    if (!ConvertStringSidToSidW(wide.c_str(), &sid)) {
      failure_ = FromWin32("ConvertStringSidToSidW", GetLastError());
      SetError(failure_.message);
      return;
    }
    wchar_t name[256];
    wchar_t domain[256];
    DWORD nameLength = 256;
    DWORD domainLength = 256;
    SID_NAME_USE use = SidTypeUnknown;
    BOOL ok = LookupAccountSidW(nullptr, sid, name, &nameLength, domain, &domainLength, &use);
    DWORD err = GetLastError();
    LocalFree(sid);
    if (!ok) {
      failure_ = FromWin32("LookupAccountSidW", err);
      SetError(failure_.message);
      return;
    }
    name_ = WideToUtf8(name, static_cast<int>(nameLength));
    domain_ = WideToUtf8(domain, static_cast<int>(domainLength));
    type_ = static_cast<int>(use);
  }

  void OnOK() override {
    Napi::Object out = Napi::Object::New(Env());
    out.Set("sid", sid_);
    out.Set("name", name_);
    out.Set("domain", domain_);
    out.Set("type", Napi::Number::New(Env(), type_));
    deferred_.Resolve(out);
  }

  void OnError(const Napi::Error&) override { deferred_.Reject(MakeCodedError(Env(), failure_).Value()); }

 private:
  Napi::Promise::Deferred deferred_;
  std::string sid_;
  std::string name_;
  std::string domain_;
  int type_ = 0;
  OsFailure failure_;
};

}  // namespace

Napi::Value LookupSid(const Napi::CallbackInfo& info) {
  std::string sid = StringArg(info, 0, "sid");
  auto* worker = new LookupSidWorker(info.Env(), sid);
  Napi::Promise promise = worker->Promise();
  worker->Queue();
  return promise;
}

}  // namespace custos
