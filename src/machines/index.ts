export * from './session.machine';
export * from './log-in.machine';
export * from './sign-up.machine';
export * from './forgot-password.machine';
export * from './cookie-consent.machine';
export * from './connectivity.machine';
export { isDomainMessageId } from './failure-messages';
