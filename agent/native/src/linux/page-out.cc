// Gives back to the kernel the pages of this process's own executable file that start-up touched
// (madvise MADV_PAGEOUT on its read-only and executable mappings). Those pages are clean page
// cache: nothing is lost, and a page used again is read back on its next touch. A Node single
// executable maps a large binary (code, read-only data, ICU tables) of which an idle agent uses a
// small part; without this the start-up's pages stay counted in the agent's RSS.
#include <sys/mman.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

#include "../common/coded-error.h"
#include "errno-error.h"
#include "page-out.h"

#ifndef MADV_PAGEOUT
#define MADV_PAGEOUT 21
#endif

namespace custos {

namespace {

std::string OwnExecutable() {
  char buf[4096];
  ssize_t n = readlink("/proc/self/exe", buf, sizeof(buf) - 1);
  if (n <= 0) return std::string();
  buf[n] = '\0';
  return std::string(buf);
}

}  // namespace

Napi::Value PageOutExecutable(const Napi::CallbackInfo& info) {
  Napi::Env env = info.Env();
  const std::string exe = OwnExecutable();
  if (exe.empty()) ThrowCoded(env, FromErrno("readlink", errno));
  FILE* maps = std::fopen("/proc/self/maps", "re");
  if (maps == nullptr) ThrowCoded(env, FromErrno("fopen", errno));
  double advised = 0;
  int failures = 0;
  int lastError = 0;
  char line[4096 + 256];
  while (std::fgets(line, sizeof(line), maps) != nullptr) {
    unsigned long start = 0, end = 0;
    char perms[8] = {0};
    int pathAt = 0;
    if (std::sscanf(line, "%lx-%lx %7s %*s %*s %*s %n", &start, &end, perms, &pathAt) < 3) continue;
    if (pathAt <= 0) continue;
    std::string path(line + pathAt);
    while (!path.empty() && (path.back() == '\n' || path.back() == ' ')) path.pop_back();
    // Only the executable's own file pages that nobody writes: code and read-only data.
    if (path != exe || perms[1] == 'w') continue;
    if (madvise(reinterpret_cast<void*>(start), end - start, MADV_PAGEOUT) == 0) {
      advised += static_cast<double>(end - start);
    } else {
      failures += 1;
      lastError = errno;
    }
  }
  std::fclose(maps);
  Napi::Object out = Napi::Object::New(env);
  out.Set("advised_bytes", Napi::Number::New(env, advised));
  out.Set("failures", Napi::Number::New(env, failures));
  out.Set("error", lastError == 0 ? env.Null() : Napi::String::New(env, std::strerror(lastError)));
  return out;
}

}  // namespace custos
