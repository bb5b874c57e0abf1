export const HELP: Record<string, string> = {
  main: `dlp-agent — Custos DLP endpoint agent

Usage: dlp-agent <command> [options]

Commands:
  enroll        enrol this endpoint with a one-time token
  run           run the agent service (or one pass with --once)
  scan          decide files under a path with the current bundle (no upload)
  doctor        check configuration, server, identity, bundle and queue
  status        show enrolment, bundle and queue state
  capabilities  show what this endpoint can observe, block and notify
  verify-package  verify an agent package signature against the enrolled keys
  requests      exception requests and approvals in force; --withdraw REF withdraws one
  session       the per-session helper: shows the service's notices and prompts
  uninstall     tell the server, then remove the agent's state

Common options:
  --state-dir D   state directory (default: machine policy StateDir, else /var/lib/custos-agent)
  --help          help for a command
  --version       the build: version, commit (packaged builds), Node and target

Exit codes: 0 ok, 1 negative verdict, 2 usage, 3 not enrolled, 4 server unreachable,
            5 refused by the server, 6 configuration error.`,
  enroll: `Usage: dlp-agent enroll --server URL --token T [--ca-file F] [--state-dir D] [--key tpm|software|auto]

Enrols with a one-time enrolment token. URL must be https. --ca-file names the CA that issued the
server certificate (else the system store is used); it is kept in the state directory for the service.
--from-installer (the Windows MSI's custom action): a failure is also written to the Application log
(event 3004) with what the administrator can do about it.`,
  run: `Usage: dlp-agent run [--once] [--state-dir D]

Runs the service: check-in, policy, discovery, file activity, removable media, upload. Not yet
enrolled with EnrollmentToken and ServerUrl in machine policy: enrols first, retrying with back-off up
to 15 minutes. --once does one check-in, one discovery pass and one upload, then exits.`,
  scan: `Usage: dlp-agent scan PATH [--json] [--state-dir D]

Decides every file under PATH with the bundle in force, as a discovery event. Nothing is queued or
uploaded. Prints per file the action, matched policies and detector counts (never matched values).`,
  doctor: `Usage: dlp-agent doctor [--state-dir D] [--json]

Checks, each with a verdict: configuration, enrolment, device identity, server reachable (probe),
bundle in force, queue depth, certificate expiry. Exits 1 when any check fails.`,
  status: `Usage: dlp-agent status [--state-dir D] [--json]`,
  capabilities: `Usage: dlp-agent capabilities [--json]

Prints the capability matrix this endpoint reports: per channel observe/block/notify with the reason
for anything absent, scope attributes and feature names.`,
  'verify-package': `Usage: dlp-agent verify-package FILE --signature B64 [--state-dir D]

Verifies an Ed25519 signature over FILE against the policy signing keys this endpoint enrolled with.
Exits 0 when valid, 1 when not.`,
  requests: `Usage: dlp-agent requests [--json] [--state-dir D]\n       dlp-agent requests --withdraw REFERENCE [--state-dir D]`,
  session: `Usage: dlp-agent session [--socket PATH] [--once]

The per-session helper, started by the desktop session (XDG autostart or the systemd user unit
custos-agent-session.service). Connects to the service's session socket (default
/run/custos-agent/session.sock) and shows its notices, Continue/Cancel warnings, justification
prompts and analysts' questions. --once: no reconnecting when the service is away.`,
  uninstall: `Usage: dlp-agent uninstall [--state-dir D] [--force]

Tells the server first (a final check-in marked uninstalling and an upload of queued events), then
removes enrolment, device key, queue and policy from the state directory. Without --force, a server
that cannot be told stops the uninstall. --from-installer (msiexec /x): a stop is also written to the
Application log (event 3005).`,
};
