import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createActor, fromPromise } from 'xstate';
import {
  identificationFormMachine,
  type AddIdentificationPayload,
  type UploadImageInput,
} from '../../src/machines/identification-form.machine';
import type { Identification, UploadedImage } from '../../src/contract/identification';
import type { IdentificationType } from '../../src/contract/reference';
import { AddIdentificationScreen } from '../../src/screens/add-identification-screen';
import { httpError, renderScreen } from './render';
import { deferred, identification } from './wallet-fixtures';
import { proves } from '../support/requirements';

// Long user-event journeys (many selects and typed fields): seconds each on a busy 2-core machine.
vi.setConfig({ testTimeout: 20_000 });

const types: IdentificationType[] = [
  { id: 1, identificationType: 'Ghana Card' },
  { id: 2, identificationType: 'Passport' },
];

const TODAY = '2026-11-21';

const setup = ({
  addIdentification = () => Promise.resolve(identification()),
  addedRedirectDelay = 3000,
}: {
  addIdentification?: (input: AddIdentificationPayload) => Promise<Identification>;
  addedRedirectDelay?: number;
} = {}) => {
  const uploads: { input: UploadImageInput; answer: ReturnType<typeof deferred<UploadedImage>> }[] = [];
  const navigate = vi.fn();
  const identificationAdded = vi.fn();
  const actor = createActor(
    identificationFormMachine.provide({
      actors: {
        loadTypes: fromPromise(async () => types),
        uploadImage: fromPromise<UploadedImage, UploadImageInput>(({ input }) => {
          const answer = deferred<UploadedImage>();
          uploads.push({ input, answer });
          return answer.promise;
        }),
        addIdentification: fromPromise<Identification, AddIdentificationPayload>(({ input }) =>
          addIdentification(input),
        ),
      },
      actions: {
        identificationAdded,
        navigate: (_, params) => navigate(params.to),
      },
      delays: { addedRedirectDelay },
    }),
    { input: { today: TODAY } },
  ).start();
  renderScreen(<AddIdentificationScreen actorRef={actor} onCancel={() => undefined} />);
  return { actor, uploads, navigate, identificationAdded };
};

const jpeg = (bytes = 4, name = 'card.jpg') =>
  new File([new Uint8Array(bytes)], name, { type: 'image/jpeg' });

const chooseDate = async (prefix: 'Issue' | 'Expiry', day: string, month: string, year: string) => {
  await userEvent.selectOptions(screen.getByLabelText(`${prefix} day`), day);
  await userEvent.selectOptions(screen.getByLabelText(`${prefix} month`), month);
  await userEvent.selectOptions(screen.getByLabelText(`${prefix} year`), year);
};

let created: ReturnType<typeof vi.spyOn>;
let revoked: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  let count = 0;
  created = vi.spyOn(URL, 'createObjectURL').mockImplementation(() => `blob:preview-${++count}`);
  revoked = vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
});
afterEach(() => {
  created.mockRestore();
  revoked.mockRestore();
});

describe('AddIdentificationScreen', () => {
  it(
    proves(
      ['S4.identification.2', 'S5.identification.7'],
      'labels every field, offers 50 issue years and keeps the expiry disabled until the issue date is complete',
    ),
    async () => {
      setup();
      expect(screen.getByRole('heading', { level: 2, name: 'Add Identification' })).toHaveFocus();
      await screen.findByRole('option', { name: 'Ghana Card' });
      for (const label of ['Identification type', 'ID number', 'ID image']) {
        expect(screen.getByLabelText(label)).toBeInTheDocument();
      }
      const issueYears = within(screen.getByLabelText('Issue year')).getAllByRole('option').slice(1);
      expect(issueYears).toHaveLength(50);
      expect(issueYears[0]).toHaveTextContent('2026');
      expect(issueYears.at(-1)).toHaveTextContent('1977');

      for (const part of ['Expiry day', 'Expiry month', 'Expiry year'])
        expect(screen.getByLabelText(part)).toBeDisabled();
      expect(screen.getByText('Choose the full issue date first.')).toBeInTheDocument();
      await chooseDate('Issue', '4', 'March', '2021');
      for (const part of ['Expiry day', 'Expiry month', 'Expiry year'])
        expect(screen.getByLabelText(part)).toBeEnabled();
      // Not pre-filled (the day after the issue date is past: 'Invalid Date Range' at once); 50 expiry years from
      // the issue year.
      expect(screen.getByLabelText('Expiry day')).toHaveDisplayValue('Day');
      expect(screen.getByLabelText('Expiry year')).toHaveDisplayValue('Year');
      expect(screen.getByLabelText('Expiry day')).not.toHaveAttribute('aria-invalid');
      const expiryYears = within(screen.getByLabelText('Expiry year')).getAllByRole('option').slice(1);
      expect(expiryYears.map((option) => option.textContent)).toEqual(
        Array.from({ length: 50 }, (_, index) => String(2021 + index)),
      );
    },
  );

  it("a passport's number hint says where a passport prints it, not 'on the card'", async () => {
    setup();
    await screen.findByRole('option', { name: 'Passport' });
    const number = screen.getByLabelText('ID number');
    expect(number).toHaveAccessibleDescription('10 digits, as printed on the card.');
    await userEvent.selectOptions(screen.getByLabelText('Identification type'), 'Passport');
    expect(number).toHaveAccessibleDescription('10 digits, as printed in the passport.');
  });

  it('keeps the ten digits of an ID number pasted as printed on the card', async () => {
    setup();
    const number = screen.getByLabelText('ID number');
    await userEvent.click(number);
    await userEvent.paste('GHA-123456789-0');
    expect(number).toHaveValue('1234567890');
  });

  it('puts each rule message under its field after Add Now, tied with aria-describedby, and focuses the first', async () => {
    setup();
    await screen.findByRole('option', { name: 'Ghana Card' });
    await userEvent.type(screen.getByLabelText('ID number'), '12ab34');
    expect(screen.getByLabelText('ID number')).toHaveValue('1234');
    await chooseDate('Issue', '4', 'March', '2021');
    await userEvent.click(screen.getByRole('button', { name: 'Add Now' }));

    expect(screen.getByRole('alert')).toHaveTextContent('Please fill all fields');
    const number = screen.getByLabelText('ID number');
    expect(number).toHaveAccessibleDescription(
      '10 digits, as printed on the card. Please enter a valid 10-digit identification number',
    );
    expect(number).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('ID image')).toHaveAccessibleDescription(
      'A clear photo of the card: JPEG, PNG or WebP, at most 5 MB. Please upload ID image to proceed',
    );
    // The expiry is left to be chosen (no pre-filled past date, no 'Invalid Date Range' before one is chosen).
    expect(screen.getByLabelText('Expiry day')).not.toHaveAttribute('aria-invalid');
    await waitFor(() => expect(screen.getByLabelText('Identification type')).toHaveFocus());
    // A past expiry chosen says so under it.
    await chooseDate('Expiry', '5', 'March', '2022');
    expect(screen.getByLabelText('Expiry day')).toHaveAccessibleDescription(
      'Invalid Date Range: Expiry date must be greater than today',
    );
  });

  it('refuses an image over 5 MB at once, under the image input, without uploading it', async () => {
    const { uploads } = setup();
    await screen.findByRole('option', { name: 'Ghana Card' });
    await userEvent.upload(screen.getByLabelText('ID image'), jpeg(5 * 1024 * 1024 + 1, 'big.jpg'));
    expect(screen.getByLabelText('ID image')).toHaveAccessibleDescription(
      'A clear photo of the card: JPEG, PNG or WebP, at most 5 MB. Image size too large',
    );
    expect(uploads).toHaveLength(0);
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('shows the preview and a progress bar that moves with the upload’s own progress events; Remove image revokes the preview', async () => {
    const { uploads, actor } = setup();
    await screen.findByRole('option', { name: 'Ghana Card' });
    const file = jpeg(400);
    await userEvent.upload(screen.getByLabelText('ID image'), file);

    expect(created).toHaveBeenCalledWith(file);
    expect(screen.getByRole('img', { name: 'Preview of card.jpg' })).toHaveAttribute('src', 'blob:preview-1');
    const progress = screen.getByRole('progressbar', { name: 'Upload progress' });
    expect(progress).toHaveAttribute('value', '0');
    expect(uploads).toHaveLength(1);
    expect(uploads[0]!.input.file).toBe(file);

    act(() => uploads[0]!.input.onProgress({ loaded: 160, total: 400 }));
    expect(progress).toHaveAttribute('value', '40');
    expect(screen.getByText('Uploading card.jpg: 40%')).toBeInTheDocument();
    act(() => uploads[0]!.input.onProgress({ loaded: 400, total: 400 }));
    expect(progress).toHaveAttribute('value', '100');
    await act(async () =>
      uploads[0]!.answer.resolve({ imageId: 'img-9', contentType: 'image/jpeg', sizeBytes: 400 }),
    );
    expect(screen.getByText('card.jpg is uploaded.')).toBeInTheDocument();
    expect(actor.getSnapshot().context.image?.imageId).toBe('img-9');

    await userEvent.click(screen.getByRole('button', { name: 'Remove image' }));
    expect(screen.queryByRole('img', { name: /Preview/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(revoked).toHaveBeenCalledWith('blob:preview-1');
    expect(screen.getByLabelText('ID image')).toHaveFocus();
  });

  it('says why an upload failed', async () => {
    const { uploads } = setup();
    await screen.findByRole('option', { name: 'Ghana Card' });
    await userEvent.upload(screen.getByLabelText('ID image'), jpeg());
    await act(async () => uploads[0]!.answer.reject(httpError(400, 'identification.imageType')));
    expect(screen.getByRole('alert')).toHaveTextContent('Please upload a JPEG, PNG or WebP image.');
  });

  const fillValid = async (uploads: ReturnType<typeof setup>['uploads']) => {
    await screen.findByRole('option', { name: 'Ghana Card' });
    await userEvent.selectOptions(screen.getByLabelText('Identification type'), 'Ghana Card');
    await userEvent.type(screen.getByLabelText('ID number'), '1234567890');
    await chooseDate('Issue', '4', 'March', '2021');
    // The day first, then the month and the year: the day is kept.
    await chooseDate('Expiry', '5', 'March', '2031');
    await userEvent.upload(screen.getByLabelText('ID image'), jpeg());
    await act(async () =>
      uploads[0]!.answer.resolve({ imageId: 'img-9', contentType: 'image/jpeg', sizeBytes: 4 }),
    );
  };

  it('adds the identification, says so, tells the session and then goes to /Dashboard', async () => {
    const added = vi.fn(() => Promise.resolve(identification()));
    const { uploads, identificationAdded, navigate } = setup({
      addIdentification: added,
      addedRedirectDelay: 20,
    });
    await fillValid(uploads);
    await userEvent.click(screen.getByRole('button', { name: 'Add Now' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Identification added successfully!');
    expect(added).toHaveBeenCalledWith({
      identificationId: 1,
      identificationNumber: '1234567890',
      issuedDate: '2021-03-04',
      expiryDate: '2031-03-05',
      imgUrl: 'img-9',
    });
    expect(identificationAdded).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/Dashboard'));
  });

  it("shows 'User with this ID already exists' on a 409 and stays on the form", async () => {
    const { uploads } = setup({
      addIdentification: () => Promise.reject(httpError(409, 'identification.exists')),
    });
    await fillValid(uploads);
    await userEvent.click(screen.getByRole('button', { name: 'Add Now' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('User with this ID already exists');
    expect(screen.getByRole('button', { name: 'Add Now' })).toBeInTheDocument();
  });
});
