import { isWireAction, normalizeAction } from './actions.js';
import { checkStringList, type FieldErrors, isInteger, isRecord } from './field-errors.js';
import { isAddressOrCidr } from './ip-address.js';
import { isConnectionCondition } from './validate-condition.js';
import type { ScopeFacts } from './validate-scope.js';

/** Scope entries a connection policy may name: endpoints, endpoint groups and operating systems. */
const CONNECTION_SCOPE = new Set([
  'device_ids',
  'agent_groups',
  'operating_systems',
  'include_targets.endpoint',
  'include_targets.endpoint_group',
  'exclude_targets.endpoint',
  'exclude_targets.endpoint_group',
]);

/**
 * Document 1, "Connection policies": refused unless the response is block, the condition is
 * exactly not(and with no children), and the scope names only endpoints, endpoint groups and
 * operating systems. Each refusal names connection.applications, connection.destinations,
 * condition, response or scope.
 */
export function validateConnection(
  errors: FieldErrors,
  value: unknown,
  policy: Record<string, unknown>,
  scope: ScopeFacts,
): void {
  if (value === undefined || value === null) return;
  if (!isRecord(value)) {
    errors.add('connection', 'must be an object with mode, applications and destinations');
    return;
  }
  for (const key of Object.keys(value)) {
    if (!['mode', 'applications', 'destinations'].includes(key))
      errors.add(`connection.${key}`, 'is not a connection field');
  }
  if (value['mode'] !== 'allow_only' && value['mode'] !== 'deny')
    errors.add('connection.mode', 'must be allow_only or deny');
  const apps = value['applications'];
  if (!Array.isArray(apps)) errors.add('connection.applications', 'must be a list of executable file names');
  else {
    checkStringList(errors, 'connection.applications', apps, 1000, 255).forEach((name) => {
      if (/[\\/]/.test(name) || /^[a-z]:/i.test(name)) {
        errors.add('connection.applications', 'must name executable files, never paths');
      }
    });
  }
  const dests = value['destinations'];
  if (!Array.isArray(dests)) errors.add('connection.destinations', 'must be a list of {address, ports}');
  else {
    dests.forEach((d, i) => {
      const p = `connection.destinations[${i}]`;
      if (!isRecord(d)) {
        errors.add(p, 'must be an object with address and optional ports');
        return;
      }
      const address = d['address'];
      if (typeof address !== 'string' || !isAddressOrCidr(address)) {
        errors.add(`${p}.address`, 'must be an IP address or CIDR range, never a hostname');
      }
      const ports = d['ports'];
      if (ports !== undefined && ports !== null) {
        if (!Array.isArray(ports) || ports.length === 0)
          errors.add(`${p}.ports`, 'must list ports, or be omitted');
        else
          ports.forEach((port, j) => {
            if (!isInteger(port) || port < 1 || port > 65535)
              errors.add(`${p}.ports[${j}]`, 'must be a port from 1 to 65535');
          });
      }
    });
  }
  const response = policy['response'];
  if (!isWireAction(response) || normalizeAction(response) !== 'block')
    errors.add('response', 'a connection policy must respond with block');
  if (!isConnectionCondition(policy['condition']))
    errors.add('condition', 'a connection policy must carry exactly not(and with no children)');
  for (const named of scope.named) {
    if (!CONNECTION_SCOPE.has(named)) {
      errors.add(
        'scope',
        'a connection policy may name only endpoints, endpoint groups and operating systems',
      );
      break;
    }
  }
}
