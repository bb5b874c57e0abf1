#include "../common/export.h"
#include "xattr.h"

namespace custos {

void RegisterPlatform(Napi::Env env, Napi::Object exports) {
  Export(env, exports, "xattrGet", XattrGet);
  Export(env, exports, "xattrSet", XattrSet);
  Export(env, exports, "xattrList", XattrList);
  Export(env, exports, "xattrRemove", XattrRemove);
}

}  // namespace custos
