/** The console's sign-in (/ops): e-mail, password and the authenticator app's 6-digit code. */
import { useState } from 'react';
import { useI18n, type MessageId } from '../../i18n/i18n';
import { Button } from '../ui/button';
import { TextField } from '../ui/text-field';
import { OpsMessages } from './ops-parts';

export function OpsSignInScreen({
  error,
  busy,
  onSubmit,
}: {
  error: MessageId | null;
  busy: boolean;
  onSubmit: (form: { email: string; password: string; code: string }) => void;
}) {
  const { t } = useI18n();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  return (
    <main id="main" className="ops-sign-in">
      <h1>{t('ops.signIn.title')}</h1>
      <OpsMessages error={error} />
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          onSubmit({ email, password, code });
        }}
      >
        <TextField
          label={t('ops.signIn.email')}
          type="email"
          autoComplete="username"
          value={email}
          onValueChange={setEmail}
        />
        <TextField
          label={t('ops.signIn.password')}
          type="password"
          autoComplete="current-password"
          value={password}
          onValueChange={setPassword}
        />
        <TextField
          label={t('ops.signIn.code')}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          value={code}
          onValueChange={setCode}
        />
        <Button type="submit" busy={busy} busyLabel={t('ops.loading')}>
          {t('ops.signIn.submit')}
        </Button>
      </form>
    </main>
  );
}
