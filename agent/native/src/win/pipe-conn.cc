#include "pipe-conn.h"

#include <sddl.h>

#include <map>
#include <mutex>
#include <thread>
#include <vector>

#include "win-error.h"

namespace custos {

namespace {

// Nothing of the session protocol comes near this: a peer that does not read is cut off
// rather than letting the service's memory grow.
constexpr size_t kMaxQueued = 1024 * 1024;

struct Conn {
  uint32_t id = 0;
  HANDLE pipe = INVALID_HANDLE_VALUE;
  HANDLE stop = nullptr;    // manual reset: end now
  HANDLE queued = nullptr;  // auto reset: bytes (or a flushing end) waiting
  HANDLE done = nullptr;    // manual reset: the thread has finished
  std::shared_ptr<EventChannel> channel;
  bool ownsChannel = false;
  std::mutex mutex;
  std::string out;
  bool ending = false;
  bool ended = false;
  bool overflowed = false;  // cut off: more than kMaxQueued waiting for a peer that does not read
  ~Conn() {
    for (HANDLE h : {stop, queued, done})
      if (h != nullptr) CloseHandle(h);
  }
};

std::mutex& gMutex = *new std::mutex();  // never destroyed (see the maps below)
// Never destroyed: connection threads may still end after static destructors run at exit.
auto& gConns = *new std::map<uint32_t, std::shared_ptr<Conn>>();
uint32_t gNextId = 1;

// Why a connection's I/O thread ended: the failing call and its Windows error (0: a normal end).
struct Failure {
  const char* syscall = nullptr;
  DWORD code = 0;
};

// Writes everything queued; false when the pipe broke (`failure` says how) or the connection
// was told to stop (`failure` stays empty).
bool WriteQueued(Conn* c, HANDLE writeEvent, Failure* failure) {
  for (;;) {
    std::string chunk;
    {
      std::lock_guard<std::mutex> lock(c->mutex);
      chunk.swap(c->out);
    }
    if (chunk.empty()) return true;
    OVERLAPPED ov{};
    ov.hEvent = writeEvent;
    ResetEvent(writeEvent);
    if (!WriteFile(c->pipe, chunk.data(), static_cast<DWORD>(chunk.size()), nullptr, &ov) &&
        GetLastError() != ERROR_IO_PENDING) {
      *failure = {"WriteFile", GetLastError()};
      return false;
    }
    HANDLE waits[2] = {c->stop, writeEvent};
    DWORD w = WaitForMultipleObjects(2, waits, FALSE, INFINITE);
    if (w != WAIT_OBJECT_0 + 1) {
      if (w != WAIT_OBJECT_0) *failure = {"WaitForMultipleObjects", GetLastError()};
      CancelIoEx(c->pipe, &ov);
      DWORD ignored = 0;
      GetOverlappedResult(c->pipe, &ov, &ignored, TRUE);
      return false;
    }
    DWORD written = 0;
    if (!GetOverlappedResult(c->pipe, &ov, &written, FALSE)) {
      *failure = {"WriteFile", GetLastError()};
      return false;
    }
    if (written != chunk.size()) {
      *failure = {"WriteFile", ERROR_WRITE_FAULT};
      return false;
    }
  }
}

// A broken pipe is the peer's end, not a failure.
std::string EndOf(const char* syscall, DWORD err, Failure* failure) {
  if (err == ERROR_BROKEN_PIPE || err == ERROR_PIPE_NOT_CONNECTED) return "closed";
  *failure = {syscall, err};
  return "read failed";
}

void Run(std::shared_ptr<Conn> c) {
  HANDLE readEvent = CreateEventW(nullptr, TRUE, FALSE, nullptr);
  HANDLE writeEvent = CreateEventW(nullptr, TRUE, FALSE, nullptr);
  std::vector<char> buffer(16 * 1024);
  OVERLAPPED rov{};
  rov.hEvent = readEvent;
  bool reading = false;
  std::string why = "closed";
  Failure failure;
  for (;;) {
    if (!reading) {
      ResetEvent(readEvent);
      if (!ReadFile(c->pipe, buffer.data(), static_cast<DWORD>(buffer.size()), nullptr, &rov) &&
          GetLastError() != ERROR_IO_PENDING) {
        why = EndOf("ReadFile", GetLastError(), &failure);
        break;
      }
      reading = true;
    }
    HANDLE waits[3] = {c->stop, readEvent, c->queued};
    DWORD w = WaitForMultipleObjects(3, waits, FALSE, INFINITE);
    if (w == WAIT_OBJECT_0) {
      why = "ended";
      break;
    }
    if (w == WAIT_OBJECT_0 + 1) {
      reading = false;
      DWORD n = 0;
      if (!GetOverlappedResult(c->pipe, &rov, &n, FALSE)) {
        why = EndOf("ReadFile", GetLastError(), &failure);
        break;
      }
      if (n > 0) c->channel->Post(JsEvent().Text("kind", "data").Number("conn", c->id).Bytes("data", std::string(buffer.data(), n)));
      continue;
    }
    if (w != WAIT_OBJECT_0 + 2) {
      failure = {"WaitForMultipleObjects", GetLastError()};
      why = "wait failed";
      break;
    }
    if (!WriteQueued(c.get(), writeEvent, &failure)) {
      // The peer's end shows as a broken pipe on write too; a stop asked for is an end.
      if (failure.code == ERROR_BROKEN_PIPE || failure.code == ERROR_NO_DATA ||
          failure.code == ERROR_PIPE_NOT_CONNECTED)
        failure = {};
      why = failure.syscall != nullptr ? "write failed" : "closed";
      break;
    }
    bool ending = false;
    {
      std::lock_guard<std::mutex> lock(c->mutex);
      ending = c->ending && c->out.empty();
    }
    if (ending) {
      FlushFileBuffers(c->pipe);
      why = "ended";
      break;
    }
  }
  if (reading) {
    CancelIoEx(c->pipe, &rov);
    DWORD ignored = 0;
    GetOverlappedResult(c->pipe, &rov, &ignored, TRUE);
  }
  {
    std::lock_guard<std::mutex> lock(c->mutex);
    c->ended = true;
    c->out.clear();
    if (c->overflowed) why = "cut off: the peer does not read (1 MiB queued)";
  }
  CloseHandle(c->pipe);
  c->pipe = INVALID_HANDLE_VALUE;
  CloseHandle(readEvent);
  CloseHandle(writeEvent);
  {
    std::lock_guard<std::mutex> lock(gMutex);
    gConns.erase(c->id);
  }
  JsEvent end;
  end.Text("kind", "close").Number("conn", c->id).Text("reason", why);
  // A failure carries its call and Windows error, so the service can log it (never swallowed).
  if (failure.syscall != nullptr) end.Text("syscall", failure.syscall).Number("osCode", failure.code);
  c->channel->Post(std::move(end));
  if (c->ownsChannel) c->channel->Close();
  SetEvent(c->done);
}

std::shared_ptr<Conn> Find(uint32_t id) {
  std::lock_guard<std::mutex> lock(gMutex);
  auto found = gConns.find(id);
  return found == gConns.end() ? nullptr : found->second;
}

}  // namespace

uint32_t StartPipeConnection(HANDLE pipe, std::shared_ptr<EventChannel> channel, bool ownsChannel) {
  auto c = std::make_shared<Conn>();
  c->pipe = pipe;
  c->channel = std::move(channel);
  c->ownsChannel = ownsChannel;
  c->stop = CreateEventW(nullptr, TRUE, FALSE, nullptr);
  c->queued = CreateEventW(nullptr, FALSE, FALSE, nullptr);
  c->done = CreateEventW(nullptr, TRUE, FALSE, nullptr);
  {
    std::lock_guard<std::mutex> lock(gMutex);
    c->id = gNextId++;
    gConns[c->id] = c;
  }
  std::thread(Run, c).detach();
  return c->id;
}

bool PipeConnectionWrite(uint32_t id, std::string bytes) {
  auto c = Find(id);
  if (!c) return false;
  {
    std::lock_guard<std::mutex> lock(c->mutex);
    if (c->ended || c->ending) return false;
    if (c->out.size() + bytes.size() > kMaxQueued) {
      c->overflowed = true;
      SetEvent(c->stop);
      return false;
    }
    c->out += bytes;
  }
  SetEvent(c->queued);
  return true;
}

bool PipeConnectionEnd(uint32_t id, bool flush) {
  auto c = Find(id);
  if (!c) return false;
  if (flush) {
    std::lock_guard<std::mutex> lock(c->mutex);
    c->ending = true;
    SetEvent(c->queued);
  } else {
    SetEvent(c->stop);
  }
  return true;
}

void CloseAllPipeConnections() {
  std::vector<std::shared_ptr<Conn>> all;
  {
    std::lock_guard<std::mutex> lock(gMutex);
    for (auto& entry : gConns) all.push_back(entry.second);
  }
  for (auto& c : all) SetEvent(c->stop);
  // Each thread posts nothing useful once the environment is gone (the channel is closed).
  for (auto& c : all) WaitForSingleObject(c->done, 2000);
}

std::string TokenUserSid(HANDLE token) {
  DWORD needed = 0;
  GetTokenInformation(token, TokenUser, nullptr, 0, &needed);
  if (needed == 0) return std::string();
  std::vector<BYTE> data(needed);
  if (!GetTokenInformation(token, TokenUser, data.data(), needed, &needed)) return std::string();
  wchar_t* text = nullptr;
  if (!ConvertSidToStringSidW(reinterpret_cast<TOKEN_USER*>(data.data())->User.Sid, &text)) return std::string();
  int length = WideCharToMultiByte(CP_UTF8, 0, text, -1, nullptr, 0, nullptr, nullptr);
  std::string out(length > 0 ? static_cast<size_t>(length - 1) : 0, '\0');
  if (length > 1) WideCharToMultiByte(CP_UTF8, 0, text, -1, &out[0], length, nullptr, nullptr);
  LocalFree(text);
  return out;
}

Napi::Value SessionPipeWrite(const Napi::CallbackInfo& info) {
  uint32_t id = Uint32Arg(info, 0, "conn");
  Napi::Buffer<uint8_t> data = BufferArg(info, 1, "data");
  std::string bytes(reinterpret_cast<const char*>(data.Data()), data.Length());
  return Napi::Boolean::New(info.Env(), PipeConnectionWrite(id, std::move(bytes)));
}

Napi::Value SessionPipeEnd(const Napi::CallbackInfo& info) {
  uint32_t id = Uint32Arg(info, 0, "conn");
  bool flush = info.Length() > 1 && info[1].IsBoolean() && info[1].As<Napi::Boolean>().Value();
  return Napi::Boolean::New(info.Env(), PipeConnectionEnd(id, flush));
}

}  // namespace custos
