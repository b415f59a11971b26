import { useEffect, useRef, useState, type MouseEvent } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { Beneficiary } from '../contract/beneficiary';
import { SEARCH_TERM_MAX_LENGTH } from '../domain/paging';
import {
  beneficiariesPage,
  beneficiaryListMachine,
  type BeneficiaryListMachine,
} from '../machines/beneficiary-list.machine';
import {
  beneficiaryManagerMachine,
  type BeneficiaryManagerMachine,
  type BeneficiaryNotice,
} from '../machines/beneficiary-manager.machine';
import { useI18n } from '../i18n/i18n';
import type { MessageId } from '../i18n/en';
import { AddBeneficiaryDialog } from './add-beneficiary-dialog';
import { useBeneficiaryActors } from './beneficiary-actors';
import { BeneficiaryDetail } from './beneficiary-parts';
import { EditBeneficiaryDialog } from './edit-beneficiary-dialog';
import { Alert } from './ui/alert';
import { Button } from './ui/button';
import { FocusHeading } from './ui/focus-heading';
import { Modal } from './ui/modal';
import { Pager } from './ui/pager';
import { TextField } from './ui/text-field';
import { Skeleton } from './ui/skeleton';

const noticeText: Record<BeneficiaryNotice, MessageId> = {
  added: 'beneficiaries.added',
  updated: 'beneficiaries.updated',
  deleted: 'beneficiaries.deleted',
};

/**
 * The Beneficiary manager (/Dashboard/beneficiaries, and inside the /SendMoney wizard): search by the start of
 * the name, five per page, edit and delete per row, and the Add Beneficiary button. With `onSelect`, a row click
 * (or its select button, by keyboard) picks that beneficiary for the caller.
 */
export function BeneficiaryManager({
  onSelect,
  headingLevel = 1,
}: {
  onSelect?: (beneficiary: Beneficiary) => void;
  /** 1 on its own page; 2 inside a page that has its own title (the wizard). */
  headingLevel?: 1 | 2;
}) {
  const actors = useBeneficiaryActors();
  const list = useActorRef(beneficiaryListMachine.provide(actors.list));
  const manager = useActorRef(
    beneficiaryManagerMachine.provide({
      ...actors.manager,
      actions: {
        refreshList: () => list.send({ type: 'REFRESH' }),
        beneficiarySelected: (_, params) => onSelect?.(params.beneficiary),
      },
    }),
  );
  return (
    <BeneficiaryManagerPanel
      list={list}
      manager={manager}
      selectable={onSelect !== undefined}
      headingLevel={headingLevel}
    />
  );
}

/** The manager's view of its two actors: the list, and the row actions with their dialogs. */
export function BeneficiaryManagerPanel({
  list,
  manager,
  selectable,
  headingLevel,
}: {
  list: ActorRefFrom<BeneficiaryListMachine>;
  manager: ActorRefFrom<BeneficiaryManagerMachine>;
  selectable: boolean;
  headingLevel: 1 | 2;
}) {
  const { t } = useI18n();
  const listState = useSelector(list, (s) => s);
  const managerState = useSelector(manager, (s) => s);
  const { beneficiaries, error, search } = listState.context;
  const { target, notice, error: deleteError } = managerState.context;
  const [searchText, setSearchText] = useState(search ?? '');
  const loading = listState.matches('loading');
  const ready = listState.matches('ready');
  const shown = beneficiariesPage(listState.context);
  // A reload after a change keeps the rows shown (marked busy) instead of a blank list.
  const rowsShown = (ready || loading) && shown.rows.length > 0;
  const deleting = managerState.matches('deleting');
  const select = (beneficiary: Beneficiary) => manager.send({ type: 'SELECT', beneficiary });

  // After a delete the heading takes the focus (the row, whose button had it, is gone).
  const section = useRef<HTMLElement>(null);
  const wasDeleting = useRef(false);
  useEffect(() => {
    if (wasDeleting.current && !deleting && notice === 'deleted')
      section.current?.querySelector<HTMLElement>('.page-title')?.focus();
    wasDeleting.current = deleting;
  }, [deleting, notice]);

  return (
    <section ref={section} className="card beneficiaries">
      <div className="history-header">
        <FocusHeading level={headingLevel}>{t('beneficiaries.title')}</FocusHeading>
        <Button onClick={() => manager.send({ type: 'ADD' })}>{t('beneficiaries.add')}</Button>
      </div>
      <TextField
        className="history-search"
        type="search"
        label={t('beneficiaries.search')}
        hint={t('beneficiaries.searchHint')}
        value={searchText}
        maxLength={SEARCH_TERM_MAX_LENGTH}
        autoComplete="off"
        onValueChange={(text) => {
          setSearchText(text);
          list.send({ type: 'SEARCH', text });
        }}
      />
      <p role="status" className="beneficiary-notice">
        {notice ? t(noticeText[notice]) : ''}
      </p>
      {loading && beneficiaries.length === 0 ? (
        <Skeleton label={t('beneficiaries.loading')} shape="rows" />
      ) : null}
      {listState.matches('failed') && error ? (
        <Alert>
          {t(error)}{' '}
          <Button variant="link" onClick={() => list.send({ type: 'RETRY' })}>
            {t('beneficiaries.retry')}
          </Button>
        </Alert>
      ) : null}
      {ready && shown.rows.length === 0 ? (
        <p className="empty">
          {search === undefined ? t('beneficiaries.empty') : t('beneficiaries.noMatch', { term: search })}
        </p>
      ) : null}
      {rowsShown ? (
        <>
          <ul className="beneficiary-list" aria-label={t('beneficiaries.listLabel')} aria-busy={loading}>
            {shown.rows.map((beneficiary) => (
              <BeneficiaryRow
                key={beneficiary.id}
                beneficiary={beneficiary}
                onSelect={selectable ? () => select(beneficiary) : null}
                onEdit={() => manager.send({ type: 'EDIT', beneficiary })}
                onDelete={() => manager.send({ type: 'DELETE', beneficiary })}
              />
            ))}
          </ul>
          <Pager
            window={shown.window}
            onPrevious={() => list.send({ type: 'PREVIOUS' })}
            onNext={() => list.send({ type: 'NEXT' })}
          />
        </>
      ) : null}
      <AddBeneficiaryDialog
        open={managerState.matches('adding')}
        onClose={() => manager.send({ type: 'CLOSE' })}
        onSaved={(beneficiary) => manager.send({ type: 'SAVED', beneficiary })}
      />
      {managerState.matches('editing') && target ? (
        <EditBeneficiaryDialog
          beneficiary={target}
          onClose={() => manager.send({ type: 'CLOSE' })}
          onSaved={(beneficiary) => manager.send({ type: 'SAVED', beneficiary })}
        />
      ) : null}
      {(managerState.matches('confirmingDelete') || deleting) && target ? (
        <Modal
          role="alertdialog"
          title={t('beneficiaries.deleteTitle')}
          onClose={deleting ? undefined : () => manager.send({ type: 'CANCEL' })}
        >
          <p className="modal-message">{t('beneficiaries.confirmDelete')}</p>
          <p>
            <strong>{target.fullName}</strong>
            <br />
            <BeneficiaryDetail beneficiary={target} />
          </p>
          {deleteError ? <Alert>{t(deleteError)}</Alert> : null}
          {/* Cancel first: it takes the focus, so Enter does not delete by accident. */}
          <div className="form-actions">
            {deleting ? null : (
              <Button variant="secondary" onClick={() => manager.send({ type: 'CANCEL' })}>
                {t('beneficiaries.cancel')}
              </Button>
            )}
            <Button
              busy={deleting}
              busyLabel={t('beneficiaries.deleting')}
              onClick={() => manager.send({ type: 'CONFIRM' })}
            >
              {t('beneficiaries.delete')}
            </Button>
          </div>
        </Modal>
      ) : null}
    </section>
  );
}

function BeneficiaryRow({
  beneficiary,
  onSelect,
  onEdit,
  onDelete,
}: {
  beneficiary: Beneficiary;
  /** When the caller picks beneficiaries: the whole row selects, and its name is a button for the keyboard. */
  onSelect: (() => void) | null;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const { t } = useI18n();
  const name = beneficiary.fullName;
  const detailId = `beneficiary-${beneficiary.id}-detail`;
  // The row's own buttons act on their own, not as a click on the row.
  const only = (action: () => void) => (event: MouseEvent) => {
    event.stopPropagation();
    action();
  };
  return (
    // The click on the row is a larger target for the pointer; keyboards use the select button inside it.
    <li
      className={['beneficiary-row', onSelect ? 'beneficiary-row-selectable' : null]
        .filter(Boolean)
        .join(' ')}
      onClick={onSelect ?? undefined}
    >
      <div className="beneficiary-identity">
        {onSelect ? (
          <button
            type="button"
            className="beneficiary-select"
            aria-label={t('beneficiaries.selectNamed', { name })}
            aria-describedby={detailId}
            onClick={only(onSelect)}
          >
            {name}
          </button>
        ) : (
          <span className="beneficiary-name">{name}</span>
        )}
        <BeneficiaryDetail beneficiary={beneficiary} id={detailId} />
      </div>
      <div className="beneficiary-actions">
        <Button
          variant="secondary"
          aria-label={t('beneficiaries.editNamed', { name })}
          onClick={only(onEdit)}
        >
          {t('beneficiaries.edit')}
        </Button>
        <Button
          variant="secondary"
          aria-label={t('beneficiaries.deleteNamed', { name })}
          onClick={only(onDelete)}
        >
          {t('beneficiaries.delete')}
        </Button>
      </div>
    </li>
  );
}
