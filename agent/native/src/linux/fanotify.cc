// File writes with process attribution (fanotify, notification class only: nothing is held or
// blocked). The mark is on the whole mount holding `root`; events outside `root` and the agent's
// own writes are dropped here. Needs CAP_SYS_ADMIN: without it the call fails with
// native.access_denied and the agent keeps its unattributed watcher.
#include "fanotify.h"

#include <fcntl.h>
#include <poll.h>
#include <sys/fanotify.h>
#include <unistd.h>

#include <cerrno>
#include <climits>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <thread>

#include "../common/coded-error.h"
#include "errno-error.h"

namespace custos {

namespace {

struct Watch {
  int fan = -1;
  int stopRead = -1;
  int stopWrite = -1;
  std::string root;
  Napi::ThreadSafeFunction tsfn;
  std::thread thread;
};

std::mutex gMutex;
std::map<uint32_t, std::unique_ptr<Watch>> gWatches;
uint32_t gNextId = 1;

std::string ReadLink(const std::string& path) {
  char buffer[PATH_MAX];
  ssize_t n = readlink(path.c_str(), buffer, sizeof buffer - 1);
  return n < 0 ? std::string() : std::string(buffer, static_cast<size_t>(n));
}

bool Inside(const std::string& path, const std::string& root) {
  if (root == "/") return true;
  return path.size() > root.size() && path.compare(0, root.size(), root) == 0 && path[root.size()] == '/';
}

struct Change {
  std::string kind;
  std::string path;
  int pid = 0;
  std::string exe;
};

void Post(Watch* watch, Change change) {
  watch->tsfn.NonBlockingCall([change = std::move(change)](Napi::Env env, Napi::Function callback) {
    Napi::Object value = Napi::Object::New(env);
    value.Set("kind", change.kind);
    value.Set("path", change.path);
    value.Set("pid", change.pid);
    value.Set("exe", change.exe.empty() ? env.Null() : Napi::String::New(env, change.exe));
    callback.Call({value});
  });
}

void Reader(Watch* watch) {
  alignas(fanotify_event_metadata) char buffer[8192];
  const pid_t self = getpid();
  pollfd fds[2] = {{watch->fan, POLLIN, 0}, {watch->stopRead, POLLIN, 0}};
  for (;;) {
    if (poll(fds, 2, -1) < 0) {
      if (errno == EINTR) continue;
      return;
    }
    if (fds[1].revents != 0) return;
    ssize_t length = read(watch->fan, buffer, sizeof buffer);
    if (length <= 0) {
      if (length < 0 && (errno == EAGAIN || errno == EINTR)) continue;
      return;
    }
    auto* event = reinterpret_cast<fanotify_event_metadata*>(buffer);
    for (; FAN_EVENT_OK(event, length); event = FAN_EVENT_NEXT(event, length)) {
      if (event->vers != FANOTIFY_METADATA_VERSION) return;
      if ((event->mask & FAN_Q_OVERFLOW) != 0) {
        Post(watch, {"overflow", "", 0, ""});  // the sensor must rescan: events were lost
        continue;
      }
      if (event->fd < 0) continue;
      std::string path = ReadLink("/proc/self/fd/" + std::to_string(event->fd));
      close(event->fd);
      if (event->pid == self || !Inside(path, watch->root)) continue;
      std::string exe = ReadLink("/proc/" + std::to_string(event->pid) + "/exe");
      Post(watch, {"close_write", path, event->pid, exe});
    }
  }
}

void Stop(std::unique_ptr<Watch> watch) {
  if (watch->stopWrite >= 0) {
    char byte = 1;
    (void)!write(watch->stopWrite, &byte, 1);
  }
  if (watch->thread.joinable()) watch->thread.join();
  for (int fd : {watch->fan, watch->stopRead, watch->stopWrite}) {
    if (fd >= 0) close(fd);
  }
  watch->tsfn.Release();
}

}  // namespace

Napi::Value FanotifyWatch(const Napi::CallbackInfo& info) {
  Napi::Env env = info.Env();
  std::string root = StringArg(info, 0, "root");
  Napi::Function callback = FunctionArg(info, 1, "callback");
  char resolved[PATH_MAX];
  if (realpath(root.c_str(), resolved) == nullptr) ThrowCoded(env, FromErrno("realpath", errno));
  auto watch = std::make_unique<Watch>();
  watch->root = resolved;
  watch->fan = fanotify_init(FAN_CLASS_NOTIF | FAN_CLOEXEC | FAN_NONBLOCK, O_RDONLY | O_LARGEFILE | O_CLOEXEC);
  if (watch->fan < 0) ThrowCoded(env, FromErrno("fanotify_init", errno));
  if (fanotify_mark(watch->fan, FAN_MARK_ADD | FAN_MARK_MOUNT, FAN_CLOSE_WRITE, AT_FDCWD, resolved) != 0) {
    int err = errno;
    close(watch->fan);
    ThrowCoded(env, FromErrno("fanotify_mark", err));
  }
  int pipeFds[2];
  if (pipe2(pipeFds, O_CLOEXEC) != 0) {
    int err = errno;
    close(watch->fan);
    ThrowCoded(env, FromErrno("pipe2", err));
  }
  watch->stopRead = pipeFds[0];
  watch->stopWrite = pipeFds[1];
  watch->tsfn = Napi::ThreadSafeFunction::New(env, callback, "custos-fanotify", 0, 1);
  watch->tsfn.Unref(env);  // like fs.watch({persistent: false}): a watch alone keeps no process alive
  watch->thread = std::thread(Reader, watch.get());
  std::lock_guard<std::mutex> lock(gMutex);
  uint32_t id = gNextId++;
  gWatches[id] = std::move(watch);
  return Napi::Number::New(env, id);
}

Napi::Value FanotifyUnwatch(const Napi::CallbackInfo& info) {
  uint32_t id = Uint32Arg(info, 0, "id");
  std::unique_ptr<Watch> watch;
  {
    std::lock_guard<std::mutex> lock(gMutex);
    auto found = gWatches.find(id);
    if (found == gWatches.end()) return Napi::Boolean::New(info.Env(), false);
    watch = std::move(found->second);
    gWatches.erase(found);
  }
  Stop(std::move(watch));
  return Napi::Boolean::New(info.Env(), true);
}

void CloseAllFanotifyWatches() {
  std::map<uint32_t, std::unique_ptr<Watch>> all;
  {
    std::lock_guard<std::mutex> lock(gMutex);
    all.swap(gWatches);
  }
  for (auto& entry : all) Stop(std::move(entry.second));
}

}  // namespace custos
