/** What other modules use from identity (server-modules contract: consumers import only this). */
export { checkPasswordRule, PASSWORD_MIN_LENGTH, type PasswordContext } from './password-rule.js';
export { resetSecondFactor } from './second-factor.js';
