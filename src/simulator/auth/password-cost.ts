/**
 * OWASP's recommendation for PBKDF2-HMAC-SHA256 (2023): the Node host's cost.
 * On its own, so the simulator's start reads it without the hashing code
 * (passwords.ts loads with the late modules, out of the worker's first chunk).
 */
export const DEFAULT_PASSWORD_ITERATIONS = 600_000;
