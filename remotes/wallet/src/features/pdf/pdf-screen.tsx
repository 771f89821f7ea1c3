import { Button, ErrorBlock, Skeleton } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { LoadFailed } from '@rigshare/ui';
import { errorMessage, useAgreementPdfQuery } from '../../api/endpoints';
import { orderIdOf } from './pdf-api';
import '../../wallet.css';
import '../stock/stock.css';

/** Saves the file the way a download link does. */
function saveAs(url: string, fileName: string) {
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
}

/** The agreement shown inline, with a download for browsers that do not show PDFs in a page (most phones). */
export function PdfView({ url, orderId }: { url: string; orderId: number }) {
  const { t } = useTranslation('wallet');
  const fileName = `lease-agreement-${orderId}.pdf`;
  return (
    <>
      <iframe className="wallet-pdf__frame" src={url} title={t('pdf.frameTitle', { id: orderId })} data-testid="pdf-frame" />
      <p className="wallet-hint">{t('pdf.hint')}</p>
      <div className="wallet-pdf__actions">
        <Button block color="primary" data-testid="pdf-download" onClick={() => saveAs(url, fileName)}>
          {t('pdf.download')}
        </Button>
        <Button block data-testid="pdf-open" onClick={() => void window.open(url, '_blank', 'noopener')}>
          {t('pdf.open')}
        </Button>
      </div>
    </>
  );
}

function LoadedAgreement({ orderId }: { orderId: number }) {
  const { i18n } = useTranslation('wallet');
  // The cache holds the file as an object URL and revokes it once no screen shows it.
  const pdf = useAgreementPdfQuery({ orderId, language: i18n.language });
  if (pdf.isError) return <LoadFailed title={errorMessage(pdf.error)} retry={() => void pdf.refetch()} />;
  if (!pdf.currentData) return <Skeleton.Paragraph lineCount={8} animated />;
  return <PdfView url={pdf.currentData} orderId={orderId} />;
}

/** `/user/pdf?orderId=N`: the lease agreement of one of the member's orders, made by the server in their language. */
export default function PdfScreen() {
  const { t } = useTranslation('wallet');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const orderId = orderIdOf(params.get('orderId'));
  return (
    <div className="wallet-screen">
      {orderId === null ? (
        <ErrorBlock status="empty" title={t('pdf.noOrder')} description="">
          <Button color="primary" onClick={() => navigate(-1)}>
            {t('pdf.back')}
          </Button>
        </ErrorBlock>
      ) : (
        <LoadedAgreement orderId={orderId} />
      )}
    </div>
  );
}
