import { useT } from '../../i18n/index.js';
import { ConditionLeaf } from './condition-leaf.js';
import { toNumber } from './field-errors.js';
import type { Lookups } from './lookups.js';
import { PathField, PathSelect } from './path-field.js';
import { type ConditionNode, OPS, type Op } from './policy-types.js';

/** A fresh node of `op`, pre-filled from the lookups where a choice is needed. */
function nodeOf(op: Op, lookups: Lookups): ConditionNode {
  switch (op) {
    case 'detector':
      return { op, detector_id: lookups.detectors[0]?.id ?? 'payment_card' };
    case 'category':
      return { op, category: lookups.categories[0] ?? '' };
    case 'classification': {
      const c = lookups.classifications[0];
      return c
        ? {
            op,
            classification_id: c.classification_id,
            classification_version: c.classification_version,
            revision: c.revision,
          }
        : { op };
    }
    case 'total_matches':
      return { op, min_matches: 2 };
    case 'removable_device':
      return { op, match_mode: 'any_of', classes: ['usb_mass_storage'] };
    case 'network_location':
      return { op, any_of: ['off_network'] };
    case 'fingerprint':
      return { op, corpus_id: lookups.corpora[0]?.id ?? '', match: 'normalised' };
    case 'and':
    case 'or':
      return { op, nodes: [] };
    case 'at_least':
      return { op, n: 1, nodes: [] };
    case 'not':
      return { op, node: { op: 'always' } };
    default:
      return { op };
  }
}

/** One node of the condition tree and, for and/or/at_least/not, its children (document 1). */
export function ConditionBuilder({
  node,
  path,
  lookups,
  depth = 0,
  onNode,
  onRemove,
}: {
  node: ConditionNode;
  path: string;
  lookups: Lookups;
  depth?: number;
  onNode(next: ConditionNode): void;
  onRemove?: (() => void) | undefined;
}) {
  const t = useT();
  const nodes = node.nodes ?? [];
  const group = node.op === 'and' || node.op === 'or' || node.op === 'at_least';
  return (
    <fieldset className="nested condition">
      <legend>{t('ed.node', { depth: depth + 1 })}</legend>
      <PathSelect
        label={t('ed.op')}
        path={`${path}.op`}
        list="op"
        values={OPS}
        value={node.op}
        onValue={(op) => onNode(nodeOf(op as Op, lookups))}
      />
      <ConditionLeaf node={node} path={path} lookups={lookups} onNode={onNode} />
      {node.op === 'at_least' && (
        <PathField
          label={t('ed.n')}
          path={`${path}.n`}
          type="number"
          min={1}
          value={node.n}
          onText={(v) => onNode({ ...node, n: toNumber(v) })}
        />
      )}
      {group &&
        nodes.map((child, i) => (
          <ConditionBuilder
            // biome-ignore lint/suspicious/noArrayIndexKey: children are edited in place; the index is the identity
            key={i}
            node={child}
            path={`${path}.nodes[${i}]`}
            lookups={lookups}
            depth={depth + 1}
            onNode={(next) => onNode({ ...node, nodes: nodes.map((x, j) => (j === i ? next : x)) })}
            onRemove={() => onNode({ ...node, nodes: nodes.filter((_, j) => j !== i) })}
          />
        ))}
      {group && (
        <button
          type="button"
          className="secondary"
          onClick={() => onNode({ ...node, nodes: [...nodes, nodeOf('detector', lookups)] })}
        >
          {t('ed.addChild')}
        </button>
      )}
      {node.op === 'not' && node.node && (
        <ConditionBuilder
          node={node.node}
          path={`${path}.node`}
          lookups={lookups}
          depth={depth + 1}
          onNode={(next) => onNode({ ...node, node: next })}
        />
      )}
      {onRemove && (
        <button type="button" className="secondary" onClick={onRemove}>
          {t('ed.removeNode')}
        </button>
      )}
    </fieldset>
  );
}
