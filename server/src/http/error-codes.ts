/**
 * The one catalogue of wire error codes. Every code a client can receive is listed here with
 * its HTTP status; `docs/errors.md` documents each one and a test keeps the two in step.
 * Modules append their codes here (one line each) instead of inventing strings at call sites.
 */
export const ERROR_CODES = {
  // Requests rejected before any handler runs (document 2, Errors).
  'request.malformed': {
    status: 400,
    summary: 'unreadable request: bad JSON, wrong content type, bad path id',
  },
  'request.invalid': { status: 422, summary: 'a field failed validation; details name each field' },
  'request.too_large': { status: 413, summary: 'the body exceeds the route limit' },
  'request.header_too_large': { status: 431, summary: 'the request headers exceed the server limit' },
  'request.timeout': { status: 408, summary: 'the request did not arrive within the server time limit' },
  'request.rate_limited': {
    status: 429,
    summary: 'a per-user or per-route limit was reached; see Retry-After',
  },
  'route.not_found': { status: 404, summary: 'no such route' },
  'resource.not_found': { status: 404, summary: 'the object is missing or belongs to another tenant' },
  'resource.conflict': {
    status: 409,
    summary: 'the object changed or is in a state that refuses the action',
  },

  // Authentication and authorisation (document 3).
  'auth.unauthenticated': { status: 401, summary: 'no valid session or token' },
  'auth.session_idle': { status: 401, summary: 'the session was idle beyond the tenant idle time' },
  'auth.forbidden': { status: 403, summary: 'the caller lacks a permission the route needs' },
  'auth.step_up_required': { status: 403, summary: 'the route needs a recent sign-in confirmation' },
  'sso.provider_unreachable': {
    status: 502,
    summary: 'the identity provider could not be reached or its discovery document was refused',
  },
  'directory.unavailable': {
    status: 502,
    summary: 'the directory source could not be searched; the reason is one word from a fixed list',
  },
  'auth.sso_required': {
    status: 403,
    summary: 'the tenant signs in with single sign-on only; a password session is refused',
  },

  // Tenants (issue 2).
  'tenant.slug_taken': { status: 409, summary: 'a tenant with that slug exists' },

  // Agent interface, enrolment, ingest, incidents, evidence (document 2; issue 6).
  'agent.unauthenticated': {
    status: 401,
    summary: 'signed agent request refused: unknown or revoked device, or a signature that does not verify',
  },
  'agent.timestamp_stale': {
    status: 401,
    summary: 'x-dlp-timestamp is more than 300 seconds from server time',
  },
  'agent.timestamp_malformed': { status: 401, summary: 'x-dlp-timestamp is not an RFC 3339 time' },
  'agent.device_id_malformed': { status: 401, summary: 'x-dlp-device-id is not a device id' },
  'agent.nonce_malformed': { status: 401, summary: 'x-dlp-nonce is not a 128-bit value' },
  'agent.nonce_spent': { status: 401, summary: 'x-dlp-nonce was already used inside the timestamp window' },
  'agent.query_not_allowed': { status: 401, summary: 'a signed agent request carried a query string' },
  'agent.rate_limited': { status: 429, summary: 'the device request bucket is empty; see Retry-After' },
  'agent.ingest_busy': {
    status: 503,
    summary: 'the instance is already storing its most uploads; see Retry-After',
  },
  'agent.quota_exceeded': {
    status: 429,
    summary: 'a device quota is used up; details name event_volume, byte_volume or storage_footprint',
  },
  'agent.batch_too_large': {
    status: 400,
    summary: 'an event batch holds more than DLP_MAX_BATCH_EVENTS events',
  },
  'enrolment.token_unusable': {
    status: 403,
    summary: 'the enrolment token is expired, revoked, used up or unknown (one answer for all)',
  },
  'agent_group.name_taken': { status: 409, summary: 'an endpoint group with that name exists' },
  'agent_group.in_use': {
    status: 409,
    summary: 'the endpoint group is named by a live policy or role scope and cannot be retired',
  },
  'signing_key.rotation_in_progress': { status: 409, summary: 'a signing key rotation is already under way' },
  'signing_key.no_rotation': { status: 409, summary: 'no signing key rotation is under way' },
  'signing_key.not_rotating': {
    status: 409,
    summary: 'only a rotating (replaced) signing key can be retired',
  },
  'signing_key.fleet_not_converged': {
    status: 409,
    summary: 'an active endpoint reports a policy trust version below the rotation overlap revision',
  },
  'evidence.storage_off': { status: 409, summary: 'evidence file storage is not configured or switched off' },
  'evidence.not_requested': { status: 409, summary: 'the policy version did not ask for a copy of the file' },
  'evidence.hash_mismatch': {
    status: 400,
    summary: 'the BLAKE3 hash of the upload differs from the reported one',
  },
  'evidence.store_failed': { status: 502, summary: 'the evidence store failed; nothing was recorded' },
  'evidence.over_cap': { status: 413, summary: 'the file is above the tenant evidence cap' },
  'evidence.justification_required': {
    status: 400,
    summary: 'opening or downloading evidence needs a justification',
  },
  'evidence.withheld': { status: 404, summary: 'the agent kept no copy of this file (the reason is named)' },
  'evidence.file_deleted': {
    status: 409,
    summary: 'the stored copy was deleted at the end of its retention',
  },

  'policy.not_latest_draft': {
    status: 409,
    summary: 'only the latest draft can be published; an older version is rolled back',
  },
  'policy.pending_exists': { status: 409, summary: 'another version of the policy is awaiting approval' },
  'policy.not_pending': { status: 409, summary: 'the version is not awaiting approval' },
  'policy.self_approval': { status: 403, summary: 'the author or submitter of a version cannot approve it' },
  'policy.graph_invalid': { status: 422, summary: 'the published policies do not form a valid bundle' },
  'policy.rollback_target': {
    status: 422,
    summary: 'the rollback target was never published or no longer validates',
  },
  'policy.rollback_live': { status: 422, summary: 'the rollback names the version that is live now' },
  'policy.exclusions_unsupported': {
    status: 409,
    summary: 'a release with an exclusion while active endpoints lack scope_exclusions (the count is given)',
  },
  // Portable policy packages (issue 25; docs/policy-packages.md).
  'policy_package.busy': {
    status: 429,
    summary: 'four package dry runs or imports of the tenant are already running; try again shortly',
  },
  'policy_package.digest_mismatch': {
    status: 422,
    summary: 'the package digest does not match its contents; details name package.digest',
  },
  'policy_package.unresolved': {
    status: 422,
    summary: 'an import with a dependency still unresolved or an invalid field; details name each',
  },
  'approved_device.limit': { status: 409, summary: 'the tenant already approves 5,000 devices' },
  'fingerprint_corpus.name_taken': {
    status: 409,
    summary: 'another fingerprint corpus of the tenant has this name',
  },
  'fingerprint_corpus.in_use': {
    status: 409,
    summary: 'published policies use the corpus; the delete must acknowledge each of them',
  },
  'classification.bound': {
    status: 409,
    summary: 'a published or pending policy binds the classification; it cannot change or be disabled',
  },
  'policy_bundle.signature_invalid': { status: 409, summary: 'a stored bundle failed its signature check' },

  // Codes named by the specification for other domains.
  'incident.stale_version': {
    status: 409,
    summary: 'expected_version or the row version no longer matches the incident',
  },
  'incident.transition_illegal': { status: 409, summary: 'the status change is not in the transition table' },
  'incident.question_closed': { status: 409, summary: 'the question was already answered or has lapsed' },
  'incident.closure_pending': {
    status: 409,
    summary: 'a close of this incident already waits for a second person',
  },
  'incident.closure_not_pending': { status: 409, summary: 'no close of this incident waits for a decision' },
  'incident.closure_stale': { status: 409, summary: 'the incident moved on since the close was asked for' },
  'incident.closure_refused': {
    status: 403,
    summary: 'the asker or the subject cannot decide a close; only the asker withdraws',
  },
  'incident.already_linked': { status: 409, summary: 'the two incidents are already linked' },
  'incident.link_limit': { status: 409, summary: 'one of the incidents already holds 50 links' },
  'incident.synthetic_by_policy': {
    status: 409,
    summary: 'an incident raised by a sandbox (test) policy cannot be marked real',
  },
  'incident.self_action_refused': { status: 403, summary: 'the incident is about the actor’s own account' },
  'incident.assignment_rule_limit': { status: 409, summary: 'the tenant already holds 100 assignment rules' },
  'incident.playbook_limit': { status: 409, summary: 'the tenant already holds 200 playbooks' },
  'incident.playbook_changed': {
    status: 409,
    summary: 'another playbook is now shown for the incident than the one ticked',
  },
  'incident.bulk_key_reused': { status: 409, summary: 'the idempotency key was used with another body' },
  'incident.bulk_in_progress': { status: 409, summary: 'a bulk request with this key is still applying' },
  'server.query_timeout': { status: 503, summary: 'an incident listing ran past its time limit' },
  'report.export_approval_required': { status: 403, summary: 'the export needs an approved export request' },
  'report.export_self_decision_refused': {
    status: 403,
    summary: 'an export request is approved or rejected by someone other than the asker',
  },
  'exception.self_decision_refused': {
    status: 403,
    summary: 'nobody decides a request raised from their own account',
  },
  'exception.not_pending': {
    status: 409,
    summary: 'the exception request is not in a state that allows this',
  },
  'exception.run_out': { status: 409, summary: 'the approval already ran out; nothing to withdraw' },
  'exception.pending_limit': {
    status: 409,
    summary: 'the endpoint already holds 20 pending exception requests',
  },

  // Saved views and teams (issue 21; docs/saved-views.md).
  'team.name_taken': { status: 409, summary: 'a team of that name (compared without case) exists' },
  'saved_view.name_taken': {
    status: 409,
    summary: 'a view the caller sees on that surface has that name (compared without case)',
  },
  'saved_view.team_membership_required': {
    status: 403,
    summary: 'a team view is saved by a member of the team',
  },
  'saved_view.personal_default': { status: 409, summary: 'a personal view cannot be a default' },
  'saved_view.limit': { status: 409, summary: 'the caller already owns 100 views on that surface' },

  // SCIM 2.0 provisioning (issue 20; docs/scim.md): sent as RFC 7644 error bodies with scimType.
  'scim.invalid_value': {
    status: 400,
    summary: 'SCIM: a required attribute is missing or a value is refused',
  },
  'scim.invalid_filter': {
    status: 400,
    summary: 'SCIM: the filter is not `attribute eq "value"` on a named attribute',
  },
  'scim.invalid_syntax': { status: 400, summary: 'SCIM: the body is not a readable SCIM request' },
  'scim.invalid_path': { status: 400, summary: 'SCIM: a PATCH path that cannot be read' },
  'scim.no_target': { status: 400, summary: 'SCIM: a PATCH remove without a path' },
  'scim.uniqueness': {
    status: 409,
    summary: 'SCIM: the userName or address is held by another provisioned user',
  },
  'scim.sso_not_enabled': {
    status: 403,
    summary: 'SCIM: the tenant has no single sign-on provider configured and enabled',
  },

  // Last resort: nothing about the failure reaches the client.
  internal: { status: 500, summary: 'unexpected server error; the request id finds it in the log' },
  'service.unavailable': { status: 503, summary: 'a dependency (the database) is unreachable' },
} as const satisfies Record<string, { status: number; summary: string }>;

export type ErrorCode = keyof typeof ERROR_CODES;
