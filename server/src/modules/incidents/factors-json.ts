import type { IncidentRiskFactor, PriorityFactor } from '@custos/engine';

/**
 * The stored text of a batch's score factors (incident_scores.risk_factors, priority_factors),
 * written as `JSON.stringify` writes them, from a fixed shape: ingest scores every incident a
 * batch touches, and JSON.stringify of the two small lists was about 3 % of a `scattered` batch's
 * CPU (docs/agent-interface.md, Throughput). A name is quoted by JSON.stringify once and kept.
 */
const quoted = new Map<string, string>();

function quote(name: string): string {
  let q = quoted.get(name);
  if (q === undefined) {
    q = JSON.stringify(name);
    if (quoted.size < 256) quoted.set(name, q);
  }
  return q;
}

/** A number as JSON writes it: finite ones as JavaScript prints them, the rest as null. */
function num(n: number): string {
  return Number.isFinite(n) ? String(n) : 'null';
}

export function riskFactorsJson(factors: readonly IncidentRiskFactor[]): string {
  let out = '[';
  for (let i = 0; i < factors.length; i += 1) {
    const f = factors[i] as IncidentRiskFactor;
    out += `${i === 0 ? '' : ','}{"name":${quote(f.name)},"points":${num(f.points)}}`;
  }
  return `${out}]`;
}

export function priorityFactorsJson(factors: readonly PriorityFactor[]): string {
  let out = '[';
  for (let i = 0; i < factors.length; i += 1) {
    const f = factors[i] as PriorityFactor;
    out += `${i === 0 ? '' : ','}{"name":${quote(f.name)},"value":${num(f.value)},"weight":${num(f.weight)},"contribution":${num(f.contribution)}}`;
  }
  return `${out}]`;
}
