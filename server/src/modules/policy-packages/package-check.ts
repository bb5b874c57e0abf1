import { isDeepStrictEqual } from 'node:util';
import { type PackageDependency, type PolicyPackage, policyReferences } from '@custos/engine';
import { AppError } from '../../http/errors.js';

function refuse(field: string, message: string): never {
  throw new AppError('request.invalid', 'the package is not usable', [{ field, message }]);
}

/**
 * The package's dependencies as this server computes them from its spec, with the exporter's
 * origin, version and name kept. A package whose list differs from its spec's references (an
 * entry missing, added, or with other paths or coordinates) is refused: a reference the list
 * left out would otherwise resolve in this tenant by its id alone.
 */
export function checkedDependencies(pkg: PolicyPackage): PackageDependency[] {
  let refs: PackageDependency[];
  try {
    refs = policyReferences(pkg.policy.spec);
  } catch {
    refuse('package.policy.spec', 'is not a policy version (its condition or scope cannot be read)');
  }
  const declared = new Map(pkg.dependencies.map((d) => [d.key, d]));
  if (declared.size !== pkg.dependencies.length) refuse('package.dependencies', 'lists a key twice');
  if (refs.length !== pkg.dependencies.length)
    refuse('package.dependencies', 'does not list exactly the references of package.policy.spec');
  return refs.map((ref) => {
    const d = declared.get(ref.key);
    const at = d ? pkg.dependencies.indexOf(d) : -1;
    if (!d) refuse('package.dependencies', 'does not list exactly the references of package.policy.spec');
    const same =
      d.kind === ref.kind &&
      d.value === ref.value &&
      isDeepStrictEqual([...d.paths].sort(), [...ref.paths].sort()) &&
      (ref.kind !== 'classification' || (d.version === ref.version && d.revision === ref.revision)) &&
      (ref.target === undefined || isDeepStrictEqual(d.target, ref.target));
    if (!same) refuse(`package.dependencies[${at}]`, 'does not match the reference in package.policy.spec');
    const out: PackageDependency = { ...ref };
    if (d.origin !== undefined) out.origin = d.origin;
    if (ref.kind === 'detector' && d.version !== undefined) out.version = d.version;
    if (d.name !== undefined) out.name = d.name;
    return out;
  });
}
