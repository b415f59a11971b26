/**
 * The log-in form's data and rules, without xstate: the machine (./log-in.machine.ts) runs on them, and the page
 * drafts on them what the visitor types before the machine's chunk has loaded (src/app/deferred-actor.ts).
 */
import { emailViolation } from '../domain/email';
import type { DomainMessageId } from '../domain/messages';
import type { RuleViolation } from '../domain/rule';

export type LogInField = 'email' | 'password';

/**
 * What sign-up and the password reset hand the log-in page (router state): the e-mail, and what was done (a flag,
 * not the message: its English stays out of the sign-up page's first route).
 */
export interface LogInArrival {
  email: string;
  done: 'signUp' | 'passwordReset';
}

export interface LogInContext {
  email: string;
  password: string;
  passwordVisible: boolean;
  violations: RuleViolation<LogInField>[];
  error: DomainMessageId | null;
}

export type LogInEvent =
  | { type: 'CHANGE'; field: LogInField; value: string }
  | { type: 'TOGGLE_PASSWORD_VISIBILITY' }
  | { type: 'SUBMIT' };

export const initialLogInContext: LogInContext = {
  email: '',
  password: '',
  passwordVisible: false,
  violations: [],
  error: null,
};

/** What must hold before the form is sent: the e-mail rule, and a password. */
export const logInViolations = (email: string, password: string): RuleViolation<LogInField>[] => {
  const violations: RuleViolation<LogInField>[] = [];
  const emailMessage = emailViolation(email);
  if (emailMessage) violations.push({ field: 'email', messageId: emailMessage });
  if (password === '') violations.push({ field: 'password', messageId: 'logIn.passwordRequired' });
  return violations;
};

/** A field edited: once shown, violations follow the form as it is corrected; a failure's message goes. */
export const changeLogInField = (
  context: LogInContext,
  field: LogInField,
  value: string,
): Pick<LogInContext, LogInField | 'violations' | 'error'> => {
  const next = { ...context, [field]: value };
  return {
    email: next.email,
    password: next.password,
    violations: context.violations.length > 0 ? logInViolations(next.email, next.password) : [],
    error: null,
  };
};

/** The form as the visitor sees it before the machine runs: what they typed and the password's visibility. */
export const draftLogIn = (context: LogInContext, event: LogInEvent): LogInContext => {
  switch (event.type) {
    case 'CHANGE':
      return { ...context, ...changeLogInField(context, event.field, event.value) };
    case 'TOGGLE_PASSWORD_VISIBILITY':
      return { ...context, passwordVisible: !context.passwordVisible };
    default:
      return context;
  }
};
