/** Agent version reported at enrolment and check-in. */
export const AGENT_VERSION = '0.1.0';
