#include "../common/export.h"
#include "fanotify-hold.h"
#include "fanotify.h"
#include "page-out.h"
#include "peercred.h"
#include "xattr.h"

namespace custos {

void RegisterPlatform(Napi::Env env, Napi::Object exports) {
  Export(env, exports, "xattrGet", XattrGet);
  Export(env, exports, "xattrSet", XattrSet);
  Export(env, exports, "xattrList", XattrList);
  Export(env, exports, "xattrRemove", XattrRemove);
  Export(env, exports, "fanotifyWatch", FanotifyWatch);
  Export(env, exports, "fanotifyUnwatch", FanotifyUnwatch);
  Export(env, exports, "fanotifyHold", FanotifyHold);
  Export(env, exports, "fanotifyHoldMark", FanotifyHoldMark);
  Export(env, exports, "fanotifyHoldAnswer", FanotifyHoldAnswer);
  Export(env, exports, "fanotifyHoldClose", FanotifyHoldClose);
  Export(env, exports, "peerCredentials", PeerCredentials);
  Export(env, exports, "pageOutExecutable", PageOutExecutable);
  // The reader threads end before the environment goes away (worker threads, process exit).
  env.AddCleanupHook([]() {
    CloseAllFanotifyHolds();
    CloseAllFanotifyWatches();
  });
}

}  // namespace custos
