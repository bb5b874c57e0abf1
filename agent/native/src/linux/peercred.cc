// The credentials the kernel recorded for the other end of a connected Unix socket
// (getsockopt SO_PEERCRED): taken at connect() time by the kernel, so the peer cannot claim
// another uid. Node exposes no such call; the session channel (agent/src/people/) asks it here.
#include <sys/socket.h>
#include <sys/types.h>

#include <cerrno>

#include "../common/coded-error.h"
#include "errno-error.h"
#include "peercred.h"

namespace custos {

Napi::Value PeerCredentials(const Napi::CallbackInfo& info) {
  Napi::Env env = info.Env();
  if (info.Length() < 1 || !info[0].IsNumber()) ThrowBadArgument(env, "fd must be a number");
  int fd = info[0].As<Napi::Number>().Int32Value();
  if (fd < 0) ThrowBadArgument(env, "fd must not be negative");
  struct ucred cred {};
  socklen_t len = sizeof(cred);
  if (getsockopt(fd, SOL_SOCKET, SO_PEERCRED, &cred, &len) != 0) {
    ThrowCoded(env, FromErrno("getsockopt", errno));
  }
  Napi::Object out = Napi::Object::New(env);
  out.Set("pid", Napi::Number::New(env, cred.pid));
  out.Set("uid", Napi::Number::New(env, cred.uid));
  out.Set("gid", Napi::Number::New(env, cred.gid));
  return out;
}

}  // namespace custos
