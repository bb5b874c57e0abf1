import { shannonEntropy } from './normalise.js';

/**
 * Vendor tokens with a fixed prefix (GitHub, Slack, Google): the random part must not be a
 * placeholder such as `ghp_xxxxxxxx…`; at least 3 bits per character (gitleaks' threshold).
 */
export function tokenEntropyValid(value: string): boolean {
  const body = value.replace(/^(?:gh[pousr]_|github_pat_|xox[a-z]-|AIza)/, '');
  return shannonEntropy(body) >= 3;
}
