import { useT } from '../../i18n/index.js';
import { useFieldError } from './field-errors.js';
import { PathField, PathSelect } from './path-field.js';
import { type ConditionNode, FINGERPRINT_MATCHES } from './policy-types.js';

/** The fields of a fingerprint condition: the corpus, the matching kind, the coverage threshold. */
export function FingerprintLeaf({
  node,
  path,
  corpora,
  onNode,
}: {
  node: ConditionNode;
  path: string;
  corpora: readonly { id: string; name: string }[];
  onNode(next: ConditionNode): void;
}) {
  const t = useT();
  const corpusError = useFieldError(`${path}.corpus_id`);
  const known = corpora.some((c) => c.id === node.corpus_id);
  return (
    <>
      <div className="field">
        <label htmlFor={`${path}-corpus`}>{t('ed.fp.corpus')}</label>
        <select
          id={`${path}-corpus`}
          value={node.corpus_id ?? ''}
          aria-invalid={corpusError ? true : undefined}
          onChange={(e) => onNode({ ...node, corpus_id: e.target.value })}
        >
          {!known && <option value={node.corpus_id ?? ''}>{node.corpus_id || t('ed.choose')}</option>}
          {corpora.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </select>
        {corpusError && <p className="error">{corpusError}</p>}
      </div>
      <PathSelect
        label={t('ed.fp.match')}
        path={`${path}.match`}
        list="fpMatch"
        values={FINGERPRINT_MATCHES}
        value={node.match}
        onValue={(v) => onNode({ ...node, match: v })}
      />
      <PathField
        label={t('ed.fp.minCoverage')}
        path={`${path}.min_coverage`}
        type="number"
        min={0}
        max={1}
        step="any"
        value={node.min_coverage}
        onText={(v) => {
          const { min_coverage: _m, ...rest } = node;
          onNode(v.trim() === '' ? rest : { ...node, min_coverage: Number(v) });
        }}
      />
      <p className="hint">{t('ed.fp.hint')}</p>
    </>
  );
}
