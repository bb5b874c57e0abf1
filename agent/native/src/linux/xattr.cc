// Extended attributes in the `user.` namespace: Node has no API for them. The label rules
// (document 1, apply_label: additive, keep a different label unless replace_existing, never touch
// a customer's label) live in the TypeScript facade; these are the raw, race-aware primitives.
#include <sys/xattr.h>

#include <cerrno>
#include <vector>

#include "../common/coded-error.h"
#include "errno-error.h"
#include "xattr.h"

namespace custos {

// The name must be in the user namespace: trusted./security./system. need privilege or have
// kernel meaning, and the agent never writes them.
static std::string UserAttrName(const Napi::CallbackInfo& info, size_t index) {
  std::string name = StringArg(info, index, "name");
  if (name.rfind("user.", 0) != 0 || name.size() <= 5 || name.size() > 255) {
    ThrowBadArgument(info.Env(), "name must start with 'user.' and be at most 255 bytes");
  }
  return name;
}

Napi::Value XattrGet(const Napi::CallbackInfo& info) {
  Napi::Env env = info.Env();
  std::string path = StringArg(info, 0, "path");
  std::string name = UserAttrName(info, 1);
  // The value can change size between the two calls; retry a few times on ERANGE.
  for (int attempt = 0; attempt < 4; ++attempt) {
    ssize_t size = getxattr(path.c_str(), name.c_str(), nullptr, 0);
    if (size < 0) {
      if (errno == ENODATA) return env.Null();
      ThrowCoded(env, FromErrno("getxattr", errno));
    }
    std::vector<char> data(static_cast<size_t>(size) + 1);
    ssize_t got = getxattr(path.c_str(), name.c_str(), data.data(), data.size());
    if (got < 0) {
      if (errno == ERANGE) continue;
      if (errno == ENODATA) return env.Null();
      ThrowCoded(env, FromErrno("getxattr", errno));
    }
    return Napi::Buffer<char>::Copy(env, data.data(), static_cast<size_t>(got));
  }
  ThrowCoded(env, FromErrno("getxattr", ERANGE));
}

Napi::Value XattrSet(const Napi::CallbackInfo& info) {
  Napi::Env env = info.Env();
  std::string path = StringArg(info, 0, "path");
  std::string name = UserAttrName(info, 1);
  Napi::Buffer<uint8_t> value = BufferArg(info, 2, "value");
  std::string mode = StringArg(info, 3, "mode");
  int flags = 0;
  if (mode == "create") {
    flags = XATTR_CREATE;  // fails with native.exists if someone wrote first: no lost update
  } else if (mode == "replace") {
    flags = XATTR_REPLACE;  // fails with native.no_data if it vanished since it was read
  } else if (mode != "any") {
    ThrowBadArgument(env, "mode must be create, replace or any");
  }
  if (setxattr(path.c_str(), name.c_str(), value.Data(), value.Length(), flags) != 0) {
    ThrowCoded(env, FromErrno("setxattr", errno));
  }
  return env.Undefined();
}

Napi::Value XattrList(const Napi::CallbackInfo& info) {
  Napi::Env env = info.Env();
  std::string path = StringArg(info, 0, "path");
  for (int attempt = 0; attempt < 4; ++attempt) {
    ssize_t size = listxattr(path.c_str(), nullptr, 0);
    if (size < 0) ThrowCoded(env, FromErrno("listxattr", errno));
    std::vector<char> data(static_cast<size_t>(size) + 1);
    ssize_t got = listxattr(path.c_str(), data.data(), data.size());
    if (got < 0) {
      if (errno == ERANGE) continue;
      ThrowCoded(env, FromErrno("listxattr", errno));
    }
    Napi::Array names = Napi::Array::New(env);
    uint32_t count = 0;
    for (ssize_t start = 0; start < got;) {
      std::string one(data.data() + start);
      start += static_cast<ssize_t>(one.size()) + 1;
      if (!one.empty()) names.Set(count++, one);
    }
    return names;
  }
  ThrowCoded(env, FromErrno("listxattr", ERANGE));
}

Napi::Value XattrRemove(const Napi::CallbackInfo& info) {
  Napi::Env env = info.Env();
  std::string path = StringArg(info, 0, "path");
  std::string name = UserAttrName(info, 1);
  if (removexattr(path.c_str(), name.c_str()) != 0) {
    if (errno == ENODATA) return Napi::Boolean::New(env, false);
    ThrowCoded(env, FromErrno("removexattr", errno));
  }
  return Napi::Boolean::New(env, true);
}

}  // namespace custos
