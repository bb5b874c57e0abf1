// Application event log entries (document 2: 2001 enrolled, 3004 enrolment failing with the
// reason). The facade owns the ids and texts; this writes one entry and reports failure.
#include "event-log.h"

#include <windows.h>

#include "win-error.h"
#include "wide.h"

namespace custos {

Napi::Value EventLogReport(const Napi::CallbackInfo& info) {
  Napi::Env env = info.Env();
  std::wstring source = Utf8ToWide(StringArg(info, 0, "source"));
  std::string level = StringArg(info, 1, "level");
  uint32_t eventId = Uint32Arg(info, 2, "eventId");
  std::wstring message = Utf8ToWide(StringArg(info, 3, "message"));
  WORD type = EVENTLOG_INFORMATION_TYPE;
  if (level == "warning") {
    type = EVENTLOG_WARNING_TYPE;
  } else if (level == "error") {
    type = EVENTLOG_ERROR_TYPE;
  } else if (level != "information") {
    ThrowBadArgument(env, "level must be information, warning or error");
  }
  if (eventId > 0xFFFF) ThrowBadArgument(env, "eventId must fit in 16 bits");
  HANDLE log = RegisterEventSourceW(nullptr, source.c_str());
  if (log == nullptr) ThrowLastError(env, "RegisterEventSourceW");
  const wchar_t* strings[1] = {message.c_str()};
  BOOL ok = ReportEventW(log, type, 0, eventId, nullptr, 1, 0, strings, nullptr);
  DWORD err = GetLastError();
  DeregisterEventSource(log);
  if (!ok) ThrowWin32(env, "ReportEventW", err);
  return env.Undefined();
}

}  // namespace custos
