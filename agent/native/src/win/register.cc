#include "../common/export.h"
#include "device-watch.h"
#include "event-log.h"
#include "service.h"
#include "streams.h"
#include "token-groups.h"
#include "volumes.h"
#include "host.h"
#include "registry.h"
#include "session-dialog.h"
#include "session-launch.h"
#include "session-pipe.h"
#include "pipe-conn.h"
#include "wfp-session.h"

namespace custos {

void RegisterPlatform(Napi::Env env, Napi::Object exports) {
  Export(env, exports, "hostInfo", HostInfo);
  Export(env, exports, "processTokenIdentity", ProcessTokenIdentity);
  Export(env, exports, "sessionTokenIdentity", SessionTokenIdentity);
  Export(env, exports, "consoleSessions", ConsoleSessions);
  Export(env, exports, "lookupSid", LookupSid);
  Export(env, exports, "streamRead", StreamRead);
  Export(env, exports, "streamWrite", StreamWrite);
  Export(env, exports, "streamList", StreamList);
  Export(env, exports, "streamProbe", StreamProbe);
  Export(env, exports, "listVolumes", ListVolumes);
  Export(env, exports, "diskInterfaces", DiskInterfaces);
  Export(env, exports, "watchDevices", WatchDevices);
  Export(env, exports, "unwatchDevices", UnwatchDevices);
  Export(env, exports, "reportEvent", EventLogReport);
  Export(env, exports, "serviceStart", ServiceStart);
  Export(env, exports, "serviceSetStatus", ServiceSetStatus);
  Export(env, exports, "registryGetValue", RegistryGetValue);
  Export(env, exports, "wfpOpen", WfpOpen);
  Export(env, exports, "wfpClose", WfpClose);
  Export(env, exports, "wfpReplaceFilters", WfpReplaceFilters);
  Export(env, exports, "wfpTakeNetEvents", WfpTakeNetEvents);
  Export(env, exports, "wfpAppId", WfpAppId);
  Export(env, exports, "sessionPipeListen", SessionPipeListen);
  Export(env, exports, "sessionPipeStop", SessionPipeStop);
  Export(env, exports, "sessionPipeConnect", SessionPipeConnect);
  Export(env, exports, "sessionPipeWrite", SessionPipeWrite);
  Export(env, exports, "sessionPipeEnd", SessionPipeEnd);
  Export(env, exports, "sessionLaunch", SessionLaunch);
  Export(env, exports, "dialogShow", DialogShow);
  Export(env, exports, "dialogClose", DialogClose);
  Export(env, exports, "dialogTemplate", DialogTemplate);
  // Threads and WFP sessions end before the environment goes away, so worker threads that load
  // the addon and process exit never leave a callback pointing at a dead environment.
  env.AddCleanupHook([]() {
    CloseAllDeviceWatches();
    CloseAllWfpSessions();
    CloseService();
    CloseAllSessionPipes();
    CloseAllDialogs();
  });
}

}  // namespace custos
