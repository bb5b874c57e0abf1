import { type TProperties, Type } from 'typebox';

/** Response schemas of classifications (issue 14: every field listed). */
const S = Type.String();
const Int = Type.Integer();
const Opt = Type.Optional;
const Obj = <P extends TProperties>(props: P) => Type.Object(props, { additionalProperties: false });

const Rule = Obj({
  rule_id: S,
  name: S,
  elements: Type.Array(
    Obj({
      element_id: S,
      detector_id: S,
      min_matches: Int,
      min_confidence: Int,
      require_validated: Type.Boolean(),
    }),
  ),
  min_elements: Opt(Int),
});

/** A classification definition at one coordinate; `created_at` in the listing. */
export const ClassificationSchema = Obj({
  classification_id: S,
  classification_version: Int,
  revision: Int,
  name: S,
  rules: Type.Unsafe<unknown>(Type.Array(Rule)),
  enabled: Type.Boolean(),
  created_at: Opt(S),
});

export const ClassificationEnabledSchema = Obj({ classification_id: S, enabled: Type.Boolean() });
