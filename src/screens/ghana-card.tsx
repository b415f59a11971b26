import { useEffect, useState } from 'react';
import Barcode from 'react-barcode';
import type { Identification } from '../contract/identification';
import { useI18n } from '../i18n/i18n';
import { useFormat } from '../i18n/format';

/** Loads the bytes of one of the user's ID images (the app gives the service; tests give a fake). */
export type ImageLoader = (imageId: string, call: { signal: AbortSignal }) => Promise<Blob>;

const calendarDate = (iso: string): Date => new Date(`${iso.slice(0, 10)}T00:00:00Z`);

/** The photo, fetched with the bearer and shown through a blob: URL that is revoked when the card goes. */
function CardPhoto({ imageId, name, loadImage }: { imageId: string; name: string; loadImage: ImageLoader }) {
  const { t } = useI18n();
  const [photo, setPhoto] = useState<{ imageId: string; url: string | null }>({ imageId: '', url: null });
  useEffect(() => {
    const call = new AbortController();
    let url: string | null = null;
    loadImage(imageId, { signal: call.signal })
      .then((blob) => {
        if (call.signal.aborted) return;
        url = URL.createObjectURL(blob);
        setPhoto({ imageId, url });
      })
      .catch(() => {
        if (!call.signal.aborted) setPhoto({ imageId, url: null });
      });
    return () => {
      call.abort();
      if (url) URL.revokeObjectURL(url);
    };
  }, [imageId, loadImage]);
  const shown = photo.imageId === imageId ? photo.url : null;
  if (shown) return <img className="ghana-card-photo" src={shown} alt={t('ghanaCard.photo', { name })} />;
  if (photo.imageId === imageId)
    return <p className="ghana-card-photo ghana-card-no-photo">{t('ghanaCard.photoMissing')}</p>;
  return <div className="ghana-card-photo" aria-hidden="true" />;
}

/**
 * The Ghana Card view of spec section 2: number, name, issue and expiry dates, the photo and a CODE128 barcode of
 * the number. Lazily loaded (react-barcode is not part of the first page).
 */
export default function GhanaCard({
  identification,
  loadImage,
}: {
  identification: Identification;
  loadImage: ImageLoader;
}) {
  const { t } = useI18n();
  const { formatDate } = useFormat();
  const date = (iso: string) => formatDate(calendarDate(iso), { dateStyle: 'medium', timeZone: 'UTC' });
  const number = identification.identificationNo || identification.identificationNumber;
  return (
    <article className="ghana-card" aria-label={`${identification.identificationType} ${number}`}>
      <header className="ghana-card-header">
        <p className="ghana-card-republic">{t('ghanaCard.republic')}</p>
        <h3 className="ghana-card-title">{identification.identificationType || t('ghanaCard.title')}</h3>
      </header>
      <div className="ghana-card-body">
        <CardPhoto imageId={identification.imageId} name={identification.fullName} loadImage={loadImage} />
        <dl className="ghana-card-fields">
          <div>
            <dt>{t('ghanaCard.number')}</dt>
            <dd>{number}</dd>
          </div>
          <div>
            <dt>{t('ghanaCard.name')}</dt>
            <dd>{identification.fullName}</dd>
          </div>
          <div>
            <dt>{t('ghanaCard.issued')}</dt>
            <dd>{date(identification.issuedDate)}</dd>
          </div>
          <div>
            <dt>{t('ghanaCard.expiry')}</dt>
            <dd>{date(identification.expiryDate)}</dd>
          </div>
        </dl>
      </div>
      <figure className="ghana-card-barcode" role="img" aria-label={t('ghanaCard.barcode', { number })}>
        <Barcode
          value={number}
          format="CODE128"
          height={48}
          width={1.6}
          fontSize={12}
          margin={0}
          displayValue={false}
        />
      </figure>
    </article>
  );
}
