// Starts `dlp-agent session` in a person's session (issue 18): the service (LocalSystem, holding
// SeTcbPrivilege) asks for the session's user token, makes it a primary token, builds that
// person's environment block and creates the process on the session's interactive desktop.
// Without the privilege WTSQueryUserToken fails and the coded error says so (native.access_denied
// / native.no_token); nothing is started as the service's own account.
#include "session-launch.h"

#include <windows.h>
#include <userenv.h>
#include <wtsapi32.h>

#include <vector>

#include "win-error.h"
#include "wide.h"

namespace custos {

Napi::Value SessionLaunch(const Napi::CallbackInfo& info) {
  Napi::Env env = info.Env();
  uint32_t sessionId = Uint32Arg(info, 0, "sessionId");
  std::wstring application = Utf8ToWide(StringArg(info, 1, "application"));
  std::wstring commandLine = Utf8ToWide(StringArg(info, 2, "commandLine"));
  HANDLE user = nullptr;
  if (!WTSQueryUserToken(sessionId, &user)) ThrowLastError(env, "WTSQueryUserToken");
  HANDLE primary = nullptr;
  BOOL duplicated = DuplicateTokenEx(user, MAXIMUM_ALLOWED, nullptr, SecurityIdentification, TokenPrimary, &primary);
  DWORD err = GetLastError();
  CloseHandle(user);
  if (!duplicated) ThrowWin32(env, "DuplicateTokenEx", err);
  void* block = nullptr;
  if (!CreateEnvironmentBlock(&block, primary, FALSE)) {
    err = GetLastError();
    CloseHandle(primary);
    ThrowWin32(env, "CreateEnvironmentBlock", err);
  }
  STARTUPINFOW si{};
  si.cb = sizeof si;
  wchar_t desktop[] = L"winsta0\\default";
  si.lpDesktop = desktop;
  PROCESS_INFORMATION pi{};
  std::vector<wchar_t> mutableLine(commandLine.begin(), commandLine.end());
  mutableLine.push_back(L'\0');
  BOOL created = CreateProcessAsUserW(primary, application.c_str(), mutableLine.data(), nullptr, nullptr, FALSE,
                                      CREATE_UNICODE_ENVIRONMENT | CREATE_NO_WINDOW | CREATE_NEW_PROCESS_GROUP, block,
                                      nullptr, &si, &pi);
  err = GetLastError();
  DestroyEnvironmentBlock(block);
  CloseHandle(primary);
  if (!created) ThrowWin32(env, "CreateProcessAsUserW", err);
  CloseHandle(pi.hThread);
  CloseHandle(pi.hProcess);
  return Napi::Number::New(env, pi.dwProcessId);
}

}  // namespace custos
