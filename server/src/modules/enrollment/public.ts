/**
 * What other modules may use of enrolment (docs/architecture.md, "Module seams"): the enrolment
 * itself for the agent interface, and the per-tenant device CA for certificate renewal.
 */
export {
  type CertificateParts,
  CsrError,
  issueDeviceCertificate,
  loadDeviceCa,
  readCsr,
} from './device-ca.js';
export { type EnrollInput, type EnrollParts, type EnrollResult, enroll } from './service.js';
