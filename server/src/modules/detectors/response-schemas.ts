import { Type } from 'typebox';

/** Response schema of detectors (issue 14: every field listed). */
const S = Type.String();
const Int = Type.Integer();
const Opt = Type.Optional;

/** A built-in (id, version, category, description) or a custom detector (its whole spec). */
export const DetectorSchema = Type.Object(
  {
    id: S,
    version: Int,
    category: S,
    description: Opt(S),
    builtin: Type.Boolean(),
    pattern: Opt(S),
    case_insensitive: Opt(Type.Boolean()),
    keywords: Opt(Type.Unsafe<readonly string[]>(Type.Array(S))),
    proximity: Opt(Int),
    keyword_required: Opt(Type.Boolean()),
    validator: Opt(S),
    confidence: Opt(Int),
  },
  { additionalProperties: false },
);
