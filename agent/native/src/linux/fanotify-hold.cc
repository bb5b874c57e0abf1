// Held opens (issue 18): fanotify permission events (FAN_OPEN_PERM). Each marked directory holds
// the opens of the regular files directly inside it until the agent answers allow or deny, or
// until the hold's deadline, when the default answer is given here, on the reader thread, without
// JavaScript: a stalled event loop never leaves an open hanging. Opens by the agent's own process
// are allowed at once (the agent reads the file it decides on). When the group's descriptor is
// closed (the agent stops or crashes) the kernel allows every open still waiting.
// With a read size, the reader thread also reads a small regular file whole through the event's
// own descriptor (the file the opener opened, whatever its path names by then) and passes its
// state and bytes along, so deciding needs no round trips through libuv's thread pool.
#include "fanotify-hold.h"

#include <fcntl.h>
#include <poll.h>
#include <sys/fanotify.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <climits>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "../common/coded-error.h"
#include "errno-error.h"

namespace custos {

namespace {

using Clock = std::chrono::steady_clock;

// The largest file the reader thread reads itself (larger ones are read by JavaScript by path).
constexpr uint32_t kMaxReadBytes = 16u << 20;

struct Pending {
  int fd;
  Clock::time_point deadline;
};

struct Hold {
  int fan = -1;
  int stopRead = -1;
  int stopWrite = -1;
  std::chrono::milliseconds timeout{0};
  bool defaultAllow = false;
  uint32_t readBytes = 0;  // read whole files up to this size on the reader thread (0: never)
  Napi::ThreadSafeFunction tsfn;
  std::thread thread;
  std::mutex mutex;  // guards pending and nextEvent
  std::map<uint32_t, Pending> pending;
  uint32_t nextEvent = 1;
};

std::mutex gMutex;
std::map<uint32_t, std::unique_ptr<Hold>> gHolds;
uint32_t gNextId = 1;

void Respond(int fan, int fd, bool allow) {
  fanotify_response response{};
  response.fd = fd;
  response.response = allow ? FAN_ALLOW : FAN_DENY;
  (void)!write(fan, &response, sizeof response);
  close(fd);
}

std::string ReadLink(const std::string& path) {
  char buffer[PATH_MAX];
  ssize_t n = readlink(path.c_str(), buffer, sizeof buffer - 1);
  return n < 0 ? std::string() : std::string(buffer, static_cast<size_t>(n));
}

// Answers every hold past its deadline with the default; returns the wait until the next one.
int ExpireDue(Hold* hold) {
  std::lock_guard<std::mutex> lock(hold->mutex);
  auto now = Clock::now();
  int wait = -1;
  for (auto it = hold->pending.begin(); it != hold->pending.end();) {
    if (it->second.deadline <= now) {
      Respond(hold->fan, it->second.fd, hold->defaultAllow);
      it = hold->pending.erase(it);
      continue;
    }
    auto left = std::chrono::duration_cast<std::chrono::milliseconds>(it->second.deadline - now).count() + 1;
    if (wait < 0 || left < wait) wait = static_cast<int>(left);
    ++it;
  }
  return wait;
}

// What the reader thread learnt of the opened file: its state and, when small, its bytes.
struct Opened {
  bool known = false;  // fstat succeeded
  struct stat st {};
  bool whole = false;  // `bytes` is the whole file, unchanged while it was read
  std::vector<char> bytes;
};

double Millis(const timespec& t) {
  return static_cast<double>(t.tv_sec) * 1000.0 + static_cast<double>(t.tv_nsec) / 1e6;
}

bool SameState(const struct stat& a, const struct stat& b) {
  return a.st_size == b.st_size && a.st_mtim.tv_sec == b.st_mtim.tv_sec &&
         a.st_mtim.tv_nsec == b.st_mtim.tv_nsec && a.st_ctim.tv_sec == b.st_ctim.tv_sec &&
         a.st_ctim.tv_nsec == b.st_ctim.tv_nsec;
}

// fstat of the event's descriptor, then (a regular file no larger than readBytes > 0) its bytes with
// pread, and fstat again: a file that changed meanwhile is passed without bytes (read by path).
Opened Inspect(int fd, uint32_t readBytes) {
  Opened out;
  if (fstat(fd, &out.st) != 0) return out;
  out.known = true;
  if (readBytes == 0 || !S_ISREG(out.st.st_mode) || out.st.st_size < 0 || static_cast<uint64_t>(out.st.st_size) > readBytes)
    return out;
  size_t size = static_cast<size_t>(out.st.st_size);
  out.bytes.resize(size);
  size_t got = 0;
  while (got < size) {
    ssize_t n = pread(fd, out.bytes.data() + got, size - got, static_cast<off_t>(got));
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;
    got += static_cast<size_t>(n);
  }
  struct stat after {};
  if (got == size && fstat(fd, &after) == 0 && SameState(out.st, after)) {
    out.whole = true;
  } else {
    out.bytes.clear();
  }
  return out;
}

Napi::Value FileValue(Napi::Env env, const Opened& opened) {
  if (!opened.known) return env.Null();
  const struct stat& st = opened.st;
  Napi::Object file = Napi::Object::New(env);
  file.Set("regular", S_ISREG(st.st_mode));
  file.Set("dev", static_cast<double>(st.st_dev));
  file.Set("ino", static_cast<double>(st.st_ino));
  file.Set("size", static_cast<double>(st.st_size));
  file.Set("mtimeMs", Millis(st.st_mtim));
  file.Set("ctimeMs", Millis(st.st_ctim));
  if (opened.whole) {
    file.Set("content", Napi::Buffer<char>::Copy(env, opened.bytes.data(), opened.bytes.size()));
  } else {
    file.Set("content", env.Null());
  }
  return file;
}

void Post(Hold* hold, uint32_t event, std::string path, int pid, Opened opened) {
  std::string exe = ReadLink("/proc/" + std::to_string(pid) + "/exe");
  napi_status status = hold->tsfn.NonBlockingCall(
      [event, path = std::move(path), pid, exe = std::move(exe), opened = std::move(opened)](
          Napi::Env env, Napi::Function callback) {
        Napi::Object value = Napi::Object::New(env);
        value.Set("id", event);
        value.Set("path", path);
        value.Set("pid", pid);
        value.Set("exe", exe.empty() ? env.Null() : Napi::String::New(env, exe));
        value.Set("file", FileValue(env, opened));
        callback.Call({value});
      });
  if (status != napi_ok) {
    // JavaScript cannot be told (queue closing): the default answer, now.
    std::lock_guard<std::mutex> lock(hold->mutex);
    auto found = hold->pending.find(event);
    if (found != hold->pending.end()) {
      Respond(hold->fan, found->second.fd, hold->defaultAllow);
      hold->pending.erase(found);
    }
  }
}

void Reader(Hold* hold) {
  alignas(fanotify_event_metadata) char buffer[8192];
  const pid_t self = getpid();
  pollfd fds[2] = {{hold->fan, POLLIN, 0}, {hold->stopRead, POLLIN, 0}};
  for (;;) {
    int wait = ExpireDue(hold);
    if (poll(fds, 2, wait) < 0) {
      if (errno == EINTR) continue;
      return;
    }
    if (fds[1].revents != 0) return;
    if ((fds[0].revents & POLLIN) == 0) continue;
    ssize_t length = read(hold->fan, buffer, sizeof buffer);
    if (length <= 0) {
      if (length < 0 && (errno == EAGAIN || errno == EINTR)) continue;
      return;
    }
    auto* event = reinterpret_cast<fanotify_event_metadata*>(buffer);
    for (; FAN_EVENT_OK(event, length); event = FAN_EVENT_NEXT(event, length)) {
      if (event->vers != FANOTIFY_METADATA_VERSION) return;
      if (event->fd < 0) continue;
      if ((event->mask & FAN_OPEN_PERM) == 0) {
        close(event->fd);
        continue;
      }
      if (event->pid == self) {
        Respond(hold->fan, event->fd, true);
        continue;
      }
      std::string path = ReadLink("/proc/self/fd/" + std::to_string(event->fd));
      Opened opened = Inspect(event->fd, hold->readBytes);
      uint32_t id;
      {
        std::lock_guard<std::mutex> lock(hold->mutex);
        id = hold->nextEvent++;
        hold->pending[id] = {event->fd, Clock::now() + hold->timeout};
      }
      Post(hold, id, std::move(path), event->pid, std::move(opened));
    }
  }
}

void Stop(std::unique_ptr<Hold> hold) {
  if (hold->stopWrite >= 0) {
    char byte = 1;
    (void)!write(hold->stopWrite, &byte, 1);
  }
  if (hold->thread.joinable()) hold->thread.join();
  {
    std::lock_guard<std::mutex> lock(hold->mutex);
    for (auto& entry : hold->pending) Respond(hold->fan, entry.second.fd, hold->defaultAllow);
    hold->pending.clear();
  }
  for (int fd : {hold->fan, hold->stopRead, hold->stopWrite}) {
    if (fd >= 0) close(fd);
  }
  hold->tsfn.Release();
}

Hold* Find(uint32_t id) {
  std::lock_guard<std::mutex> lock(gMutex);
  auto found = gHolds.find(id);
  return found == gHolds.end() ? nullptr : found->second.get();
}

}  // namespace

// fanotifyHold(timeoutMs, defaultAllow, callback, readBytes = 0) -> id
Napi::Value FanotifyHold(const Napi::CallbackInfo& info) {
  Napi::Env env = info.Env();
  uint32_t timeoutMs = Uint32Arg(info, 0, "timeoutMs");
  if (info.Length() < 2 || !info[1].IsBoolean()) ThrowBadArgument(env, "defaultAllow must be a boolean");
  bool defaultAllow = info[1].As<Napi::Boolean>().Value();
  Napi::Function callback = FunctionArg(info, 2, "callback");
  if (timeoutMs == 0 || timeoutMs > 600000) ThrowBadArgument(env, "timeoutMs must be 1 to 600000");
  uint32_t readBytes = info.Length() > 3 && !info[3].IsUndefined() ? Uint32Arg(info, 3, "readBytes") : 0;
  if (readBytes > kMaxReadBytes) ThrowBadArgument(env, "readBytes must be 0 to 16777216");
  auto hold = std::make_unique<Hold>();
  hold->readBytes = readBytes;
  hold->timeout = std::chrono::milliseconds(timeoutMs);
  hold->defaultAllow = defaultAllow;
  // O_NOATIME: the agent's read of the opened file leaves its last-access time as the person's
  // open left it (a file the agent decides on is not "accessed" by the agent), and spares a journal
  // write per newly written file read; a kernel that refuses the flag gets the plain descriptor.
  hold->fan = fanotify_init(FAN_CLASS_CONTENT | FAN_CLOEXEC | FAN_NONBLOCK,
                            O_RDONLY | O_LARGEFILE | O_CLOEXEC | O_NOATIME);
  if (hold->fan < 0 && errno == EINVAL)
    hold->fan = fanotify_init(FAN_CLASS_CONTENT | FAN_CLOEXEC | FAN_NONBLOCK, O_RDONLY | O_LARGEFILE | O_CLOEXEC);
  if (hold->fan < 0) ThrowCoded(env, FromErrno("fanotify_init", errno));
  int pipeFds[2];
  if (pipe2(pipeFds, O_CLOEXEC) != 0) {
    int err = errno;
    close(hold->fan);
    ThrowCoded(env, FromErrno("pipe2", err));
  }
  hold->stopRead = pipeFds[0];
  hold->stopWrite = pipeFds[1];
  hold->tsfn = Napi::ThreadSafeFunction::New(env, callback, "custos-fanotify-hold", 0, 1);
  hold->tsfn.Unref(env);
  hold->thread = std::thread(Reader, hold.get());
  std::lock_guard<std::mutex> lock(gMutex);
  uint32_t id = gNextId++;
  gHolds[id] = std::move(hold);
  return Napi::Number::New(env, id);
}

// fanotifyHoldMark(id, directory, add) -> true; holds opens of the regular files directly inside.
Napi::Value FanotifyHoldMark(const Napi::CallbackInfo& info) {
  Napi::Env env = info.Env();
  uint32_t id = Uint32Arg(info, 0, "id");
  std::string dir = StringArg(info, 1, "directory");
  bool add = info.Length() < 3 || !info[2].IsBoolean() || info[2].As<Napi::Boolean>().Value();
  Hold* hold = Find(id);
  if (hold == nullptr) return Napi::Boolean::New(env, false);
  unsigned int flags = add ? FAN_MARK_ADD : FAN_MARK_REMOVE;
  if (fanotify_mark(hold->fan, flags, FAN_OPEN_PERM | FAN_EVENT_ON_CHILD, AT_FDCWD, dir.c_str()) != 0)
    ThrowCoded(env, FromErrno("fanotify_mark", errno));
  return Napi::Boolean::New(env, true);
}

// fanotifyHoldAnswer(id, event, allow) -> false when the hold already ended (deadline, stop).
Napi::Value FanotifyHoldAnswer(const Napi::CallbackInfo& info) {
  Napi::Env env = info.Env();
  uint32_t id = Uint32Arg(info, 0, "id");
  uint32_t event = Uint32Arg(info, 1, "event");
  if (info.Length() < 3 || !info[2].IsBoolean()) ThrowBadArgument(env, "allow must be a boolean");
  bool allow = info[2].As<Napi::Boolean>().Value();
  Hold* hold = Find(id);
  if (hold == nullptr) return Napi::Boolean::New(env, false);
  std::lock_guard<std::mutex> lock(hold->mutex);
  auto found = hold->pending.find(event);
  if (found == hold->pending.end()) return Napi::Boolean::New(env, false);
  Respond(hold->fan, found->second.fd, allow);
  hold->pending.erase(found);
  return Napi::Boolean::New(env, true);
}

Napi::Value FanotifyHoldClose(const Napi::CallbackInfo& info) {
  uint32_t id = Uint32Arg(info, 0, "id");
  std::unique_ptr<Hold> hold;
  {
    std::lock_guard<std::mutex> lock(gMutex);
    auto found = gHolds.find(id);
    if (found == gHolds.end()) return Napi::Boolean::New(info.Env(), false);
    hold = std::move(found->second);
    gHolds.erase(found);
  }
  Stop(std::move(hold));
  return Napi::Boolean::New(info.Env(), true);
}

void CloseAllFanotifyHolds() {
  std::map<uint32_t, std::unique_ptr<Hold>> all;
  {
    std::lock_guard<std::mutex> lock(gMutex);
    all.swap(gHolds);
  }
  for (auto& entry : all) Stop(std::move(entry.second));
}

}  // namespace custos
