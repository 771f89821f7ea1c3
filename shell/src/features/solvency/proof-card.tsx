import { useState } from 'react';
import { Button, Card, Skeleton } from 'antd-mobile';
import { CheckCircleFill, CloseCircleFill } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { verifySolvencyProof } from '@rigshare/domain';
import { formatDateTime, money } from '@rigshare/i18n';
import { useSolvencyProofQuery, type SolvencyProof } from './solvency-api';
import './solvency.css';

type Check = 'idle' | 'checking' | 'verified' | 'failed' | 'unsupported';

/** Recomputes the root from the member's leaf and proof with the browser's own SHA-256 (WebCrypto). */
async function verifyHere(p: SolvencyProof): Promise<Check> {
  if (!globalThis.crypto?.subtle) return 'unsupported';
  const ok = await verifySolvencyProof({
    memberId: p.memberId,
    nonce: p.nonce,
    balance: BigInt(p.balance),
    proof: p.proof.map((s) => ({ side: s.side, hash: s.hash, sum: BigInt(s.sum) })),
    root: p.root,
    total: BigInt(p.total),
  });
  return ok ? 'verified' : 'failed';
}

/** The member's leaf in the newest solvency snapshot and the "Verify in the browser" check. */
export function ProofCard() {
  const { t, i18n } = useTranslation('shell');
  const { data: proof, isError: failed } = useSolvencyProofQuery(undefined, { refetchOnMountOrArgChange: true });
  const [check, setCheck] = useState<Check>('idle');

  const verify = async () => {
    if (!proof) return;
    setCheck('checking');
    setCheck(await verifyHere(proof));
  };

  return (
    <Card className="solvency-proof" title={t('solvency.proof.title')} data-testid="solvency-proof">
      {failed && <p className="solvency-note">{t('solvency.loadFailed')}</p>}
      {!failed && proof === undefined && <Skeleton.Paragraph lineCount={3} animated />}
      {proof === null && <p className="solvency-note" data-testid="solvency-proof-none">{t('solvency.proof.none')}</p>}
      {proof && (
        <>
          <dl className="solvency-pairs">
            <dt>{t('solvency.proof.balance')}</dt>
            <dd data-testid="solvency-proof-balance">{money(proof.balance, { decimals: 'exact' })} USDT</dd>
            <dt>{t('solvency.takenAt')}</dt>
            <dd>{formatDateTime(proof.takenAt, i18n.language)}</dd>
            <dt>{t('solvency.root')}</dt>
            <dd className="solvency-hash" data-testid="solvency-proof-root">{proof.root}</dd>
            <dt>{t('solvency.proof.steps')}</dt>
            <dd>{proof.proof.length}</dd>
          </dl>
          <Button block color="primary" fill="outline" loading={check === 'checking'} onClick={() => void verify()} data-testid="solvency-verify">
            {t('solvency.proof.verify')}
          </Button>
          {check === 'verified' && (
            <p className="solvency-result solvency-result--ok" role="status" data-testid="solvency-verified">
              <CheckCircleFill aria-hidden="true" /> {t('solvency.proof.verified')}
            </p>
          )}
          {(check === 'failed' || check === 'unsupported') && (
            <p className="solvency-result solvency-result--bad" role="status" data-testid="solvency-not-verified">
              <CloseCircleFill aria-hidden="true" /> {t(check === 'failed' ? 'solvency.proof.notVerified' : 'solvency.proof.unsupported')}
            </p>
          )}
        </>
      )}
    </Card>
  );
}
