import { useT } from '../../i18n/index.js';
import { Check, toNumber } from './field-errors.js';
import { FingerprintLeaf } from './fingerprint-leaf.js';
import { labelKey } from './labels.js';
import { ListField } from './list-field.js';
import type { Lookups } from './lookups.js';
import { PathField } from './path-field.js';
import { type ConditionNode, DEVICE_CLASSES, NETWORK_LOCATIONS } from './policy-types.js';

interface LeafProps {
  node: ConditionNode;
  path: string;
  lookups: Lookups;
  onNode(next: ConditionNode): void;
}

const coordinate = (c: { classification_id: string; classification_version: number; revision: number }) =>
  `${c.classification_id}@${c.classification_version}#${c.revision}`;

/** min_matches, min_confidence and require_validated (defaults 1, 65, true: docs/policy-model.md). */
function RuleFields({ node, path, onNode }: Omit<LeafProps, 'lookups'>) {
  const t = useT();
  const validated = node.require_validated === undefined ? '' : String(node.require_validated);
  return (
    <>
      <PathField
        label={t('ed.minMatches')}
        path={`${path}.min_matches`}
        type="number"
        min={1}
        value={node.min_matches}
        onText={(v) => onNode({ ...node, min_matches: toNumber(v) })}
      />
      <PathField
        label={t('ed.minConfidence')}
        path={`${path}.min_confidence`}
        type="number"
        min={0}
        max={100}
        value={node.min_confidence}
        onText={(v) => onNode({ ...node, min_confidence: toNumber(v) })}
      />
      <div className="field">
        <label htmlFor={`${path}-validated`}>{t('ed.requireValidated')}</label>
        <select
          id={`${path}-validated`}
          value={validated}
          onChange={(e) =>
            onNode({
              ...node,
              require_validated: e.target.value === '' ? undefined : e.target.value === 'true',
            })
          }
        >
          <option value="">{t('ed.validatedDefault')}</option>
          <option value="true">{t('admin.yes')}</option>
          <option value="false">{t('ed.validatedNo')}</option>
        </select>
      </div>
    </>
  );
}

/** The fields of a leaf node, by its op. */
export function ConditionLeaf({ node, path, lookups, onNode }: LeafProps) {
  const t = useT();
  const list = (key: keyof ConditionNode, label: string) => (
    <ListField
      label={label}
      path={`${path}.${key}`}
      value={node[key] as string[] | undefined}
      onList={(v) => onNode({ ...node, [key]: v })}
    />
  );
  switch (node.op) {
    case 'detector':
    case 'category':
    case 'total_matches': {
      const choices = node.op === 'detector' ? lookups.detectors.map((d) => d.id) : lookups.categories;
      const key = node.op === 'detector' ? 'detector_id' : 'category';
      return (
        <>
          {node.op !== 'total_matches' && (
            <div className="field">
              <label htmlFor={`${path}-${key}`}>
                {t(node.op === 'detector' ? 'ed.detector' : 'ed.category')}
              </label>
              <select
                id={`${path}-${key}`}
                value={node[key] ?? ''}
                onChange={(e) => onNode({ ...node, [key]: e.target.value })}
              >
                {!choices.includes(node[key] ?? '') && (
                  <option value={node[key] ?? ''}>{node[key] ?? ''}</option>
                )}
                {choices.map((c) => (
                  <option key={c} value={c}>
                    {c}
                  </option>
                ))}
              </select>
            </div>
          )}
          <RuleFields node={node} path={path} onNode={onNode} />
          <p className="hint">{t('ed.threeValued')}</p>
        </>
      );
    }
    case 'classification': {
      const current = node.classification_id
        ? coordinate({
            classification_id: node.classification_id,
            classification_version: node.classification_version ?? 1,
            revision: node.revision ?? 0,
          })
        : '';
      return (
        <>
          <div className="field">
            <label htmlFor={`${path}-classification`}>{t('ed.classification')}</label>
            <select
              id={`${path}-classification`}
              value={current}
              onChange={(e) => {
                const c = lookups.classifications.find((x) => coordinate(x) === e.target.value);
                if (c)
                  onNode({
                    op: 'classification',
                    classification_id: c.classification_id,
                    classification_version: c.classification_version,
                    revision: c.revision,
                  });
              }}
            >
              <option value="">{t('ed.choose')}</option>
              {lookups.classifications.map((c) => (
                <option key={coordinate(c)} value={coordinate(c)}>
                  {`${c.name} (${coordinate(c)})`}
                </option>
              ))}
            </select>
          </div>
          <p className="hint">{t('ed.threeValued')}</p>
        </>
      );
    }
    case 'file_condition':
      return (
        <>
          {list('extensions', t('ed.fc.extensions'))}
          {list('mime_types', t('ed.fc.mime'))}
          {list('path_contains', t('ed.fc.path'))}
          {list('labels', t('ed.fc.labels'))}
          {list('owners', t('ed.fc.owners'))}
          <PathField
            label={t('ed.fc.minSize')}
            path={`${path}.min_size_bytes`}
            type="number"
            min={0}
            value={node.min_size_bytes}
            onText={(v) => onNode({ ...node, min_size_bytes: toNumber(v) })}
          />
          <PathField
            label={t('ed.fc.maxSize')}
            path={`${path}.max_size_bytes`}
            type="number"
            min={0}
            value={node.max_size_bytes}
            onText={(v) => onNode({ ...node, max_size_bytes: toNumber(v) })}
          />
        </>
      );
    case 'removable_device':
      return (
        <>
          <div className="field">
            <label htmlFor={`${path}-mode`}>{t('ed.rd.mode')}</label>
            <select
              id={`${path}-mode`}
              value={node.match_mode ?? 'any_of'}
              onChange={(e) => onNode({ ...node, match_mode: e.target.value })}
            >
              <option value="any_of">{t('ed.rd.any_of')}</option>
              <option value="none_of">{t('ed.rd.none_of')}</option>
            </select>
          </div>
          {list('serials', t('ed.rd.serials'))}
          <ListField
            label={t('ed.rd.classes')}
            hint={DEVICE_CLASSES.join(', ')}
            path={`${path}.classes`}
            value={node.classes}
            onList={(v) => onNode({ ...node, classes: v })}
          />
          <Check
            label={t('ed.rd.inventory')}
            checked={node.include_approved_inventory ?? false}
            onChecked={(v) => onNode({ ...node, include_approved_inventory: v })}
          />
        </>
      );
    case 'network_location':
      return (
        <fieldset>
          <legend>{t('ed.nl.anyOf')}</legend>
          {NETWORK_LOCATIONS.map((l) => (
            <Check
              key={l}
              label={t(labelKey('location', l))}
              checked={node.any_of?.includes(l) ?? false}
              onChecked={(on) =>
                onNode({
                  ...node,
                  any_of: on ? [...(node.any_of ?? []), l] : (node.any_of ?? []).filter((x) => x !== l),
                })
              }
            />
          ))}
          <p className="hint">{t('ed.nl.hint')}</p>
        </fieldset>
      );
    case 'fingerprint':
      return <FingerprintLeaf node={node} path={path} corpora={lookups.corpora} onNode={onNode} />;
    default:
      return null;
  }
}
