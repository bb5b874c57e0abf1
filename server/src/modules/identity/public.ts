/** What other modules use from identity (server-modules contract: consumers import only this). */

export {
  type CreatedTenant,
  type CreateTenantInput,
  createTenant,
  type TenantDeps,
  validateTenantInput,
} from './new-tenant.js';
export {
  checkPasswordRule,
  enforcePasswordRule,
  PASSWORD_MIN_LENGTH,
  type PasswordContext,
} from './password-rule.js';
export { resetSecondFactor } from './second-factor.js';
export { answerSession, ChallengeBody, SignedInBody } from './second-factor-routes.js';
export { finishSignIn } from './service.js';
export { isLocked } from './sign-in-rules.js';
export { clearLock, getIdleMinutes } from './store.js';
