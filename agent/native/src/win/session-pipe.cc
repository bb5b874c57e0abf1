// The session channel's named pipe (issue 18, docs/native.md "Session channel on Windows").
// Server: the service owns the pipe name (first instance), its DACL lets interactive users read
// and write but never create an instance, remote clients are rejected, and every client is
// checked before JS sees a byte: its process token must be in the active console session and
// belong to that session's user. Client: `dlp-agent session` opens the pipe at identification
// level only and learns which session the server runs in (a service runs in session 0).
#include "session-pipe.h"

#include <windows.h>
#include <sddl.h>
#include <wtsapi32.h>

#include <map>
#include <mutex>
#include <thread>

#include "pipe-conn.h"
#include "win-error.h"
#include "wide.h"

namespace custos {

namespace {

// Deny network logons; LocalSystem and Administrators full control; interactive users read,
// write and attributes, without FILE_CREATE_PIPE_INSTANCE (0x4), so nobody but the service can
// add an instance of the pipe and stand in for it.
const wchar_t kPipeSddl[] = L"D:P(D;;GA;;;NU)(A;;GA;;;SY)(A;;GA;;;BA)(A;;0x12019b;;;IU)";
const DWORD kClientAccess = FILE_READ_DATA | FILE_WRITE_DATA | FILE_READ_ATTRIBUTES | SYNCHRONIZE;

struct Listener {
  std::wstring name;
  HANDLE stop = nullptr;
  HANDLE first = INVALID_HANDLE_VALUE;
  std::shared_ptr<EventChannel> channel;
  std::thread thread;
};

std::mutex& gMutex = *new std::mutex();  // never destroyed (see the maps below)
// Never destroyed: at process exit (process.exit skips the cleanup hook) a static map would
// destroy Listeners whose threads are still joinable, and std::thread would call terminate.
auto& gListeners = *new std::map<uint32_t, std::unique_ptr<Listener>>();
uint32_t gNextId = 1;

std::string Failure(const char* syscall, DWORD err) {
  OsFailure f = FromWin32(syscall, err);
  return std::string(syscall) + " failed: " + f.message + " (" + f.code + ")";
}

HANDLE NewInstance(const std::wstring& name, bool first, DWORD* err) {
  PSECURITY_DESCRIPTOR sd = nullptr;
  if (!ConvertStringSecurityDescriptorToSecurityDescriptorW(kPipeSddl, SDDL_REVISION_1, &sd, nullptr)) {
    *err = GetLastError();
    return INVALID_HANDLE_VALUE;
  }
  SECURITY_ATTRIBUTES sa{sizeof sa, sd, FALSE};
  HANDLE h = CreateNamedPipeW(name.c_str(),
                              PIPE_ACCESS_DUPLEX | FILE_FLAG_OVERLAPPED | (first ? FILE_FLAG_FIRST_PIPE_INSTANCE : 0),
                              PIPE_TYPE_BYTE | PIPE_READMODE_BYTE | PIPE_WAIT | PIPE_REJECT_REMOTE_CLIENTS,
                              PIPE_UNLIMITED_INSTANCES, 64 * 1024, 64 * 1024, 0, &sa);
  *err = GetLastError();
  LocalFree(sd);
  return h;
}

// What the kernel knows of the client, and the refusal (empty: admitted).
JsEvent CheckClient(HANDLE pipe) {
  JsEvent e;
  e.Text("kind", "connect");
  ULONG pid = 0;
  if (!GetNamedPipeClientProcessId(pipe, &pid)) return e.Text("refused", Failure("GetNamedPipeClientProcessId", GetLastError()));
  e.Number("pid", pid);
  ULONG pipeSession = 0;
  if (GetNamedPipeClientSessionId(pipe, &pipeSession)) e.Number("pipeSessionId", pipeSession);
  HANDLE process = OpenProcess(PROCESS_QUERY_LIMITED_INFORMATION, FALSE, pid);
  if (process == nullptr) return e.Text("refused", Failure("OpenProcess", GetLastError()));
  HANDLE token = nullptr;
  BOOL opened = OpenProcessToken(process, TOKEN_QUERY, &token);
  DWORD err = GetLastError();
  CloseHandle(process);
  if (!opened) return e.Text("refused", Failure("OpenProcessToken", err));
  std::string user = TokenUserSid(token);
  DWORD session = 0;
  DWORD size = sizeof session;
  BOOL hasSession = GetTokenInformation(token, TokenSessionId, &session, size, &size);
  CloseHandle(token);
  if (user.empty() || !hasSession) return e.Text("refused", "the client's token names no user or session");
  e.Text("userSid", user).Number("sessionId", session);
  DWORD console = WTSGetActiveConsoleSessionId();
  if (console == 0xFFFFFFFF) return e.Text("refused", "no session is attached to the console");
  e.Number("consoleSessionId", console);
  if (session != console)
    return e.Text("refused", "the client runs in session " + std::to_string(session) +
                                 ", not in the active console session " + std::to_string(console));
  HANDLE consoleToken = nullptr;
  if (!WTSQueryUserToken(console, &consoleToken))
    return e.Text("refused", Failure("WTSQueryUserToken", GetLastError()));
  std::string consoleUser = TokenUserSid(consoleToken);
  CloseHandle(consoleToken);
  e.Text("consoleUserSid", consoleUser);
  if (consoleUser.empty() || consoleUser != user)
    return e.Text("refused", "the client's user is not the person signed in at the console");
  return e;
}

// A failure of the listener, with the call and its Windows error (the service logs it). `fatal`:
// the listener accepts nobody any more.
JsEvent ListenerError(const char* syscall, DWORD err, bool fatal) {
  return JsEvent()
      .Text("kind", "error")
      .Text("syscall", syscall)
      .Number("osCode", err)
      .Number("fatal", fatal ? 1 : 0)
      .Text("message", Failure(syscall, err));
}

void Serve(Listener* l) {
  HANDLE instance = l->first;
  l->first = INVALID_HANDLE_VALUE;
  HANDLE connected = CreateEventW(nullptr, TRUE, FALSE, nullptr);
  if (connected == nullptr) {
    l->channel->Post(ListenerError("CreateEventW", GetLastError(), true));
    CloseHandle(instance);
    return;
  }
  while (instance != INVALID_HANDLE_VALUE) {
    OVERLAPPED ov{};
    ov.hEvent = connected;
    ResetEvent(connected);
    bool ok = ConnectNamedPipe(instance, &ov) != FALSE;
    DWORD err = GetLastError();
    const char* failed = "ConnectNamedPipe";
    if (!ok && err == ERROR_IO_PENDING) {
      HANDLE waits[2] = {l->stop, connected};
      DWORD w = WaitForMultipleObjects(2, waits, FALSE, INFINITE);
      if (w != WAIT_OBJECT_0 + 1) {
        if (w != WAIT_OBJECT_0) l->channel->Post(ListenerError("WaitForMultipleObjects", GetLastError(), true));
        CancelIoEx(instance, &ov);
        DWORD ignored = 0;
        GetOverlappedResult(instance, &ov, &ignored, TRUE);
        CloseHandle(instance);
        break;
      }
      DWORD ignored = 0;
      ok = GetOverlappedResult(instance, &ov, &ignored, FALSE) != FALSE;
      err = GetLastError();
      failed = "GetOverlappedResult";
    } else if (!ok && err == ERROR_PIPE_CONNECTED) {
      ok = true;
    }
    if (ok) {
      JsEvent facts = CheckClient(instance);
      uint32_t conn = StartPipeConnection(instance, l->channel, false);
      l->channel->Post(facts.Number("conn", conn));
    } else {
      // A client that left before it was served (ERROR_NO_DATA) is ordinary; anything else is
      // reported. Either way this instance is dropped and the next client is awaited.
      CloseHandle(instance);
      if (err != ERROR_NO_DATA) {
        l->channel->Post(ListenerError(failed, err, false));
        // A failure that repeats at once must not spin: one attempt a second, until stopped.
        if (WaitForSingleObject(l->stop, 1000) != WAIT_TIMEOUT) break;
      }
    }
    instance = NewInstance(l->name, false, &err);
    if (instance == INVALID_HANDLE_VALUE) l->channel->Post(ListenerError("CreateNamedPipeW", err, true));
  }
  CloseHandle(connected);
}

void StopListener(std::unique_ptr<Listener> l) {
  SetEvent(l->stop);
  if (l->thread.joinable()) l->thread.join();
  CloseHandle(l->stop);
  l->channel->Close();
}

}  // namespace

// sessionPipeListen(name, callback) -> id. Throws when the name is already served (another
// agent, or someone squatting it: FILE_FLAG_FIRST_PIPE_INSTANCE fails with access denied).
Napi::Value SessionPipeListen(const Napi::CallbackInfo& info) {
  Napi::Env env = info.Env();
  std::string name = StringArg(info, 0, "name");
  Napi::Function callback = FunctionArg(info, 1, "callback");
  if (name.rfind("\\\\.\\pipe\\", 0) != 0) ThrowBadArgument(env, "name must start with \\\\.\\pipe\\");
  auto l = std::make_unique<Listener>();
  l->name = Utf8ToWide(name);
  DWORD err = 0;
  l->first = NewInstance(l->name, true, &err);
  if (l->first == INVALID_HANDLE_VALUE) ThrowWin32(env, "CreateNamedPipeW", err);
  l->stop = CreateEventW(nullptr, TRUE, FALSE, nullptr);
  l->channel = std::make_shared<EventChannel>(env, callback, "custos-session-pipe");
  l->thread = std::thread(Serve, l.get());
  std::lock_guard<std::mutex> lock(gMutex);
  uint32_t id = gNextId++;
  gListeners[id] = std::move(l);
  return Napi::Number::New(env, id);
}

// sessionPipeStop(id): no new clients; connections already admitted keep running until ended.
Napi::Value SessionPipeStop(const Napi::CallbackInfo& info) {
  uint32_t id = Uint32Arg(info, 0, "id");
  std::unique_ptr<Listener> l;
  {
    std::lock_guard<std::mutex> lock(gMutex);
    auto found = gListeners.find(id);
    if (found == gListeners.end()) return Napi::Boolean::New(info.Env(), false);
    l = std::move(found->second);
    gListeners.erase(found);
  }
  StopListener(std::move(l));
  return Napi::Boolean::New(info.Env(), true);
}

// sessionPipeConnect(name, callback) -> { conn, serverPid, serverSessionId }. The server's
// session tells a service (session 0) from a process of some signed-in person.
Napi::Value SessionPipeConnect(const Napi::CallbackInfo& info) {
  Napi::Env env = info.Env();
  std::wstring name = Utf8ToWide(StringArg(info, 0, "name"));
  Napi::Function callback = FunctionArg(info, 1, "callback");
  HANDLE pipe = INVALID_HANDLE_VALUE;
  for (int attempt = 0; attempt < 2 && pipe == INVALID_HANDLE_VALUE; ++attempt) {
    pipe = CreateFileW(name.c_str(), kClientAccess, 0, nullptr, OPEN_EXISTING,
                       FILE_FLAG_OVERLAPPED | SECURITY_SQOS_PRESENT | SECURITY_IDENTIFICATION, nullptr);
    if (pipe == INVALID_HANDLE_VALUE) {
      DWORD err = GetLastError();
      if (err != ERROR_PIPE_BUSY || attempt == 1 || !WaitNamedPipeW(name.c_str(), 2000)) ThrowWin32(env, "CreateFileW", err);
    }
  }
  ULONG serverPid = 0;
  ULONG serverSession = 0;
  if (!GetNamedPipeServerProcessId(pipe, &serverPid) || !GetNamedPipeServerSessionId(pipe, &serverSession)) {
    DWORD err = GetLastError();
    CloseHandle(pipe);
    ThrowWin32(env, "GetNamedPipeServerSessionId", err);
  }
  auto channel = std::make_shared<EventChannel>(env, callback, "custos-session-pipe-client");
  uint32_t conn = StartPipeConnection(pipe, channel, true);
  Napi::Object out = Napi::Object::New(env);
  out.Set("conn", Napi::Number::New(env, conn));
  out.Set("serverPid", Napi::Number::New(env, serverPid));
  out.Set("serverSessionId", Napi::Number::New(env, serverSession));
  return out;
}

void CloseAllSessionPipes() {
  std::map<uint32_t, std::unique_ptr<Listener>> all;
  {
    std::lock_guard<std::mutex> lock(gMutex);
    all.swap(gListeners);
  }
  for (auto& entry : all) StopListener(std::move(entry.second));
  CloseAllPipeConnections();
}

}  // namespace custos
