#include "win-error.h"

#include <cstdio>

#include "wide.h"

namespace custos {

static const char* CodeForWin32(DWORD code) {
  switch (code) {
    case ERROR_FILE_NOT_FOUND:
    case ERROR_PATH_NOT_FOUND:
    case ERROR_INVALID_DRIVE:
    case ERROR_BAD_NETPATH:
    case ERROR_NONE_MAPPED:
    case ERROR_SERVICE_DOES_NOT_EXIST:
      return "native.not_found";
    case ERROR_ACCESS_DENIED:
    case ERROR_PRIVILEGE_NOT_HELD:
    case ERROR_WRITE_PROTECT:
      return "native.access_denied";
    case ERROR_INVALID_FUNCTION:
    case ERROR_NOT_SUPPORTED:
    case ERROR_CALL_NOT_IMPLEMENTED:
    case RPC_S_CANNOT_SUPPORT:
      return "native.not_supported";
    case ERROR_FILE_EXISTS:
    case ERROR_ALREADY_EXISTS:
      return "native.exists";
    case ERROR_INVALID_PARAMETER:
    case ERROR_INVALID_NAME:
    case ERROR_INVALID_SID:
      return "native.invalid_argument";
    case ERROR_NOT_ENOUGH_MEMORY:
    case ERROR_OUTOFMEMORY:
      return "native.out_of_memory";
    case ERROR_INSUFFICIENT_BUFFER:
    case ERROR_MORE_DATA:
      return "native.too_large";
    case ERROR_HANDLE_EOF:
    case ERROR_NO_MORE_ITEMS:
      return "native.no_data";
    case ERROR_DISK_FULL:
    case ERROR_HANDLE_DISK_FULL:
      return "native.no_space";
    case ERROR_SHARING_VIOLATION:
    case ERROR_LOCK_VIOLATION:
    case ERROR_BUSY:
      return "native.busy";
    case ERROR_NO_TOKEN:
    case ERROR_NO_SUCH_LOGON_SESSION:
      return "native.no_session";
    case ERROR_FAILED_SERVICE_CONTROLLER_CONNECT:
      return "native.not_a_service";
    case ERROR_TIMEOUT:
    case WAIT_TIMEOUT:
      return "native.timeout";
    default:
      return "native.os_error";
  }
}

static std::string SystemMessage(DWORD code) {
  wchar_t* text = nullptr;
  DWORD length = FormatMessageW(
      FORMAT_MESSAGE_ALLOCATE_BUFFER | FORMAT_MESSAGE_FROM_SYSTEM | FORMAT_MESSAGE_IGNORE_INSERTS, nullptr, code,
      0, reinterpret_cast<wchar_t*>(&text), 0, nullptr);
  std::string message;
  if (length > 0 && text != nullptr) {
    while (length > 0 && (text[length - 1] == L'\r' || text[length - 1] == L'\n' || text[length - 1] == L' ')) {
      --length;
    }
    message = WideToUtf8(text, static_cast<int>(length));
  }
  if (text != nullptr) LocalFree(text);
  if (message.empty()) {
    char fallback[48];
    std::snprintf(fallback, sizeof fallback, "error 0x%08lX", static_cast<unsigned long>(code));
    message = fallback;
  }
  return message;
}

OsFailure FromWin32(const char* syscall, DWORD code) {
  // Fwpm* functions return FWP_E_* HRESULTs through a DWORD; keep their number space honest.
  if ((code & 0x80000000u) != 0) return FromHresult(syscall, static_cast<HRESULT>(code));
  return {CodeForWin32(code), SystemMessage(code), syscall, static_cast<int64_t>(code), "win32"};
}

OsFailure FromHresult(const char* syscall, HRESULT hr) {
  DWORD raw = static_cast<DWORD>(hr);
  const char* code = "native.os_error";
  if (HRESULT_FACILITY(hr) == FACILITY_WIN32) {
    code = CodeForWin32(HRESULT_CODE(hr));
  } else if (hr == E_NOTIMPL) {
    code = "native.not_supported";
  } else if ((raw & 0xFFFF0000u) == 0x80320000u) {
    // FACILITY_FWP (0x32): FWP_E_ALREADY_EXISTS is the only one with a generic meaning.
    code = raw == 0x80320009u ? "native.exists" : "native.wfp_error";
  }
  return {code, SystemMessage(raw), syscall, static_cast<int64_t>(raw), "hresult"};
}

void ThrowWin32(Napi::Env env, const char* syscall, DWORD code) { ThrowCoded(env, FromWin32(syscall, code)); }

void ThrowLastError(Napi::Env env, const char* syscall) { ThrowWin32(env, syscall, GetLastError()); }

}  // namespace custos
