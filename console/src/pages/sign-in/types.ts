import type { paths } from '../../api/schema.js';

export type LoginAnswer =
  paths['/api/v1/auth/login']['post']['responses'][200]['content']['application/json'];
export type Challenge = Extract<LoginAnswer, { next: string }>;
export type Session = Exclude<LoginAnswer, { next: string }>;

export function isChallenge(answer: LoginAnswer): answer is Challenge {
  return 'next' in answer;
}
