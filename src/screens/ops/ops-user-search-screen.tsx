/** The console's user search (/ops/users): by e-mail, phone number or an operation's reference. */
import { useState } from 'react';
import { useSelector } from '@xstate/react';
import { Link } from 'react-router-dom';
import type { ActorRefFrom } from 'xstate';
import type { opsUserSearchMachine } from '../../machines/ops/ops-user-search.machine';
import { useI18n } from '../../i18n/i18n';
import { Button } from '../ui/button';
import { TextField } from '../ui/text-field';
import { OpsMessages, OpsTable } from './ops-parts';

export function OpsUserSearchScreen({ actor }: { actor: ActorRefFrom<typeof opsUserSearchMachine> }) {
  const { t } = useI18n();
  const snapshot = useSelector(actor, (s) => s);
  const [query, setQuery] = useState(snapshot.context.query);
  const { results, error } = snapshot.context;
  return (
    <>
      <h1>{t('ops.users.title')}</h1>
      <form
        role="search"
        className="ops-search"
        onSubmit={(event) => {
          event.preventDefault();
          actor.send({ type: 'SEARCH', query });
        }}
      >
        <TextField label={t('ops.users.query')} type="search" value={query} onValueChange={setQuery} />
        <Button type="submit" busy={snapshot.matches('searching')} busyLabel={t('ops.loading')}>
          {t('ops.users.search')}
        </Button>
      </form>
      <OpsMessages error={error} />
      {results && results.length === 0 ? <p role="status">{t('ops.users.none')}</p> : null}
      {results && results.length > 0 ? (
        <OpsTable
          caption={t('ops.users.title')}
          heads={[
            t('ops.col.name'),
            t('ops.col.email'),
            t('ops.col.phone'),
            t('ops.col.tier'),
            t('ops.col.status'),
          ]}
        >
          {results.map((user) => (
            <tr key={user.userId}>
              <td>
                <Link to={`/users/${user.userId}`} aria-label={t('ops.users.open', { name: user.fullName })}>
                  {user.fullName}
                </Link>
              </td>
              <td>{user.email}</td>
              <td>{user.phone}</td>
              <td>{user.accountTier}</td>
              <td>{user.frozenAt ? t('ops.status.frozen') : t('ops.status.active')}</td>
            </tr>
          ))}
        </OpsTable>
      ) : null}
    </>
  );
}
