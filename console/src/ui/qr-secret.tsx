import { useQuery } from '@tanstack/react-query';
import QRCode from 'qrcode';
import { useT } from '../i18n/index.js';

/**
 * A new second-factor secret as a QR code of its `otpauth_uri` (a PNG data URL; the CSP allows
 * `img-src data:`) and as text to type by hand.
 */
export function QrSecret({ secret, otpauthUri }: { secret: string; otpauthUri: string }) {
  const t = useT();
  const qr = useQuery({
    queryKey: ['qr', otpauthUri],
    queryFn: () => QRCode.toDataURL(otpauthUri, { margin: 1, width: 200 }),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
  });
  return (
    <>
      {qr.data && <img src={qr.data} alt={t('enrol.qr')} width={200} height={200} />}
      <p>
        {t('enrol.secret')}: <code data-testid="enrol-secret">{secret}</code>
      </p>
    </>
  );
}
