import type { Filters, ReportKind } from './filters.js';

/**
 * Built-in report templates, one per regime (document 2; docs/reports.md, Templates): real
 * incidents only (tests excluded) over the last 30 days. No incident records a compliance regime
 * yet (the `regime` filter matches nothing, docs/incidents.md), so each template narrows by the
 * detector category the regime is about: payment data for PCI DSS, personal identifiers for the
 * personal-data laws.
 */
export interface ReportTemplate {
  id: string;
  regime: string;
  name: string;
  description: string;
  kind: ReportKind;
  filters: Filters;
}

const base = (category: string): Filters => ({ origin: 'real', window: { last_days: 30 }, category });

export const TEMPLATES: readonly ReportTemplate[] = [
  {
    id: 'pci_dss',
    regime: 'PCI DSS',
    name: 'PCI DSS: payment card data',
    description: 'Real incidents with payment card data in the last 30 days.',
    kind: 'list',
    filters: base('financial'),
  },
  {
    id: 'gdpr',
    regime: 'GDPR',
    name: 'GDPR: personal data',
    description: 'Real incidents with personal identifiers in the last 30 days.',
    kind: 'list',
    filters: base('national_id'),
  },
  {
    id: 'ru_152_fz',
    regime: 'Federal Law 152-FZ (Russia)',
    name: '152-FZ: personal data',
    description: 'Real incidents with personal identifiers in the last 30 days.',
    kind: 'list',
    filters: base('national_id'),
  },
  {
    id: 'kvkk',
    regime: 'KVKK (Türkiye, Law No. 6698)',
    name: 'KVKK: personal data',
    description: 'Real incidents with personal identifiers in the last 30 days.',
    kind: 'list',
    filters: base('national_id'),
  },
];

export function findTemplate(id: string): ReportTemplate | undefined {
  return TEMPLATES.find((t) => t.id === id);
}
